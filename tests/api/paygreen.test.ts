import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../server/env';
import {
  createPayGreenClient,
  normaliseStatus,
  payGreenConfig,
  PayGreenError,
  type CreatePaymentOrderInput,
  type PayGreenClient,
} from '../../server/payments/paygreen/paygreen-client';
import { createTestApp, injectFetch, visitor, type TestApp, PRODUCTION_KEYS } from './helpers';

const P = '/__sandbox/paygreen';

/** The shop's own notification route: the only one the emulator notifies. */
const NOTIFICATION_URL = 'http://localhost:3000/api/payment/paygreen/notification';

/** The notifications the emulator sent (its driver lists them), waited for up to 2 s. */
async function notificationsOf(id: string, count = 1) {
  let sent: { id: string; notification_url: string; response_status: number | null }[] = [];
  for (let i = 0; i < 200; i++) {
    sent = (await t.app.inject({ method: 'GET', url: `${P}/notifications?id=${id}` })).json<{ data: typeof sent }>().data;
    if (sent.length >= count) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  expect(sent.length).toBeGreaterThanOrEqual(count);
  return sent;
}

let t: TestApp;
let authCalls: string[];
let client: PayGreenClient;

function newClient(options: { secretKey?: string; shopId?: string; now?: () => number; calls?: string[]; fetch?: typeof fetch; timeoutMs?: number } = {}) {
  const config = payGreenConfig(t.app.env);
  return createPayGreenClient({
    ...config,
    ...(options.shopId ? { shopId: options.shopId } : {}),
    ...(options.secretKey ? { secretKey: options.secretKey } : {}),
    fetch: options.fetch ?? injectFetch(t.app, options.calls),
    now: options.now ?? (() => t.clock.now().getTime()),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
}

const input = (overrides: Partial<CreatePaymentOrderInput> = {}): CreatePaymentOrderInput => ({
  amount: 1290,
  reference: 'CMD-2026-0042',
  returnUrl: 'http://localhost:3000/commande/42/paiement',
  cancelUrl: 'http://localhost:3000/panier',
  notificationUrl: NOTIFICATION_URL,
  buyer: { email: 'demo@popote.fr', firstName: 'Camille', lastName: 'Durand', reference: 'customer-1' },
  eligibleFood: 1290,
  ...overrides,
});

const pathOf = (url: string | null) => new URL(url!).pathname;
const submit = (id: string, outcome: string) =>
  t.app.inject({ method: 'POST', url: `${P}/pay/${id}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `outcome=${outcome}` });
const auth = async () => {
  const res = await t.app.inject({ method: 'POST', url: `${P}/auth/authentication/sh_sandbox/secret-key`, headers: { authorization: 'sk_sandbox' } });
  return `Bearer ${res.json<{ data: { token: string } }>().data.token}`;
};

async function rejection(promise: Promise<unknown>): Promise<PayGreenError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PayGreenError);
  return err as PayGreenError;
}

beforeAll(async () => {
  t = await createTestApp();
  authCalls = [];
  client = newClient({ calls: authCalls });
});

afterAll(async () => {
  await t.close();
});

describe('payGreenConfig', () => {
  it('uses the real API when both credentials are set, the emulator otherwise (sandbox on), else fails clearly', () => {
    expect(payGreenConfig(loadEnv({ PAYGREEN_SHOP_ID: 'sh_123', PAYGREEN_SECRET_KEY: 'sk_live_abcdef' }))).toEqual({
      sandbox: false,
      apiUrl: 'https://api.paygreen.fr',
      shopId: 'sh_123',
      secretKey: 'sk_live_abcdef',
    });
    expect(payGreenConfig(loadEnv({ PAYGREEN_SHOP_ID: 'sh_123', PAYGREEN_SECRET_KEY: 'sk_live_abcdef', PAYGREEN_API_URL: 'https://sb-api.paygreen.fr/' })).apiUrl).toBe(
      'https://sb-api.paygreen.fr',
    );
    expect(payGreenConfig(loadEnv({ PUBLIC_URL: 'https://popote.example/', SANDBOX: '1' }))).toEqual({
      sandbox: true,
      apiUrl: 'https://popote.example/__sandbox/paygreen',
      shopId: 'sh_sandbox',
      secretKey: 'sk_sandbox',
    });
    expect(() => payGreenConfig(loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://popote.example', ...PRODUCTION_KEYS }))).toThrow(/PAYGREEN_SHOP_ID and PAYGREEN_SECRET_KEY/);
  });

  it('refuses half a configuration', () => {
    expect(() => loadEnv({ PAYGREEN_SHOP_ID: 'sh_123' })).toThrow(/PAYGREEN_SECRET_KEY/);
    expect(() => loadEnv({ PAYGREEN_SECRET_KEY: 'sk_live_abcdef' })).toThrow(/PAYGREEN_SHOP_ID/);
  });

  it('normalises prefixed and bare statuses', () => {
    expect(normaliseStatus('payment_order.successed')).toBe('successed');
    expect(normaliseStatus('refused')).toBe('refused');
    expect(normaliseStatus('payment_order.unknown')).toBeNull();
  });
});

describe('checkout through the hosted page', () => {
  it('creates an order, shows the page, pays, redirects to return_url and notifies', async () => {
    const order = await client.createPaymentOrder(input());
    expect(order).toMatchObject({ status: 'pending', amount: 1290, currency: 'eur', reference: 'CMD-2026-0042' });
    expect(order.id).toMatch(/^po_\w+$/);
    expect(order.hosted_payment_url).toBe(`http://localhost:3000${P}/pay/${order.id}`);

    const pageRes = await t.app.inject({ method: 'GET', url: pathOf(order.hosted_payment_url) });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.headers['content-type']).toMatch(/^text\/html/);
    expect(pageRes.headers['cache-control']).toBe('no-store');
    expect(pageRes.headers['content-security-policy']).toMatch(/form-action 'self'/);
    const html = pageRes.body;
    expect(html).toContain('12,90');
    expect(html).toContain('CMD-2026-0042');
    expect(html).toContain(`<form method="post" action="${P}/pay/${order.id}">`);
    for (const [label, value] of [
      ['Payer avec la carte de test', 'success'],
      ['Refuser le paiement', 'refuse'],
      ['Laisser en attente', 'pending'],
    ]) {
      expect(html).toMatch(new RegExp(`<button [^>]*name="outcome" value="${value}">${label}</button>`));
    }
    expect(html).toContain('href="http://localhost:3000/panier?po_id=');
    expect(html).not.toMatch(/<script/i);

    const paid = await submit(order.id, 'success');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://localhost:3000/commande/42/paiement?po_id=${order.id}`);

    expect(await client.getPaymentOrder(order.id)).toMatchObject({ id: order.id, status: 'successed' });
    // The shop's notification route was called with the order's id (it takes it, paying nothing it does not know).
    expect((await notificationsOf(order.id))[0]).toMatchObject({ notification_url: NOTIFICATION_URL, response_status: 200 });

    // The page of a settled order offers no more buttons, and a second submit changes nothing.
    const settled = await t.app.inject({ method: 'GET', url: `${P}/pay/${order.id}` });
    expect(settled.body).toContain('Ce paiement est payé');
    expect(settled.body).not.toContain('<button');
    expect((await submit(order.id, 'refuse')).statusCode).toBe(303);
    expect((await client.getPaymentOrder(order.id)).status).toBe('successed');
  });

  it('refuses, and stays pending without notifying', async () => {
    const refused = await client.createPaymentOrder(input({ reference: 'CMD-REFUSE' }));
    expect((await submit(refused.id, 'refuse')).statusCode).toBe(303);
    expect((await client.getPaymentOrder(refused.id)).status).toBe('refused');
    await notificationsOf(refused.id);

    const waiting = await client.createPaymentOrder(input({ reference: 'CMD-WAIT', returnUrl: 'http://localhost:3000/retour?commande=7#haut' }));
    const res = await submit(waiting.id, 'pending');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://localhost:3000/retour?commande=7&po_id=${waiting.id}#haut`);
    expect((await client.getPaymentOrder(waiting.id)).status).toBe('pending');
    // Nothing was sent for it: the only notification is the one replayed on demand.
    const replay = await t.app.inject({ method: 'POST', url: `${P}/payment-orders/${waiting.id}/notify` });
    expect(replay.json()).toEqual({ data: { notification_url: NOTIFICATION_URL, response_status: 200, error: null } });
    expect(await notificationsOf(waiting.id)).toHaveLength(1);
  });

  it('answers an HTML 404 for an unknown order and a 400 for a bad outcome', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${P}/pay/po_nope` });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Ce paiement est introuvable');
    const order = await client.createPaymentOrder(input());
    expect((await submit(order.id, 'steal')).statusCode).toBe(400);
    expect((await client.getPaymentOrder(order.id)).status).toBe('pending');
  });

  it('escapes what the shop sent', async () => {
    const order = await client.createPaymentOrder(
      input({ reference: '<script>alert(1)</script>', cancelUrl: 'http://localhost:3000/panier?x="><script>alert(2)</script>' }),
    );
    const html = (await t.app.inject({ method: 'GET', url: `${P}/pay/${order.id}` })).body;
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).not.toContain('x="><');
  });

  it('takes form posts in the sandbox only: the API still refuses them', async () => {
    const v = await visitor(t.app);
    const res = await v.request('POST', '/api/newsletter', 'email=a%40b.fr', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
  });
});

describe('refund and cancel', () => {
  it('refunds part, then the rest; refuses what cannot be refunded', async () => {
    const order = await client.createPaymentOrder(input());
    expect((await rejection(client.refund(order.id))).status).toBe(422);
    await submit(order.id, 'success');

    const partial = await client.refund(order.id, 290);
    expect(partial.status).toBe('successed');
    const tooMuch = await rejection(client.refund(order.id, 1001));
    expect(tooMuch).toMatchObject({ status: 422, code: 'amount_too_high' });
    expect((await client.refund(order.id)).status).toBe('refunded');
    const raw = await t.app.inject({ method: 'GET', url: `${P}/payment/payment-orders/${order.id}`, headers: { authorization: await auth() } });
    expect(raw.json()).toMatchObject({ data: { status: 'payment_order.refunded', refunded_amount: 1290 } });
  });

  it('cancels a pending order only', async () => {
    const order = await client.createPaymentOrder(input());
    expect((await client.cancel(order.id)).status).toBe('canceled');
    expect((await rejection(client.cancel(order.id))).status).toBe(422);
    const paid = await client.createPaymentOrder(input());
    await submit(paid.id, 'success');
    expect(await rejection(client.cancel(paid.id))).toMatchObject({ status: 422, code: 'invalid_status' });
  });
});

describe('errors', () => {
  it('refuses a wrong secret or shop with 401', async () => {
    for (const bad of [newClient({ secretKey: 'sk_wrong' }), newClient({ shopId: 'sh_other' })]) {
      const err = await rejection(bad.createPaymentOrder(input()));
      expect(err.status).toBe(401);
      expect(err.message).toMatch(/Invalid shop id or secret key/);
    }
  });

  it('maps an unknown order to a 404 PayGreenError', async () => {
    expect(await rejection(client.getPaymentOrder('po_doesnotexist'))).toMatchObject({ status: 404, code: 'not_found' });
    expect((await rejection(client.refund('po_doesnotexist'))).status).toBe(404);
  });

  it('wants a valid bearer token on the API', async () => {
    const url = `${P}/payment/payment-orders/po_x`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer a.b.c' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: { authorization: await auth() } })).statusCode).toBe(404);
  });

  it('times out and reports network failures', async () => {
    const hanging = ((_input: unknown, init?: RequestInit) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))) as typeof fetch;
    expect(await rejection(newClient({ fetch: hanging, timeoutMs: 30 }).getPaymentOrder('po_x'))).toMatchObject({ code: 'timeout', status: undefined });
    const down = (() => Promise.reject(new TypeError('fetch failed'))) as typeof fetch;
    expect(await rejection(newClient({ fetch: down }).getPaymentOrder('po_x'))).toMatchObject({ code: 'network' });
  });

  it('fails the next calls as asked by the failure driver', async () => {
    const set = await t.app.inject({ method: 'POST', url: `${P}/failures`, payload: { status: 503, count: 1 } });
    expect(set.statusCode).toBe(200);
    expect(await rejection(client.createPaymentOrder(input()))).toMatchObject({ status: 503, code: 'provider_error' });
    expect((await client.createPaymentOrder(input())).status).toBe('pending');
    await t.app.inject({ method: 'POST', url: `${P}/failures`, payload: { status: 422, code: 'amount_not_allowed', count: 5 } });
    expect((await t.app.inject({ method: 'DELETE', url: `${P}/failures` })).statusCode).toBe(204);
    expect((await client.createPaymentOrder(input())).status).toBe('pending');
  });
});

describe('bearer token', () => {
  it('is kept, renewed before it expires, and renewed once when refused', async () => {
    const calls: string[] = [];
    const authCount = () => calls.filter((c) => c.includes('/auth/')).length;
    const c = newClient({ calls });
    const order = await c.createPaymentOrder(input());
    await c.getPaymentOrder(order.id);
    expect(authCount()).toBe(1);

    // Ten minutes later (clock shared by both sides): renewed before use, no refusal.
    t.clock.set(new Date(t.clock.now().getTime() + 9.5 * 60 * 1000));
    await c.getPaymentOrder(order.id);
    expect(authCount()).toBe(2);

    // The client believes its token valid (its clock stands still) but PayGreen has expired it.
    const frozen = t.clock.now().getTime();
    const calls2: string[] = [];
    const stale = newClient({ calls: calls2, now: () => frozen });
    await stale.getPaymentOrder(order.id);
    t.clock.set(new Date(frozen + 11 * 60 * 1000));
    expect((await stale.getPaymentOrder(order.id)).id).toBe(order.id);
    expect(calls2).toEqual([
      'POST /__sandbox/paygreen/auth/authentication/sh_sandbox/secret-key',
      `GET /__sandbox/paygreen/payment/payment-orders/${order.id}`,
      `GET /__sandbox/paygreen/payment/payment-orders/${order.id}`,
      'POST /__sandbox/paygreen/auth/authentication/sh_sandbox/secret-key',
      `GET /__sandbox/paygreen/payment/payment-orders/${order.id}`,
    ]);
    t.clock.set(new Date(frozen - 9.5 * 60 * 1000));
  });

  it('retries only once', async () => {
    const calls: string[] = [];
    const inner = injectFetch(t.app, calls);
    // Every token refused: two attempts, then the 401 reaches the caller.
    const refusing = (async (input: string | URL | Request, init?: RequestInit) => {
      const res = await inner(input, init);
      return String(input).includes('/auth/') ? res : new Response('{"message":"expired"}', { status: 401 });
    }) as typeof fetch;
    const err = await rejection(newClient({ fetch: refusing }).getPaymentOrder('po_x'));
    expect(err.status).toBe(401);
    expect(calls.filter((c) => c.includes('/auth/'))).toHaveLength(2);
  });

  it('shares one authentication between concurrent calls', async () => {
    const calls: string[] = [];
    const c = newClient({ calls });
    const order = await client.createPaymentOrder(input());
    await Promise.all([c.getPaymentOrder(order.id), c.getPaymentOrder(order.id), c.getPaymentOrder(order.id)]);
    expect(calls.filter((x) => x.includes('/auth/'))).toHaveLength(1);
  });
});

describe('emulator API shapes', () => {
  it('answers PayGreen-shaped payment orders, accepts the secret in the body and empty JSON bodies', async () => {
    const tokenRes = await t.app.inject({ method: 'POST', url: `${P}/auth/authentication/sh_sandbox/secret-key`, payload: { secret_key: 'sk_sandbox' } });
    expect(tokenRes.statusCode).toBe(200);
    const token = tokenRes.json<{ data: { token: string } }>().data.token;
    expect(token.split('.')).toHaveLength(3);
    const authorization = `Bearer ${token}`;

    const created = await t.app.inject({
      method: 'POST',
      url: `${P}/payment/payment-orders`,
      headers: { authorization },
      payload: {
        amount: 2650,
        currency: 'eur',
        mode: 'instant',
        auto_capture: true,
        platforms: ['bank_card', 'conecs'],
        reference: 'REF-1',
        buyer: { email: 'a@b.fr', first_name: 'A', last_name: 'B', reference: 'c-1' },
        return_url: 'http://localhost:3000/ok',
        cancel_url: 'http://localhost:3000/ko',
      },
    });
    expect(created.statusCode).toBe(200);
    const data = created.json<{ data: Record<string, unknown> }>().data;
    expect(data).toMatchObject({
      object: 'payment_order',
      status: 'payment_order.pending',
      amount: 2650,
      currency: 'eur',
      reference: 'REF-1',
      buyer: { email: 'a@b.fr', first_name: 'A', last_name: 'B', reference: 'c-1' },
      return_url: `http://localhost:3000/ok?po_id=${data.id as string}`,
      cancel_url: `http://localhost:3000/ko?po_id=${data.id as string}`,
      notification_url: null,
      hosted_payment_url: `http://localhost:3000${P}/pay/${data.id as string}`,
      created_at: t.clock.now().toISOString(),
    });

    const cancel = await t.app.inject({
      method: 'POST',
      url: `${P}/payment/payment-orders/${data.id as string}/cancel`,
      headers: { authorization, 'content-type': 'application/json' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ data: { status: 'payment_order.canceled' } });
  });

  it('refuses bad input with 400', async () => {
    const authorization = await auth();
    const res = await t.app.inject({
      method: 'POST',
      url: `${P}/payment/payment-orders`,
      headers: { authorization },
      payload: { amount: -5, currency: 'euro', reference: '', buyer: { email: 'x' }, return_url: 'javascript:alert(1)' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, code: 'invalid_parameters' });
    const broken = await t.app.inject({ method: 'POST', url: `${P}/payment/payment-orders`, headers: { authorization, 'content-type': 'application/json' }, payload: '{' });
    expect(broken.statusCode).toBe(400);
  });

  it('sets any status and replays notifications through the drivers', async () => {
    const order = await client.createPaymentOrder(input());
    const res = await t.app.inject({ method: 'POST', url: `${P}/payment-orders/${order.id}/outcome`, payload: { status: 'expired' } });
    expect(res.statusCode).toBe(200);
    expect((await client.getPaymentOrder(order.id)).status).toBe('expired');
    await notificationsOf(order.id);
    expect((await t.app.inject({ method: 'POST', url: `${P}/payment-orders/${order.id}/outcome`, payload: { status: 'paid' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `${P}/payment-orders/po_nope/notify` })).statusCode).toBe(404);
  });
});

describe('without the sandbox', () => {
  it('has no PayGreen emulator', async () => {
    const off = await createTestApp({ env: { SANDBOX: '0' } });
    try {
      for (const [method, url] of [
        ['POST', `${P}/auth/authentication/sh_sandbox/secret-key`],
        ['POST', `${P}/payment/payment-orders`],
        ['GET', `${P}/payment/payment-orders/po_x`],
        ['GET', `${P}/pay/po_x`],
        ['POST', `${P}/pay/po_x`],
        ['POST', `${P}/payment-orders/po_x/outcome`],
        ['POST', `${P}/payment-orders/po_x/notify`],
        ['POST', `${P}/failures`],
      ] as const) {
        expect((await off.app.inject({ method, url })).statusCode).toBe(404);
      }
      expect(() => payGreenConfig(off.app.env)).toThrow(/not configured/);
    } finally {
      await off.close();
    }
  });
});
