import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_SCOPE_COOKIE, SANDBOX_SCOPE_HEADER } from '../../server/sandbox/scope';
import { createTestApp, MONDAY, type TestApp } from './helpers';

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
  });
});
