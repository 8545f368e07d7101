import { and, asc, eq, gte, inArray, isNotNull, lt, min } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { creditNotes, customers, dayClosings, orderProducts, orders, preOrders, refunds } from '../../db/schema';

type Conn = Db | Tx;

/** The invoices issued between two instants (an invoice is dated by its order's placement). */
export function invoicesBetween(db: Conn, from: Date, to: Date) {
  return db
    .select({
      order: orders,
      firstname: customers.firstname,
      lastname: customers.lastname,
      depositsAdded: preOrders.depositsAdded,
      depositsReturned: preOrders.depositsReturned,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(preOrders, eq(preOrders.id, orders.preOrderId))
    .where(and(isNotNull(orders.invoiceNumber), gte(orders.createdAt, from), lt(orders.createdAt, to)))
    .orderBy(asc(orders.invoiceNumber));
}

/** Every line of these orders (a formula's dishes too): what their invoices' VAT is computed from. */
export function linesOfOrders(db: Conn, orderIds: number[]) {
  if (!orderIds.length) return Promise.resolve([]);
  return db.select().from(orderProducts).where(inArray(orderProducts.orderId, orderIds)).orderBy(asc(orderProducts.id));
}

/** The credit notes issued between two instants, with the order each corrects. */
export function creditNotesBetween(db: Conn, from: Date, to: Date) {
  return db
    .select({ note: creditNotes, order: orders, firstname: customers.firstname, lastname: customers.lastname })
    .from(creditNotes)
    .innerJoin(orders, eq(orders.id, creditNotes.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(gte(creditNotes.createdAt, from), lt(creditNotes.createdAt, to)))
    .orderBy(asc(creditNotes.number));
}

/** The refunds of these credit notes: how each one's money goes back. */
export function refundsOfNotes(db: Conn, noteIds: number[]) {
  if (!noteIds.length) return Promise.resolve([]);
  return db.select().from(refunds).where(inArray(refunds.creditNoteId, noteIds));
}

/** The orders whose round settled them on a date (delivered or absent): those that may still owe something. */
export function settledOn(db: Conn, date: string) {
  return db
    .select({ order: orders, firstname: customers.firstname, lastname: customers.lastname })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.deliveryDate, date), inArray(orders.state, ['delivered', 'absent'])))
    .orderBy(asc(orders.invoiceNumber));
}

/** The orders to be delivered on a date whose delivery is not over (placed, prepared, out). */
export function undeliveredOn(db: Conn, date: string) {
  return db
    .select({ order: orders, firstname: customers.firstname, lastname: customers.lastname })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.deliveryDate, date), inArray(orders.state, ['placed', 'prepared', 'out'])))
    .orderBy(asc(orders.invoiceNumber), asc(orders.id));
}

export async function dayClosing(db: Conn, date: string) {
  const [row] = await db.select().from(dayClosings).where(eq(dayClosings.date, date));
  return row ?? null;
}

/** Freezes a day's figures; false when the day was already closed (two admins at once). */
export async function insertDayClosing(tx: Tx, values: typeof dayClosings.$inferInsert): Promise<boolean> {
  const inserted = await tx.insert(dayClosings).values(values).onConflictDoNothing().returning({ date: dayClosings.date });
  return inserted.length === 1;
}

/** When the shop issued its first invoice, or null before its first sale: no day before it has anything to close. */
export async function firstInvoiceAt(db: Conn): Promise<Date | null> {
  const [row] = await db.select({ at: min(orders.createdAt) }).from(orders).where(isNotNull(orders.invoiceNumber));
  return row?.at ?? null;
}
