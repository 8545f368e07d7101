import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { deliverDueMail, sandboxTransport } from '../../server/mail/sender';
import { MONDAY, createTestApp, customerWithCart, setMoney, visitor, type TestApp } from './helpers';

/** One sample of a scrape: its metric name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Parses Prometheus' text format strictly enough to catch a malformed scrape: every line is a
 * comment (# HELP / # TYPE) or a sample `name{label="value",…} number`, and every sample belongs to
 * a family whose TYPE was given.
 */
function parseScrape(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (/^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* /.test(line)) continue;
    // Values as Prometheus reads them (Go's ParseFloat: NaN in any case; prom-client writes `Nan`).
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|[Nn][Aa][Nn]|[+-]Inf)$/.exec(line);
    expect(sample, `not a Prometheus line: ${line}`).not.toBeNull();
    const labels: Record<string, string> = {};
    for (const m of (sample![2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[m[1]!] = m[2]!;
    samples.push({ name: sample![1]!, labels, value: Number(sample![3]) });
  }
  for (const { name } of samples) {
    const family = [...types.keys()].find((f) => name === f || /^_(bucket|sum|count|total|created)$/.test(name.slice(f.length)) && name.startsWith(f));
    expect(family, `${name} has no # TYPE`).toBeDefined();
  }
  return { types, samples };
}

/** The value of one series (0 when it does not exist yet). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((sum, s) => sum + s.value, 0);
}

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function scrape(target = app) {
  const res = await target.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return parseScrape(res.body).samples;
}

describe('GET /metrics', () => {
  it('answers the Prometheus text format to this machine, without a cookie', async () => {
    const res = await app.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['set-cookie']).toBeUndefined();
    const { types } = parseScrape(res.body);
    expect(types.get('popote_http_requests_total')).toBe('counter');
    expect(types.get('popote_http_request_duration_seconds')).toBe('histogram');
    expect(types.get('popote_orders_placed_total')).toBe('counter');
    expect(types.get('popote_payments_total')).toBe('counter');
    expect(types.get('popote_mails_total')).toBe('counter');
    expect(types.get('popote_sold_out_refusals_total')).toBe('counter');
    expect(types.get('popote_db_pool_connections')).toBe('gauge');
    expect(types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
    // Over IPv6 loopback too.
    expect((await app.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
  });

  it('counts requests by route pattern, never by raw URL', async () => {
    const before = await scrape();
    const products = (await app.app.inject('/api/products')).json() as { id: number }[];
    await app.app.inject(`/api/products/${products[0]!.id}`);
    await app.app.inject('/api/health');
    await app.app.inject('/api/no-such-thing/12345');
    const after = await scrape();
    const count = (samples: Sample[], route: string, status: string) => valueOf(samples, 'popote_http_requests_total', { method: 'GET', route, status });
    expect(count(after, '/api/products/:id', '200') - count(before, '/api/products/:id', '200')).toBe(1);
    expect(count(after, '/api/health', '200') - count(before, '/api/health', '200')).toBe(1);
    expect(count(after, 'unmatched', '404') - count(before, 'unmatched', '404')).toBe(1);
    const routes = new Set(after.filter((s) => s.name.startsWith('popote_http_')).map((s) => s.labels.route));
    expect([...routes].filter((r) => /\d{3,}/.test(r ?? ''))).toEqual([]);
    const latency = valueOf(after, 'popote_http_request_duration_seconds_count', { route: '/api/health' });
    expect(latency).toBeGreaterThanOrEqual(1);
  });

  it('counts orders placed, payments by means, mail queued and sent, sold-out refusals', async () => {
    const before = await scrape();
    // An order paid from the pool (and a welcome mail queued at sign-up).
    const c = await customerWithCart(app);
    await setMoney(app.database, c.customer.id, { poolCents: 100_000 });
    expect((await c.call('POST', '/api/pending-order/pool')).statusCode).toBe(200);
    const paid = await c.call('POST', '/api/payment');
    expect(paid.statusCode, paid.body).toBe(200);
    const { sent } = await deliverDueMail(app.database.db, sandboxTransport, app.clock.now());
    // A dish out of stock refused in the cart.
    const v = await visitor(app.app);
    const products = (await app.app.inject('/api/products')).json() as { id: number; sold_out: boolean }[];
    const dish = products.find((p) => !p.sold_out && p.id !== c.dish.id)!;
    await app.database.db
      .update(t.productAvailabilities)
      .set({ stock: 0 })
      .where(and(eq(t.productAvailabilities.productId, dish.id), eq(t.productAvailabilities.date, MONDAY)));
    const refused = await v.request('POST', '/api/cart/products', { id: dish.id });
    expect(refused.statusCode, refused.body).toBe(409);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('popote_orders_placed_total')).toBe(1);
    expect(delta('popote_payments_total', { means: 'pool', outcome: 'success' })).toBe(1);
    expect(delta('popote_mails_total', { event: 'queued' })).toBeGreaterThanOrEqual(1);
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(delta('popote_mails_total', { event: 'sent' })).toBe(sent);
    expect(delta('popote_sold_out_refusals_total', { stage: 'cart' })).toBe(1);
  });

  it('is an ordinary 404 for any other address, whatever X-Forwarded-For says', async () => {
    for (const remoteAddress of ['203.0.113.5', '10.0.0.2', '::ffff:192.0.2.1', '2001:db8::1']) {
      const res = await app.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(res.statusCode, remoteAddress).toBe(404);
      expect(res.body).not.toContain('popote_');
    }
  });

  it('judges a visitor through the reverse proxy by their own address, never the proxy’s loopback', async () => {
    const scrape = (target: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
      target.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers }).then((res) => res.statusCode);
    // The documented setup: a proxy on this machine, TRUST_PROXY=1.
    const proxied = await createTestApp({ env: { TRUST_PROXY: '1', METRICS_ALLOW: '10.0.5.0/24' } });
    try {
      expect(await scrape(proxied, '127.0.0.1', { 'x-forwarded-for': '203.0.113.5' })).toBe(404);
      // A client cannot name its own address before the proxy's entry.
      expect(await scrape(proxied, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1, 203.0.113.5' })).toBe(404);
      expect(await scrape(proxied, '127.0.0.1', { 'x-real-ip': '203.0.113.5' })).toBe(404);
      // The monitoring network still may, through the proxy too; this machine unforwarded too.
      expect(await scrape(proxied, '127.0.0.1', { 'x-forwarded-for': '10.0.5.3' })).toBe(200);
      expect(await scrape(proxied, '127.0.0.1')).toBe(200);
      expect(await scrape(proxied, '10.0.5.3')).toBe(200);
    } finally {
      await proxied.close();
    }
    // A proxy on this machine and TRUST_PROXY left at 0: the client is unknown, so refused.
    expect(await scrape(app, '127.0.0.1', { 'x-forwarded-for': '203.0.113.5' })).toBe(404);
    expect(await scrape(app, '127.0.0.1', { forwarded: 'for=203.0.113.5' })).toBe(404);
    expect(await scrape(app, '::1')).toBe(200);
  });

  it('answers the monitoring network named by METRICS_ALLOW, and only it', async () => {
    const monitored = await createTestApp({ env: { METRICS_ALLOW: '203.0.113.0/24, 2001:db8::7' } });
    try {
      const status = async (remoteAddress: string) => (await monitored.app.inject({ method: 'GET', url: '/metrics', remoteAddress })).statusCode;
      expect(await status('203.0.113.5')).toBe(200);
      expect(await status('::ffff:203.0.113.9')).toBe(200);
      expect(await status('2001:db8::7')).toBe(200);
      expect(await status('127.0.0.1')).toBe(200);
      expect(await status('198.51.100.1')).toBe(404);
      expect(await status('2001:db8::8')).toBe(404);
    } finally {
      await monitored.close();
    }
  });
});

describe('request ids', () => {
  it('answers X-Request-Id: the caller’s when it is a short safe token, a new one otherwise', async () => {
    const fresh = await app.app.inject('/api/health');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await app.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-4f2a.17' } });
    expect(kept.headers['x-request-id']).toBe('lb-4f2a.17');
    for (const unsafe of ['a'.repeat(65), 'two words', 'x"}{"level":60', '']) {
      const res = await app.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': unsafe } });
      expect(res.headers['x-request-id'], unsafe).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
