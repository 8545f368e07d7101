import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orders, payments, preOrders } from '../../db/schema';
import { edenredOf } from '../edenred/edenred-link';

/** Takes the money of a held Edenred authorization once its order is placed (card, pool…). */
export async function captureHeldEdenred(app: FastifyInstance, orderId: number): Promise<void> {
  const [order] = await app.db.select({ preOrderId: orders.preOrderId }).from(orders).where(eq(orders.id, orderId));
  const preOrderId = order?.preOrderId;
  if (!preOrderId) return;
  const held = await app.db
    .select()
    .from(payments)
    .where(and(eq(payments.preOrderId, preOrderId), eq(payments.provider, 'edenred'), eq(payments.status, 'authorized')));
  for (const payment of held) {
    const edenred = edenredOf(app);
    let status: string;
    try {
      status = (await edenred.capture(payment.providerId, payment.amountCents)).status;
    } catch (err) {
      // The return and the notification settle at the same time: the other one may have taken it.
      const now = await edenred.transaction(payment.providerId).catch(() => null);
      if (now?.status === 'captured') {
        status = 'captured';
      } else {
        // The order stands (the rest is paid); the operator sees the uncaptured part in the log and the table.
        app.log.error({ err, preOrderId, authorizationId: payment.providerId }, 'edenred capture failed after the order was placed');
        status = 'capture_failed';
      }
    }
    // Never written back over a capture the other settlement recorded.
    await app.db
      .update(payments)
      .set({ status, orderId })
      .where(and(eq(payments.id, payment.id), ne(payments.status, 'captured')));
  }
}

/**
 * A new validation supersedes the customer's earlier pre-orders: an Edenred part still held on one
 * of them would never be captured, so it is given back now rather than when the hold lapses.
 */
export async function releaseSupersededHolds(app: FastifyInstance, customerId: number, openPreOrderId: number): Promise<void> {
  const held = await app.db
    .select({ payment: payments, preOrder: preOrders })
    .from(payments)
    .innerJoin(preOrders, eq(preOrders.id, payments.preOrderId))
    .where(and(eq(payments.customerId, customerId), eq(payments.provider, 'edenred'), eq(payments.status, 'authorized'), ne(payments.preOrderId, openPreOrderId), isNull(preOrders.orderId)));
  for (const { payment } of held) {
    try {
      const tx = await edenredOf(app).cancel(payment.providerId);
      await app.db.update(payments).set({ status: tx.status }).where(eq(payments.id, payment.id));
      await releaseEdenredClaim(app, payment.preOrderId);
    } catch (err) {
      app.log.warn({ err, authorizationId: payment.providerId }, 'edenred: a superseded hold could not be cancelled');
    }
  }
}

/** The pre-order no longer carries an Edenred payment: its remaining price is whole again. */
export async function releaseEdenredClaim(app: FastifyInstance, preOrderId: number): Promise<void> {
  await app.db.update(preOrders).set({ edenredPayment: sql`null` }).where(eq(preOrders.id, preOrderId));
}
