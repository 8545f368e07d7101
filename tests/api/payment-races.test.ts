import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { CHECKOUT_ERRORS, NOT_COVERED_MESSAGE } from '#shared/api/checkout';
import { fixtures } from './fixtures';
import { createTestApp, customerWithCart, refused, type TestApp } from './helpers';

/**
 * Money races: a means of payment withdrawn by a request sent at the same moment as the payment
 * that counts on it. The order is placed only if what pays it, counted under the placing
 * transaction's lock, equals its total; a change of the means waits for that lock and is refused
 * once the order is placed or a payment on it is under way.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  await app.database.db.update(t.productAvailabilities).set({ stock: null });
});
afterAll(() => app.close());

const SANDBOX = '/__sandbox/edenred';
const { ordersOf } = fixtures(() => app);
const meansTotal = (order: typeof t.orders.$inferSelect) => order.paymentMeans.reduce((n, m) => n + m.amountCents, 0);
/** Enough 5 € vouchers to cover `cents`. */
const fivers = (cents: number) => [{ quantity: Math.ceil(cents / 500), amount: 5 }];

describe('paying while the vouchers are withdrawn', () => {
  // Eight customers, each paying and withdrawing at the same moment, all sixteen requests at once.
  // Sign-ups hash passwords: a budget of its own on a busy machine.
  it('never places an order its means do not pay: the payment and the withdrawal sent together', { timeout: 120_000 }, async () => {
    const customers = [];
    for (let i = 0; i < 8; i++) {
      const c = await customerWithCart(app);
      expect((await c.call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: fivers(c.preOrder.remaining_price) })).statusCode).toBe(200);
      expect((await c.call('POST', '/api/pending-order/pool')).json()).toMatchObject({ remaining_price: 0 });
      customers.push(c);
    }
    const answers = await Promise.all(customers.map((c) => Promise.all([c.call('POST', '/api/payment'), c.call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: [] })])));
    for (const [i, [paid, withdrawn]] of answers.entries()) {
      const orders = await ordersOf(customers[i]!.customer.id);
      if (paid.statusCode === 200) {
        // Placed with the vouchers: they stay, and the withdrawal came too late.
        expect([CHECKOUT_ERRORS.alreadyPlaced, CHECKOUT_ERRORS.noPreOrder]).toContain(refused(withdrawn, withdrawn.statusCode).code);
        expect(orders).toHaveLength(1);
        expect(meansTotal(orders[0]!)).toBe(orders[0]!.amountTotalCents);
        expect(orders[0]!.paymentMeans.map((m) => m.means)).toEqual(['paper_vouchers']);
        expect(orders[0]!.paperVouchersCents).toBeGreaterThanOrEqual(orders[0]!.amountTotalCents);
      } else {
        // Withdrawn first: nothing pays the order any more, so it is not placed.
        expect(withdrawn.statusCode, withdrawn.body).toBe(200);
        expect([CHECKOUT_ERRORS.remaining, CHECKOUT_ERRORS.notCovered]).toContain(refused(paid, 409).code);
        expect(orders).toHaveLength(0);
      }
    }
  });

  it('refuses a change of vouchers or pool once the order is placed', async () => {
    const { call, preOrder } = await customerWithCart(app);
    await call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: fivers(preOrder.remaining_price) });
    await call('POST', '/api/pending-order/pool');
    expect((await call('POST', '/api/payment')).statusCode).toBe(200);
    // The placed pre-order is no longer the open one: nothing is there to change.
    refused(await call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: [] }), 404, CHECKOUT_ERRORS.noPreOrder);
    refused(await call('POST', '/api/pending-order/pool'), 404, CHECKOUT_ERRORS.noPreOrder);
  });
});

