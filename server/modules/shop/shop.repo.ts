import { asc, eq, gte, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deliveries, settings, tours } from '../../db/schema';
import type { DeliveryDay } from '#shared/delivery-rules';

export async function readSettings(db: Db): Promise<Record<string, string>> {
  const rows = await db.select().from(settings);
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
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
