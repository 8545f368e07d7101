import { eq } from 'drizzle-orm';
import { formatAmount } from '#shared/money';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { releaseExpiredCarts } from '../../server/modules/cart/cart.repo';
import { placeOrder } from '../../server/modules/checkout/checkout.service';
import { userSchema } from '#shared/api/auth';
import { cartSchema } from '#shared/api/cart';
import { preOrderSchema, validatedOrderSchema, VOUCHERS_LIMIT_MESSAGE, type PreOrder } from '#shared/api/checkout';
import { deliveryLocationsSchema, deliverySchema } from '#shared/api/delivery';
import { DEPOSIT_PER_MENU_CENTS } from '#shared/constants';
import { composeFirst, testFile, type Visitor } from './fixtures';
import { MONDAY, at, refused, visitor } from './helpers';

const { app, db, dish, menus, customerVisitor, reservedOf, setStock, insertDiscount, ordersOf, moneyOf } = testFile({ unlimitedStock: true });

/* ---------------------------------------------------------------- catalogue */

const VELOUTE = () => dish('veloute-potimarron');
const SALADE = () => dish('salade-lentilles-puy');

/* ---------------------------------------------------------------- visitors */

async function slotClosingAt(limit: string) {
  const all = deliveryLocationsSchema.parse((await app.app.inject('/api/delivery-locations')).json());
  for (const l of all) for (const d of l.deliveries) if (d.tour.order_time_limit === limit) return d;
  throw new Error(`no slot closing at ${limit}`);
}

async function chooseDelivery(v: Visitor, limit = '11:00:00') {
  const delivery = await slotClosingAt(limit);
  const res = await v.request('POST', '/api/deliveries', { id: delivery.id });
  expect(res.statusCode, res.body).toBe(200);
  return deliverySchema.parse(res.json());
}

async function addDish(v: Visitor, id: number) {
  const res = await v.request('POST', '/api/cart/products', { id });
  expect(res.statusCode, res.body).toBe(200);
  return cartSchema.parse(res.json());
}

const validate = (v: Visitor) => v.request('POST', '/api/cart/validate');
const pending = (v: Visitor) => v.request('POST', '/api/pending-order');
const vouchers = (v: Visitor, body: unknown) => v.request('POST', '/api/pending-order/lunch-vouchers', body);
const usePool = (v: Visitor) => v.request('POST', '/api/pending-order/pool');
const pay = (v: Visitor) => v.request('POST', '/api/payment');

function preOrder(res: LightMyRequestResponse): PreOrder {
  expect(res.statusCode, res.body).toBe(200);
  return preOrderSchema.parse(res.json());
}


/** A customer with a delivery chosen and dishes in the cart, validated. */
async function validatedCustomer(values: { poolCents?: number; deposits?: number } = {}, slugs = ['veloute-potimarron']) {
  const { v, customer } = await customerVisitor(values);
  const delivery = await chooseDelivery(v);
  for (const slug of slugs) await addDish(v, dish(slug).id);
  const pre = preOrder(await validate(v));
  return { v, customer, delivery, pre };
}

/* ---------------------------------------------------------------- database */

/** The customer's row, with their pool and containers as the ledger holds them. */
const customerRow = async (id: number) => {
  const money = await moneyOf(id);
  return { ...(await db().select().from(t.customers).where(eq(t.customers.id, id)))[0]!, poolCents: money.pool, deposits: money.containers };
};
/** The pool's movements, oldest first, but the test's own starting credit. */
const historiesOf = async (customerId: number) =>
  (await moneyOf(customerId)).history
    .filter((h) => h.code !== 'test')
    .map((h) => ({ type: h.code, amountCents: h.amount }))
    .reverse();

/* ================================================================ access */

