import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { customers, deliveries, deliveryLocations, orderEvents, orders, preOrders, roundEvents, rounds, type OrderState } from '../../db/schema';

type Conn = Db | Tx;

export type RoundRow = typeof rounds.$inferSelect;
export type RoundEventRow = typeof roundEvents.$inferSelect;

/** The round of a tour on a date, or null before anyone has read or acted on it. */
export async function findRound(db: Conn, tourId: number, date: string): Promise<RoundRow | null> {
  const [row] = await db.select().from(rounds).where(and(eq(rounds.tourId, tourId), eq(rounds.date, date)));
  return row ?? null;
}

/**
 * The round, created if need be, locked for the transaction: its events and its closing are
 * decided one at a time (an event arriving while the round closes is refused, never half-counted).
 */
export async function lockRound(tx: Tx, tourId: number, date: string): Promise<RoundRow> {
  await tx.insert(rounds).values({ tourId, date }).onConflictDoNothing();
  const [row] = await tx.select().from(rounds).where(and(eq(rounds.tourId, tourId), eq(rounds.date, date))).for('update');
  return row!;
}

/** The rounds of a date that exist (read or acted on), by tour. */
export const roundsOn = (db: Conn, date: string) => db.select().from(rounds).where(eq(rounds.date, date));

/** Closes a round, writing down its courier as it stood: a later change of the usual courier leaves it as it was. */
export async function closeRoundRow(tx: Tx, id: number, at: Date, by: string | null, courierId: number | null): Promise<void> {
  await tx.update(rounds).set({ closedAt: at, closedBy: by, courierId, courierSet: true }).where(eq(rounds.id, id));
}

/** Names the round's courier for its day (null: nobody), set by hand: the usual courier no longer decides it. */
export async function setRoundCourierRow(tx: Tx, id: number, courierId: number | null): Promise<void> {
  await tx.update(rounds).set({ courierId, courierSet: true }).where(eq(rounds.id, id));
}

/** A round's events in the order they arrived, each with the round's date (its phone times are judged against that day). */
export const eventsOfRound = (db: Conn, roundId: number) =>
  db
    .select({ ...getTableColumns(roundEvents), roundDate: rounds.date })
    .from(roundEvents)
    .innerJoin(rounds, eq(rounds.id, roundEvents.roundId))
    .where(eq(roundEvents.roundId, roundId))
    .orderBy(asc(roundEvents.seq));

export async function eventById(db: Conn, id: string): Promise<RoundEventRow | null> {
  const [row] = await db.select().from(roundEvents).where(eq(roundEvents.id, id));
  return row ?? null;
}

/** Stores an event; false when its id is already held (sent twice at the same moment). */
export async function insertEvent(tx: Tx, values: typeof roundEvents.$inferInsert): Promise<boolean> {
  const inserted = await tx.insert(roundEvents).values(values).onConflictDoNothing().returning({ id: roundEvents.id });
  return inserted.length === 1;
}

/** Where an order is delivered, as its slot says, and where it stands. */
export async function orderPlace(db: Conn, orderId: number) {
  const [row] = await db
    .select({
      id: orders.id,
      customerId: orders.customerId,
      date: orders.deliveryDate,
      tourId: deliveries.tourId,
      state: orders.state,
      paperVouchersCents: orders.paperVouchersCents,
      containersDeclared: sql<number>`coalesce(${preOrders.depositsReturned}, 0)`,
    })
    .from(orders)
    .leftJoin(deliveries, eq(deliveries.id, orders.deliveryId))
    .leftJoin(preOrders, eq(preOrders.id, orders.preOrderId))
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/** The points' coordinates, for the phone's map and its navigation links. */
export const pointCoordinates = (db: Conn, ids: number[]) =>
  ids.length
    ? db.select({ id: deliveryLocations.id, lat: deliveryLocations.latitude, lng: deliveryLocations.longitude }).from(deliveryLocations).where(inArray(deliveryLocations.id, ids))
    : Promise.resolve([]);

/** What the round view and its closing read of the orders: money and containers, declared and settled. */
export async function settlementRows(db: Conn, orderIds: number[]) {
  if (!orderIds.length) return [];
  return db
    .select({
      id: orders.id,
      state: orders.state,
      customerId: orders.customerId,
      invoiceNumber: orders.invoiceNumber,
      paperVouchersCents: orders.paperVouchersCents,
      paperVouchersExcessCents: orders.paperVouchersExcessCents,
      paperVouchersConfirmedAt: orders.paperVouchersConfirmedAt,
      lunchVouchers: preOrders.lunchVouchers,
      containersDeclared: preOrders.depositsReturned,
    })
    .from(orders)
    .leftJoin(preOrders, eq(preOrders.id, orders.preOrderId))
    .where(inArray(orders.id, orderIds))
    .orderBy(asc(orders.id));
}

/** The orders a closing settles, locked: a cancellation or a refund waits for it, and sees its result. */
export async function lockOrders(tx: Tx, orderIds: number[]): Promise<void> {
  if (orderIds.length) await tx.select({ id: orders.id }).from(orders).where(inArray(orders.id, orderIds)).orderBy(asc(orders.id)).for('update');
}

/** Where the closing writes to a customer about what they still owe. */
export async function customerContact(db: Conn, id: number) {
  const [row] = await db.select({ email: customers.email, firstname: customers.firstname }).from(customers).where(eq(customers.id, id));
  return row ?? null;
}

export async function settleOrder(
  tx: Tx,
  id: number,
  values: Partial<Pick<typeof orders.$inferInsert, 'containersReceived'>>,
): Promise<void> {
  await tx.update(orders).set(values).where(eq(orders.id, id));
}

/** An order's new state with its event (who, when by the phone, why). Status 2: delivered. */
export async function setOrderOutcome(tx: Tx, id: number, state: Extract<OrderState, 'delivered' | 'absent'>, at: Date, staffId: number | null, note: string | null): Promise<void> {
  await tx
    .update(orders)
    .set(state === 'delivered' ? { state, status: 2 } : { state })
    .where(eq(orders.id, id));
  await tx.insert(orderEvents).values({ orderId: id, state, at, staffId, note });
}
