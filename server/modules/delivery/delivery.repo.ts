import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, deliveries, deliveryLocations, sessions, tours } from '../../db/schema';

/** Every delivery point (a few dozen: they are listed and searched whole). */
export function allLocations(db: Db) {
  return db.select().from(deliveryLocations).orderBy(asc(deliveryLocations.position), asc(deliveryLocations.id));
}

/** The slots of a date with their tour, ordered by start time. */
export function deliveriesOn(db: Db, date: string) {
  return db
    .select({
      id: deliveries.id,
      locationId: deliveries.deliveryLocationId,
      date: deliveries.date,
      startsAt: deliveries.startsAt,
      endsAt: deliveries.endsAt,
      tour: { id: tours.id, name: tours.name, order_time_limit: tours.orderTimeLimit },
    })
    .from(deliveries)
    .innerJoin(tours, eq(tours.id, deliveries.tourId))
    .where(eq(deliveries.date, date))
    .orderBy(asc(deliveries.startsAt), asc(deliveries.id));
}

/** One slot with its date and cut-off, to check a choice. */
export async function findSlot(db: Db, id: number) {
  const [row] = await db
    .select({ id: deliveries.id, date: deliveries.date, orderTimeLimit: tours.orderTimeLimit })
    .from(deliveries)
    .innerJoin(tours, eq(tours.id, deliveries.tourId))
    .where(eq(deliveries.id, id));
  return row ?? null;
}

/** Records the choice on the session, and as the customer's usual point when logged in. */
export async function recordChoice(db: Db, sessionId: string, customerId: number | null, deliveryId: number) {
  await db.transaction(async (tx) => {
    await tx.update(sessions).set({ deliveryId }).where(eq(sessions.id, sessionId));
    if (customerId) await tx.update(customers).set({ lastDeliveryId: deliveryId }).where(eq(customers.id, customerId));
  });
}
