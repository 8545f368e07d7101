import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_SCOPE_COOKIE, SANDBOX_SCOPE_HEADER } from '../../server/sandbox/scope';
import { sql } from 'drizzle-orm';
import { createTestApp, MONDAY, rowsOf, visitor, type TestApp } from './helpers';

/**
 * Sandbox scopes (server/sandbox/scope.ts): a scope's time holds for its own requests only, so
 * testers (and the browser suite's workers) share one server without seeing each other's clock.
 */

const WEDNESDAY = '2026-11-25';

describe('sandbox scopes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const clockIn = async (headers: Record<string, string>) =>
    (await t.app.inject({ url: '/__sandbox/clock', headers })).json<{ now: string }>().now;
  const dateIn = async (headers: Record<string, string>) =>
    (await t.app.inject({ url: '/api/state', headers })).json<{ current_delivery_date: string }>().current_delivery_date;

  it('belong to their app: a scope’s time set on one app leaves another app’s time everyone’s', async () => {
    // Two apps in one process, as the API tests run (a worker keeps its modules between files).
    const other = await createTestApp();
    try {
      const scope = { [SANDBOX_SCOPE_HEADER]: 'tester-of-another-app' };
      await other.app.inject({ method: 'POST', url: '/__sandbox/clock', headers: scope, payload: { now: `${WEDNESDAY}T09:00:00+01:00` } });
      expect(other.app.clock.shared()).toBe(false);
      expect(t.app.clock.shared()).toBe(true);
      expect(await clockIn(scope)).toBe(`${MONDAY}T08:00:00.000Z`);
    } finally {
      await other.close();
    }
  });

  it('moves the time of one scope only, named by header or cookie', async () => {
    const a = { [SANDBOX_SCOPE_HEADER]: 'tester-a' };
    const set = await t.app.inject({ method: 'POST', url: '/__sandbox/clock', headers: a, payload: { now: `${WEDNESDAY}T09:00:00+01:00` } });
    expect(set.statusCode).toBe(200);
    expect(await clockIn(a)).toBe(`${WEDNESDAY}T08:00:00.000Z`);
    expect(await clockIn({ cookie: `${SANDBOX_SCOPE_COOKIE}=tester-a` })).toBe(`${WEDNESDAY}T08:00:00.000Z`);
    expect(await dateIn(a)).toBe(WEDNESDAY);
    // Another scope and the unscoped requests keep the server's time.
    expect(await clockIn({ [SANDBOX_SCOPE_HEADER]: 'tester-b' })).toBe(`${MONDAY}T08:00:00.000Z`);
    expect(await clockIn({})).toBe(`${MONDAY}T08:00:00.000Z`);
    expect(await dateIn({})).toBe(MONDAY);
    // Back to the server's time within the scope.
    await t.app.inject({ method: 'POST', url: '/__sandbox/clock', headers: a, payload: { now: null } });
    expect(await clockIn(a)).toBe(`${MONDAY}T08:00:00.000Z`);
  });

  it('a scope ahead in time does not release the carts of others, and each cart still expires by its own scope’s time', async () => {
    const products = (await t.app.inject('/api/products')).json<{ id: number; sold_out: boolean }[]>();
    const dishes = products.filter((p) => !p.sold_out);
    /** A visitor of a scope at `time` on Monday: its cookies, and a dish put in its cart. */
    const shopper = async (scope: string, time: string, dish: { id: number }) => {
      const headers = { [SANDBOX_SCOPE_HEADER]: scope };
      await t.app.inject({ method: 'POST', url: '/__sandbox/clock', headers, payload: { now: `${MONDAY}T${time}+01:00` } });
      const v = await visitor(t.app);
      const send = (method: 'GET' | 'POST', url: string, payload?: unknown) => v.request(method, url, payload, headers);
      expect((await send('POST', '/api/cart/products', { id: dish.id })).statusCode).toBe(200);
      return { headers, cart: async () => (await send('GET', '/api/cart')).json<{ products: unknown[] }>().products.length };
    };
    const early = await shopper('cart-early', '09:00:00', dishes[0]!);
    // Another tester, an hour later (past the early cart's half hour), changes a cart of their own.
    const late = await shopper('cart-late', '10:00:00', dishes[1]!);
    expect(await late.cart()).toBe(1);
    const [row] = await rowsOf<{ n: number }>(t.database, sql`select count(*)::int as n from carts`);
    expect(row!.n).toBeGreaterThanOrEqual(2);
    expect(await early.cart()).toBe(1);
    // Nor does the server's own sweep (server/index.ts) while scopes keep times of their own.
    expect(t.app.clock.shared()).toBe(false);
    // In its own time, the early cart expires as always.
    await t.app.inject({ method: 'POST', url: '/__sandbox/clock', headers: early.headers, payload: { now: `${MONDAY}T09:30:01+01:00` } });
    expect(await early.cart()).toBe(0);
  });

  it('ignores a malformed scope name: the request is the server’s', async () => {
    const odd = { [SANDBOX_SCOPE_HEADER]: 'a b;c' };
    await t.app.inject({ method: 'POST', url: '/__sandbox/clock', headers: { [SANDBOX_SCOPE_HEADER]: 'tester-c' }, payload: { now: `${WEDNESDAY}T09:00:00+01:00` } });
    expect(await clockIn(odd)).toBe(`${MONDAY}T08:00:00.000Z`);
    expect(await clockIn({ cookie: `${SANDBOX_SCOPE_COOKIE}=%E0%A4%A` })).toBe(`${MONDAY}T08:00:00.000Z`);
  });
});

describe('without the sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://popote.example' }, demo: false });
  });
  afterAll(() => t.close());

  it('reads no scope: the time is the server’s for everyone', async () => {
    const res = await t.app.inject({ url: '/api/state', headers: { [SANDBOX_SCOPE_HEADER]: 'tester-a' } });
    expect(res.json<{ current_delivery_date: string }>().current_delivery_date).toBe(MONDAY);
    expect((await t.app.inject({ url: '/__sandbox/clock', headers: { [SANDBOX_SCOPE_HEADER]: 'tester-a' } })).statusCode).toBe(404);
    expect(t.app.clock.shared()).toBe(true);
  });
});
