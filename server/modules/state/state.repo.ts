import { asc, eq, gte, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactTypes, customers, deliveries, edenredAccounts, settings, tours } from '../../db/schema';
import type { DeliveryDay } from '#shared/delivery-rules';

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
      // In the same round trip: whether an Edenred account is linked (edenred.service.ts, isConnected).
      edenredLinked: sql<boolean>`exists(select 1 from ${edenredAccounts} where ${edenredAccounts.customerId} = ${customers.id})`,
    })
    .from(customers)
    .where(eq(customers.id, id));
  return row ?? null;
}
