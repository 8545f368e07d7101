import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { liveCardPaymentOf } from '../../db/live-card-payments';
import { payments, preOrders } from '../../db/schema';

/*
 * The payments table as checkout reads and writes it: card payments (PayGreen), Edenred's balance
 * and widget. The conditional UPDATEs here decide races (two tabs, a return and its notification):
 * each changes a row only from the state its caller read, and says whether it did.
 */

type Conn = Db | Tx;
export type PaymentRow = typeof payments.$inferSelect;
type NewPayment = typeof payments.$inferInsert;

/** Edenred balance transactions that hold or have taken the money. */
const EDENRED_HOLDING = ['authorized', 'captured'];

/** A payment by its provider and the provider's id for it. */
export async function paymentOf(db: Conn, provider: string, providerId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerId, providerId)));
  return row;
}

/** A customer's payment by its provider and the provider's id for it (another customer's is none). */
export async function customerPaymentOf(db: Conn, provider: string, providerId: string, customerId: number): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerId, providerId), eq(payments.customerId, customerId)));
  return row;
}

/** A customer's payment by its id and provider. */
export async function customerPaymentById(db: Conn, id: number, provider: string, customerId: number): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.provider, provider), eq(payments.customerId, customerId)));
  return row;
}

/** A pre-order's payment by its provider and the provider's id for it. */
export async function preOrderPaymentOf(db: Conn, provider: string, providerId: string, preOrderId: number): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerId, providerId), eq(payments.preOrderId, preOrderId)));
  return row;
}

/** A customer's payment of a pre-order by its provider and the provider's id for it. */
export async function customerPreOrderPaymentOf(db: Conn, provider: string, providerId: string, customerId: number, preOrderId: number): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerId, providerId), eq(payments.customerId, customerId), eq(payments.preOrderId, preOrderId)));
  return row;
}

/** The order a payment placed, as the database holds it now (undefined: no such payment). */
export async function orderIdOfPayment(db: Conn, id: number): Promise<number | null | undefined> {
  const [row] = await db.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, id));
  return row?.orderId;
}

/** The customer's card payments under way (liveCardPaymentOf, server/db/live-card-payments.ts). */
export function liveCardPayments(db: Conn, customerId: number): Promise<PaymentRow[]> {
  return db.select().from(payments).where(liveCardPaymentOf(customerId));
}

/** Records a payment. */
export async function recordPayment(db: Conn, values: NewPayment): Promise<void> {
  await db.insert(payments).values(values);
}

/**
 * Claims a card payment before PayGreen is asked: a concurrent one (another tab, another
 * instance) meets the unique index of live card payments and throws.
 */
export async function claimCardPayment(db: Conn, values: NewPayment): Promise<{ id: number }> {
  const [claimed] = await db.insert(payments).values(values).returning({ id: payments.id });
  return claimed!;
}

export async function deletePayment(db: Conn, id: number): Promise<void> {
  await db.delete(payments).where(eq(payments.id, id));
}

/** Sets a payment's fields; answers the row as written. */
export async function updatePayment(db: Conn, id: number, values: Partial<NewPayment>): Promise<PaymentRow | undefined> {
  const [row] = await db.update(payments).set(values).where(eq(payments.id, id)).returning();
  return row;
}

/** A start that never got PayGreen's answer stops counting: only while it is still starting. */
export async function abandonStart(db: Conn, id: number): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'abandoned' })
    .where(and(eq(payments.id, id), eq(payments.status, 'starting')));
}

/** Claims the mail of a payment's state, once: false when it was sent already (a replay). */
export async function claimPaymentMail(tx: Tx, id: number, kind: 'pending' | 'refused' | 'refunded'): Promise<boolean> {
  const [claimed] = await tx
    .update(payments)
    .set({ notifiedStatus: kind })
    .where(and(eq(payments.id, id), or(isNull(payments.notifiedStatus), ne(payments.notifiedStatus, kind))))
    .returning({ id: payments.id });
  return Boolean(claimed);
}

/** The Edenred authorizations of a pre-order still held (not yet captured). */
export function heldEdenredPayments(db: Conn, preOrderId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.preOrderId, preOrderId), eq(payments.provider, 'edenred'), eq(payments.status, 'authorized')));
}

/** A capture's outcome, never written back over a capture another settlement recorded. */
export async function recordCapture(db: Conn, id: number, status: string, orderId: number): Promise<void> {
  await db
    .update(payments)
    .set({ status, orderId })
    .where(and(eq(payments.id, id), ne(payments.status, 'captured')));
}

/** The customer's Edenred authorizations still held on pre-orders other than `openPreOrderId`, not placed. */
export function supersededHolds(db: Conn, customerId: number, openPreOrderId: number) {
  return db
    .select({ payment: payments, preOrder: preOrders })
    .from(payments)
    .innerJoin(preOrders, eq(preOrders.id, payments.preOrderId))
    .where(and(eq(payments.customerId, customerId), eq(payments.provider, 'edenred'), eq(payments.status, 'authorized'), ne(payments.preOrderId, openPreOrderId), isNull(preOrders.orderId)));
}

/** A widget session left unpaid stops holding its pre-order: only while it is still open. */
export async function closeWidgetPayment(db: Conn, provider: string, sessionId: string, customerId: number): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'closed' })
    .where(and(eq(payments.provider, provider), eq(payments.providerId, sessionId), eq(payments.customerId, customerId), eq(payments.status, 'open')));
}

/** Card payments that may still take money, and Edenred widget sessions open or awaiting Edenred's word. */
const LIVE_CARD = ['starting', 'pending', 'authorized'];
const LIVE_WIDGET = ['open', 'pending'];

/** The providers of the payments of a pre-order still under way (card or Edenred widget), read under the pre-order's lock. */
export function livePaymentsOf(tx: Tx, preOrderId: number) {
  return tx
    .select({ provider: payments.provider })
    .from(payments)
    .where(
      and(
        eq(payments.preOrderId, preOrderId),
        isNull(payments.orderId),
        or(and(eq(payments.provider, 'paygreen'), inArray(payments.status, LIVE_CARD)), and(eq(payments.provider, 'edenred_widget'), inArray(payments.status, LIVE_WIDGET))),
      ),
    );
}

/** What the Edenred transaction `authorizationId` brings to a pre-order: its amount, only while it holds or has taken the money. */
export async function heldEdenredAmount(tx: Tx, preOrderId: number, authorizationId: string): Promise<number | undefined> {
  const [held] = await tx
    .select({ amount: payments.amountCents })
    .from(payments)
    .where(and(eq(payments.preOrderId, preOrderId), eq(payments.provider, 'edenred'), eq(payments.providerId, authorizationId), inArray(payments.status, EDENRED_HOLDING)));
  return held?.amount;
}

/** A provider payment of a pre-order, locked until the placing transaction ends. */
export async function lockPreOrderPayment(tx: Tx, id: number, preOrderId: number): Promise<PaymentRow | undefined> {
  const [paid] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.preOrderId, preOrderId)))
    .for('update');
  return paid;
}
