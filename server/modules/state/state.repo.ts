import { asc, eq, gte, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactTypes, customers, deliveries, deliveryLocations, settings, tours } from '../../db/schema';
import type { DeliveryDay } from '../../../src/shared/delivery-rules';

export async function readSettings(db: Db): Promise<Record<string, string>> {
  const rows = await db.select().from(settings);
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

export async function readContactTypes(db: Db): Promise<Record<string, string>> {
  const rows = await db.select().from(contactTypes).orderBy(asc(contactTypes.position), asc(contactTypes.key));
  return Object.fromEntries(rows.map((r) => [r.key, r.label]));
}

/** The next delivery days (today included) with each day's latest cut-off. */
export async function upcomingDeliveryDays(db: Db, today: string, limit = 3): Promise<DeliveryDay[]> {
  const rows = await db
    .select({ date: deliveries.date, lastOrderTimeLimit: max(tours.orderTimeLimit) })
    .from(deliveries)
    .innerJoin(tours, eq(tours.id, deliveries.tourId))
    .where(gte(deliveries.date, today))
    .groupBy(deliveries.date)
    .orderBy(asc(deliveries.date))
    .limit(limit);
  return rows.map((r) => ({ date: r.date, lastOrderTimeLimit: r.lastOrderTimeLimit ?? '00:00:00' }));
}

export async function findCustomer(db: Db, id: number) {
  const [row] = await db
    .select({
      id: customers.id,
      firstname: customers.firstname,
      lastname: customers.lastname,
      email: customers.email,
      phone: customers.phone,
      lastDeliveryId: customers.lastDeliveryId,
    })
    .from(customers)
    .where(eq(customers.id, id));
  return row ?? null;
}

/** A delivery with its location and tour, in the API's shape. */
export async function findDelivery(db: Db, id: number) {
  const [row] = await db
    .select({
      id: deliveries.id,
      startsAt: sql<string>`${deliveries.date}::text || ' ' || ${deliveries.startsAt}::text`,
      endsAt: sql<string>`${deliveries.date}::text || ' ' || ${deliveries.endsAt}::text`,
      location: {
        id: deliveryLocations.id,
        name: deliveryLocations.name,
        address: deliveryLocations.address,
        latitude: deliveryLocations.latitude,
        longitude: deliveryLocations.longitude,
        is_private: deliveryLocations.isPrivate,
      },
      tour: { id: tours.id, name: tours.name, order_time_limit: tours.orderTimeLimit },
    })
    .from(deliveries)
    .innerJoin(deliveryLocations, eq(deliveryLocations.id, deliveries.deliveryLocationId))
    .innerJoin(tours, eq(tours.id, deliveries.tourId))
    .where(eq(deliveries.id, id));
  if (!row) return null;
  return { id: row.id, starts_at: row.startsAt, ends_at: row.endsAt, delivery_location: row.location, tour: row.tour };
}
