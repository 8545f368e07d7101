import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stateSchema, shopOpenSchema } from '#shared/api/state';
import { MONDAY, at, createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/state', () => {
  it('answers the app state’s shape and gives an anonymous visitor a session', async () => {
    const res = await t.app.inject('/api/state');
    expect(res.statusCode).toBe(200);
    const state = stateSchema.parse(res.json());
    expect(state.customer).toBeNull();
    expect(state.cart).toMatchObject({ products: [], final_price: '0,00', expiration_in_seconds: 0 });
    expect(state.current_delivery).toBeNull();
    expect(state.current_delivery_date).toBe(MONDAY);
    expect(state.settings.enable_cutlery).toBe('1');
    expect(state.settings.enable_paper_lunch_vouchers).toBe('1');
    expect(state.settings.alert_homepage_bool).toBe('0');
    expect(Object.keys(state.contact_types)).toContain('order');
    const session = res.cookies.find((c) => c.name === 'popote_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps the same session on the next call (no new cookie)', async () => {
    const first = await t.app.inject('/api/state');
    const token = first.cookies.find((c) => c.name === 'popote_session')!.value;
    const second = await t.app.inject({ url: '/api/state', headers: { cookie: `popote_session=${token}` } });
    expect(second.statusCode).toBe(200);
    expect(second.cookies.find((c) => c.name === 'popote_session')).toBeUndefined();
  });

  it('replaces an unknown or forged session cookie with a new session', async () => {
    const res = await t.app.inject({ url: '/api/state', headers: { cookie: 'popote_session=forged' } });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'popote_session')?.value).not.toBe('forged');
  });

  it('moves the delivery date to the next working day once the last cut-off has passed', async () => {
    t.clock.set(at(MONDAY, '23:00:00'));
    const res = await t.app.inject('/api/state');
    expect(res.json().current_delivery_date).toBe('2026-11-24');
    t.clock.set(at(MONDAY, '09:00:00'));
  });
});

describe('GET /api/state/shop-open', () => {
  it('is open before the cut-offs, for today', async () => {
    t.clock.set(at(MONDAY, '09:00:00'));
    const body = shopOpenSchema.parse((await t.app.inject('/api/state/shop-open')).json());
    expect(body).toMatchObject({ open: true, current_delivery_date: MONDAY, orders_opening_hour: '15:00' });
    // The days the app needs to work the opening out offline, today's first.
    expect(body.delivery_days[0]).toEqual({ date: MONDAY, last_order_time_limit: expect.stringMatching(/^\d\d:\d\d:\d\d$/) });
    expect(body.delivery_days.length).toBeGreaterThan(1);
  });

  it('is closed between the last cut-off and the opening hour', async () => {
    t.clock.set(at(MONDAY, '12:30:00'));
    const body = (await t.app.inject('/api/state/shop-open')).json();
    expect(body.open).toBe(false);
    expect(body.current_delivery_date).toBe('2026-11-24');
  });

  it('opens again at the opening hour for the next delivery day', async () => {
    t.clock.set(at(MONDAY, '15:00:00'));
    const body = (await t.app.inject('/api/state/shop-open')).json();
    expect(body).toMatchObject({ open: true, current_delivery_date: '2026-11-24' });
  });

  it('takes orders for Monday on a Saturday', async () => {
    t.clock.set(at('2026-11-28', '10:00:00'));
    const body = (await t.app.inject('/api/state/shop-open')).json();
    expect(body).toMatchObject({ open: true, current_delivery_date: '2026-11-30' });
    t.clock.set(at(MONDAY, '09:00:00'));
  });

  it('is cacheable for a short while', async () => {
    const res = await t.app.inject('/api/state/shop-open');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('GET /api/settings', () => {
  it('answers the shop’s settings to anyone, without a session, cacheable, and says the demo simulates payments', async () => {
    const res = await t.app.inject('/api/settings');
    expect(res.statusCode).toBe(200);
    expect(res.cookies).toEqual([]);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(res.headers.etag).toBeTruthy();
    const settings = res.json() as Record<string, string>;
    expect(settings).toMatchObject({ enable_cutlery: '1', orders_opening_hour: '15:00', sandbox: '1' });
    expect((await t.app.inject({ url: '/api/settings', headers: { 'if-none-match': String(res.headers.etag) } })).statusCode).toBe(304);
  });
});