describe('the Edenred widget and the vouchers', () => {
  async function widgetFor(call: Awaited<ReturnType<typeof customerWithCart>>['call']) {
    const res = await call('POST', '/api/payment/edenred/session');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { widget: { session_id: string; amount: number } }).widget;
  }
  const authorize = async (sessionId: string) =>
    (await app.app.inject({ method: 'POST', url: `${SANDBOX}/widget/v1/sessions/${sessionId}/authorize`, payload: { username: 'marie@edenred.test', password: 'demo' } })).json() as {
      payload: string;
    };

  it('holds the vouchers and the pool while the widget is open: they cannot be withdrawn under it', async () => {
    const { call, preOrder } = await customerWithCart(app);
    await call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: [{ quantity: 1, amount: 5 }] });
    await call('POST', '/api/pending-order/pool');
    const widget = await widgetFor(call);
    expect(widget.amount).toBe(preOrder.remaining_price - 500);
    expect(refused(await call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: [] }), 409, CHECKOUT_ERRORS.edenredPending).message).toMatch(/paiement Edenred est en cours/);
    refused(await call('POST', '/api/pending-order/pool'), 409, CHECKOUT_ERRORS.edenredPending);
    // The widget paid: the order is placed at its total, the widget's part said as Edenred.
    const registered = await call('POST', '/api/payment/edenred', { payload: (await authorize(widget.session_id)).payload });
    expect(registered.statusCode, registered.body).toBe(200);
    const [order] = await app.database.db.select().from(t.orders).where(eq(t.orders.preOrderId, preOrder.id));
    expect(order!.paymentMeans).toEqual([
      { means: 'paper_vouchers', amountCents: 500 },
      { means: 'edenred', amountCents: preOrder.remaining_price - 500 },
    ]);
  });

  it('a widget paid after the vouchers were withdrawn no longer pays the order: refused, and its money given back', async () => {
    const { call, customer, preOrder } = await customerWithCart(app);
    await call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: [{ quantity: 1, amount: 5 }] });
    await call('POST', '/api/pending-order/pool');
    const widget = await widgetFor(call);
    // Back to the recap: the widget's session is closed, the vouchers may change again.
    expect((await call('POST', '/api/payment/edenred/session/close', { session_id: widget.session_id })).statusCode).toBe(200);
    const withdrawn = await call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: [] });
    expect(withdrawn.json()).toMatchObject({ remaining_price: preOrder.remaining_price });
    // The customer pays the old widget anyway (another tab): 5 € short of the order.
    const { payload } = await authorize(widget.session_id);
    expect(refused(await call('POST', '/api/payment/edenred', { payload }), 409, CHECKOUT_ERRORS.notCovered).message).toBe(NOT_COVERED_MESSAGE);
    expect(await ordersOf(customer.id)).toEqual([]);
    const [payment] = await app.database.db.select().from(t.payments).where(eq(t.payments.providerId, widget.session_id));
    expect(payment!.status).toBe('refunded');
    const [session] = await app.database.db.select().from(t.sandboxEdenredWidgetSessions).where(eq(t.sandboxEdenredWidgetSessions.id, widget.session_id));
    const [taken] = await app.database.db.select().from(t.sandboxEdenredTransactions).where(eq(t.sandboxEdenredTransactions.id, session!.authorizationId!));
    expect(taken!.status).toBe('refunded');
    const mails = await app.database.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, customer.email));
    expect(mails.map((m) => m.subject)).toContain('Votre paiement Popote a été remboursé');
    // Registered again, it is not given back twice; the page following it is told it failed, and why.
    const again = await call('POST', '/api/payment/edenred', { payload });
    expect(again.statusCode).toBe(200);
    expect((await app.database.db.select().from(t.payments).where(eq(t.payments.providerId, widget.session_id)))[0]!.status).toBe('refunded');
    const details = (await call('GET', `/api/payment/edenred/order-details?id=${again.json().data.id}`)).json();
    expect(details.order).toMatchObject({ id: null, current_status: 3, error_text: expect.stringMatching(/remboursé/) });
  });

  it('a widget paid after the cart changed does not place the old cart: refused, its money given back, the cart kept', async () => {
    const { call, customer, dish } = await customerWithCart(app);
    const widget = await widgetFor(call);
    // Another tab adds a dish while the widget is open: the pre-order's snapshot no longer is the basket.
    expect((await call('POST', '/api/cart/products', { id: dish.id })).statusCode).toBe(200);
    const { payload } = await authorize(widget.session_id);
    refused(await call('POST', '/api/payment/edenred', { payload }), 409, CHECKOUT_ERRORS.cartChanged);
    expect(await ordersOf(customer.id)).toEqual([]);
    expect((await app.database.db.select().from(t.payments).where(eq(t.payments.providerId, widget.session_id)))[0]!.status).toBe('refunded');
    // The added dish did not vanish with the cart: both are still there, to validate again.
    const cart = (await call('GET', '/api/cart')).json() as { products: { quantity: number }[] };
    expect(cart.products.reduce((n, p) => n + p.quantity, 0)).toBe(2);
  });

  it('closes only an open session of the customer’s own', async () => {
    const a = await customerWithCart(app);
    const b = await customerWithCart(app);
    const widget = await widgetFor(a.call);
    expect((await b.call('POST', '/api/payment/edenred/session/close', { session_id: widget.session_id })).statusCode).toBe(200);
    const [payment] = await app.database.db.select().from(t.payments).where(eq(t.payments.providerId, widget.session_id));
    expect(payment!.status).toBe('open');
    refused(await a.call('POST', '/api/payment/edenred/session/close', { session_id: '' }), 422);
    refused(await a.call('POST', '/api/payment/edenred/session/close', {}), 422);
  });
});
