import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, customerWithCart, type TestApp } from './helpers';

/**
 * Bad input (issue 12): every route the app registered gets generated bodies, query strings and
 * path parameters — wrong types, huge strings, deep nesting, unicode, prototype-pollution keys,
 * negative and non-integer ids. Never a 5xx, always the JSON error envelope on /api, and a refused
 * request leaves the database as it was.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const RUNS_PER_ROUTE = 40;
// Tables a request could write to; their row counts stand for "the database unchanged".
const TABLES = ['customers', 'sessions', 'carts', 'cart_lines', 'pre_orders', 'payments', 'orders', 'newsletter_subscriptions', 'contact_messages', 'company_requests', 'mail_outbox', 'edenred_accounts', 'password_resets'];

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const res = await app.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    const rows = (Array.isArray(res) ? res : (res as { rows: { n: number }[] }).rows) as { n: number }[];
    out[table] = Number(rows[0]!.n);
  }
  return out;
}

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '../../etc/passwd', "' OR 1=1 --", '<script>alert(1)</script>', '%00', '💥'.repeat(50), 'x'.repeat(70_000)),
);
const hostileId = fc.oneof(fc.integer({ min: -1_000_000, max: -1 }), fc.double({ noNaN: false }), fc.constantFrom(0, 1.5, 2 ** 53, 'abc', '1e309', '-0', '0x10'));
const pollution = fc.constantFrom({ __proto__: { admin: true } }, JSON.parse('{"__proto__": {"polluted": true}}'), { constructor: { prototype: { polluted: true } } });
const deep = fc.constant(Array.from({ length: 200 }).reduce<unknown>((inner) => ({ a: inner }), 1));
const value = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof({ depthSize: 'small' }, hostileString, hostileId, fc.boolean(), fc.constant(null), fc.array(tie('v'), { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 8 }), tie('v'), { maxKeys: 4 })),
})).v;
const body = fc.oneof(value, pollution, deep, fc.record({ id: hostileId, email: hostileString, amount: hostileId, lunch_vouchers: value, payload: hostileString, code: hostileString }));
const query = fc.dictionary(fc.constantFrom('id', 'date', 'search', 'amount', 'number', 'po_id', 'state', 'code', '__proto__', 'to'), fc.oneof(hostileString, hostileId.map(String)), { maxKeys: 3 });

const concrete = (url: string, param: string) => url.replace(/:[A-Za-z_]+/g, encodeURIComponent(param)).replace(/\*$/, encodeURIComponent(param));

describe('generated hostile requests on every route', () => {
  it('never answers a 5xx, always the error envelope, and refused requests change nothing', async () => {
    const c = await customerWithCart(app);
    const routes = app.app.routeList.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.startsWith('/__sandbox'));
    expect(routes.length).toBeGreaterThan(50);
    let cases = 0;
    for (const route of routes) {
      const before = await counts();
      let allRefused = true;
      await fc.assert(
        fc.asyncProperty(body, query, fc.oneof(hostileString, hostileId.map(String)), fc.boolean(), async (payload, q, param, asJson) => {
          const search = new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString();
          const url = `${concrete(route.url, String(param).slice(0, 150) || 'x')}${search ? `?${search}` : ''}`;
          const res = await app.app.inject({
            method: route.method as 'POST',
            url,
            headers: { cookie: c.v.jar.header(), 'x-xsrf-token': c.v.jar.get('XSRF-TOKEN') ?? '', 'content-type': asJson ? 'application/json' : 'text/plain' },
            // The same content as JSON, or sent as plain text (a content type the routes do not take).
            payload: asJson ? JSON.stringify(payload) : `${JSON.stringify(payload)}`,
          });
          cases++;
          expect(res.statusCode, `${route.method} ${url} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
          if (res.statusCode < 400) allRefused = false;
          if (res.statusCode >= 400 && url.startsWith('/api/') && res.headers['content-type']?.toString().includes('json')) {
            expect(res.json(), `${route.method} ${url}`).toMatchObject({ message: expect.any(String) });
          }
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
      if (allRefused) expect(await counts(), `${route.method} ${route.url} changed the database while refusing`).toEqual(before);
    }
    console.info(`bad-input suite: ${cases} generated requests over ${routes.length} routes`);
    expect(cases).toBe(routes.length * RUNS_PER_ROUTE);
  }, 300_000);
});
