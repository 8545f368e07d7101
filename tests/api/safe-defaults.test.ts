import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { DEMO_CUSTOMER } from '../../server/db/seed-demo';
import { inProcessFetch } from '../../server/sandbox/in-process-fetch';
import { AUTH_MESSAGES } from '#shared/api/auth';
import { createTestApp, customerWithCart, refused, visitor, type TestApp } from './helpers';

/**
 * A plain start is safe: production has no sandbox and no demo data, state changes need the
 * anti-forgery token whatever the URL's spelling, and the demo's emulators talk to this shop only.
 */

const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://popote.example' };

// A database that ran the demo is refused by production until the demo's rows are removed:
// tests/api/demo-to-production.test.ts.
describe('production', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: PRODUCTION, demo: false });
  });
  afterAll(() => app.close());

  it('serves no sandbox: every /__sandbox path answers 404', async () => {
    for (const url of ['/__sandbox/mailbox.json', '/__sandbox/clock', '/__sandbox/paygreen/pay/po_1', '/__sandbox/edenred/accounts/marie@edenred.test']) {
      expect((await app.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect((await app.app.inject({ method: 'POST', url: '/__sandbox/clock', payload: { now: null } })).statusCode).toBe(404);
    expect(app.app.routeList.filter((r) => r.url.startsWith('/__sandbox'))).toEqual([]);
  });

  it('tells the pages there is no demonstration to announce', async () => {
    expect((await app.app.inject('/api/settings')).json()).not.toHaveProperty('sandbox');
  });

  it('lets the demo customer neither log in nor ask for a reset link', async () => {
    const v = await visitor(app.app);
    const res = await v.request('POST', '/api/login', { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password });
    expect(refused(res, 422).errors?.email).toEqual([AUTH_MESSAGES.badCredentials]);
    expect((await v.request('GET', '/api/me')).statusCode).toBe(401);
    expect((await v.request('POST', '/api/auth/password/email', { email: DEMO_CUSTOMER.email })).statusCode).toBe(200);
    expect(await app.database.db.select().from(t.passwordResets)).toEqual([]);
  });

  it('accepts neither the demo’s promo codes nor its customer’s sponsor code', async () => {
    const c = await customerWithCart(app);
    for (const code of ['BIENVENUE10', 'DEJEUNER3', 'CAMILLE5']) refused(await c.call('POST', '/api/cart/discounts', { code }), 422, 'invalid_discount');
  });
});

describe('production on a new database', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: PRODUCTION, demo: false });
  });
  afterAll(() => app.close());

  it('holds the reference data, and no demo customer, code or order', async () => {
    const db = app.database.db;
    expect((await db.select().from(t.deliveryLocations)).length).toBeGreaterThan(0);
    expect((await db.select().from(t.menus)).length).toBeGreaterThan(0);
    expect((await db.select().from(t.tours)).length).toBeGreaterThan(0);
    expect(await db.select().from(t.customers)).toEqual([]);
    expect(await db.select().from(t.discounts)).toEqual([]);
    expect(await db.select().from(t.orders)).toEqual([]);
  });
});

describe('the anti-forgery and session checks', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('hold on an encoded path that reaches the same route', async () => {
    const v = await visitor(app.app);
    await v.request('POST', '/api/login', DEMO_CUSTOMER);
    const cookie = v.jar.header();
    for (const url of ['/%61pi/logout', '/api/%6cogout', '/%61pi/cart/products', '/api/edenred/%6cogout']) {
      const res = await app.app.inject({ method: 'POST', url, headers: { cookie }, payload: {} });
      expect(res.statusCode, url).toBe(419);
    }
    // Still logged in: the forged logout did nothing.
    expect((await v.request('GET', '/api/me')).statusCode).toBe(200);
    // The encoded spelling reads the session like the plain one.
    expect((await app.app.inject({ method: 'GET', url: '/%61pi/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('keep personal answers out of shared caches however the path is spelt (no-store)', async () => {
    const v = await visitor(app.app);
    await v.request('POST', '/api/login', DEMO_CUSTOMER);
    const cookie = v.jar.header();
    for (const url of ['/%61pi/me', '/%61pi/cart', '/api/%6de', '/api/c%61rt']) {
      const res = await app.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('make every payment and account change a POST: the old GET links take nothing', async () => {
    for (const url of ['/api/payment/edenred/only?amount=100', '/api/payment/edenred/partly?amount=100', '/api/edenred/logout', '/api/payment/edenred/refund/po_1/order', '/api/edenred/oauth-url']) {
      expect((await app.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});

describe('the demo on another port, without PUBLIC_URL', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { PORT: '4000' } });
  });
  afterAll(() => app.close());

  it('tells the pages to say it is a demonstration', async () => {
    expect((await app.app.inject('/api/settings')).json()).toMatchObject({ sandbox: '1' });
  });

  it('takes a card payment end to end: the emulator is reached in process, its page at the real port', async () => {
    const c = await customerWithCart(app);
    const start = await c.call('POST', '/api/payment/paygreen');
    expect(start.statusCode, start.body).toBe(200);
    const hosted = new URL((start.json() as { hosted_payment_url: string }).hosted_payment_url);
    expect(hosted.origin).toBe('http://localhost:4000');
    const po = hosted.pathname.split('/').pop()!;
    const paid = await app.app.inject({ method: 'POST', url: hosted.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=success' });
    expect(paid.headers.location).toBe(`http://localhost:4000/passer-commande?payment_status=returned&po_id=${po}`);
    expect((await c.call('GET', `/api/payment/paygreen/${po}/order`)).statusCode).toBe(200);
    expect(await app.database.db.select().from(t.orders).where(eq(t.orders.customerId, c.customer.id))).toHaveLength(1);
  });

  it('sends buyers and notifications back to this shop only', async () => {
    const token = (await app.app.inject({ method: 'POST', url: '/__sandbox/paygreen/auth/authentication/sh_sandbox/secret-key', headers: { authorization: 'sk_sandbox' } })).json<{ data: { token: string } }>().data.token;
    const create = (urls: Record<string, string>) =>
      app.app.inject({
        method: 'POST',
        url: '/__sandbox/paygreen/payment/payment-orders',
        headers: { authorization: `Bearer ${token}` },
        payload: { amount: 1000, currency: 'eur', reference: 'r', buyer: { email: 'a@example.org', first_name: 'A', last_name: 'B' }, return_url: 'http://localhost:4000/retour', ...urls },
      });
    expect((await create({ notification_url: 'http://169.254.169.254/latest/meta-data' })).statusCode).toBe(422);
    expect((await create({ notification_url: 'http://localhost:4000/api/contact' })).statusCode).toBe(422);
    expect((await create({ return_url: 'https://evil.example/phish' })).statusCode).toBe(422);
    expect((await create({ notification_url: 'http://localhost:4000/api/payment/paygreen/notification' })).statusCode).toBe(200);
  });

  it('never lets the in-process fetch reach anything but this shop’s emulators', async () => {
    const fetch = inProcessFetch(() => app.app, 'http://localhost:4000');
    await expect(fetch('http://localhost:4000/api/state')).rejects.toThrow(/only reach this shop's own emulators/);
    await expect(fetch('http://127.0.0.1:4000/__sandbox/clock')).rejects.toThrow(/only reach/);
    expect((await fetch('http://localhost:4000/__sandbox/clock')).status).toBe(200);
  });
});
