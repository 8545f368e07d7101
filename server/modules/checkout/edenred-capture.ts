import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orders, payments } from '../../db/schema';
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
    try {
      const tx = await edenredOf(app).capture(payment.providerId, payment.amountCents);
      await app.db.update(payments).set({ status: tx.status, orderId }).where(eq(payments.id, payment.id));
    } catch (err) {
      // The order stands (the rest is paid); the operator sees the uncaptured part in the log and the table.
      app.log.error({ err, preOrderId, authorizationId: payment.providerId }, 'edenred capture failed after the order was placed');
      await app.db.update(payments).set({ status: 'capture_failed', orderId }).where(eq(payments.id, payment.id));
    }
  }
}
