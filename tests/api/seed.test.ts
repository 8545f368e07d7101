import { asc, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { seed } from '../../server/db/seed';
import { workingDays } from '../../server/db/seed-reference';
import { dishes, formulas, locations } from '../../server/db/seed-data';
import { closingSchema } from '#shared/api/staff-closing';
import { parisDate } from '#shared/time';
import { MONDAY, at, createTestApp, type TestApp } from './helpers';
import { staffLoggedIn } from './staff-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function counts() {
  const db = app.database.db;
  const tables = { products: t.products, menus: t.menus, menuCategories: t.menuCategories, deliveries: t.deliveries, customers: t.customers, settings: t.settings, availabilities: t.productAvailabilities };
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) out[name] = (await db.select({ n: count() }).from(table))[0]!.n;
  return out;
}

describe('seed', () => {
  it('loads the demo catalogue, points and slots for the next 10 working days', async () => {
    const c = await counts();
    expect(c.products).toBe(dishes.length);
    expect(dishes.length).toBeGreaterThanOrEqual(24);
    expect(c.menus).toBe(formulas.length);
    expect(formulas.length).toBeGreaterThanOrEqual(4);
    expect(locations.length).toBeGreaterThanOrEqual(8);
    expect(locations.some((l) => l.isPrivate)).toBe(true);
    const slotsPerDay = locations.reduce((n, l) => n + l.tours.length, 0);
    expect(c.deliveries).toBe(slotsPerDay * 10);
    expect(c.customers).toBe(1);
  });

  it('is idempotent: a second run adds nothing', async () => {
    const before = await counts();
    await seed(app.database.db, app.clock.now());
    expect(await counts()).toEqual(before);
  });

  it('adds the new days when run on a later day, keeping the old ones', async () => {
    const before = await counts();
    await seed(app.database.db, at('2026-11-30', '08:00:00'));
    const after = await counts();
    const slotsPerDay = locations.reduce((n, l) => n + l.tours.length, 0);
    expect(after.deliveries! - before.deliveries!).toBe(slotsPerDay * 5);
    expect(after.products).toBe(before.products);
  });
});

describe('workingDays', () => {
  it('skips weekends', () => {
    expect(workingDays('2026-11-27', 3)).toEqual(['2026-11-27', '2026-11-30', '2026-12-01']);
    expect(workingDays('2026-11-28', 1)).toEqual(['2026-11-30']);
    expect(workingDays(MONDAY, 10)).toHaveLength(10);
  });
});

describe('the demo', () => {
  it('closes each of its past days in agreement with their documents', async () => {
    const db = app.database.db;
    const admin = await staffLoggedIn(app.app);
    // Each past day's closing agrees with its documents (no red check).
    const days = new Set((await db.select({ at: t.orders.createdAt }).from(t.orders).where(isNotNull(t.orders.invoiceNumber))).map((o) => parisDate(o.at)));
    for (const day of days) {
      const closing = closingSchema.parse((await admin.request('GET', `/api/staff/closing?date=${day}`)).json());
      expect(closing.check, day).toEqual({ ok: true, messages: [] });
    }
  });

  it('orders each tour’s stops by their time windows', async () => {
    const db = app.database.db;
    const stops = await db.select().from(t.tourStops).orderBy(asc(t.tourStops.tourId), asc(t.tourStops.position));
    const [anyDay] = await db.select({ date: t.deliveries.date }).from(t.deliveries).limit(1);
    const slots = await db.select().from(t.deliveries).where(eq(t.deliveries.date, anyDay!.date));
    const startOf = (tourId: number, locationId: number) => slots.find((s) => s.tourId === tourId && s.deliveryLocationId === locationId)!.startsAt;
    for (const tourId of new Set(stops.map((s) => s.tourId))) {
      const starts = stops.filter((s) => s.tourId === tourId).map((s) => startOf(tourId, s.deliveryLocationId));
      expect(starts, `tour ${tourId}`).toEqual([...starts].sort());
    }
  });
});
