import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { creditNoteCounters, creditNotes, customers, deliveries, orderEvents, orderProducts, orders, payments, preOrders, refunds, tours, type OrderState } from '../../db/schema';

type Conn = Db | Tx;
export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderProducts.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** Orders with their customer, tour and the containers their pre-order added and returned: those of a delivery date, or one. */
export async function boardRows(db: Conn, which: { date: string } | { id: number }) {
  return db
    .select({
      order: orders,
      customer: { id: customers.id, firstname: customers.firstname, lastname: customers.lastname, email: customers.email, phone: customers.phone, company: customers.companyName },
      tour: tours.name,
      containersAdded: sql<number>`coalesce(${preOrders.depositsAdded}, 0)`,
      containersReturned: sql<number>`coalesce(${preOrders.depositsReturned}, 0)`,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(deliveries, eq(deliveries.id, orders.deliveryId))
    .leftJoin(tours, eq(tours.id, deliveries.tourId))
    .leftJoin(preOrders, eq(preOrders.id, orders.preOrderId))
    .where('date' in which ? eq(orders.deliveryDate, which.date) : eq(orders.id, which.id))
    .orderBy(asc(tours.name), asc(orders.deliveryStart), asc(orders.deliveryName), asc(orders.id));
}

export async function linesOfOrders(db: Conn, orderIds: number[]): Promise<OrderLineRow[]> {
  if (!orderIds.length) return [];
  return db.select().from(orderProducts).where(inArray(orderProducts.orderId, orderIds)).orderBy(asc(orderProducts.id));
}

export async function refundsOfOrders(db: Conn, orderIds: number[]): Promise<RefundRow[]> {
  if (!orderIds.length) return [];
  return db.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(asc(refunds.id));
}

export async function lockOrder(tx: Tx, id: number): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row ?? null;
}

/** The provider payments that paid an order: the card, the Edenred balance's part, the widget. */
export async function providerPaymentsOf(db: Conn, order: Pick<OrderRow, 'id' | 'preOrderId'>) {
  if (!order.preOrderId) return [];
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.preOrderId, order.preOrderId),
        sql`(${payments.orderId} = ${order.id} or (${payments.provider} = 'edenred' and ${payments.status} in ('authorized', 'captured', 'capture_failed')))`,
      ),
    );
}

export async function setOrderState(tx: Tx, order: Pick<OrderRow, 'id'>, state: OrderState, status: number | null, at: Date, staffId: number | null, note: string | null): Promise<void> {
  await tx.update(orders).set(status === null ? { state } : { state, status }).where(eq(orders.id, order.id));
  await tx.insert(orderEvents).values({ orderId: order.id, state, at, staffId, note });
}

/** Takes the next credit-note number of a year: A2026-000001, continuous, in its own series. */
export async function nextCreditNoteNumber(tx: Tx, year: number): Promise<string> {
  const [row] = await tx
    .insert(creditNoteCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: creditNoteCounters.year, set: { last: sql`${creditNoteCounters.last} + 1` } })
    .returning();
  return `A${year}-${String(row!.last).padStart(6, '0')}`;
}

export async function pendingRefunds(db: Conn, limit: number): Promise<RefundRow[]> {
  return db.select().from(refunds).where(inArray(refunds.status, ['pending', 'processing'])).orderBy(asc(refunds.id)).limit(limit);
}

/** A claim older than this died with its server (a provider call takes seconds): it may be taken again. */
export const REFUND_CLAIM_STALE_MS = 5 * 60 * 1000;

/**
 * Claims a refund to ask its provider, in one conditional statement: of two servers (or a retry
 * tapped twice) only one gets it, so the provider is asked once. Null when another holds it or
 * it is done.
 */
export async function claimRefund(db: Conn, id: number, now: Date): Promise<RefundRow | null> {
  const stale = new Date(now.getTime() - REFUND_CLAIM_STALE_MS);
  const [row] = await db
    .update(refunds)
    .set({ status: 'processing', claimedAt: now })
    .where(and(eq(refunds.id, id), or(eq(refunds.status, 'pending'), and(eq(refunds.status, 'processing'), lt(refunds.claimedAt, stale)))))
    .returning();
  return row ?? null;
}

/** The provider gave it back; or it failed, and it waits for the next try. */
export async function settleClaim(db: Conn, claim: RefundRow, outcome: { done: true; at: Date } | { done: false; error: string }): Promise<void> {
  await db
    .update(refunds)
    .set(outcome.done ? { status: 'done', doneAt: outcome.at, attempts: claim.attempts + 1, lastError: null, claimedAt: null } : { status: 'pending', attempts: claim.attempts + 1, lastError: outcome.error, claimedAt: null })
    .where(and(eq(refunds.id, claim.id), eq(refunds.status, 'processing')));
}

/** How many of each of these orders' lines were refunded as items already (credit notes of items). */
export async function itemsRefundedOf(db: Conn, orderIds: number[]): Promise<Map<number, number>> {
  const refunded = new Map<number, number>();
  if (!orderIds.length) return refunded;
  const notes = await db.select({ lines: creditNotes.lines }).from(creditNotes).where(inArray(creditNotes.orderId, orderIds));
  for (const note of notes) for (const line of note.lines ?? []) refunded.set(line.orderProductId, (refunded.get(line.orderProductId) ?? 0) + line.quantity);
  return refunded;
}
