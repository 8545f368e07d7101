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

/** A point's access rule, with the company it names in its refusals. */
export async function findPointRule(db: Db, locationId: number) {
  const [row] = await db
    .select({ id: deliveryLocations.id, company: deliveryLocations.company, accessEmailDomain: deliveryLocations.accessEmailDomain, accessCode: deliveryLocations.accessCode })
    .from(deliveryLocations)
    .where(eq(deliveryLocations.id, locationId));
  return row ?? null;
}
export type PointRule = NonNullable<Awaited<ReturnType<typeof findPointRule>>>;

export async function customerEmail(db: Db, customerId: number): Promise<string | null> {
  const [row] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId));
  return row?.email ?? null;
}

/**
 * Records the choice on the session, and as the customer's usual point when logged in;
 * `codeGivenFor`: the point whose access code the choice gave, remembered by the session.
 */
export async function recordChoice(db: Db, sessionId: string, customerId: number | null, deliveryId: number, codeGivenFor?: number) {
  await db.transaction(async (tx) => {
    await tx.update(sessions).set(codeGivenFor ? { deliveryId, accessCodeLocationId: codeGivenFor } : { deliveryId }).where(eq(sessions.id, sessionId));
    if (customerId) await tx.update(customers).set({ lastDeliveryId: deliveryId }).where(eq(customers.id, customerId));
  });
}
