import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { adoptCart } from '../../server/modules/cart/cart-merge.service';
import { CART_LINE_MAX_QUANTITY, GUEST_CART_MAX_PORTIONS } from '#shared/constants';
import { addDish, addDishTimes, addMenu, applyCode, cartOf, composeFirst, getCart, increment, sessionIdOf, testFile } from './fixtures';
import { MONDAY, at } from './helpers';

/** The guest's cart at login (adoptCart): taken over, or merged into the customer's. Through /api/login: login-merge.test.ts. */

const { app, db, dish, menuNamed, newVisitor, newCustomer, logIn, reservedOf, cartRowsOfSession } = testFile({ unlimitedStock: true });

/* ================================================================ login */

describe('adoptCart (login)', () => {
  it('makes the anonymous cart the customer’s when they have none', async () => {
    const customer = await newCustomer();
    const v = await newVisitor();
    cartOf(await addMenu(v, composeFirst(menuNamed('Formule Complète'))));
    const cart = cartOf(await applyCode(v, 'BIENVENUE10'));
    const [row] = await cartRowsOfSession(v);

    await adoptCart(db(), sessionIdOf(v), customer.id, app.clock.now());
    await logIn(v, customer.id);
    // The customer's now, with a customer's countdown.
    expect(cart.expiration_in_seconds).toBe(900);
    expect(cartOf(await getCart(v))).toEqual({ ...cart, expiration_in_seconds: 1800 });
    const [adopted] = await db().select().from(t.carts).where(eq(t.carts.customerId, customer.id));
    expect(adopted).toMatchObject({ id: row!.id, sessionId: null, customerId: customer.id });
    // The customer's cart follows them to another device.
    const other = await newVisitor();
    await logIn(other, customer.id);
    expect(cartOf(await getCart(other))).toEqual({ ...cart, expiration_in_seconds: 1800 });
  });

  it('merges into the customer’s cart: lines add up to the limit, bonuses keep the larger, the anonymous code wins', async () => {
    const customer = await newCustomer();
    const fromage = dish('fromage-blanc-creme-marrons');
    const complete = composeFirst(menuNamed('Formule Complète'));
    const verte = composeFirst(menuNamed('Formule Verte'));
    const before = await reservedOf(fromage.id);

    // The customer's own cart, from another device: 19 fromages blancs, a formula with a tote bag, BIENVENUE10.
    const device = await newVisitor();
    await logIn(device, customer.id);
    await addDishTimes(device, fromage.id, 19);
    cartOf(await addMenu(device, verte));
    cartOf(await device.request('POST', '/api/cart/tote-bags'));
    cartOf(await applyCode(device, 'BIENVENUE10'));

    // The anonymous cart (a guest holds 20 portions at most): 6 fromages blancs, two formulas of
    // three courses with two sets of cutlery, DEJEUNER3.
    const v = await newVisitor();
    await addDishTimes(v, fromage.id, 6);
    const id = cartOf(await addMenu(v, complete)).products[0]!.unique_id;
    cartOf(await increment(v, id));
    cartOf(await v.request('POST', '/api/cart/cutlery'));
    cartOf(await v.request('POST', '/api/cart/cutlery'));
    cartOf(await applyCode(v, 'DEJEUNER3'));
    expect(await reservedOf(fromage.id)).toBe(before + 25);
    expect(GUEST_CART_MAX_PORTIONS).toBe(20);
    const [anonymous] = await cartRowsOfSession(v);

    await adoptCart(db(), sessionIdOf(v), customer.id, app.clock.now());
    await logIn(v, customer.id);
    const cart = cartOf(await getCart(v));
    expect(cart.products.map((p) => [p.product_name, p.quantity])).toEqual([
      ['Formule Verte', 1],
      ['Formule Complète', 2],
      ['Fromage blanc à la crème de marrons', CART_LINE_MAX_QUANTITY],
    ]);
    expect(cart).toMatchObject({
      cutlery: { quantity: 2 },
      tote_bags: { quantity: 1 },
      discount_code: 'DEJEUNER3',
      discount_amount: 300,
      deposit_added_quantity: 3,
      // 14,50 € + 2 × 14,90 € + 20 × 3,50 € − 3 € + 3 × 4 €
      final_price: '123,30',
    });
    // The 5 portions beyond the limit are on sale again.

    expect(await reservedOf(fromage.id)).toBe(before + CART_LINE_MAX_QUANTITY);
    expect(await db().select().from(t.carts).where(eq(t.carts.id, anonymous!.id))).toEqual([]);
    expect(await db().select().from(t.carts).where(eq(t.carts.customerId, customer.id))).toHaveLength(1);
    expect(cartOf(await getCart(device))).toEqual(cart);
  });

  it('keeps the customer’s code when the anonymous cart has none', async () => {
    const customer = await newCustomer();
    const device = await newVisitor();
    await logIn(device, customer.id);
    cartOf(await addDish(device, dish('salade-lentilles-puy').id));
    cartOf(await applyCode(device, 'BIENVENUE10'));

    const v = await newVisitor();
    const id = cartOf(await addMenu(v, composeFirst(menuNamed('Plat + Dessert')))).products[0]!.unique_id;
    cartOf(await increment(v, id));
    cartOf(await v.request('POST', '/api/cart/cutlery'));
    cartOf(await v.request('POST', '/api/cart/cutlery'));

    await adoptCart(db(), sessionIdOf(v), customer.id, app.clock.now());
    const cart = cartOf(await getCart(device));
    expect(cart).toMatchObject({ discount_code: 'BIENVENUE10', cutlery: { quantity: 2 }, deposit_added_quantity: 2 });
    // 2 × 12,90 € + 4,80 € = 30,60 €, − 3,06 € + 8 €
    expect(cart.final_price).toBe('35,54');
  });

  it('drops the customer’s own sponsor code, used before logging in', async () => {
    const customer = await newCustomer();
    const v = await newVisitor();
    cartOf(await addMenu(v, composeFirst(menuNamed('Formule Complète'))));
    cartOf(await addDish(v, dish('poireaux-vinaigrette').id));
    expect(cartOf(await applyCode(v, customer.sponsorCode)).discount_amount).toBe(500);
    await adoptCart(db(), sessionIdOf(v), customer.id, app.clock.now());
    await logIn(v, customer.id);
    expect(cartOf(await getCart(v))).toMatchObject({ discount_code: null, discount_amount: 0, final_price: '24,10' });
  });

  it('drops an expired anonymous cart instead of adopting it', async () => {
    const customer = await newCustomer();
    const tatin = dish('tarte-tatin');
    const before = await reservedOf(tatin.id);
    app.clock.set(at(MONDAY, '04:00:00'));
    const v = await newVisitor();
    cartOf(await addDish(v, tatin.id));
    await adoptCart(db(), sessionIdOf(v), customer.id, at(MONDAY, '04:31:00'));
    expect(await reservedOf(tatin.id)).toBe(before);
    expect(await db().select().from(t.carts).where(eq(t.carts.customerId, customer.id))).toEqual([]);
    expect(await cartRowsOfSession(v)).toEqual([]);
  });
});
