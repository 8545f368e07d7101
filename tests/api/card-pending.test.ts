import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { fixtures } from './fixtures';
import { createTestApp, customerWithCart as customerWithCartAt, refused, type TestApp } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const { ordersOf, startCard, hostedPage: pay } = fixtures(() => app);
const poOf = (url: string) => new URL(url).pathname.split('/').pop()!;
const notifyCard = (po: string) => app.app.inject({ method: 'POST', url: '/api/payment/paygreen/notification', payload: { id: po } });

/** PayGreen payment orders of a customer that took money and kept it. */
async function charges(customerId: number) {
  const rows = await app.database.db.select().from(t.payments).where(eq(t.payments.customerId, customerId));
  if (!rows.length) return [];
  return app.database.db
    .select()
    .from(t.sandboxPaygreenOrders)
    .where(and(inArray(t.sandboxPaygreenOrders.id, rows.map((r) => r.providerId)), eq(t.sandboxPaygreenOrders.status, 'successed')));
}

describe('a card payment under way locks the basket', () => {
  it('refuses cart changes, a new pre-order, vouchers, pool and Edenred until it is settled or canceled', async () => {
    const { call, dish } = await customerWithCartAt(app);
    const po = await startCard(call);
    await pay(po, 'pending');
    const attempts = [
      call('POST', '/api/cart/products', { id: dish.id }),
      call('POST', '/api/cart/validate'),
      call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: [{ quantity: 1, amount: 5 }] }),
      call('POST', '/api/pending-order/pool'),
      call('POST', '/api/payment'),
      call('POST', '/api/payment/edenred/session'),
    ];
    for (const res of await Promise.all(attempts)) expect(refused(res, 409, 'payment_pending').message).toMatch(/paiement par carte est en cours/);
    // Reading stays open, and the cart says it is locked.
    expect((await call('GET', '/api/cart')).json().payment_pending).toBe(true);
    expect((await call('POST', '/api/pending-order')).statusCode).toBe(200);

    // The customer gives up: canceled at PayGreen, the cart is theirs again.
    expect((await call('POST', '/api/payment/paygreen/cancel')).json()).toEqual({ pending: false });
    const [provider] = await app.database.db.select().from(t.sandboxPaygreenOrders).where(eq(t.sandboxPaygreenOrders.id, po));
    expect(provider!.status).toBe('canceled');
    const added = await call('POST', '/api/cart/products', { id: dish.id });
    expect(added.statusCode).toBe(200);
    expect(added.json().payment_pending).toBeUndefined();
  });

  it('a payment PayGreen confirms meanwhile is placed by the next attempt, never charged twice', async () => {
    const { call, customer } = await customerWithCartAt(app);
    const po = await startCard(call);
    await app.app.inject({ method: 'POST', url: `/__sandbox/paygreen/payment-orders/${po}/outcome`, payload: { status: 'successed', notify: false } });
    refused(await call('POST', '/api/payment/paygreen'), 409, 'already_paid');
    expect(await ordersOf(customer.id)).toHaveLength(1);
    expect(await charges(customer.id)).toHaveLength(1);
  });

  it('an authorized payment PayGreen will not cancel keeps the basket locked', async () => {
    const { call, customer } = await customerWithCartAt(app);
    const po = await startCard(call);
    await app.app.inject({ method: 'POST', url: `/__sandbox/paygreen/payment-orders/${po}/outcome`, payload: { status: 'authorized', notify: false } });
    refused(await call('POST', '/api/payment/paygreen'), 409, 'payment_pending');
    refused(await call('POST', '/api/payment/paygreen/cancel'), 409, 'payment_pending');
    await app.app.inject({ method: 'POST', url: `/__sandbox/paygreen/payment-orders/${po}/outcome`, payload: { status: 'successed', notify: false } });
    // Polling (the order route) resolves it to its one order.
    expect((await call('GET', `/api/payment/paygreen/${po}/order`)).statusCode).toBe(200);
    expect(await ordersOf(customer.id)).toHaveLength(1);
  });

  it('two attempts at once on one basket: one live payment, one order, one charge', async () => {
    const { call, customer } = await customerWithCartAt(app);
    const answers = await Promise.all([call('POST', '/api/payment/paygreen'), call('POST', '/api/payment/paygreen'), call('POST', '/api/payment/paygreen')]);
    for (const res of answers) if (res.statusCode !== 200) refused(res, 409, 'payment_pending');
    const started = answers.filter((r) => r.statusCode === 200).map((r) => poOf(r.json().hosted_payment_url as string));
    expect(started.length).toBeGreaterThan(0);
    // The buyer pays on every page they were given, and every notification arrives twice.
    for (const po of started) await pay(po, 'success');
    await Promise.all(started.flatMap((po) => [notifyCard(po), notifyCard(po)]));
    expect(await ordersOf(customer.id)).toHaveLength(1);
    expect(await charges(customer.id)).toHaveLength(1);
  });

  it('replayed notifications give one order and one charge', async () => {
    const { call, customer } = await customerWithCartAt(app);
    const po = await startCard(call);
    await pay(po, 'success');
    await Promise.all(Array.from({ length: 6 }, () => notifyCard(po)));
    await Promise.all(Array.from({ length: 3 }, () => notifyCard(po)));
    expect(await ordersOf(customer.id)).toHaveLength(1);
    expect(await charges(customer.id)).toHaveLength(1);
    const [payment] = await app.database.db.select().from(t.payments).where(eq(t.payments.providerId, po));
    expect(payment).toMatchObject({ status: 'successed', orderId: (await ordersOf(customer.id))[0]!.id });
  });

  it('a start the server never finished blocks a new one for two minutes only', async () => {
    const { call, customer, preOrder } = await customerWithCartAt(app);
    const starting = (createdAt: Date) =>
      app.database.db
        .insert(t.payments)
        .values({ preOrderId: preOrder.id, customerId: customer.id, provider: 'paygreen', providerId: `starting-${createdAt.getTime()}`, amountCents: preOrder.remaining_price, status: 'starting', createdAt })
        .returning();
    const [fresh] = await starting(app.clock.now());
    refused(await call('POST', '/api/payment/paygreen'), 409, 'payment_pending');
    await app.database.db.update(t.payments).set({ createdAt: new Date(app.clock.now().getTime() - 3 * 60 * 1000) }).where(eq(t.payments.id, fresh!.id));
    await startCard(call);
    const [dead] = await app.database.db.select().from(t.payments).where(eq(t.payments.id, fresh!.id));
    expect(dead!.status).toBe('abandoned');
  });
});
