import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { purgeExpired, PURGE_BATCH } from '../../server/lib/purge';
import { CART_CHANGES_PER_MINUTE, WRONG_CODES } from '../../server/modules/cart/cart.routes';
import { NEW_SESSIONS_PER_IP } from '../../server/plugins/session';
import { ANONYMOUS_CART_MAX_HOLD_MS, ANONYMOUS_CART_MAX_ITEMS, GUEST_ADDRESS_MAX_PORTIONS, GUEST_CART_MAX_PORTIONS, GUEST_CART_TTL_MS } from '#shared/constants';
import { cartOf, fixtures } from './fixtures';
import { MONDAY, at, cookieJar, createTestApp, refused, type TestApp } from './helpers';

/**
 * What stops one visitor, or one script, from taking what others need: guest carts that hold a
 * day's stock, codes guessed by the hundred, floods of cart changes and of new sessions; and what
 * keeps the tables that only grow in check.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
beforeEach(() => app.clock.set(at(MONDAY, '09:00:00')));

let ipCount = 0;
/** A visitor from an address of its own (or the one given), sending its cookies and token. */
async function newVisitor(ip = `192.0.2.${++ipCount}`) {
  const jar = cookieJar();
  const request = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => {
    const res = await app.app.inject({ method, url, payload: payload as never, remoteAddress: ip, headers: { cookie: jar.header(), 'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '' } });
    jar.store(res);
    return res;
  };
  await request('GET', '/api/state');
  return { request, jar, ip };
}
type Visitor = Awaited<ReturnType<typeof newVisitor>>;

async function dishIds(): Promise<number[]> {
  const products = (await app.app.inject('/api/products')).json() as { id: number; sold_out: boolean }[];
  return products.filter((p) => !p.sold_out).map((p) => p.id);
}

const { reservedOf: reserved, logIn: logInAs } = fixtures(() => app);

/** Logs a visitor in as the first customer (the demo's). */
async function logIn(v: Visitor) {
  const [demo] = await app.database.db.select().from(t.customers).limit(1);
  await logInAs(v, demo!.id);
}

describe('guest carts', () => {
  it(`hold ${ANONYMOUS_CART_MAX_ITEMS} articles at most; the next one is refused and reserves nothing; a customer has no such cap`, async () => {
    const [first, second] = await dishIds();
    const v = await newVisitor();
    const line = cartOf(await v.request('POST', '/api/cart/products', { id: first })).products[0]!;
    for (let i = 1; i < ANONYMOUS_CART_MAX_ITEMS; i++) cartOf(await v.request('POST', '/api/cart/increment', { id: line.unique_id }));
    const before = [await reserved(first!), await reserved(second!)];
    const body = refused(await v.request('POST', '/api/cart/products', { id: second }), 409, 'anonymous_limit');
    expect(body.message).toBe(`Sans compte, un panier réserve ${ANONYMOUS_CART_MAX_ITEMS} articles au plus : connectez-vous pour en ajouter davantage.`);
    refused(await v.request('POST', '/api/cart/increment', { id: line.unique_id }), 409, 'anonymous_limit');
    expect([await reserved(first!), await reserved(second!)]).toEqual(before);
    expect(cartOf(await v.request('GET', '/api/cart')).products.map((p) => p.quantity)).toEqual([ANONYMOUS_CART_MAX_ITEMS]);
    // Logged in, the same visitor goes on.
    await logIn(v);
    cartOf(await v.request('POST', '/api/cart/products', { id: second }));
  });

  it('keep their portions 15 minutes after a change, and half an hour from the first one at most', async () => {
    // A dish no other test here holds: their carts expire at the same hour and give theirs back too.
    const dish = (await dishIds())[5];
    const v = await newVisitor();
    const before = await reserved(dish!);
    const line = cartOf(await v.request('POST', '/api/cart/products', { id: dish })).products[0]!;
    expect(cartOf(await v.request('GET', '/api/cart')).expiration_in_seconds).toBe(GUEST_CART_TTL_MS / 1000);
    // A change every 12 minutes would keep the hold alive forever; it stops at 9:30.
    app.clock.set(at(MONDAY, '09:12:00'));
    cartOf(await v.request('POST', '/api/cart/increment', { id: line.unique_id }));
    app.clock.set(at(MONDAY, '09:24:00'));
    const cart = cartOf(await v.request('POST', '/api/cart/decrement', { id: line.unique_id }));
    expect(cart.expiration_in_seconds).toBe(6 * 60);
    expect(ANONYMOUS_CART_MAX_HOLD_MS).toBe(30 * 60 * 1000);
    app.clock.set(at(MONDAY, '09:30:01'));
    expect(cartOf(await v.request('GET', '/api/cart')).products).toEqual([]);
    expect(await reserved(dish!)).toBe(before);
  });

  it(`hold ${GUEST_CART_MAX_PORTIONS} portions at most, a formula's dishes each counting; a customer has no such cap`, async () => {
    const menus = (await app.app.inject('/api/menus')).json() as { id: number; categories: { id: number; required: boolean; products: { id: number; sold_out?: boolean }[] }[] }[];
    const menu = menus.find((m) => m.categories.filter((c) => c.required).length === 3)!;
    const sub_products = Object.fromEntries(menu.categories.filter((c) => c.required).map((c) => [String(c.id), c.products[0]!.id]));
    const formula = { id: menu.id, sub_products, additional_products: {} };
    const v = await newVisitor();
    // As many formulas of three dishes as fit; one more is too many.
    const fit = Math.floor(GUEST_CART_MAX_PORTIONS / 3);
    const line = cartOf(await v.request('POST', '/api/cart/menus', { menu: formula })).products[0]!;
    for (let i = 1; i < fit; i++) cartOf(await v.request('POST', '/api/cart/increment', { id: line.unique_id }));
    const body = refused(await v.request('POST', '/api/cart/increment', { id: line.unique_id }), 409, 'anonymous_limit');
    expect(body.message).toBe(`Sans compte, un panier réserve ${GUEST_CART_MAX_PORTIONS} portions au plus (chaque plat d’une formule compte) : connectez-vous pour en ajouter davantage.`);
    expect(cartOf(await v.request('GET', '/api/cart')).products.map((p) => p.quantity)).toEqual([fit]);
    await logIn(v);
    cartOf(await v.request('POST', '/api/cart/menus', { menu: formula }));
  });

  it(`the guests of one address hold ${GUEST_ADDRESS_MAX_PORTIONS} portions together; another address, or a customer, is not held back`, async () => {
    // Four guest sessions of one address take portions of one dish, as a hoarder would.
    const dish = (await dishIds())[3]!;
    const before = await reserved(dish);
    const ip = '198.51.100.7';
    const sessions = [await newVisitor(ip), await newVisitor(ip), await newVisitor(ip), await newVisitor(ip)];
    let held = 0;
    const addressFull = `Sans compte, les paniers d’une même connexion réservent ${GUEST_ADDRESS_MAX_PORTIONS} portions au plus : connectez-vous pour en ajouter davantage.`;
    for (const v of sessions) {
      // Ten articles each at most: the first sessions fill up, the last are refused.
      for (let i = 0; i < ANONYMOUS_CART_MAX_ITEMS; i++) {
        const res = await v.request('POST', '/api/cart/products', { id: dish });
        if (res.statusCode !== 200) {
          expect(refused(res, 409, 'anonymous_limit').message).toBe(addressFull);
          break;
        }
        held++;
      }
    }
    expect(held).toBe(GUEST_ADDRESS_MAX_PORTIONS);
    expect(await reserved(dish)).toBe(before + GUEST_ADDRESS_MAX_PORTIONS);
    // A fifth session of that address gets nothing; another address, and a customer, go on.
    refused(await (await newVisitor(ip)).request('POST', '/api/cart/products', { id: dish }), 409, 'anonymous_limit');
    cartOf(await (await newVisitor()).request('POST', '/api/cart/products', { id: dish }));
    const customer = await newVisitor(ip);
    await logIn(customer);
    cartOf(await customer.request('POST', '/api/cart/products', { id: dish }));
    // Once the hoarder's carts expire, their portions are on sale again.
    app.clock.set(at(MONDAY, '09:16:00'));
    cartOf(await (await newVisitor(ip)).request('POST', '/api/cart/products', { id: dish }));
  });
});

describe('promo and sponsor codes', () => {
  it(`refuse the ${WRONG_CODES.perSession + 1}th try after ${WRONG_CODES.perSession} wrong ones in a session, even a right code, until the window ends`, async () => {
    const v = await newVisitor();
    cartOf(await v.request('POST', '/api/cart/products', { id: (await dishIds())[0] }));
    for (let i = 0; i < WRONG_CODES.perSession; i++) refused(await v.request('POST', '/api/cart/discounts', { code: `ESSAI${i}` }), 422, 'invalid_discount');
    const held = refused(await v.request('POST', '/api/cart/discounts', { code: 'BIENVENUE10' }), 429, 'too_many_requests');
    expect(held.message).toBe('Trop de tentatives. Merci de patienter un moment avant de réessayer.');
    app.clock.set(new Date(at(MONDAY, '09:00:00').getTime() + WRONG_CODES.windowMs));
    expect(cartOf(await v.request('POST', '/api/cart/discounts', { code: 'BIENVENUE10' })).discount_code).toBe('BIENVENUE10');
  });

  it(`count ${WRONG_CODES.perIp} wrong tries per address, across new sessions`, async () => {
    const ip = '198.18.0.1';
    let v = await newVisitor(ip);
    for (let i = 0; i < WRONG_CODES.perIp; i++) {
      if (i % WRONG_CODES.perSession === 0) v = await newVisitor(ip);
      refused(await v.request('POST', '/api/cart/discounts', { code: `DEVINE${i}` }), 422, 'invalid_discount');
    }
    refused(await (await newVisitor(ip)).request('POST', '/api/cart/discounts', { code: 'DEVINE-ENCORE' }), 429);
    // Another address is not held back.
    refused(await (await newVisitor()).request('POST', '/api/cart/discounts', { code: 'DEVINE-AILLEURS' }), 422, 'invalid_discount');
  });
});

describe('floods', () => {
  it(`stop a visitor's cart changes past ${CART_CHANGES_PER_MINUTE} a minute with 429 and Retry-After`, async () => {
    const v = await newVisitor();
    for (let i = 0; i < CART_CHANGES_PER_MINUTE; i++) cartOf(await v.request('DELETE', '/api/cart/cutlery'));
    const res = await v.request('POST', '/api/cart/products', { id: (await dishIds())[1] });
    refused(res, 429, 'too_many_requests');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Reading the cart is not a change.
    cartOf(await v.request('GET', '/api/cart'));
  });

  it(`stop an address opening more than ${NEW_SESSIONS_PER_IP.max} sessions in 10 minutes`, async () => {
    const ip = '198.18.1.1';
    for (let i = 0; i < NEW_SESSIONS_PER_IP.max; i++) {
      const res = await app.app.inject({ method: 'GET', url: '/api/state', remoteAddress: ip });
      expect(res.statusCode).toBe(200);
    }
    refused(await app.app.inject({ method: 'GET', url: '/api/state', remoteAddress: ip }), 429, 'too_many_requests');
    // A visitor who already has one is not held back, nor is another address.
    const known = await newVisitor();
    expect((await app.app.inject({ method: 'GET', url: '/api/state', remoteAddress: ip, headers: { cookie: known.jar.header() } })).statusCode).toBe(200);
    expect((await app.app.inject({ method: 'GET', url: '/api/state', remoteAddress: '198.18.1.2' })).statusCode).toBe(200);
  });
});

describe('purge', () => {
  it('deletes expired sessions, ended counters, forgotten login failures and used or expired reset links, in batches, and nothing live', async () => {
    const now = app.clock.now();
    const past = new Date(now.getTime() - 1000);
    const future = new Date(now.getTime() + 3600_000);
    const db = app.database.db;
    const expired = Array.from({ length: PURGE_BATCH * 2 + 7 }, (_, i) => ({ id: `purge-old-${i}`, csrfToken: 'x', expiresAt: past }));
    await db.insert(t.sessions).values(expired);
    await db.insert(t.sessions).values({ id: 'purge-live', csrfToken: 'x', expiresAt: future });
    await db.insert(t.rateLimits).values([
      { key: 'purge:ended', count: 3, resetAt: past },
      { key: 'purge:running', count: 3, resetAt: future },
    ]);
    await db.insert(t.loginFailures).values([
      { key: 'purge:old', failures: 4, lastFailedAt: new Date(now.getTime() - 25 * 3600_000) },
      { key: 'purge:recent', failures: 4, lastFailedAt: past },
    ]);
    const [customer] = await db.select().from(t.customers).limit(1);
    await db.insert(t.passwordResets).values([
      { tokenHash: 'purge-used', customerId: customer!.id, expiresAt: future, usedAt: past },
      { tokenHash: 'purge-expired', customerId: customer!.id, expiresAt: past },
      { tokenHash: 'purge-live', customerId: customer!.id, expiresAt: future },
    ]);

    const purged = await purgeExpired(db, now);
    expect(purged.sessions).toBeGreaterThanOrEqual(expired.length);
    expect(purged).toMatchObject({ rateLimits: expect.any(Number), loginFailures: 1, passwordResets: 2 });

    const sessionIds = (await db.select({ id: t.sessions.id }).from(t.sessions)).map((s) => s.id);
    expect(sessionIds).toContain('purge-live');
    expect(sessionIds.filter((id) => id.startsWith('purge-old-'))).toEqual([]);
    expect((await db.select().from(t.rateLimits)).map((r) => r.key)).toContain('purge:running');
    expect((await db.select().from(t.rateLimits)).map((r) => r.key)).not.toContain('purge:ended');
    expect((await db.select().from(t.loginFailures)).map((r) => r.key)).toEqual(['purge:recent']);
    expect((await db.select().from(t.passwordResets)).map((r) => r.tokenHash)).toEqual(['purge-live']);
  });
});
