import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { deliveryLocationsSchema, deliverySchema } from '#shared/api/delivery';
import { fixtures } from './fixtures';
import { MONDAY, at, createTestApp, visitor, type TestApp } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
const { logIn } = fixtures(() => app);

async function locations(query = '') {
  return deliveryLocationsSchema.parse((await app.app.inject(`/api/delivery-locations${query}`)).json());
}

/** A Monday slot whose tour closes at `limit`. */
async function slotClosingAt(limit: string) {
  const all = await locations();
  for (const l of all) for (const d of l.deliveries) if (d.tour.order_time_limit === limit) return { location: l, delivery: d };
  throw new Error(`no slot closing at ${limit}`);
}

describe('GET /api/delivery-locations', () => {
  it('lists every point with its slots on the current delivery date', async () => {
    const res = await app.app.inject('/api/delivery-locations');
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeDefined();
    const all = deliveryLocationsSchema.parse(res.json());
    expect(all.length).toBeGreaterThanOrEqual(8);
    expect(all.some((l) => l.is_private)).toBe(true);
    for (const l of all) {
      expect(l.latitude).toBeGreaterThan(45.6);
      expect(l.latitude).toBeLessThan(45.9);
      expect(l.longitude).toBeGreaterThan(4.7);
      expect(l.longitude).toBeLessThan(5.0);
      expect(l.deliveries.length).toBeGreaterThan(0);
      for (const d of l.deliveries) {
        expect(d.starts_at).toMatch(new RegExp(`^${MONDAY} \\d{2}:\\d{2}:\\d{2}$`));
        expect(d.tour.order_time_limit).toMatch(/^\d{2}:\d{2}:\d{2}$/);
      }
    }
  });

  it('answers the slots of another date, none on a Saturday', async () => {
    const saturday = await locations('?date=2026-11-28');
    expect(saturday.every((l) => l.deliveries.length === 0)).toBe(true);
    const tuesday = await locations('?date=2026-11-24');
    expect(tuesday[0]!.deliveries[0]!.starts_at.startsWith('2026-11-24')).toBe(true);
    expect((await app.app.inject('/api/delivery-locations?date=demain')).statusCode).toBe(422);
  });
});

describe('GET /api/delivery-locations/search', () => {
  it('matches name, address and company without regard to accents or case', async () => {
    const all = await locations();
    const withCompany = all.find((l) => l.company)!;
    for (const term of ['CROIX rousse', 'croix-roussé', 'charpennes']) {
      const res = await app.app.inject(`/api/delivery-locations/search?search=${encodeURIComponent(term)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().length, term).toBeGreaterThan(0);
    }
    const byCompany = deliveryLocationsSchema.parse((await app.app.inject(`/api/delivery-locations/search?search=${encodeURIComponent(withCompany.company!.toUpperCase())}`)).json());
    expect(byCompany.map((l) => l.id)).toContain(withCompany.id);
    const street = withCompany.address.split(',')[0]!.slice(0, 12);
    expect((await app.app.inject(`/api/delivery-locations/search?search=${encodeURIComponent(street)}`)).json().length).toBeGreaterThan(0);
  });

  it('answers an empty list when nothing matches, SQL metacharacters included', async () => {
    for (const term of ['zzzzz', "'; drop table deliveries; --", '%%%', '___']) {
      const res = await app.app.inject(`/api/delivery-locations/search?search=${encodeURIComponent(term)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    }
  });

  it('needs at least 3 characters (422)', async () => {
    for (const query of ['?search=ab', '?search=%20%20ab%20', '']) {
      const res = await app.app.inject(`/api/delivery-locations/search${query}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.search).toEqual(['Saisissez au moins 3 caractères.']);
    }
  });
});

describe('POST /api/deliveries', () => {
  it('selects a slot for the session, answers it with its location and sets the day-long cookie', async () => {
    const v = await visitor(app.app);
    const { location, delivery } = await slotClosingAt('10:30:00');
    const res = await v.request('POST', '/api/deliveries', { id: delivery.id });
    expect(res.statusCode).toBe(200);
    const body = deliverySchema.parse(res.json());
    expect(body).toMatchObject({ id: delivery.id, delivery_location: { id: location.id, name: location.name } });
    const cookie = res.cookies.find((c) => c.name === 'popote_delivery');
    expect(cookie).toMatchObject({ value: String(delivery.id), httpOnly: true, sameSite: 'Lax' });
    // 23:59:59 in Paris on the delivery date (UTC+1 in November).
    expect(cookie!.expires!.toISOString()).toBe('2026-11-23T22:59:59.000Z');

    const state = (await v.request('GET', '/api/state')).json();
    expect(state.current_delivery).toEqual(body);
  });

  it('remembers the choice as a logged-in customer’s usual point', async () => {
    const [customer] = await app.database.db.select().from(t.customers).limit(1);
    const v = await visitor(app.app);
    await logIn(v, customer!.id);
    const { delivery } = await slotClosingAt('11:00:00');
    expect((await v.request('POST', '/api/deliveries', { id: delivery.id })).statusCode).toBe(200);
    const [after] = await app.database.db.select().from(t.customers).where(eq(t.customers.id, customer!.id));
    expect(after!.lastDeliveryId).toBe(delivery.id);
    expect((await v.request('GET', '/api/state')).json().last_delivery_id).toBe(delivery.id);
  });

  it('refuses a slot whose tour cut-off has passed today, and accepts it just before', async () => {
    const { delivery } = await slotClosingAt('10:30:00');
    const v = await visitor(app.app);
    app.clock.set(at(MONDAY, '10:30:00'));
    expect((await v.request('POST', '/api/deliveries', { id: delivery.id })).statusCode).toBe(200);
    app.clock.set(at(MONDAY, '10:30:01'));
    const late = await v.request('POST', '/api/deliveries', { id: delivery.id });
    app.clock.set(at(MONDAY, '09:00:00'));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      code: 'order_time_limit_passed',
      message: 'La fin des commandes pour ce point de livraison est passée pour aujourd’hui (10\u00a0h\u00a030). La prochaine fois, commandez avant cette heure-là !',
    });
  });

  it('refuses a slot of another date', async () => {
    const tuesday = await locations('?date=2026-11-24');
    const v = await visitor(app.app);
    const res = await v.request('POST', '/api/deliveries', { id: tuesday[0]!.deliveries[0]!.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('not_current_delivery_date');
  });

  it('refuses an unknown id (404) and a missing or non-integer id with the French message (422)', async () => {
    const v = await visitor(app.app);
    expect((await v.request('POST', '/api/deliveries', { id: 999999 })).statusCode).toBe(404);
    for (const body of [{}, { id: 'abc' }, { id: 1.5 }, { id: -2 }, { id: null }, { id: [1] }, { id: 2 ** 31 }]) {
      const res = await v.request('POST', '/api/deliveries', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors.id).toEqual(['Veuillez sélectionner un point de livraison.']);
    }
  });

  it('needs the anti-forgery token (419)', async () => {
    const v = await visitor(app.app);
    const { delivery } = await slotClosingAt('10:30:00');
    expect((await v.request('POST', '/api/deliveries', { id: delivery.id }, { 'x-xsrf-token': 'nope' })).statusCode).toBe(419);
  });
});
