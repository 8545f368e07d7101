import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { releaseExpiredCarts } from '../../server/modules/cart/cart.repo';
import { ERROR_CODES } from '#shared/api/errors';
import type { CatalogProduct } from '#shared/api/catalog';
import { fixtures } from './fixtures';
import { createTestApp, customerWithCart, refused, visitor, type TestApp } from './helpers';

/**
 * Requests that cross in the database answer what happened, or 409 when one had to give way;
 * never a 500. Run with real concurrency (Promise.all of requests, the expiry sweep beside them)
 * on PGlite and, with TEST_DATABASE_URL, on PostgreSQL, where locks can deadlock.
 */
let app: TestApp;
let dish: CatalogProduct;
beforeAll(async () => {
  app = await createTestApp();
  await app.database.db.update(t.productAvailabilities).set({ stock: null });
  dish = ((await app.app.inject('/api/products')).json() as CatalogProduct[]).find((d) => d.category === 'main' && !d.sold_out)!;
});
afterAll(() => app.close());

const db = () => app.database.db;
const { customerVisitor } = fixtures(() => app);

describe('races that used to answer 500', () => {
  it('the expiry sweep and the placement of the same cart: one waits for the other, 10 times', { timeout: 120_000 }, async () => {
    for (let i = 0; i < 10; i++) {
      const { call, customer, preOrder } = await customerWithCart(app);
      await call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: [{ quantity: Math.ceil(preOrder.remaining_price / 500), amount: 5 }] });
      await call('POST', '/api/pending-order/pool');
      // The cart is past its expiry as the customer pays: the sweep and the placement both want it.
      await db().update(t.carts).set({ expiresAt: new Date(app.clock.now().getTime() - 1000) }).where(eq(t.carts.customerId, customer.id));
      const [paid] = await Promise.all([call('POST', '/api/payment'), releaseExpiredCarts(db(), app.clock.now())]);
      expect([200, 409], paid.body).toContain(paid.statusCode);
      const orders = await db().select().from(t.orders).where(eq(t.orders.customerId, customer.id));
      expect(orders).toHaveLength(paid.statusCode === 200 ? 1 : 0);
      // Either way the cart is gone: given back by the sweep, or turned into the order.
      expect(await db().select().from(t.carts).where(eq(t.carts.customerId, customer.id))).toEqual([]);
    }
  });

  it('a logout during cart changes: the changes are made or refused, 80 times, a guest’s and a customer’s', { timeout: 120_000 }, async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 80; i++) {
      // A guest's cart belongs to the session the logout deletes; a customer's to the customer.
      const v = i % 2 ? (await customerVisitor()).v : await visitor(app.app);
      const answers = await Promise.all([
        v.request('POST', '/api/cart/products', { id: dish.id }),
        v.request('POST', '/api/logout'),
        v.request('POST', '/api/cart/deposits'),
        v.request('POST', '/api/cart/cutlery'),
      ]);
      for (const res of answers) {
        statuses.add(res.statusCode);
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode === 409 && res.json().code === ERROR_CODES.conflict) refused(res, 409, ERROR_CODES.conflict);
      }
    }
    expect(statuses.has(200)).toBe(true);
  });
});
