import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSubscription } from '../../server/modules/newsletter/newsletter.repo';
import { MESSAGES } from '#shared/api/messages';
import { MONDAY, at, createTestApp, visitor, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/newsletter', () => {
  it('subscribes an email with its consent time', async () => {
    const v = await visitor(t.app);
    const res = await v.request('POST', '/api/newsletter', { email: '  Lea.Dupont@Example.fr ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.newsletterSuccess, subscribed: true });
    const row = await findSubscription(t.database.db, 'lea.dupont@example.fr');
    expect(row?.consentAt.toISOString()).toBe(at(MONDAY, '09:00:00').toISOString());
    expect(row?.unsubscribedAt).toBeNull();
  });

  it('accepts a duplicate subscription without error and keeps the first consent', async () => {
    const v = await visitor(t.app);
    await v.request('POST', '/api/newsletter', { email: 'twice@example.fr' });
    t.clock.set(at(MONDAY, '10:00:00'));
    const res = await v.request('POST', '/api/newsletter', { email: 'twice@example.fr' });
    t.clock.set(at(MONDAY, '09:00:00'));
    expect(res.statusCode).toBe(200);
    const row = await findSubscription(t.database.db, 'twice@example.fr');
    expect(row?.consentAt.toISOString()).toBe(at(MONDAY, '09:00:00').toISOString());
  });

  it.each([['not-an-email'], [''], ['a@b'], ['x'.repeat(300) + '@example.fr']])('refuses %j with the French message (422)', async (email) => {
    const v = await visitor(t.app);
    const res = await v.request('POST', '/api/newsletter', { email });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: MESSAGES.email,
      code: 'validation_failed',
      errors: { email: [MESSAGES.email] },
    });
  });

  it('refuses a missing or mistyped body with 422, never a 500', async () => {
    const v = await visitor(t.app);
    for (const payload of [{}, { email: 42 }, { email: ['a@b.fr'] }, [], 'text']) {
      const res = await v.request('POST', '/api/newsletter', payload);
      expect([400, 415, 422]).toContain(res.statusCode);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('refuses a call without the anti-forgery token (419)', async () => {
    const v = await visitor(t.app);
    const res = await v.request('POST', '/api/newsletter', { email: 'csrf@example.fr' }, { 'x-xsrf-token': '' });
    expect(res.statusCode).toBe(419);
    expect(res.json().code).toBe('csrf_mismatch');
    expect(await findSubscription(t.database.db, 'csrf@example.fr')).toBeNull();
  });

  it('refuses a wrong token, and a token without a session (419)', async () => {
    const v = await visitor(t.app);
    const wrong = await v.request('POST', '/api/newsletter', { email: 'csrf@example.fr' }, { 'x-xsrf-token': 'nope' });
    expect(wrong.statusCode).toBe(419);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'csrf@example.fr' }, headers: { 'x-xsrf-token': v.jar.get('XSRF-TOKEN')! } });
    expect(anonymous.statusCode).toBe(419);
  });

  it('rate-limits per IP with a French 429 message', async () => {
    const v = await visitor(t.app);
    const ip = { 'x-forwarded-for': '203.0.113.9' };
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (await t.app.inject({ method: 'POST', url: '/api/newsletter', remoteAddress: '203.0.113.9', payload: { email: `r${i}@example.fr` }, headers: { cookie: v.jar.header(), 'x-xsrf-token': v.jar.get('XSRF-TOKEN')!, ...ip } })).statusCode;
    }
    expect(last).toBe(429);
    // The window passes: allowed again.
    t.clock.set(at(MONDAY, '09:11:00'));
    const after = await t.app.inject({ method: 'POST', url: '/api/newsletter', remoteAddress: '203.0.113.9', payload: { email: 'later@example.fr' }, headers: { cookie: v.jar.header(), 'x-xsrf-token': v.jar.get('XSRF-TOKEN')! } });
    t.clock.set(at(MONDAY, '09:00:00'));
    expect(after.statusCode).toBe(200);
  });
});

describe('DELETE /api/newsletter', () => {
  it('unsubscribes, and a new subscription records a new consent', async () => {
    const v = await visitor(t.app);
    await v.request('POST', '/api/newsletter', { email: 'leave@example.fr' });
    const res = await v.request('DELETE', '/api/newsletter', { email: 'leave@example.fr' });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscribed).toBe(false);
    expect((await findSubscription(t.database.db, 'leave@example.fr'))?.unsubscribedAt).not.toBeNull();

    t.clock.set(at(MONDAY, '11:00:00'));
    await v.request('POST', '/api/newsletter', { email: 'leave@example.fr' });
    t.clock.set(at(MONDAY, '09:00:00'));
    const row = await findSubscription(t.database.db, 'leave@example.fr');
    expect(row?.unsubscribedAt).toBeNull();
    expect(row?.consentAt.toISOString()).toBe(at(MONDAY, '11:00:00').toISOString());
  });

  it('answers the same for an address that was never subscribed (no enumeration)', async () => {
    const v = await visitor(t.app);
    const res = await v.request('DELETE', '/api/newsletter', { email: 'never@example.fr' });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscribed).toBe(false);
  });

  it('refuses a bad email (422)', async () => {
    const v = await visitor(t.app);
    const res = await v.request('DELETE', '/api/newsletter', { email: 'nope' });
    expect(res.statusCode).toBe(422);
  });
});
