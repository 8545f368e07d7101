import { afterEach, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { OVERLOADED } from '#shared/api/error-codes';
import { createTestApp, refused, visitor, type TestApp } from './helpers';

/*
 * A saturated server refuses new API calls at once, with 503, Retry-After and the French envelope,
 * before reading anything from the database; health and pages are never refused.
 */

let app: TestApp | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

function isOverloaded(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('2');
  expect(res.json()).toEqual({ message: OVERLOADED.message, code: OVERLOADED.code });
}

describe('overload', () => {
  it('answers as usual under the limits', async () => {
    app = await createTestApp();
    const v = await visitor(app.app);
    expect((await v.request('GET', '/api/cart')).statusCode).toBe(200);
  });

  it('refuses API calls while too many calls wait for the database, and writes nothing', async () => {
    app = await createTestApp({ overload: { databaseWaiting: -1 } });
    isOverloaded(await app.app.inject('/api/state'));
    isOverloaded(await app.app.inject({ method: 'POST', url: '/api/cart/products', payload: { id: 1 } }));
    // Refused before the body is read: malformed input gets the same 503, not a 422.
    isOverloaded(await app.app.inject({ method: 'POST', url: '/api/cart/increment', payload: 'not json', headers: { 'content-type': 'application/json' } }));
    expect(await app.database.db.select().from(t.carts)).toHaveLength(0);
    expect(await app.database.db.select().from(t.sessions)).toHaveLength(0);
    // Health tells the truth to a load balancer.
    expect((await app.app.inject('/api/health')).statusCode).toBe(200);
  });

  it('refuses API calls while the event loop lags, and lets them through once it catches up', async () => {
    app = await createTestApp({ overload: { eventLoopDelayMs: 5, sampleIntervalMs: 20 } });
    // Past the warm-up after start (two samples); then the loop is held until a sample sees it
    // (a busy test machine delays timers: a few tries).
    await new Promise((resolve) => setTimeout(resolve, 60));
    let res = await app.app.inject('/api/settings');
    for (let i = 0; i < 5 && res.statusCode !== 503; i++) {
      const busyUntil = Date.now() + 300;
      while (Date.now() < busyUntil) {
        // The event loop is stuck: the next sample sees a long delay.
      }
      await new Promise((resolve) => setImmediate(resolve));
      res = await app.app.inject('/api/settings');
    }
    isOverloaded(res);
    expect((await app.app.inject('/api/health')).statusCode).toBe(200);
    for (let i = 0; i < 20 && res.statusCode !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      res = await app.app.inject('/api/settings');
    }
    expect(res.statusCode).toBe(200);
  });

  it('a refused change keeps its idempotency key free for its retry', async () => {
    app = await createTestApp();
    const v = await visitor(app.app);
    const dishes = (await app.app.inject('/api/products')).json() as { id: number; category: string; sold_out: boolean }[];
    const id = dishes.find((d) => !d.sold_out)!.id;
    const waiting = app.database.waiting;
    app.database.waiting = () => Number.MAX_SAFE_INTEGER;
    const headers = { 'idempotency-key': 'overload-retry-1' };
    isOverloaded(await v.request('POST', '/api/cart/products', { id }, headers));
    app.database.waiting = waiting;
    const retried = await v.request('POST', '/api/cart/products', { id }, headers);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    refused(await v.request('POST', '/api/cart/products', { id: 'x' }), 422);
  });
});
