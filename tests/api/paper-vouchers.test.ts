import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, customerWithCart, moneyOf, refused, type TestApp } from './helpers';
import { staffLoggedIn, TEAM, type StaffBrowser } from './staff-helpers';

let app: TestApp;
let admin: StaffBrowser;
beforeAll(async () => {
  app = await createTestApp();
  admin = await staffLoggedIn(app.app);
});
afterAll(() => app.close());

/** The admin, in the team app, confirms the vouchers the courier brought back. */
const confirm = (orderId: number, by: StaffBrowser = admin) => by.request('POST', `/api/staff/orders/${orderId}/paper-vouchers/confirm`);

const poolOf = async (customerId: number) => (await moneyOf(app.database, customerId)).pool;
/** The pool's movements, oldest first. */
const historyOf = async (customerId: number) => (await moneyOf(app.database, customerId)).history.reverse();

/** Enough 5 € vouchers to cover the order, with one more than needed when `extra`. */
const fivers = (finalCents: number, extra = 0) => [{ quantity: Math.ceil(finalCents / 500) + extra, amount: 5 }];

describe('paper lunch vouchers are not cash on declaration', () => {
  it('a declaration settles the order "à régler en titres-restaurant papier", credits nothing until the staff confirms', async () => {
    const { call, customer, preOrder } = await customerWithCart(app);
    const vouchers = fivers(preOrder.remaining_price);
    const declared = vouchers[0]!.quantity * 500;
    const excess = declared - preOrder.remaining_price;
    const declared_ = (await call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: vouchers })).json();
    expect(declared_.paper_vouchers_note).toMatch(/à régler en titres-restaurant papier à la livraison$/);
    expect(declared_).toMatchObject({ paper_vouchers: preOrder.remaining_price, pool: 0, remaining_price: 0 });
    const placed = await call('POST', '/api/payment');
    expect(placed.statusCode, placed.body).toBe(200);

    // No pool credit yet: the declared excess waits, shown "en attente de remise".
    expect(await poolOf(customer.id)).toBe(0);
    expect(await historyOf(customer.id)).toEqual([]);
    const me = (await call('GET', '/api/me')).json();
    expect(me).toMatchObject({ pool: 0, poolPending: excess });
    expect(me.orders[0].current_status_text).toBe('À régler en titres-restaurant papier à la livraison');

    // The staff confirms the courier got them: the excess becomes pool, once.
    const ok = await confirm(placed.json().id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ order_id: placed.json().id, paper_vouchers: declared, pool_credited: excess });
    expect(await poolOf(customer.id)).toBe(excess);
    refused(await confirm(placed.json().id), 409, 'already_confirmed');
    expect(await poolOf(customer.id)).toBe(excess);
    const after = (await call('GET', '/api/me')).json();
    expect(after).toMatchObject({ pool: excess, poolPending: 0 });
    expect(after.orders[0].current_status_text).toBe('En cours de livraison');
    expect((await historyOf(customer.id)).map((h) => [h.code, h.amount])).toEqual(excess ? [['vouchers_excess', excess]] : []);
  });

  it('are kept, with the pool applied, when the cart is validated again (the payment panel closed and opened)', async () => {
    const { call, preOrder } = await customerWithCart(app);
    const vouchers = [{ quantity: 1, amount: 5 }];
    await call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: vouchers });
    const applied = (await call('POST', '/api/pending-order/pool')).json();
    expect(applied).toMatchObject({ paper_vouchers: 500, pool: 0, remaining_price: preOrder.remaining_price - 500 });
    const again = await call('POST', '/api/cart/validate');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().id).not.toBe(preOrder.id);
    expect(again.json()).toMatchObject({ lunch_vouchers: vouchers, paper_vouchers: 500, remaining_price: preOrder.remaining_price - 500 });
    expect(again.json().paper_vouchers_note).toBe('5,00\u00a0€ à régler en titres-restaurant papier à la livraison');
  });

  it('caps a declaration at what the order needs plus one voucher', async () => {
    const { call, preOrder } = await customerWithCart(app);
    const tooMany = await call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: fivers(preOrder.remaining_price, 1) });
    const body = refused(tooMany, 422, 'validation_failed');
    expect(body.errors?.lunch_vouchers?.[0]).toMatch(/plus de tickets restaurant que nécessaire/);
    expect((await call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: fivers(preOrder.remaining_price) })).statusCode).toBe(200);
    // Fewer than needed is fine: the rest goes to a card.
    await call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: [{ quantity: 1, amount: 5 }] });
    const part = await call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: [{ quantity: 1, amount: 5 }] });
    expect(part.json()).toMatchObject({ paper_vouchers: 500, remaining_price: preOrder.remaining_price - 500 });
  });

  it('the courier or an admin confirms: no team session, a customer’s, or the kitchen is refused', async () => {
    const { call, preOrder, customer } = await customerWithCart(app);
    await call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: fivers(preOrder.remaining_price) });
    await call('POST', '/api/pending-order/pool');
    const orderId = (await call('POST', '/api/payment')).json().id as number;
    refused(await app.app.inject({ method: 'POST', url: `/api/staff/orders/${orderId}/paper-vouchers/confirm` }), 401, 'staff_unauthenticated');
    // A customer's session is no team session.
    refused(await call('POST', `/api/staff/orders/${orderId}/paper-vouchers/confirm`), 401, 'staff_unauthenticated');
    refused(await confirm(orderId, await staffLoggedIn(app.app, TEAM.cuisine)), 403, 'staff_forbidden');
    refused(await confirm(999999), 404, 'not_found');
    expect(await poolOf(customer.id)).toBe(0);
    expect((await confirm(orderId, await staffLoggedIn(app.app, TEAM.livreur))).statusCode).toBe(200);
  });
});
