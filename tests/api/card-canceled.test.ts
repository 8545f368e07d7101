import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { createTestApp, customerWithCart, type TestApp } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('a card payment the shop canceled, paid all the same', () => {
  it('is refunded, never turned into an order (a second one, once the customer paid anew)', async () => {
    const { call, customer } = await customerWithCart(app);
    const started = await call('POST', '/api/payment/paygreen');
    const po = new URL(started.json().hosted_payment_url as string).pathname.split('/').pop()!;
    // The customer gives up on the hosted page; the shop cancels the payment order.
    expect((await call('POST', '/api/payment/paygreen/cancel')).json()).toEqual({ pending: false });
    // PayGreen says it was paid after all (the buyer was still on its page).
    await app.app.inject({ method: 'POST', url: `/__sandbox/paygreen/payment-orders/${po}/outcome`, payload: { status: 'successed', notify: false } });
    const checked = await call('GET', `/api/payment/paygreen/${po}/order`);
    expect(checked.statusCode).toBe(402);
    expect(await app.database.db.select().from(t.orders).where(eq(t.orders.customerId, customer.id))).toEqual([]);
    const [provider] = await app.database.db.select().from(t.sandboxPaygreenOrders).where(eq(t.sandboxPaygreenOrders.id, po));
    expect(provider!.status).toBe('refunded');
  });
});
