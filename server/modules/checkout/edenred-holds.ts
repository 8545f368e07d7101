import type { FastifyInstance } from 'fastify';
import { edenredOf } from '../edenred/edenred.service';
import { clearEdenredPart, preOrderIdOfOrder } from './checkout.repo';
import { heldEdenredPayments, recordCapture, supersededHolds, updatePayment } from './payments.repo';

/** Takes the money of a held Edenred authorization once its order is placed (card, pool…). */
export async function captureHeldEdenred(app: FastifyInstance, orderId: number): Promise<void> {
  const preOrderId = await preOrderIdOfOrder(app.db, orderId);
  if (!preOrderId) return;
  const held = await heldEdenredPayments(app.db, preOrderId);
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
    await recordCapture(app.db, payment.id, status, orderId);
  }
}

/**
 * A new validation supersedes the customer's earlier pre-orders: an Edenred part still held on one
 * of them would never be captured, so it is given back now rather than when the hold lapses.
 */
export async function releaseSupersededHolds(app: FastifyInstance, customerId: number, openPreOrderId: number): Promise<void> {
  const held = await supersededHolds(app.db, customerId, openPreOrderId);
  for (const { payment } of held) {
    try {
      const tx = await edenredOf(app).cancel(payment.providerId);
      await updatePayment(app.db, payment.id, { status: tx.status });
      await releaseEdenredClaim(app, payment.preOrderId);
    } catch (err) {
      app.log.warn({ err, authorizationId: payment.providerId }, 'edenred: a superseded hold could not be cancelled');
    }
  }
}

/** The pre-order no longer carries an Edenred payment: its remaining price is whole again. */
export async function releaseEdenredClaim(app: FastifyInstance, preOrderId: number): Promise<void> {
  await clearEdenredPart(app.db, preOrderId);
}
