import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { heldDeposits } from '../../server/modules/cart/cart.repo';
import { menusSchema } from '#shared/api/catalog';
import { composeFirst } from './fixtures';
import { MONDAY, at, createTestApp, customerWithCart, moneyOf, refused, setMoney, type TestApp } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** The first menu with the first dish of each required category. */
const firstFormula = async () => composeFirst(menusSchema.parse((await app.app.inject('/api/menus')).json())[0]!);

/** A customer who ordered a formula (so a container) for Monday, paid from their pool. */
async function customerWithMondayFormula() {
  const c = await customerWithCart(app);
  expect((await c.call('POST', '/api/cart/menus', { menu: await firstFormula() })).statusCode).toBe(200);
  await setMoney(app.database, c.customer.id, { poolCents: 100_00 });
  expect((await c.call('POST', '/api/cart/validate')).statusCode).toBe(200);
  await c.call('POST', '/api/pending-order/pool');
  const placed = await c.call('POST', '/api/payment');
  expect(placed.statusCode, placed.body).toBe(200);
  expect((await moneyOf(app.database, c.customer.id)).containers).toBe(1);
  return { ...c, orderId: placed.json().id as number };
}

describe('a container is returnable once the order that brought it is delivered', () => {
  it('a second order for the same day cannot return the first one’s container', async () => {
    const { call, dish, customer, orderId } = await customerWithMondayFormula();
    expect((await call('POST', '/api/cart/products', { id: dish.id })).statusCode).toBe(200);
    // Held (the account counts it) but not delivered yet: said so, not "none left".
    const notYet = refused(await call('POST', '/api/cart/deposits'), 409, 'deposits_not_delivered');
    expect(notYet.message).toBe('Vos contenants arrivent avec votre commande en cours : vous pourrez les rendre au livreur à la commande suivante.');

    // Forced into the cart anyway, validation and placement refuse it.
    const [cart] = await app.database.db.select().from(t.carts).where(eq(t.carts.customerId, customer.id));
    await app.database.db.update(t.carts).set({ depositsReturned: 1 }).where(eq(t.carts.id, cart!.id));
    refused(await call('POST', '/api/cart/validate'), 409, 'not_enough_deposit');

    // Delivered: the container can come back with the next order.
    await app.database.db.update(t.orders).set({ status: 2 }).where(eq(t.orders.id, orderId));
    await app.database.db.update(t.carts).set({ depositsReturned: 0 }).where(eq(t.carts.id, cart!.id));
    expect((await call('POST', '/api/cart/deposits')).json()).toMatchObject({ deposit_removed_quantity: 1 });
    expect((await call('POST', '/api/cart/validate')).statusCode).toBe(200);
  });

  it('counts by the clock: before the delivery window ends the container is still coming, after it is held', async () => {
    const { customer, orderId } = await customerWithMondayFormula();
    const [order] = await app.database.db.select().from(t.orders).where(eq(t.orders.id, orderId));
    expect(await heldDeposits(app.database.db, customer.id, at(MONDAY, '09:00:00'))).toBe(0);
    const end = at(MONDAY, order!.deliveryEnd!).getTime();
    expect(await heldDeposits(app.database.db, customer.id, new Date(end - 1000))).toBe(0);
    expect(await heldDeposits(app.database.db, customer.id, new Date(end))).toBe(1);
    expect(await heldDeposits(app.database.db, customer.id, at('2026-11-24', '09:00:00'))).toBe(1);
  });
});
