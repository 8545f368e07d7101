import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { DUE_CARD_PROVIDER, liveDueCardPaymentOf } from '../../db/live-card-payments';
import { orders, payments } from '../../db/schema';
import type { PaymentRow } from './payments.repo';

/*
 * The SQL of balances due paid by the customer: their order, and the card payments of a due (the
 * payments table, provider DUE_CARD_PROVIDER, linked by the order's pre-order; `orderId` set once
 * the payment is credited to the order, so only a credited one counts as the order's money).
 */

type Conn = Db | Tx;
export interface DueOrder {
  id: number;
  customerId: number;
  preOrderId: number | null;
}

/** One of the customer's orders (another customer's is none). */
export async function customerOrder(db: Conn, customerId: number, orderId: number): Promise<DueOrder | undefined> {
  const [row] = await db
    .select({ id: orders.id, customerId: orders.customerId, preOrderId: orders.preOrderId })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
  return row;
}

/** The order a pre-order became. */
export async function orderOfPreOrder(db: Conn, preOrderId: number): Promise<DueOrder | undefined> {
  const [row] = await db.select({ id: orders.id, customerId: orders.customerId, preOrderId: orders.preOrderId }).from(orders).where(eq(orders.preOrderId, preOrderId));
  return row;
}

/** The card payments of the order's due still under way. */
export function liveDuePayments(conn: Conn, preOrderId: number): Promise<PaymentRow[]> {
  return conn.select().from(payments).where(liveDueCardPaymentOf(preOrderId));
}

/** A card payment of a due by PayGreen's id (`preOrderId`: only that order's). */
export async function duePaymentOf(conn: Conn, providerId: string, preOrderId?: number): Promise<PaymentRow | undefined> {
  const [row] = await conn
    .select()
    .from(payments)
    .where(and(eq(payments.provider, DUE_CARD_PROVIDER), eq(payments.providerId, providerId), preOrderId === undefined ? undefined : eq(payments.preOrderId, preOrderId)));
  return row;
}

/** The payment, locked until the transaction ends: a return and its notification credit it one after the other. */
export async function lockDuePayment(tx: Tx, id: number): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}
