import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, deliveries, deliveryLocations, sessions, tours } from '../../db/schema';

/** Every delivery point (a few dozen: they are listed and searched whole). */
export function allLocations(db: Db) {
  return db.select().from(deliveryLocations).orderBy(asc(deliveryLocations.position), asc(deliveryLocations.id));
}

/** A slot with its tour (cut-off) and its location: one query serves lists and single slots. */
function slots(db: Db) {
  return db
    .select({
      id: deliveries.id,
      date: deliveries.date,
      startsAt: deliveries.startsAt,
      endsAt: deliveries.endsAt,
      tour: { id: tours.id, name: tours.name, order_time_limit: tours.orderTimeLimit },
      location: {
        id: deliveryLocations.id,
        name: deliveryLocations.name,
        address: deliveryLocations.address,
        latitude: deliveryLocations.latitude,
        longitude: deliveryLocations.longitude,
        is_private: deliveryLocations.isPrivate,
      },
    })
    .from(deliveries)
    .innerJoin(tours, eq(tours.id, deliveries.tourId))
    .innerJoin(deliveryLocations, eq(deliveryLocations.id, deliveries.deliveryLocationId));
}

export type SlotRow = NonNullable<Awaited<ReturnType<typeof findSlot>>>;

/** The slots of a date, ordered by start time. */
export function deliveriesOn(db: Db, date: string) {
  return slots(db).where(eq(deliveries.date, date)).orderBy(asc(deliveries.startsAt), asc(deliveries.id));
}

export async function findSlot(db: Db, id: number) {
  const [row] = await slots(db).where(eq(deliveries.id, id));
  return row ?? null;
}

/** Records the choice on the session, and as the customer's usual point when logged in. */
export async function recordChoice(db: Db, sessionId: string, customerId: number | null, deliveryId: number) {
  await db.transaction(async (tx) => {
    await tx.update(sessions).set({ deliveryId }).where(eq(sessions.id, sessionId));
    if (customerId) await tx.update(customers).set({ lastDeliveryId: deliveryId }).where(eq(customers.id, customerId));
  });
}
