import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, customerWithCart, rowsOf, type TestApp } from './helpers';

/**
 * A GET (or HEAD) never changes what the shop holds: a cross-site link or image, which the
 * browser sends with the SameSite=Lax session cookie, must not take money, unlink an account or
 * log anyone out. Every GET route the app has is called on a customer in the middle of an order,
 * and every table is compared before and after.
 */

/** Tables a read may write, and why. */
const BOOKKEEPING = new Set([
  // A first visit gets an anonymous session; a session is extended once an hour.
  'sessions',
  // Counters of the limits themselves.
  'rate_limits',
  'login_failures',
]);

/**
 * GETs that change state because the protocol they take part in is a GET, each guarded otherwise.
 * A new entry here needs the same kind of reason.
 */
const PROTOCOL_GETS = new Map([
  // PayGreen sends the buyer back with a GET: the payment's status is asked of PayGreen, never
  // taken from the URL, and settling it twice places one order.
  ['GET /api/payment/paygreen/return', 'provider redirect'],
  // The app's check of that same payment after the return: the same settlement, asked of PayGreen.
  ['GET /api/payment/paygreen/:id/order', 'provider status check'],
  // Edenred's OAuth redirect: bound to the state the session started, used once.
  ['GET /api/edenred/callback', 'OAuth redirect'],
  // The emulators' own OAuth pages (a GET by the protocol they emulate), sandbox only.
  ['GET /__sandbox/edenred/connect/authorize', 'emulated OAuth page'],
  ['GET /__sandbox/edenred/connect/endsession', 'emulated OAuth logout'],
]);

let app: TestApp;
let c: Awaited<ReturnType<typeof customerWithCart>>;
let values: Record<string, string>;

beforeAll(async () => {
  app = await createTestApp();
  c = await customerWithCart(app);
  // A card payment under way, so the payment routes have something to read.
  const card = await c.call('POST', '/api/payment/paygreen');
  expect(card.statusCode, card.body).toBe(200);
  const po = new URL((card.json() as { hosted_payment_url: string }).hosted_payment_url).pathname.split('/').pop()!;
  const [order] = await rowsOf<{ id: number }>(app.database, sql`select id from orders order by id limit 1`);
  const [mail] = await rowsOf<{ id: number }>(app.database, sql`select id from mail_outbox order by id limit 1`);
  values = {
    id: String(c.dish.id),
    po: po,
    order: String(order?.id ?? 1),
    mail: String(mail?.id ?? 1),
    username: 'marie@edenred.test',
  };
});
afterAll(() => app.close());

/** A fingerprint of every table of the database: its rows, in a stable order. */
async function fingerprint(): Promise<Map<string, string>> {
  const tables = await rowsOf<{ table_name: string }>(
    app.database,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const prints = new Map<string, string>();
  for (const { table_name: name } of tables) {
    const [row] = await rowsOf<{ print: string }>(app.database, sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as print from "${name}" t`));
    prints.set(name, row!.print);
  }
  return prints;
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([name, print]) => before.get(name) !== print && !BOOKKEEPING.has(name)).map(([name]) => name);
}

/** A URL for a route pattern, its parameters filled with values of the order under way. */
function urlOf(pattern: string): string {
  const filled = pattern
    .replace(':id/order', `${values.po}/order`)
    .replace('/pdfs/invoices/:id', `/pdfs/invoices/${values.order}`)
    .replace('/mailbox/:id', `/mailbox/${values.mail}`)
    .replace('/payment-orders/:id', `/payment-orders/${values.po}`)
    .replace('/pay/:id', `/pay/${values.po}`)
    .replace(':username', encodeURIComponent(values.username!))
    .replace(':index', '0')
    .replace(':payload', 'x')
    .replace(/:id\b/g, values.id!);
  const query: Record<string, string> = {
    '/api/payment/paygreen/return': `?po_id=${values.po}`,
    '/api/delivery-locations/search': '?search=Part',
    '/api/payment/edenred/order-details': '?id=1',
    '/__sandbox/catalog-availability': '?date=2026-11-23',
  };
  return filled + (query[pattern] ?? '');
}

describe('GET routes', () => {
  it('the check sees a write: a POST changes a table', async () => {
    // Another customer: c's basket is locked by the card payment started above.
    const other = await customerWithCart(app);
    const before = await fingerprint();
    expect((await other.call('POST', '/api/cart/increment', { id: `product-${other.dish.id}` })).statusCode).toBe(200);
    expect(changedTables(before, await fingerprint())).toContain('cart_lines');
  });

  it('none writes to the database, but those a provider’s protocol makes a GET', async () => {
    // The news streams never end by themselves (their reads are tested in events.test.ts).
    const gets = app.app.routeList.filter((r) => r.method === 'GET' && !r.stream && !PROTOCOL_GETS.has(`GET ${r.url}`));
    expect(gets.length).toBeGreaterThan(30);
    const writers: string[] = [];
    for (const route of gets) {
      const before = await fingerprint();
      const res = await c.call('GET', urlOf(route.url));
      expect(res.statusCode, `${route.url} → ${res.statusCode}`).toBeLessThan(500);
      const changed = changedTables(before, await fingerprint());
      if (changed.length) writers.push(`${route.url} wrote ${changed.join(', ')}`);
    }
    expect(writers).toEqual([]);
  });

  it('every exemption names a route that exists', () => {
    const routes = new Set(app.app.routeList.map((r) => `${r.method} ${r.url}`));
    for (const key of PROTOCOL_GETS.keys()) expect(routes.has(key), key).toBe(true);
  });
});
