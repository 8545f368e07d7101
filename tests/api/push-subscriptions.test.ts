import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { buildApp } from '../../server/app';
import * as t from '../../server/db/schema';
import { enqueuePushes } from '../../server/modules/push/push.service';
import { PUSH_MAX_ATTEMPTS } from '../../server/modules/push/push-sender';
import { PUSH_ERRORS } from '#shared/api/push';
import { fixtures } from './fixtures';
import { createTestApp, refused, visitor, type TestApp } from './helpers';
import { messageOf, pushesIn, sandboxSubscription } from './push-helpers';

/*
 * Web push's rails (docs/product/notifications.md): the server's VAPID key, a customer's
 * subscriptions (session, anti-forgery token, only real push services), and the background sender:
 * encrypted pushes with their TTL and Urgency, retried, and a subscription its push service
 * answers 404/410 removed.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
const f = fixtures(() => app);
const publicUrl = () => app.app.env.PUBLIC_URL;

const message = { title: 'Popote', body: 'Un essai', tag: 'order-1', url: '/mon-compte/commandes/1' };
async function queueFor(customerId: number) {
  return enqueuePushes(f.db(), [{ customerId, message }], { ttl: 600, urgency: 'high', expiresAt: new Date(app.clock.now().getTime() + 600_000) });
}
const subscriptionsOf = (customerId: number) => f.db().select().from(t.pushSubscriptions).where(eq(t.pushSubscriptions.customerId, customerId));

describe('the server’s key', () => {
  it('answers a P-256 public key in base64url, the same after a restart on the same database', async () => {
    const res = await app.app.inject('/api/push/key');
    expect(res.statusCode).toBe(200);
    const key = (res.json() as { public_key: string }).public_key;
    expect(key).toMatch(/^[\w-]+$/);
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const again = await buildApp({ env: app.app.env, database: app.database, clock: app.clock, logger: false, distDir: '/nonexistent-dist' });
    try {
      expect((await again.inject('/api/push/key')).json()).toEqual({ public_key: key });
    } finally {
      await again.close();
    }
  });

  it('comes from the environment when set, and push is off in production without it', async () => {
    const made = webpush.generateVAPIDKeys();
    const withKeys = await createTestApp({ env: { VAPID_PUBLIC_KEY: made.publicKey, VAPID_PRIVATE_KEY: made.privateKey } });
    const production = await createTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://popote.example' }, demo: false });
    try {
      expect((await withKeys.app.inject('/api/push/key')).json()).toEqual({ public_key: made.publicKey });
      refused(await production.app.inject('/api/push/key'), 404, PUSH_ERRORS.off);
    } finally {
      await withKeys.close();
      await production.close();
    }
    // Two more apps: slow on a busy machine.
  }, 120_000);
});

describe('subscribing', () => {
  it('needs a logged-in customer and the anti-forgery token', async () => {
    const guest = await visitor(app.app);
    const { body } = sandboxSubscription(publicUrl());
    refused(await guest.request('POST', '/api/push/subscriptions', body), 401, 'unauthenticated');
    const { v } = await f.customerVisitor();
    refused(await v.request('POST', '/api/push/subscriptions', body, { 'x-xsrf-token': 'wrong' }), 419, 'csrf_mismatch');
    expect((await v.request('POST', '/api/push/subscriptions', body)).statusCode).toBe(201);
  });

  it('takes only https endpoints of known push services (and the sandbox’s own), anything else 422', async () => {
    const { v, customer } = await f.customerVisitor();
    const { keys } = sandboxSubscription(publicUrl()).body;
    for (const endpoint of [
      'https://evil.example/push',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/x',
      'https://notify.windows.com.evil.example/x',
      'http://127.0.0.1:5432/',
      'http://169.254.169.254/latest/meta-data',
      `${publicUrl()}/api/orders`,
    ]) {
      const body = refused(await v.request('POST', '/api/push/subscriptions', { endpoint, keys }), 422, PUSH_ERRORS.endpointRefused);
      expect(body.message).toMatch(/notifications/);
    }
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGv3',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ]) {
      expect((await v.request('POST', '/api/push/subscriptions', { endpoint, keys })).statusCode, endpoint).toBe(201);
    }
    expect(await subscriptionsOf(customer.id)).toHaveLength(4);
    refused(await v.request('POST', '/api/push/subscriptions', { endpoint: 'https://fcm.googleapis.com/x', keys: { p256dh: 'abc', auth: keys.auth } }), 422, 'validation_failed');
  });

  it('forgets a subscription on DELETE, the customer’s own only', async () => {
    const a = await f.customerVisitor();
    const b = await f.customerVisitor();
    const { body } = sandboxSubscription(publicUrl());
    expect((await a.v.request('POST', '/api/push/subscriptions', body)).statusCode).toBe(201);
    expect((await b.v.request('DELETE', '/api/push/subscriptions', { endpoint: body.endpoint })).json()).toEqual({ subscribed: false });
    expect(await subscriptionsOf(a.customer.id)).toHaveLength(1);
    expect((await a.v.request('DELETE', '/api/push/subscriptions', { endpoint: body.endpoint })).statusCode).toBe(200);
    expect(await subscriptionsOf(a.customer.id)).toHaveLength(0);
  });
});

describe('sending', () => {
  it('pushes encrypted for the browser (aes128gcm), signed, with its TTL and Urgency, once', async () => {
    const { v, customer } = await f.customerVisitor();
    const sub = sandboxSubscription(publicUrl());
    expect((await v.request('POST', '/api/push/subscriptions', sub.body)).statusCode).toBe(201);
    expect(await queueFor(customer.id)).toBe(1);
    expect(await app.app.push.deliver()).toMatchObject({ sent: 1 });
    expect(await app.app.push.deliver()).toMatchObject({ sent: 0 });
    const [push, ...more] = await pushesIn(app.app, sub.box);
    expect(more).toEqual([]);
    expect(push!.headers).toMatchObject({ ttl: '600', urgency: 'high', 'content-encoding': 'aes128gcm' });
    expect(push!.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(messageOf(push!, sub.keys)).toEqual(message);
  });

  it('removes a subscription its push service answers 410 or 404, and retries one that fails', async () => {
    const { v, customer } = await f.customerVisitor();
    const gone = sandboxSubscription(publicUrl());
    const missing = sandboxSubscription(publicUrl());
    const down = sandboxSubscription(publicUrl());
    for (const s of [gone, missing, down]) expect((await v.request('POST', '/api/push/subscriptions', s.body)).statusCode).toBe(201);
    await app.app.inject({ method: 'PUT', url: `/__sandbox/push/${gone.box}/refusal`, payload: { status: 410 } });
    await app.app.inject({ method: 'PUT', url: `/__sandbox/push/${missing.box}/refusal`, payload: { status: 404 } });
    await app.app.inject({ method: 'PUT', url: `/__sandbox/push/${down.box}/refusal`, payload: { status: 503 } });
    expect(await queueFor(customer.id)).toBe(3);
    expect(await app.app.push.deliver()).toMatchObject({ sent: 0, gone: 2, retried: 1 });
    expect((await subscriptionsOf(customer.id)).map((s) => s.endpoint)).toEqual([down.body.endpoint]);
    // Back up: the next try, once its delay passed, gets through.
    await app.app.inject({ method: 'PUT', url: `/__sandbox/push/${down.box}/refusal`, payload: { status: 0 } });
    expect(await app.app.push.deliver()).toMatchObject({ sent: 0 });
    app.clock.set(new Date(app.clock.now().getTime() + 11_000));
    expect(await app.app.push.deliver()).toMatchObject({ sent: 1 });
    expect(await pushesIn(app.app, down.box)).toHaveLength(1);
    expect(await f.db().select().from(t.pushOutbox)).toEqual([]);
  });

  it('gives a push up after a few tries, and never sends one past its expiry', async () => {
    const { v, customer } = await f.customerVisitor();
    const down = sandboxSubscription(publicUrl());
    expect((await v.request('POST', '/api/push/subscriptions', down.body)).statusCode).toBe(201);
    await app.app.inject({ method: 'PUT', url: `/__sandbox/push/${down.box}/refusal`, payload: { status: 503 } });
    await enqueuePushes(f.db(), [{ customerId: customer.id, message }], { ttl: 600, urgency: 'high', expiresAt: new Date(app.clock.now().getTime() + 3600_000) });
    for (let i = 0; i < PUSH_MAX_ATTEMPTS; i++) {
      await app.app.push.deliver();
      app.clock.set(new Date(app.clock.now().getTime() + 5 * 60_000));
    }
    expect(await f.db().select().from(t.pushOutbox)).toEqual([]);
    await app.app.inject({ method: 'PUT', url: `/__sandbox/push/${down.box}/refusal`, payload: { status: 0 } });
    await enqueuePushes(f.db(), [{ customerId: customer.id, message }], { ttl: 600, urgency: 'high', expiresAt: new Date(app.clock.now().getTime() - 1) });
    expect(await app.app.push.deliver()).toMatchObject({ sent: 0, dropped: 1 });
    expect(await pushesIn(app.app, down.box)).toEqual([]);
  });
});
