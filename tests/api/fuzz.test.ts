import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, customerWithCart, rowsOf, type TestApp } from './helpers';

/**
 * Bad input (issue 12): every route the app registered gets generated bodies (JSON, plain text,
 * url-encoded forms, multipart parts with and without files), query strings, path parameters and
 * headers — wrong types, huge strings, deep nesting, unicode, prototype-pollution keys, negative
 * and non-integer ids. Never a 5xx, always the JSON error envelope on /api, and a refused
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
    const rows = await rowsOf<{ n: number }>(app.database, sql.raw(`select count(*)::int as n from ${table}`));
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

// Header values as a client may send them: printable ASCII (anything else never leaves a client), sometimes huge.
const headerValue = fc.oneof(fc.stringMatching(/^[\x20-\x7e]{0,200}$/), fc.constantFrom('', '*/*', 'W/"x", "y"', 'bytes=0-1,5-', '../..', 'x'.repeat(8_000)));
const extraHeaders = fc.record(
  { accept: headerValue, 'accept-language': headerValue, 'if-none-match': headerValue, range: headerValue, 'x-forwarded-for': headerValue, 'user-agent': headerValue, origin: headerValue, referer: headerValue },
  { requiredKeys: [] },
);
const part = fc.record({
  name: fc.oneof(fc.constantFrom('mode', 'message', 'email', 'files', 'firstname', 'request_type', 'submission_id', '__proto__'), fc.stringMatching(/^[\x21-\x7e]{1,30}$/)),
  filename: fc.option(fc.stringMatching(/^[\x20-\x21\x23-\x7e]{0,60}$/), { nil: undefined }),
  content: fc.oneof(hostileString, fc.uint8Array({ maxLength: 2_000 }).map((b) => Buffer.from(b).toString('latin1'))),
});
type Encoding = 'json' | 'text' | 'form' | 'multipart';
const encoding = fc.constantFrom<Encoding>('json', 'text', 'form', 'multipart');

/** The request's body and content type in the encoding drawn (the multipart boundary is fixed: the parts are what varies). */
function encode(kind: Encoding, payload: unknown, parts: { name: string; filename?: string; content: string }[]) {
  if (kind === 'json') return { type: 'application/json', body: JSON.stringify(payload) };
  if (kind === 'text') return { type: 'text/plain', body: `${JSON.stringify(payload)}` };
  if (kind === 'form') {
    const entries = payload && typeof payload === 'object' ? Object.entries(payload as object).map(([k, v]): [string, string] => [k, JSON.stringify(v) ?? '']) : [['v', String(payload)] as [string, string]];
    return { type: 'application/x-www-form-urlencoded', body: new URLSearchParams(entries).toString() };
  }
  const boundary = 'popote-fuzz-boundary';
  const body =
    parts
      .map((p) => `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}\r\n${p.filename === undefined ? '' : 'Content-Type: application/octet-stream\r\n'}\r\n${p.content}\r\n`)
      .join('') + `--${boundary}--\r\n`;
  return { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.from(body, 'latin1') };
}

const concrete = (url: string, param: string) => url.replace(/:[A-Za-z_]+/g, encodeURIComponent(param)).replace(/\*$/, encodeURIComponent(param));

describe('generated hostile requests on every route', () => {
  it('never answers a 5xx, always the error envelope, and refused requests change nothing', async () => {
    const c = await customerWithCart(app);
    // A news stream accepted never ends (its refusals are tested in events.test.ts).
    const routes = app.app.routeList.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.startsWith('/__sandbox') && !r.stream);
    expect(routes.length).toBeGreaterThan(50);
    let cases = 0;
    const byEncoding: Record<Encoding, number> = { json: 0, text: 0, form: 0, multipart: 0 };
    for (const route of routes) {
      const before = await counts();
      let allRefused = true;
      await fc.assert(
        fc.asyncProperty(body, query, fc.oneof(hostileString, hostileId.map(String)), encoding, fc.array(part, { maxLength: 3 }), extraHeaders, async (payload, q, param, kind, parts, headers) => {
          const search = new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString();
          const url = `${concrete(route.url, String(param).slice(0, 150) || 'x')}${search ? `?${search}` : ''}`;
          const sent = encode(kind, payload, parts);
          const res = await app.app.inject({
            method: route.method as 'POST',
            url,
            headers: { ...headers, cookie: c.v.jar.header(), 'x-xsrf-token': c.v.jar.get('XSRF-TOKEN') ?? '', 'content-type': sent.type },
            payload: sent.body,
          });
          cases++;
          byEncoding[kind]++;
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
    console.info(`bad-input suite: ${cases} generated requests over ${routes.length} routes (${Object.entries(byEncoding).map(([k, n]) => `${n} ${k}`).join(', ')})`);
    expect(cases).toBe(routes.length * RUNS_PER_ROUTE);
  }, 300_000);
});
