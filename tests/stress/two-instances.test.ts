/**
 * Two server processes on one PostgreSQL, as behind a load balancer: a client whose requests
 * alternate between them keeps its session, cart and anti-forgery token; a rate limit is counted
 * once across both; a card payment started on one completes on the other; two tabs starting a card
 * payment for the same basket, one on each instance, leave one live payment, one order, one charge.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  ServerProcess,
  allAtOnce,
  customerWithCart,
  dearestDish,
  deliveryMorning,
  firstDeliveryId,
  notify,
  providerMarksPaid,
  startCard,
  stressDatabase,
  type StressDatabase,
} from './harness';

let db: StressDatabase;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  db = await stressDatabase();
  // Rate limits at their production values (RATE_LIMIT_FACTOR 1).
  a = await ServerProcess.start({ databaseUrl: db.url });
  const morning = await deliveryMorning(a);
  await a.setClock(morning);
  b = await ServerProcess.start({ databaseUrl: db.url, frozenAt: morning });
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
});

const ordersOf = (customerId: number) => db.rows<{ id: number }>('select id from orders where customer_id = $1', [customerId]);

describe('one client, two instances', () => {
  it('keeps the session, the cart and the anti-forgery token whichever instance answers', async () => {
    const client = new Client(a.url);
    const on = (s: ServerProcess) => ({ base: s.url });
    await client.get('/api/state', on(a));
    const anonymousToken = client.cookie('XSRF-TOKEN');
    // Made on A, accepted on B.
    const dish = await dearestDish(a.url);
    expect((await client.post('/api/cart/products', { id: dish.id }, on(b))).status).toBe(200);
    expect((await client.post('/api/deliveries', { id: await firstDeliveryId(a.url) }, on(a))).status).toBe(200);
    const cartOnB = await client.get('/api/cart', on(b));
    expect(cartOnB.json.products.map((p: { product_id: number }) => p.product_id)).toEqual([dish.id]);
    // No token, or another one: refused by both.
    for (const s of [a, b]) {
      const forged = await client.request('POST', '/api/cart/products', { id: dish.id }, { base: s.url, headers: { 'x-xsrf-token': 'forged' } });
      expect(forged.status).toBe(419);
    }
    const email = `alterne-${Date.now()}@example.fr`;
    const reg = await client.post('/api/register', { firstname: 'Alix', lastname: 'Alterne', phone: '0612345678', email, password: 'secret-123', password_confirmation: 'secret-123', cgv: true }, on(b));
    expect(reg.status, reg.body).toBe(201);
    const login = await client.post('/api/login', { email, password: 'secret-123' }, on(a));
    expect(login.status, login.body).toBe(200);
    // The login made a new session and token (no fixation); the cart followed, on both instances.
    expect(client.cookie('XSRF-TOKEN')).not.toBe(anonymousToken);
    expect((await client.get('/api/me', on(b))).json.email).toBe(email);
    expect((await client.get('/api/cart', on(b))).json.products).toHaveLength(1);
    expect((await client.post('/api/cart/products', { id: dish.id }, on(b))).json.products[0].quantity).toBe(2);
    const validated = await client.post('/api/cart/validate', undefined, on(a));
    expect(validated.status, validated.body).toBe(200);
    expect((await client.post('/api/pending-order', undefined, on(b))).json.id).toBe(validated.json.id);
    // Logging out on B ends the session for A too.
    expect((await client.post('/api/logout', undefined, on(b))).status).toBe(200);
    expect((await client.get('/api/me', on(a))).status).toBe(401);
  });

  it('counts a rate limit once across both instances', async () => {
    // Wrong promo codes: 10 per visitor in 15 minutes, wherever they land; then even a right one waits.
    const client = new Client(a.url);
    await client.get('/api/state');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await client.post('/api/cart/discounts', { code: `FAUX${i}` }, { base: (i % 2 ? b : a).url });
      statuses.push(res.status);
      if (res.status === 429) expect(res.json).toMatchObject({ code: 'too_many_requests' });
    }
    expect(statuses).toEqual([...Array(10).fill(422), 429, 429]);
    expect(await db.one("select max(count) from rate_limits where key like 'wrong-code:session:%'")).toBe(10);
  });

  it('sees a dish sold out on one instance in the other’s catalog at once', async () => {
    const client = new Client(a.url);
    const state = await client.get('/api/state');
    const dish = (await dearestDish(b.url))!;
    await db.pool.query('update product_availabilities set stock = reserved + 1 where product_id = $1 and date = $2', [dish.id, state.json.current_delivery_date]);
    const soldOutOnB = async () => ((await (await fetch(`${b.url}/api/products`)).json()) as { id: number; sold_out: boolean }[]).find((p) => p.id === dish.id)?.sold_out;
    expect(await soldOutOnB()).toBe(false);
    expect((await client.post('/api/cart/products', { id: dish.id })).status).toBe(200);
    expect(await soldOutOnB()).toBe(true);
  });
});

describe('card payments across instances', () => {
  it('completes on B a payment started on A: the return on B places the order, the notification on A finds it', async () => {
    const { client, customerId, preOrder } = await customerWithCart(a.url);
    const po = await startCard(client, a.url);
    await providerMarksPaid(a.url, po);
    const back = await client.get(`/api/payment/paygreen/return?po_id=${po}`, { base: b.url });
    expect(back.headers.get('location')).toBe(`/passer-commande?payment_status=success&po_id=${po}`);
    expect(await notify(a.url, po)).toEqual({ status: 200, json: { received: true, status: 'success' } });
    const orders = await ordersOf(customerId);
    expect(orders).toHaveLength(1);
    const viaB = await client.get(`/api/payment/paygreen/${po}/order`, { base: b.url });
    expect(viaB.json).toMatchObject({ id: orders[0]!.id, amount_total: preOrder.remaining_price });
  });

  it('two tabs start a card payment for the same basket at once, one on each instance: one live payment, one order, one charge', async () => {
    const { client, customerId } = await customerWithCart(a.url);
    const starts = await allAtOnce<{ status: number; json: { hosted_payment_url?: string; code?: string } }>(2, (i) =>
      client.post('/api/payment/paygreen', undefined, { base: [a, b][i]!.url }),
    );
    for (const res of starts) expect(res.status === 200 || (res.status === 409 && res.json.code === 'payment_pending')).toBe(true);
    const started = starts.filter((r) => r.status === 200).map((r) => new URL(r.json.hosted_payment_url!).pathname.split('/').pop()!);
    expect(started.length).toBeGreaterThan(0);
    // A later attempt on the other instance cancels the earlier one at PayGreen first.
    const again = await startCard(client, b.url);
    const live = await db.rows<{ provider_id: string }>("select provider_id from payments where customer_id = $1 and status in ('starting', 'pending', 'authorized')", [customerId]);
    expect(live.map((p) => p.provider_id)).toEqual([again]);
    // The buyer pays the live one; returns and notifications cross the two instances, all at once.
    await providerMarksPaid(a.url, again);
    const answers = await allAtOnce<{ status: number }>(8, (i) => {
      const server = [a, b][i % 2]!;
      return i < 4 ? client.get(`/api/payment/paygreen/return?po_id=${again}`, { base: server.url }) : notify(server.url, again);
    });
    expect(answers.every((x) => x.status < 500)).toBe(true);
    expect(await ordersOf(customerId)).toHaveLength(1);
    const ids = [...started, again];
    const provider = await db.rows<{ id: string; status: string }>('select id, status from sandbox_paygreen_orders where id = any($1)', [ids]);
    expect(provider.filter((p) => p.status === 'successed').map((p) => p.id)).toEqual([again]);
    expect(provider.filter((p) => p.id !== again).every((p) => p.status === 'canceled')).toBe(true);
    expect((await client.get(`/api/payment/paygreen/${again}/order`, { base: a.url })).status).toBe(200);
  });
});
