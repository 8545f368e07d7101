import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { addDays } from '#shared/time';
import { MONDAY, at, createTestApp, customerWithCart, moneyOf, type TestApp } from './helpers';
import { staffLoggedIn } from './staff-helpers';

/**
 * A customer's money adds up: every pool movement summed is the pool shown, the vouchers waiting
 * for the courier are the pending part shown, and every order's means of payment add up to what
 * it cost. Checked over a journey that uses vouchers, staff confirmation and the pool.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const fivers = (cents: number) => [{ quantity: Math.ceil(cents / 500), amount: 5 }];

describe('a customer’s ledger', () => {
  it('adds up: pool movements to the pool, unconfirmed excess to the pending part, means to each order’s total', async () => {
    const { call, customer, preOrder, dish } = await customerWithCart(app);
    const db = app.database.db;
    const pay = async (remaining: number) => {
      expect((await call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: fivers(remaining) })).statusCode).toBe(200);
      expect((await call('POST', '/api/pending-order/pool')).statusCode).toBe(200);
      const placed = await call('POST', '/api/payment');
      expect(placed.statusCode, placed.body).toBe(200);
      return placed.json<{ id: number }>().id;
    };
    const again = async () => {
      expect((await call('POST', '/api/cart/products', { id: dish.id })).statusCode).toBe(200);
      const locations = (await app.app.inject('/api/delivery-locations')).json() as { deliveries: { id: number }[] }[];
      expect((await call('POST', '/api/deliveries', { id: locations[0]!.deliveries[0]!.id })).statusCode).toBe(200);
      const validated = await call('POST', '/api/cart/validate');
      expect(validated.statusCode, validated.body).toBe(200);
      return validated.json<{ remaining_price: number }>().remaining_price;
    };

    // First order paid with vouchers, confirmed by the staff; the second with the pool and
    // vouchers, not confirmed yet.
    const first = await pay(preOrder.remaining_price);
    const confirmed = await (await staffLoggedIn(app.app)).request('POST', `/api/staff/orders/${first}/paper-vouchers/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // The next day's order: meal vouchers pay at most 25 € a day, two of these the same day would not.
    app.clock.set(at(addDays(MONDAY, 1), '09:00:00'));
    await call('GET', '/api/state');
    expect((await call('POST', '/api/login', { email: customer.email, password: 'secret-123' })).statusCode).toBe(200);
    await pay(await again());

    const me = (await call('GET', '/api/me')).json<{ pool: number; poolPending: number; poolHistories: { amount: number }[] }>();
    const money = await moneyOf(app.database, customer.id);
    const orders = await db.select().from(t.orders).where(eq(t.orders.customerId, customer.id));
    expect(orders).toHaveLength(2);

    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(money.history.map((m) => m.amount))).toBe(money.pool);
    expect(me.pool).toBe(money.pool);
    expect(sum(me.poolHistories.map((h) => h.amount))).toBe(me.pool);
    expect(me.poolPending).toBe(sum(orders.filter((o) => !o.paperVouchersConfirmedAt).map((o) => o.paperVouchersExcessCents)));
    for (const order of orders) expect(sum(order.paymentMeans.map((m) => m.amountCents)), `order ${order.id}`).toBe(order.amountTotalCents);
  });
});