describe('access', () => {
  const calls: [string, unknown][] = [
    ['/api/cart/validate', undefined],
    ['/api/cart/order', undefined],
    ['/api/pending-order', undefined],
    ['/api/pending-order/lunch-vouchers', { lunch_vouchers: [] }],
    ['/api/pending-order/pool', undefined],
    ['/api/payment', undefined],
  ];

  it.each(calls)('POST %s needs a logged-in customer (401)', async (url, body) => {
    const v = await visitor(app.app);
    await addDish(v, VELOUTE().id);
    refused(await v.request('POST', url, body), 401, 'unauthenticated');
  });

  it.each(calls)('POST %s needs the anti-forgery token (419)', async (url, body) => {
    const { v } = await customerVisitor();
    const res = await v.request('POST', url, body, { 'x-xsrf-token': 'forged-token' });
    refused(res, 419, 'csrf_mismatch');
  });
});

/* ================================================================ validation */

describe('POST /api/cart/validate', () => {
  it('turns the cart into a pre-order with its amounts', async () => {
    const { v, customer } = await customerVisitor({ poolCents: 500 });
    await chooseDelivery(v);
    await addDish(v, VELOUTE().id);
    await addDish(v, SALADE().id);
    const final = VELOUTE().price + SALADE().price;
    const pre = preOrder(await validate(v));
    expect(pre).toMatchObject({
      final_price: final,
      remaining_price: final,
      pool: 0,
      available_pool: 500,
      max_usable_pool: Math.min(500, final),
      lunch_vouchers: [],
      edenredPayment: null,
    });
    expect(pre.formatted_final_price).toBe((final / 100).toFixed(2).replace('.', ','));
    expect(preOrder(await pending(v))).toEqual(pre);
    // A second validation replaces the open pre-order.
    const again = preOrder(await validate(v));
    expect(again.id).not.toBe(pre.id);
    const open = await db().select().from(t.preOrders).where(eq(t.preOrders.customerId, customer.id));
    // Earlier pre-orders stay (a card payment may still complete one); the open one is the latest.
    expect(open.map((p) => p.id).sort((a, b) => a - b)).toEqual([pre.id, again.id]);
    expect(preOrder(await pending(v)).id).toBe(again.id);
    expect(open.find((p) => p.id === again.id)!.lines).toEqual([
      expect.objectContaining({ type: 'product', id: VELOUTE().id, quantity: 1, unitPriceCents: VELOUTE().price }),
      expect.objectContaining({ type: 'product', id: SALADE().id, quantity: 1, unitPriceCents: SALADE().price }),
    ]);
  });

  it('counts a formula’s deposit in the final price', async () => {
    const { v } = await customerVisitor();
    await chooseDelivery(v);
    const menu = menus[0]!;
    const res = await v.request('POST', '/api/cart/menus', { menu: composeFirst(menu) });
    expect(res.statusCode, res.body).toBe(200);
    const pre = preOrder(await validate(v));
    expect(pre.final_price).toBe(menu.price + DEPOSIT_PER_MENU_CENTS);
  });

  it('refuses an empty cart (409 cart_empty)', async () => {
    const { v } = await customerVisitor();
    await chooseDelivery(v);
    refused(await validate(v), 409, 'cart_empty');
  });

  it('refuses a cart without a chosen delivery (409 delivery_required)', async () => {
    const { v } = await customerVisitor();
    await addDish(v, VELOUTE().id);
    refused(await validate(v), 409, 'delivery_required');
    refused(await pending(v), 404, 'no_pre_order');
  });

  it('refuses once the delivery’s cut-off has passed (409 order_time_limit_passed)', async () => {
    const { v } = await customerVisitor();
    app.clock.set(at(MONDAY, '10:25:00'));
    await chooseDelivery(v, '10:30:00');
    await addDish(v, VELOUTE().id);
    app.clock.set(at(MONDAY, '10:30:01'));
    refused(await validate(v), 409, 'order_time_limit_passed');
    refused(await pending(v), 404, 'no_pre_order');
  });

  it('refuses a code no longer valid (409 invalid_discount) and removes it from the cart', async () => {
    const code = await insertDiscount({ code: 'EXPIRE-BIENTOT', amount: 20 });
    const { v } = await customerVisitor();
    await chooseDelivery(v);
    await addDish(v, VELOUTE().id);
    const applied = await v.request('POST', '/api/cart/discounts', { code: code.code });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(cartSchema.parse(applied.json()).discount_code).toBe(code.code);
    await db().update(t.discounts).set({ endsOn: '2026-11-22' }).where(eq(t.discounts.id, code.id));
    refused(await validate(v), 409, 'invalid_discount');
    const cart = cartSchema.parse((await v.request('GET', '/api/cart')).json());
    expect(cart.discount_code).toBeNull();
    expect(cart.discount_amount).toBe(0);
    expect(cart.products).toHaveLength(1);
    // Without the code, the cart validates at full price.
    expect(preOrder(await validate(v)).final_price).toBe(VELOUTE().price);
  });

  it('refuses a code whose uses ran out meanwhile (409 invalid_discount)', async () => {
    const code = await insertDiscount({ code: 'DERNIER-USAGE', maxUses: 1 });
    const { v } = await customerVisitor();
    await chooseDelivery(v);
    await addDish(v, VELOUTE().id);
    expect((await v.request('POST', '/api/cart/discounts', { code: code.code })).statusCode).toBe(200);
    await db().update(t.discounts).set({ uses: 1 }).where(eq(t.discounts.id, code.id));
    refused(await validate(v), 409, 'invalid_discount');
    expect(cartSchema.parse((await v.request('GET', '/api/cart')).json()).discount_code).toBeNull();
  });
});

