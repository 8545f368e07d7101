import { asc, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { DEMO_CUSTOMER } from '../../server/db/seed-demo';
import { AUTH_MESSAGES, userSchema, type User } from '#shared/api/auth';
import { MONDAY, at, cookieJar, createTestApp, type TestApp } from './helpers';

const NOW = at(MONDAY, '09:00:00');
const DAY_MS = 24 * 3600 * 1000;

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
afterEach(() => app.clock.set(NOW));

const db = () => app.database.db;

let ipCount = 0;
/** Logins are rate-limited per IP: every visitor comes from a place of its own. */
const newIp = () => `203.0.113.${++ipCount}`;

async function newVisitor() {
  const jar = cookieJar();
  const ip = newIp();
  const request = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.app
      .inject({ method, url, remoteAddress: ip, payload: payload as never, headers: { cookie: jar.header(), 'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '' } })
      .then((res) => {
        jar.store(res);
        return res;
      });
  await request('GET', '/api/state');
  return { jar, request };
}
type Visitor = Awaited<ReturnType<typeof newVisitor>>;

async function loggedIn(email: string, password: string) {
  const v = await newVisitor();
  const res = await v.request('POST', '/api/login', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return v;
}
const demo = () => loggedIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);

function user(res: LightMyRequestResponse): User {
  expect(res.statusCode, res.body).toBe(200);
  return userSchema.parse(res.json());
}
const me = (v: Visitor) => v.request('GET', '/api/me');

describe('GET /api/me', () => {
  it('answers 401 to an anonymous visitor, a made-up cookie and no cookie at all', async () => {
    const v = await newVisitor();
    const answers = [
      await me(v),
      await app.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: 'popote_session=not-a-session' } }),
      await app.app.inject({ method: 'GET', url: '/api/me' }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.unauthenticated, code: 'unauthenticated' });
    }
  });

  it('answers the demo customer in the User shape', async () => {
    const v = await demo();
    const answer = await me(v);
    const body = user(answer);
    expect(body).toMatchObject({
      firstname: 'Camille',
      lastname: 'Martin',
      company_name: 'Atelier Lumière',
      email: DEMO_CUSTOMER.email,
      phone: '06 12 34 56 78',
      deposits: 2,
      isConnectedToEdenred: false,
    });
    expect(Object.keys(answer.json()).sort()).toEqual(
      ['company_name', 'deposits', 'email', 'firstname', 'id', 'isConnectedToEdenred', 'lastname', 'orders', 'phone', 'pool', 'poolHistories', 'poolPending', 'sponsorCodes'].sort(),
    );
    expect(answer.body).not.toMatch(/password|scrypt/i);
  });

  it('lists the orders newest first, with invoice numbers, French dates and their lines', async () => {
    const { orders } = user(await me(await demo()));
    expect(orders).toHaveLength(8);

    const created = orders.map((o) => Date.parse(o.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(orders.map((o) => o.delivery_day)).toEqual([
      '23/11/2026',
      '20/11/2026',
      '19/11/2026',
      '18/11/2026',
      '17/11/2026',
      '16/11/2026',
      '13/11/2026',
      '12/11/2026',
    ]);
    // Invoice numbers are continuous: the oldest order has the first.
    expect(orders.map((o) => o.invoice_number)).toEqual([8, 7, 6, 5, 4, 3, 2, 1].map((n) => `F2026-${String(n).padStart(6, '0')}`));

    const [location] = await db().select().from(t.deliveryLocations).orderBy(asc(t.deliveryLocations.position)).limit(1);
    const [menu] = await db().select().from(t.menus).where(eq(t.menus.slug, 'formule-complete'));
    for (const [i, order] of orders.entries()) {
      // The newest is for the coming delivery (paid); the others were delivered.
      expect(order).toMatchObject({
        current_status: i === 0 ? 1 : 2,
        current_status_text: i === 0 ? 'En cours de livraison' : 'Livré',
        // The coming one on the point's second window (server/db/seed-orders.ts).
        delivery_end: i === 0 ? '13:00' : '13:30',
        delivery_name: location!.name,
      });
      expect(order.delivery_day).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      const [formula, ...singles] = order.products;
      expect(formula).toMatchObject({ buyable_type: 'menu', buyable_id: menu!.id, name: 'Formule Complète', unit_price: menu!.priceCents, quantity: 1, order_product_parent_id: null });
      expect(formula!.sub_products.map((s) => s.category)).toEqual(['Entrée', 'Plat', 'Dessert']);
      expect(formula!.sub_products.every((s) => s.unit_price === 0 && s.name.length > 0)).toBe(true);
      // Sub-products appear under their formula only, never as lines of their own.
      expect(singles.every((p) => p.sub_products.length === 0 && p.order_product_parent_id === null)).toBe(true);
      const items = order.products.reduce((sum, p) => sum + p.unit_price * p.quantity, 0);
      expect(order.amount_total).toBe(items + 400);
      expect(order.vat_amount).toBeGreaterThan(0);
      expect(order.vat_amount).toBeLessThan(order.amount_total);
    }

    // The newest: Velouté, gratin de cardons, bugnes, and a salade lyonnaise on the side.
    const dishes = await db()
      .select({ slug: t.products.slug, name: t.products.name })
      .from(t.products)
      .where(inArray(t.products.slug, ['veloute-potimarron', 'gratin-cardons', 'bugnes-lyonnaises', 'salade-lyonnaise']));
    const name = (slug: string) => dishes.find((d) => d.slug === slug)!.name;
    const newest = orders[0]!;
    expect(newest.products[0]!.sub_products.map((s) => s.name)).toEqual([name('veloute-potimarron'), name('gratin-cardons'), name('bugnes-lyonnaises')]);
    expect(newest.products.slice(1).map((p) => [p.buyable_type, p.name, p.quantity, p.categories])).toEqual([['product', name('salade-lyonnaise'), 1, []]]);
  });

  it('answers the pool and its history, newest first, in French, summing to the pool', async () => {
    const body = user(await me(await demo()));
    expect(body.pool).toBe(1850);
    expect(body.poolHistories).toEqual([
      { created_at: expect.any(String), type_label: 'Paiement de commande', amount: -650 },
      { created_at: expect.any(String), type_label: 'Titres-restaurant papier', amount: 1500 },
      { created_at: expect.any(String), type_label: 'Titres-restaurant papier', amount: 1000 },
    ]);
    const dates = body.poolHistories.map((h) => Date.parse(h.created_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(body.poolHistories.reduce((sum, h) => sum + h.amount, 0)).toBe(body.pool);
  });

  it('answers the sponsor code with the discount the settings give it', async () => {
    const v = await demo();
    expect(user(await me(v)).sponsorCodes).toEqual([{ code: 'CAMILLE5', amount: 500, amount_type: 2 }]);
    const setting = (name: string, value: string) => db().update(t.settings).set({ value }).where(eq(t.settings.name, name));
    await setting('sponsor_discount_amount_type', '1');
    await setting('sponsor_discount_amount', '15');
    try {
      expect(user(await me(v)).sponsorCodes).toEqual([{ code: 'CAMILLE5', amount: 15, amount_type: 1 }]);
    } finally {
      await setting('sponsor_discount_amount_type', '2');
      await setting('sponsor_discount_amount', '500');
    }
  });

  it('answers a new customer’s own, empty account', async () => {
    const email = 'nouvelle-cliente@example.test';
    const signup = await (await newVisitor()).request('POST', '/api/register', {
      firstname: 'Inès',
      lastname: 'Roux',
      phone: '+33612345678',
      email,
      password: 'un-bon-secret',
      password_confirmation: 'un-bon-secret',
      cgv: 'on',
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const body = user(await me(await loggedIn(email, 'un-bon-secret')));
    const [row] = await db().select().from(t.customers).where(eq(t.customers.email, email));
    expect(body).toEqual({
      id: row!.id,
      firstname: 'Inès',
      lastname: 'Roux',
      company_name: null,
      email,
      phone: '+33612345678',
      orders: [],
      pool: 0,
      poolPending: 0,
      poolHistories: [],
      deposits: 0,
      sponsorCodes: [{ code: row!.sponsorCode, amount: 500, amount_type: 2 }],
      isConnectedToEdenred: false,
    });
    expect(body.sponsorCodes[0]!.code).toMatch(/^INES[2-9A-HJ-NP-Z]{10}$/);
  });

  it('refreshes the XSRF-TOKEN cookie (the session’s own token) and is never cached', async () => {
    const v = await demo();
    const xsrf = v.jar.get('XSRF-TOKEN');
    const res = await me(v);
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie).toMatchObject({ value: xsrf, path: '/' });
    expect(cookie!.httpOnly).toBeFalsy();
    // A plain login: the refreshed cookie stays a browser-session cookie.
    expect(cookie!.expires).toBeUndefined();
    expect(res.cookies.find((c) => c.name === 'popote_session')).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    // The token still passes on a state-changing call.
    expect((await v.request('POST', '/api/logout')).statusCode).toBe(200);
  });

  it('answers 401 once the session has expired or the customer has logged out', async () => {
    const v = await demo();
    app.clock.set(new Date(NOW.getTime() + DAY_MS + 1000));
    expect((await me(v)).statusCode).toBe(401);
    app.clock.set(NOW);

    const w = await demo();
    expect((await w.request('POST', '/api/logout')).statusCode).toBe(200);
    expect((await me(w)).statusCode).toBe(401);
  });
});
