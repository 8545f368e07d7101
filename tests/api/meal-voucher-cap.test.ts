import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { CHECKOUT_ERRORS, preOrderSchema, type PreOrder } from '#shared/api/checkout';
import { DEPOSIT_PER_MENU_CENTS } from '#shared/constants';
import { MEAL_VOUCHER_CAP_NOTE, MEAL_VOUCHER_DAILY_LIMIT_CENTS } from '#shared/meal-vouchers';
import { linkEdenred, setEdenredBalance } from './edenred-steps';
import { composeFirst, testFile, type Visitor } from './fixtures';
import { at, createTestApp, customerWithCart, refused } from './helpers';

/**
 * Meal vouchers (paper, the Edenred balance, Edenred's widget, a meal-voucher card on PayGreen's
 * page) pay at most 25 € per customer and delivery day, across that day's orders, and never the
 * container deposits (src/shared/meal-vouchers.ts).
 */

const { app, db, menus, customerVisitor, ordersOf, setMoney } = testFile({ unlimitedStock: true });

const preOrder = (res: LightMyRequestResponse): PreOrder => {
  expect(res.statusCode, res.body).toBe(200);
  return preOrderSchema.parse(res.json());
};
const setPool = (customerId: number, cents: number) => setMoney(customerId, { poolCents: cents });
/** The food amount the card payment asked PayGreen to leave to meal-voucher cards. */
const eligibleFoodOf = async (poId: string) => (await db().select().from(t.sandboxPaygreenOrders).where(eq(t.sandboxPaygreenOrders.id, poId)))[0]!.eligibleFood;

function expectCapRefusal(res: LightMyRequestResponse, status: number, leftText: string) {
  const body = refused(res, status, CHECKOUT_ERRORS.mealVoucherCap);
  expect(body.message).toContain(MEAL_VOUCHER_CAP_NOTE);
  expect(body.message).toContain(leftText);
}

describe('the 25 € a day across orders and means', () => {
  it('paper vouchers on a first order, then the Edenred balance, the widget, paper and a card on a second order of the same day', async () => {
    const c = await customerWithCart(app);
    const price = c.dish.price;
    expect((await c.call('POST', '/api/cart/products', { id: c.dish.id })).statusCode).toBe(200);
    const first = preOrder(await c.call('POST', '/api/cart/validate'));
    expect(first.final_price).toBe(2 * price);
    expect(first.final_price).toBeGreaterThan(MEAL_VOUCHER_DAILY_LIMIT_CENTS);
    expect(first.meal_vouchers).toEqual({ meal_part: first.final_price, room: MEAL_VOUCHER_DAILY_LIMIT_CENTS, left: MEAL_VOUCHER_DAILY_LIMIT_CENTS, used_that_day: 0, rest_day_note: null });

    // More than 25 € of paper vouchers on one order is refused, 25 € in two rows is not.
    expectCapRefusal(await c.call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: [{ quantity: 2, amount: 13 }] }), 422, '25,00\u00a0€');
    const declared = preOrder(await c.call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: [{ quantity: 1, amount: 15 }] }));
    expect(declared.meal_vouchers).toMatchObject({ room: MEAL_VOUCHER_DAILY_LIMIT_CENTS, left: 1000 });
    await setPool(c.customer.id, 10_000);
    expect(preOrder(await c.call('POST', '/api/pending-order/pool')).remaining_price).toBe(0);
    const placed = await c.call('POST', '/api/payment');
    expect(placed.statusCode, placed.body).toBe(200);

    // The second order of that day: 10 € left for every meal-voucher means together.
    expect((await c.call('POST', '/api/cart/products', { id: c.dish.id })).statusCode).toBe(200);
    const second = preOrder(await c.call('POST', '/api/cart/validate'));
    expect(second.meal_vouchers).toEqual({ meal_part: second.final_price, room: 1000, left: 1000, used_that_day: 1500, rest_day_note: null });
    await setPool(c.customer.id, 0);
    await linkEdenred(app.app, c.call);
    expect((await setEdenredBalance(app.app, 'marie@edenred.test', 5000)).statusCode).toBe(200);
    expectCapRefusal(await c.call('POST', '/api/payment/edenred/partly', { amount: 1200 }), 402, '10,00\u00a0€');
    expectCapRefusal(await c.call('POST', '/api/payment/edenred/session'), 402, '10,00\u00a0€');
    expectCapRefusal(await c.call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: [{ quantity: 1, amount: 11 }] }), 422, '10,00\u00a0€');

    const held = await c.call('POST', '/api/payment/edenred/partly', { amount: 1000 });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().pre_order.meal_vouchers).toMatchObject({ room: 1000, left: 0 });
    expectCapRefusal(await c.call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: [{ quantity: 1, amount: 1 }] }), 422, 'ne pouvez plus');
    // The card pays the rest; PayGreen is told a meal-voucher card may pay none of it.
    const card = await c.call('POST', '/api/payment/paygreen');
    expect(card.statusCode, card.body).toBe(200);
    expect(await eligibleFoodOf(card.json().po_id)).toBe(0);
  });

  it('an order of the same day placed meanwhile (another device) refuses the placement, under the customer’s lock', async () => {
    const c = await customerWithCart(app);
    preOrder(await c.call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: [{ quantity: 1, amount: 14.5 }] }));
    await setPool(c.customer.id, 10_000);
    expect(preOrder(await c.call('POST', '/api/pending-order/pool')).remaining_price).toBe(0);
    // Meanwhile another of the customer's orders for the same day took 15 € of meal vouchers.
    const [pre] = await db().select().from(t.preOrders).where(eq(t.preOrders.customerId, c.customer.id));
    await db().insert(t.orders).values({
      customerId: c.customer.id,
      status: 1,
      amountTotalCents: 1500,
      deliveryDate: pre!.deliveryDate,
      paymentMeans: [{ means: 'edenred', amountCents: 1500 }],
      createdAt: app.clock.now(),
    });
    expectCapRefusal(await c.call('POST', '/api/payment'), 409, '10,00\u00a0€');
    expect(await ordersOf(c.customer.id)).toHaveLength(1);
  });
});