/* ================================================================ vouchers and pool */

describe('POST /api/pending-order/lunch-vouchers', () => {
  it('declares the vouchers (the whole list) and takes them off the rest to pay at once, apart from the pool', async () => {
    const { v, pre } = await validatedCustomer({ poolCents: 300 });
    const first = preOrder(await vouchers(v, { lunch_vouchers: [{ quantity: 1, amount: 9 }, { quantity: 1, amount: 0 }] }));
    expect(first.lunch_vouchers).toEqual([{ quantity: 1, amount: 9 }, { quantity: 1, amount: 0 }]);
    const part = Math.min(900, pre.final_price);
    expect(first).toMatchObject({ paper_vouchers: part, available_pool: 300, max_usable_pool: Math.min(300, pre.final_price - part), pool: 0, remaining_price: pre.final_price - part });
    expect(first.paper_vouchers_note).toBe(`${formatAmount(Math.min(900, pre.final_price))}\u00a0€ à régler en titres-restaurant papier à la livraison`);
    const replaced = preOrder(await vouchers(v, { lunch_vouchers: [{ quantity: 1, amount: 5 }] }));
    expect(replaced.lunch_vouchers).toEqual([{ quantity: 1, amount: 5 }]);
    expect(replaced).toMatchObject({ paper_vouchers: Math.min(500, pre.final_price), remaining_price: pre.final_price - Math.min(500, pre.final_price) });
    expect(preOrder(await vouchers(v, { lunch_vouchers: [] }))).toMatchObject({ paper_vouchers: 0, remaining_price: pre.final_price });
    // A real ticket's value, to the cent.
    const cents = preOrder(await vouchers(v, { lunch_vouchers: [{ quantity: 1, amount: 9.25 }] }));
    expect(cents.lunch_vouchers).toEqual([{ quantity: 1, amount: 9.25 }]);
    expect(cents.paper_vouchers).toBe(Math.min(925, pre.final_price));
  });

  it('accepts exactly 20 tickets and refuses 21 (422 with the message)', async () => {
    const { v } = await validatedCustomer();
    // Tickets of 0 € keep the count the only limit (the amount is capped too: vouchers-and-pool.md).
    expect(preOrder(await vouchers(v, { lunch_vouchers: [{ quantity: 12, amount: 0 }, { quantity: 8, amount: 0 }] })).lunch_vouchers).toHaveLength(2);
    const body = refused(await vouchers(v, { lunch_vouchers: [{ quantity: 12, amount: 0 }, { quantity: 9, amount: 0 }] }), 422);
    expect(body.errors?.lunch_vouchers).toEqual([VOUCHERS_LIMIT_MESSAGE]);
    expect(VOUCHERS_LIMIT_MESSAGE).toBe('Attention, vous ne pouvez ajouter plus de 20 tickets restaurant papier à votre cagnotte.');
    // Refused: the previous list stays.
    expect(preOrder(await pending(v)).lunch_vouchers).toEqual([{ quantity: 12, amount: 0 }, { quantity: 8, amount: 0 }]);
  });

  const bad: [string, unknown][] = [
    ['no body', undefined],
    ['an empty object', {}],
    ['a list that is not one', { lunch_vouchers: 'beaucoup' }],
    ['null', { lunch_vouchers: null }],
    ['a row that is not an object', { lunch_vouchers: [3] }],
    ['quantity 0', { lunch_vouchers: [{ quantity: 0, amount: 5 }] }],
    ['quantity 21', { lunch_vouchers: [{ quantity: 21, amount: 5 }] }],
    ['a fractional quantity', { lunch_vouchers: [{ quantity: 1.5, amount: 5 }] }],
    ['a quantity as text', { lunch_vouchers: [{ quantity: '2', amount: 5 }] }],
    ['a negative amount', { lunch_vouchers: [{ quantity: 1, amount: -1 }] }],
    ['amount 20', { lunch_vouchers: [{ quantity: 1, amount: 20 }] }],
    ['an amount finer than a cent', { lunch_vouchers: [{ quantity: 1, amount: 9.255 }] }],
    ['an amount over 19 € by a cent', { lunch_vouchers: [{ quantity: 1, amount: 19.01 }] }],
    ['a missing amount', { lunch_vouchers: [{ quantity: 1 }] }],
    ['21 rows', { lunch_vouchers: Array.from({ length: 21 }, () => ({ quantity: 1, amount: 1 })) }],
    ['a huge quantity', { lunch_vouchers: [{ quantity: 1e20, amount: 1 }] }],
  ];
  it.each(bad)('refuses %s (422, never 500)', async (_, body) => {
    const { v } = await validatedCustomer();
    const res = await vouchers(v, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(preOrder(await pending(v)).lunch_vouchers).toEqual([]);
  });

  it('answers 404 no_pre_order without an open pre-order', async () => {
    const { v } = await customerVisitor();
    refused(await vouchers(v, { lunch_vouchers: [{ quantity: 1, amount: 5 }] }), 404, 'no_pre_order');
  });

  it('keeps the applied pool within reach when vouchers are taken back', async () => {
    const { v, pre } = await validatedCustomer({ poolCents: 100 }, ['veloute-potimarron', 'salade-lentilles-puy']);
    preOrder(await vouchers(v, { lunch_vouchers: [{ quantity: 1, amount: 5 }] }));
    const applied = preOrder(await usePool(v));
    expect(applied).toMatchObject({ paper_vouchers: 500, pool: 100, remaining_price: pre.final_price - 600 });
    const back = preOrder(await vouchers(v, { lunch_vouchers: [] }));
    expect(back.pool).toBe(100);
    expect(back.remaining_price).toBe(pre.final_price - 100);
  });
});

describe('POST /api/pending-order/pool', () => {
  it('applies the whole pool when it is below the final price', async () => {
    const { v, pre } = await validatedCustomer({ poolCents: 150 });
    expect(pre.final_price).toBeGreaterThan(150);
    const applied = preOrder(await usePool(v));
    expect(applied).toMatchObject({ pool: 150, available_pool: 150, max_usable_pool: 150, remaining_price: pre.final_price - 150 });
    expect(applied.formatted_pool).toBe('1,50');
    // Applying again changes nothing.
    expect(preOrder(await usePool(v))).toEqual(applied);
  });

  it('applies the pool beside the declared vouchers, in whichever order they come', async () => {
    const { v, pre } = await validatedCustomer({ poolCents: 100_000 }, ['veloute-potimarron', 'salade-lentilles-puy']);
    // The pool first: it covers everything; vouchers declared afterwards take their part back from it.
    expect(preOrder(await usePool(v))).toMatchObject({ pool: pre.final_price, remaining_price: 0 });
    const after = preOrder(await vouchers(v, { lunch_vouchers: [{ quantity: 1, amount: 2 }] }));
    expect(after).toMatchObject({ paper_vouchers: 200, pool: pre.final_price - 200, remaining_price: 0 });
  });

  it('applies no more than the final price when the pool is larger', async () => {
    const { v, pre } = await validatedCustomer({ poolCents: 100_000 });
    const applied = preOrder(await usePool(v));
    expect(applied).toMatchObject({ pool: pre.final_price, max_usable_pool: pre.final_price, available_pool: 100_000, remaining_price: 0 });
    expect(applied.formatted_remaining_price).toBe('0,00');
  });

  it('applies nothing with an empty pool', async () => {
    const { v, pre } = await validatedCustomer();
    expect(preOrder(await usePool(v))).toMatchObject({ pool: 0, remaining_price: pre.final_price });
  });

  it('answers 404 no_pre_order without an open pre-order', async () => {
    const { v } = await customerVisitor({ poolCents: 1000 });
    refused(await usePool(v), 404, 'no_pre_order');
    refused(await pending(v), 404, 'no_pre_order');
  });
});

/* ================================================================ payment */

describe('POST /api/payment', () => {
  it('refuses while something is left to pay (409 remaining_price)', async () => {
    const { v, customer } = await validatedCustomer({ poolCents: 100 });
    preOrder(await usePool(v));
    refused(await pay(v), 409, 'remaining_price');
    expect(await ordersOf(customer.id)).toEqual([]);
    expect(cartSchema.parse((await v.request('GET', '/api/cart')).json()).products).toHaveLength(1);
  });

  it('refuses without an open pre-order (404 no_pre_order)', async () => {
    const { v } = await customerVisitor({ poolCents: 10_000 });
    refused(await pay(v), 404, 'no_pre_order');
  });

  it('places the order once when the pool and vouchers cover it', async () => {
    const menu = menus[0]!;
    const { v, customer } = await customerVisitor({ poolCents: 1000, deposits: 0 });
    const delivery = await chooseDelivery(v);
    await addDish(v, VELOUTE().id);
    const formula = composeFirst(menu);
    expect((await v.request('POST', '/api/cart/menus', { menu: formula })).statusCode).toBe(200);
    const portions = [VELOUTE().id, ...Object.values(formula.sub_products)];
    const reservedBefore = await Promise.all(portions.map((id) => reservedOf(id)));
    const pre = preOrder(await validate(v));
    const final = VELOUTE().price + menu.price + DEPOSIT_PER_MENU_CENTS;
    expect(pre.final_price).toBe(final);
    // Vouchers pay the meal, within the day's 25 € (not the container's deposit): the pool the rest.
    const voucherPart = 1900;
    expect(final - DEPOSIT_PER_MENU_CENTS).toBeGreaterThanOrEqual(voucherPart);
    preOrder(await vouchers(v, { lunch_vouchers: [{ quantity: 1, amount: 19 }] }));
    const applied = preOrder(await usePool(v));
    expect(applied).toMatchObject({ paper_vouchers: voucherPart, pool: final - voucherPart, remaining_price: 0 });
    // Placing the order must set it, whatever the choice did.
    await db().update(t.customers).set({ lastDeliveryId: null }).where(eq(t.customers.id, customer.id));

    const res = await pay(v);
    expect(res.statusCode, res.body).toBe(200);
    const placed = validatedOrderSchema.parse(res.json());
    expect(placed.invoice_number).toMatch(/^F2026-\d{6}$/);
    expect(placed.amount_total).toBe(final);
    expect(placed.vat_amount).toBeGreaterThan(0);
    expect(placed.delivery_name).toBe(delivery.delivery_location.name);
    expect(placed.delivery_start).toBe(delivery.starts_at.slice(11, 16));
    expect(placed.delivery_end).toBe(delivery.ends_at.slice(11, 16));
    expect(placed.products.map((p) => p.name)).toEqual(expect.arrayContaining([VELOUTE().name, menu.name]));

    // One order, paid, from this pre-order.
    const rows = await ordersOf(customer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: placed.id, status: 1, preOrderId: pre.id, amountTotalCents: final, deliveryId: delivery.id, depositCents: DEPOSIT_PER_MENU_CENTS, depositChargedCents: DEPOSIT_PER_MENU_CENTS, depositRefundedCents: 0 });
    const [preRow] = await db().select().from(t.preOrders).where(eq(t.preOrders.id, pre.id));
    expect(preRow!.orderId).toBe(placed.id);

    // The cart is gone, its portions now held by the order.
    expect(cartSchema.parse((await v.request('GET', '/api/cart')).json()).products).toEqual([]);
    expect(await db().select().from(t.carts).where(eq(t.carts.customerId, customer.id))).toEqual([]);
    expect(await Promise.all(portions.map((id) => reservedOf(id)))).toEqual(reservedBefore);

    // Pool, deposits, history, last delivery.
    // The vouchers settle their part; the pool paid the rest at once.
    const after = await customerRow(customer.id);
    expect(after.poolCents).toBe(1000 - (final - voucherPart));
    expect(after.deposits).toBe(1);
    expect(after.lastDeliveryId).toBe(delivery.id);
    expect(rows[0]).toMatchObject({ paperVouchersCents: voucherPart, paperVouchersExcessCents: 0 });
    expect(rows[0]!.paymentMeans).toEqual([
      { means: 'paper_vouchers', amountCents: voucherPart },
      { means: 'pool', amountCents: final - voucherPart },
    ]);
    expect((await historiesOf(customer.id)).map((h) => h.amountCents)).toEqual([-(final - voucherPart)]);

    // The account shows it.
    const me = userSchema.parse((await v.request('GET', '/api/me')).json());
    expect(me.orders.map((o) => o.id)).toEqual([placed.id]);
    expect(me.orders[0]).toMatchObject({ invoice_number: placed.invoice_number, amount_total: final });
    expect(me.pool).toBe(after.poolCents);
    expect(me.deposits).toBe(1);
    expect(me.poolPending).toBe(0);
    expect(me.poolHistories.map((h) => h.type_label)).toEqual(['Paiement de commande', 'test']);

    // The invoice.
    const pdf = await v.request('GET', `/api/pdfs/invoices/${placed.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // A replay finds no open pre-order and changes nothing.
    refused(await pay(v), 404, 'no_pre_order');
    refused(await pending(v), 404, 'no_pre_order');
    expect(await ordersOf(customer.id)).toHaveLength(1);
    expect((await customerRow(customer.id)).poolCents).toBe(after.poolCents);
  });

  it('leaves no open pre-order behind once the latest is placed, even after several validations', async () => {
    const { v, customer } = await validatedCustomer({ poolCents: 100_000 });
    preOrder(await validate(v));
    const latest = preOrder(await validate(v));
    preOrder(await usePool(v));
    expect((await pay(v)).statusCode).toBe(200);
    const poolAfter = (await customerRow(customer.id)).poolCents;
    expect(poolAfter).toBe(100_000 - latest.final_price);
    // The superseded pre-orders must not come back as the open one and be paid a second time.
    refused(await pending(v), 404, 'no_pre_order');
    refused(await usePool(v), 404, 'no_pre_order');
    refused(await vouchers(v, { lunch_vouchers: [] }), 404, 'no_pre_order');
    refused(await pay(v), 404, 'no_pre_order');
    expect(await ordersOf(customer.id)).toHaveLength(1);
    expect((await customerRow(customer.id)).poolCents).toBe(poolAfter);
  });

  it('gives back the deposits returned with the order', async () => {
    const menu = menus[0]!;
    const { v, customer } = await customerVisitor({ poolCents: 100_000, deposits: 2 });
    await chooseDelivery(v);
    expect((await v.request('POST', '/api/cart/menus', { menu: composeFirst(menu) })).statusCode).toBe(200);
    const returned = await v.request('POST', '/api/cart/deposits');
    expect(returned.statusCode, returned.body).toBe(200);
    expect(cartSchema.parse(returned.json()).deposit_removed_quantity).toBe(1);
    preOrder(await validate(v));
    expect(preOrder(await usePool(v)).remaining_price).toBe(0);
    expect((await pay(v)).statusCode).toBe(200);
    // held 2 + added 1 − returned 1
    expect((await customerRow(customer.id)).deposits).toBe(2);
  });

  it('refuses a dish sold out between validation and payment (409 sold_out) and places nothing', async () => {
    const target = dish('salade-lentilles-puy');
    const { v, customer, pre } = await validatedCustomer({ poolCents: 100_000 }, ['salade-lentilles-puy']);
    preOrder(await usePool(v));
    // The cart expires unseen and gives its portion back; another visitor takes the last one.
    app.clock.set(at(MONDAY, '09:31:00'));
    expect(await releaseExpiredCarts(db(), app.clock.now(), 1000)).toBeGreaterThanOrEqual(1);
    const other = await visitor(app.app);
    await setStock(target.id, (await reservedOf(target.id)) + 1);
    await addDish(other, target.id);
    const reserved = await reservedOf(target.id);
    refused(await pay(v), 409, 'sold_out');
    expect(await ordersOf(customer.id)).toEqual([]);
    expect(await reservedOf(target.id)).toBe(reserved);
    expect((await customerRow(customer.id)).poolCents).toBe(100_000);
    const [row] = await db().select().from(t.preOrders).where(eq(t.preOrders.id, pre.id));
    expect(row!.orderId).toBeNull();
    await setStock(target.id, null);
  });
});

/* ================================================================ placeOrder */

describe('placeOrder', () => {
  it('answers the same order when called twice', async () => {
    const { v, customer, pre } = await validatedCustomer({ poolCents: 100_000 });
    preOrder(await usePool(v));
    const now = app.clock.now();
    const first = await placeOrder(db(), pre.id, now);
    const second = await placeOrder(db(), pre.id, now);
    expect(second).toBe(first);
    expect(await ordersOf(customer.id)).toHaveLength(1);
    expect((await customerRow(customer.id)).poolCents).toBe(100_000 - pre.final_price);
  });

  it('places one order when five calls race on the same pre-order', async () => {
    const target = VELOUTE();
    const reservedBefore = await reservedOf(target.id);
    const { v, customer, pre } = await validatedCustomer({ poolCents: 100_000 });
    preOrder(await usePool(v));
    const now = app.clock.now();
    const ids = await Promise.all(Array.from({ length: 5 }, () => placeOrder(db(), pre.id, now)));
    expect(new Set(ids).size).toBe(1);
    const rows = await ordersOf(customer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(ids[0]);
    const numbers = await db().select({ n: t.orders.invoiceNumber }).from(t.orders).where(eq(t.orders.preOrderId, pre.id));
    expect(numbers).toHaveLength(1);
    expect((await customerRow(customer.id)).poolCents).toBe(100_000 - pre.final_price);
    expect((await historiesOf(customer.id)).map((h) => [h.type, h.amountCents])).toEqual([['pool_payment', -pre.final_price]]);
    expect(await reservedOf(target.id)).toBe(reservedBefore + 1);
  });

  it('gives continuous invoice numbers', async () => {
    const a = await validatedCustomer({ poolCents: 100_000 });
    preOrder(await usePool(a.v));
    const b = await validatedCustomer({ poolCents: 100_000 });
    preOrder(await usePool(b.v));
    const first = validatedOrderSchema.parse((await pay(a.v)).json()).invoice_number!;
    const second = validatedOrderSchema.parse((await pay(b.v)).json()).invoice_number!;
    expect(Number(second.slice(-6))).toBe(Number(first.slice(-6)) + 1);
  });

  it('answers 404 for an unknown pre-order', async () => {
    await expect(placeOrder(db(), 999_999, app.clock.now())).rejects.toMatchObject({ statusCode: 404 });
  });
});

/* ================================================================ codes and free orders */

describe('discount codes at placement', () => {
  it('counts one use of the code', async () => {
    const code = await insertDiscount({ code: 'UNE-FOIS-DE-PLUS', amount: 10, maxUses: 5 });
    const { v, customer } = await customerVisitor({ poolCents: 100_000 });
    await chooseDelivery(v);
    await addDish(v, VELOUTE().id);
    await addDish(v, SALADE().id);
    expect((await v.request('POST', '/api/cart/discounts', { code: code.code })).statusCode).toBe(200);
    const pre = preOrder(await validate(v));
    const full = VELOUTE().price + SALADE().price;
    expect(pre.final_price).toBeLessThan(full);
    preOrder(await usePool(v));
    expect((await pay(v)).statusCode).toBe(200);
    const [after] = await db().select().from(t.discounts).where(eq(t.discounts.id, code.id));
    expect(after!.uses).toBe(1);
    const [order] = await ordersOf(customer.id);
    expect(order!.discountCents).toBe(full - pre.final_price);
  });
});

describe('POST /api/cart/order', () => {
  it('places a free cart directly', async () => {
    const code = await insertDiscount({ code: 'TOUT-OFFERT', amountType: 1, amount: 100 });
    const { v, customer } = await customerVisitor();
    const delivery = await chooseDelivery(v);
    await addDish(v, VELOUTE().id);
    const cart = cartSchema.parse((await v.request('POST', '/api/cart/discounts', { code: code.code })).json());
    expect(cart.final_price).toBe('0,00');
    const res = await v.request('POST', '/api/cart/order');
    expect(res.statusCode, res.body).toBe(200);
    const placed = validatedOrderSchema.parse(res.json());
    expect(placed.amount_total).toBe(0);
    expect(placed.invoice_number).toMatch(/^F2026-\d{6}$/);
    const rows = await ordersOf(customer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 1, amountTotalCents: 0, deliveryId: delivery.id });
    expect(cartSchema.parse((await v.request('GET', '/api/cart')).json()).products).toEqual([]);
    expect((await db().select().from(t.discounts).where(eq(t.discounts.id, code.id)))[0]!.uses).toBe(1);
    expect(await historiesOf(customer.id)).toEqual([]);
    const pdf = await v.request('GET', `/api/pdfs/invoices/${placed.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('refuses a cart that is not free (409 not_free)', async () => {
    const { v, customer } = await customerVisitor({ poolCents: 100_000 });
    await chooseDelivery(v);
    await addDish(v, VELOUTE().id);
    refused(await v.request('POST', '/api/cart/order'), 409, 'not_free');
    expect(await ordersOf(customer.id)).toEqual([]);
    expect(cartSchema.parse((await v.request('GET', '/api/cart')).json()).products).toHaveLength(1);
  });

  it('refuses an empty cart (409 cart_empty)', async () => {
    const { v } = await customerVisitor();
    await chooseDelivery(v);
    refused(await v.request('POST', '/api/cart/order'), 409, 'cart_empty');
  });
});

/* ================================================================ demo customer, real login */

describe('the demo customer', () => {
  it('logs in, validates and pays with the pool', async () => {
    const v = await visitor(app.app);
    const login = await v.request('POST', '/api/login', { email: 'demo@popote.fr', password: 'popote-demo' });
    expect(login.statusCode, login.body).toBe(200);
    const before = userSchema.parse((await v.request('GET', '/api/me')).json());
    expect(before.pool).toBe(1850);
    await chooseDelivery(v);
    await addDish(v, VELOUTE().id);
    const pre = preOrder(await validate(v));
    expect(pre.available_pool).toBe(1850);
    expect(pre.final_price).toBeLessThanOrEqual(1850);
    const applied = preOrder(await usePool(v));
    expect(applied).toMatchObject({ pool: pre.final_price, remaining_price: 0 });
    const placed = validatedOrderSchema.parse((await pay(v)).json());
    const after = userSchema.parse((await v.request('GET', '/api/me')).json());
    expect(after.pool).toBe(1850 - applied.pool);
    expect(after.orders.map((o) => o.id)).toContain(placed.id);
    expect(after.orders).toHaveLength(before.orders.length + 1);
    expect(after.deposits).toBe(before.deposits);
  });
});
