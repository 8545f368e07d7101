import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { releaseExpiredCarts } from '../../server/modules/cart/cart.repo';
import { staffStockSchema } from '#shared/api/staff';
import { MONDAY, refused } from './helpers';
import { addDish, testFile, type Visitor } from './fixtures';
import { TEAM, staffLoggedIn } from './staff-helpers';

/**
 * The kitchen lowers a dish's cap under what carts hold (a tray dropped, a late delivery): ten
 * customers each hold a portion in a validated cart, the cap leaves three for orders. A probe saw
 * none of the ten able to order: placing gave back the order's own cart's portion, then counted
 * the nine other carts' against the cap. The three portions go to the first three who pay; the
 * others are told the dish is sold out. PGlite and PostgreSQL (api-postgres).
 */

const { app, customerVisitor } = testFile({ unlimitedStock: true });

/** A customer holding one portion of the dish in a validated cart, the pool chosen to pay. */
async function holder(dishId: number): Promise<Visitor & { customerId: number }> {
  const { v, customer } = await customerVisitor({ poolCents: 200_00 });
  expect((await addDish(v, dishId)).statusCode).toBe(200);
  const locations = (await app.app.inject('/api/delivery-locations')).json() as { deliveries: { id: number }[] }[];
  expect((await v.request('POST', '/api/deliveries', { id: locations[0]!.deliveries[0]!.id })).statusCode).toBe(200);
  const validated = await v.request('POST', '/api/cart/validate');
  expect(validated.statusCode, validated.body).toBe(200);
  expect((await v.request('POST', '/api/pending-order/pool')).statusCode).toBe(200);
  return { ...v, customerId: customer.id };
}

describe('a cap lowered under what carts hold', () => {
  it('gives the portions left to the first holders who order, and tells the others the dish is sold out', async () => {
    const cook = await staffLoggedIn(app.app, TEAM.cuisine);
    const stockRow = async (id: number) => staffStockSchema.parse((await cook.request('GET', `/api/staff/stock?date=${MONDAY}`)).json()).dishes.find((d) => d.product_id === id)!;
    const dish = staffStockSchema.parse((await cook.request('GET', `/api/staff/stock?date=${MONDAY}`)).json()).dishes.find((d) => d.category === 'main' && d.ordered === 0)!;
    // Ten portions on sale, for ten customers.
    await app.database.db
      .update(t.productAvailabilities)
      .set({ stock: dish.reserved + 10 })
      .where(and(eq(t.productAvailabilities.productId, dish.product_id), eq(t.productAvailabilities.date, MONDAY)));
    const holders: Visitor[] = [];
    for (let i = 0; i < 10; i++) holders.push(await holder(dish.product_id));
    expect(await stockRow(dish.product_id)).toMatchObject({ reserved: dish.reserved + 10, left: 0 });

    // Three portions left for orders: the carts hold seven more than the cap.
    const lowered = await cook.request('PUT', `/api/staff/stock/${MONDAY}/${dish.product_id}`, { quantity: 3 });
    expect(lowered.statusCode, lowered.body).toBe(200);

    const placed = await Promise.all(holders.map((v) => v.request('POST', '/api/payment')));
    const statuses = placed.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409, 409, 409]);
    for (const res of placed.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toEqual({ code: 'sold_out', message: 'Un plat de votre commande vient d’être épuisé : modifiez votre panier puis validez-le à nouveau.' });
    }
    // Three ordered, within the cap; the seven carts still hold theirs until they change.
    expect(await stockRow(dish.product_id)).toMatchObject({ ordered: 3, stock: 3, reserved: dish.reserved + 10, left: 0, sold_out: true });

    // A refused holder removes the dish: its portion goes, and nothing more can be ordered.
    const refusedHolder = holders[placed.findIndex((r) => r.statusCode === 409)]!;
    const cart = (await refusedHolder.request('GET', '/api/cart')).json() as { products: { unique_id: string }[] };
    expect((await refusedHolder.request('POST', '/api/cart/decrement', { id: cart.products[0]!.unique_id })).statusCode).toBe(200);
    expect(await stockRow(dish.product_id)).toMatchObject({ ordered: 3, reserved: dish.reserved + 9 });
  });

  it('still keeps a cart’s portion from an order whose own cart no longer holds it', async () => {
    const cook = await staffLoggedIn(app.app, TEAM.cuisine);
    const dish = staffStockSchema.parse((await cook.request('GET', `/api/staff/stock?date=${MONDAY}`)).json()).dishes.find((d) => d.category === 'dessert' && d.ordered === 0)!;
    await app.database.db
      .update(t.productAvailabilities)
      .set({ stock: dish.reserved + 1 })
      .where(and(eq(t.productAvailabilities.productId, dish.product_id), eq(t.productAvailabilities.date, MONDAY)));
    // A validated cart left to expire, its portion released by the sweep; the last portion then
    // goes to another customer's cart. The first one's order must not take it from its holder.
    const late = await holder(dish.product_id);
    const [lateCart] = await app.database.db.select().from(t.carts).where(eq(t.carts.customerId, late.customerId));
    await app.database.db.update(t.carts).set({ expiresAt: new Date(0) }).where(eq(t.carts.id, lateCart!.id));
    expect(await releaseExpiredCarts(app.database.db, app.clock.now())).toBeGreaterThanOrEqual(1);
    const first = await holder(dish.product_id);

    refused(await late.request('POST', '/api/payment'), 409, 'sold_out');
    expect((await first.request('POST', '/api/payment')).statusCode).toBe(200);
  });
});