describe('deposits are not meals', () => {
  async function menuOrder(v: Visitor) {
    const menu = menus[0]!;
    const locations = (await app.app.inject('/api/delivery-locations')).json() as { deliveries: { id: number }[] }[];
    expect((await v.request('POST', '/api/deliveries', { id: locations[0]!.deliveries[0]!.id })).statusCode).toBe(200);
    expect((await v.request('POST', '/api/cart/menus', { menu: composeFirst(menu) })).statusCode).toBe(200);
    const pre = preOrder(await v.request('POST', '/api/cart/validate'));
    expect(pre.final_price).toBe(menu.price + DEPOSIT_PER_MENU_CENTS);
    return { pre, meal: menu.price };
  }

  it('paper vouchers, the widget and a meal-voucher card pay the formula, never its container', async () => {
    const { v } = await customerVisitor({ poolCents: 0, deposits: 0 });
    const { pre, meal } = await menuOrder(v);
    expect(pre.meal_vouchers).toMatchObject({ room: meal, left: meal });
    const euros = (cents: number) => cents / 100;
    // One voucher worth the whole price: it settles the formula, never its container (what it brings
    // beyond goes to the pool once received); declaring up to one voucher more than needed is allowed.
    const whole = preOrder(await v.request('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: [{ quantity: 1, amount: euros(pre.final_price) }] }));
    expect(whole).toMatchObject({ paper_vouchers: meal, remaining_price: DEPOSIT_PER_MENU_CENTS, meal_vouchers: { left: 0 } });
    // Two would be one too many.
    refused(await v.request('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: [{ quantity: 2, amount: euros(meal) }] }), 422, 'validation_failed');
    preOrder(await v.request('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: [] }));
    // The widget takes the whole rest at once, the deposit with it: refused.
    expectCapRefusal(await v.request('POST', '/api/payment/edenred/session'), 402, 'Vous pouvez encore');
    // A card: PayGreen may take the formula from a meal-voucher card, the deposit from a bank card.
    const card = await v.request('POST', '/api/payment/paygreen');
    expect(card.statusCode, card.body).toBe(200);
    expect(await eligibleFoodOf(card.json().po_id)).toBe(meal);
  });

});

describe('a delivery on a public holiday', () => {
  it('says meal vouchers need the employer’s leave that day', async () => {
    // Christmas 2026 is a Friday: the shop delivers, meal vouchers need the employer's leave.
    const holiday = await createTestApp({ now: at('2026-12-25', '08:00:00') });
    try {
      const c = await customerWithCart(holiday);
      const pre = preOrderSchema.parse((await c.call('POST', '/api/pending-order')).json());
      const [row] = await holiday.database.db.select().from(t.preOrders).where(eq(t.preOrders.id, pre.id));
      expect(row!.deliveryDate).toBe('2026-12-25');
      expect(pre.meal_vouchers.rest_day_note).toBe('Votre livraison tombe un jour férié (Noël) : les titres-restaurant ne sont acceptés ce jour-là que si votre employeur l’autorise.');
    } finally {
      await holiday.close();
    }
  });
});
