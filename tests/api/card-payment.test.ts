import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { CARD_RETURN_PATH, validatedOrderSchema } from '#shared/api/checkout';
import { fixtures } from './fixtures';
import { MONDAY, at, createTestApp, customerWithCart as customerWithCartAt, moneyOf, setMoney, visitor, type TestApp } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const customerWithCart = (dishCategory: 'main' | 'drink' = 'main') => customerWithCartAt(app, dishCategory);

/** Starts the card payment and answers the payment order id from its hosted page URL. */
async function startCard(call: Awaited<ReturnType<typeof customerWithCart>>['call']) {
  const res = await call('POST', '/api/payment/paygreen');
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().hosted_payment_url as string);
  expect(url.pathname).toMatch(/^\/__sandbox\/paygreen\/pay\/po_/);
  // The payment's id comes with it (the app keeps it before leaving for the bank's page).
  expect(res.json().po_id).toBe(url.pathname.split('/').pop());
  return url.pathname.split('/').pop()!;
}

const { ordersOf, hostedPage } = fixtures(() => app);

/** The buyer's choice on the emulator's hosted page; answers where PayGreen sends the browser. */
async function payOnHostedPage(po: string, outcome: 'success' | 'refuse' | 'pending') {
  const res = await hostedPage(po, outcome);
  expect(res.statusCode).toBe(303);
  return new URL(String(res.headers.location));
}

/** The app's first check once PayGreen sent the buyer back to it (the return carries nothing else). */
const orderBack = (po: string) => `/api/payment/paygreen/${po}/order?back=1`;

/** The buyer's choice on the hosted page, the way back to the app's page, and the app's first check of the payment. */
async function backFrom(call: Awaited<ReturnType<typeof customerWithCart>>['call'], po: string, outcome: 'success' | 'refuse' | 'pending') {
  const back = await payOnHostedPage(po, outcome);
  expect(back.pathname + back.search).toBe(`${CARD_RETURN_PATH}&po_id=${po}`);
  return call('GET', orderBack(po));
}

describe('card payment through PayGreen (sandbox)', () => {
  it('starts a payment order for what is left to pay, then the return places the order once', async () => {
    const { call, customer, preOrder } = await customerWithCart();
    const po = await startCard(call);
    const [payment] = await app.database.db.select().from(t.payments).where(eq(t.payments.providerId, po));
    expect(payment).toMatchObject({ amountCents: preOrder.remaining_price, status: 'pending', customerId: customer.id });

    // PayGreen sends the buyer back to a page of the app, adding the payment's id; the app asks.
    const back = await payOnHostedPage(po, 'success');
    expect(back.pathname + back.search).toBe(`${CARD_RETURN_PATH}&po_id=${po}`);
    const order = await call('GET', `/api/payment/paygreen/${po}/order?back=1`);
    expect(order.statusCode, order.body).toBe(200);
    const placed = validatedOrderSchema.parse(order.json());
    expect(placed.amount_total).toBe(preOrder.remaining_price);
    expect(placed.invoice_number).toMatch(/^F\d{4}-\d{6}$/);
    // The notification afterwards, a check again or the former return address change nothing.
    await call('POST', '/api/payment/paygreen/notification', { id: po });
    expect((await call('GET', `/api/payment/paygreen/${po}/order`)).json().id).toBe(placed.id);
    const former = await call('GET', `/api/payment/paygreen/return?po_id=${po}`);
    expect(former.statusCode).toBe(303);
    expect(former.headers.location).toBe(`/passer-commande?payment_status=success&po_id=${po}`);
    expect(await ordersOf(customer.id)).toHaveLength(1);
    expect((await call('GET', '/api/cart')).json().products).toEqual([]);
  });

  it('pays with declared paper vouchers first, then by card for the rest, in cents, whatever the order of the taps', async () => {
    const { call, customer, preOrder } = await customerWithCart();
    // Declared and nothing else tapped: the rest to pay already leaves them out (the card was once
    // asked for the whole order here, while the round still asked the courier for the vouchers).
    const declared = await call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: [{ quantity: 1, amount: 5 }] });
    expect(declared.json()).toMatchObject({ paper_vouchers: 500, available_pool: 0, max_usable_pool: 0, pool: 0, remaining_price: preOrder.remaining_price - 500 });
    const po = await startCard(call);
    const [payment] = await app.database.db.select().from(t.payments).where(eq(t.payments.providerId, po));
    expect(payment!.amountCents).toBe(preOrder.remaining_price - 500);
    await backFrom(call, po, 'success');
    const [order] = await ordersOf(customer.id);
    expect(order!.amountTotalCents).toBe(preOrder.remaining_price);
    expect(order).toMatchObject({ paperVouchersCents: 500, paperVouchersExcessCents: 0, paperVouchersConfirmedAt: null });
    expect(order!.paymentMeans).toEqual([
      { means: 'paper_vouchers', amountCents: 500 },
      { means: 'card', amountCents: preOrder.remaining_price - 500 },
    ]);
    // The vouchers settle 5 € of the order, handed to the courier: the pool never moves.
    const money = await moneyOf(app.database, customer.id);
    expect(money.pool).toBe(0);
    expect(money.history).toEqual([]);
  });

  it('places one order when the return and the notification arrive together, ten times over', async () => {
    const { call, customer } = await customerWithCart();
    const po = await startCard(call);
    await payOnHostedPage(po, 'success');
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 ? call('GET', orderBack(po)) : app.app.inject({ method: 'POST', url: '/api/payment/paygreen/notification', payload: { id: po } }),
      ),
    );
    const orders = await ordersOf(customer.id);
    expect(orders).toHaveLength(1);
    const [payment] = await app.database.db.select().from(t.payments).where(eq(t.payments.providerId, po));
    expect(payment!.orderId).toBe(orders[0]!.id);
  });

  it('a second card attempt cancels the first at PayGreen: its page can no longer be paid, one order', async () => {
    const { call, customer, preOrder } = await customerWithCart();
    const first = await startCard(call);
    const second = await startCard(call);
    for (const po of [first, second]) await payOnHostedPage(po, 'success');
    await Promise.all(
      [first, second].flatMap((po) => [
        call('GET', orderBack(po)),
        app.app.inject({ method: 'POST', url: '/api/payment/paygreen/notification', payload: { id: po } }),
      ]),
    );
    const orders = await ordersOf(customer.id);
    expect(orders).toHaveLength(1);
    const rows = await app.database.db.select().from(t.payments).where(eq(t.payments.preOrderId, preOrder.id));
    expect(rows.find((p) => p.providerId === first)).toMatchObject({ orderId: null, status: 'canceled' });
    expect(rows.find((p) => p.providerId === second)).toMatchObject({ orderId: orders[0]!.id, status: 'successed' });
    const [provider] = await app.database.db.select().from(t.sandboxPaygreenOrders).where(eq(t.sandboxPaygreenOrders.id, first));
    expect(provider).toMatchObject({ status: 'canceled', refundedAmount: 0 });
    expect((await call('GET', `/api/payment/paygreen/${first}/order`)).statusCode).toBe(402);
    expect((await call('GET', `/api/payment/paygreen/${second}/order`)).statusCode).toBe(200);
  });

  it('never trusts the notification’s body: an unpaid order stays unplaced', async () => {
    const { call, customer } = await customerWithCart();
    const po = await startCard(call);
    const res = await app.app.inject({ method: 'POST', url: '/api/payment/paygreen/notification', payload: { id: po, status: 'payment_order.successed' } });
    expect(res.json()).toEqual({ received: true, status: 'pending' });
    expect(await ordersOf(customer.id)).toHaveLength(0);
  });

  it('a refused payment places nothing and leaves the pre-order payable again', async () => {
    const { call, customer } = await customerWithCart();
    const po = await startCard(call);
    expect((await backFrom(call, po, 'refuse')).statusCode).toBe(402);
    expect((await call('GET', `/api/payment/paygreen/${po}/order`)).statusCode).toBe(402);
    expect(await ordersOf(customer.id)).toHaveLength(0);
    // Paying again works.
    const again = await startCard(call);
    await backFrom(call, again, 'success');
    expect(await ordersOf(customer.id)).toHaveLength(1);
  });

  it('a pending payment says so until PayGreen confirms it', async () => {
    const { call, customer } = await customerWithCart();
    const po = await startCard(call);
    expect((await backFrom(call, po, 'pending')).statusCode).toBe(409);
    const pending = await call('GET', `/api/payment/paygreen/${po}/order`);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().code).toBe('payment_pending');
    await app.app.inject({ method: 'POST', url: `/__sandbox/paygreen/payment-orders/${po}/outcome`, payload: { status: 'successed', notify: false } });
    expect((await call('GET', `/api/payment/paygreen/${po}/order`)).statusCode).toBe(200);
    expect(await ordersOf(customer.id)).toHaveLength(1);
  });

  it('refuses a card payment of 0,50 € or less, and one with nothing left to pay', async () => {
    const { call, preOrder } = await customerWithCart('drink');
    // The pool covers all but 0,40 €.
    await setMoney(app.database, (await call('GET', '/api/me')).json().id, { poolCents: preOrder.remaining_price - 40 });
    await call('POST', '/api/pending-order/pool');
    const small = await call('POST', '/api/payment/paygreen');
    expect(small.statusCode).toBe(422);
    expect(small.json().message).toBe('Notre système de paiement ne permet pas de payer des montants inférieurs à 0,5€ en CB.');
    await setMoney(app.database, (await call('GET', '/api/me')).json().id, { poolCents: 100_000 });
    await call('POST', '/api/pending-order/pool');
    expect((await call('POST', '/api/payment/paygreen')).statusCode).toBe(409);
  });

  it('answers 502 in French when PayGreen fails, and nothing is recorded', async () => {
    const { call, customer } = await customerWithCart();
    await app.app.inject({ method: 'POST', url: '/__sandbox/paygreen/failures', payload: { status: 503, count: 1 } });
    const res = await call('POST', '/api/payment/paygreen');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: 'Le paiement par carte est momentanément indisponible. Merci de réessayer dans un instant.', code: 'provider_error' });
    expect(await app.database.db.select().from(t.payments).where(eq(t.payments.customerId, customer.id))).toHaveLength(0);
  });

  it('refunds a paid order that can no longer be placed (its dish sold out meanwhile)', async () => {
    const { call, customer, dish, preOrder } = await customerWithCart();
    const po = await startCard(call);
    // The cart is given up and its last portions go to someone else before the payment returns.
    const [cart] = await app.database.db.select().from(t.carts).where(eq(t.carts.customerId, customer.id));
    await app.database.db.update(t.carts).set({ expiresAt: new Date(0) }).where(eq(t.carts.id, cart!.id));
    await app.app.inject({ method: 'GET', url: '/api/state' });
    const { releaseExpiredCarts } = await import('../../server/modules/cart/cart.repo');
    await releaseExpiredCarts(app.database.db, app.clock.now());
    await app.database.db
      .update(t.productAvailabilities)
      .set({ stock: 0 })
      .where(eq(t.productAvailabilities.productId, dish.id));
    expect((await backFrom(call, po, 'success')).statusCode).toBe(402);
    expect(await ordersOf(customer.id)).toHaveLength(0);
    const refunded = await app.database.db.select().from(t.sandboxPaygreenOrders).where(eq(t.sandboxPaygreenOrders.id, po));
    expect(refunded[0]).toMatchObject({ status: 'refunded', refundedAmount: preOrder.remaining_price });
    await app.database.db.update(t.productAvailabilities).set({ stock: null }).where(eq(t.productAvailabilities.productId, dish.id));
  });

  it('refuses to pay once the tour’s cut-off has passed, or when the pool applied was spent meanwhile', async () => {
    const { call, customer, preOrder } = await customerWithCart();
    await setMoney(app.database, customer.id, { poolCents: preOrder.remaining_price });
    await call('POST', '/api/pending-order/pool');
    // Another order took the pool in between.
    await setMoney(app.database, customer.id, { poolCents: 0 });
    const spent = await call('POST', '/api/payment');
    expect(spent.statusCode).toBe(409);
    expect(spent.json().code).toBe('pool_changed');
    expect(await ordersOf(customer.id)).toHaveLength(0);

    const late = await customerWithCart();
    const [payment] = await app.database.db.select().from(t.preOrders).where(eq(t.preOrders.customerId, late.customer.id));
    const [delivery] = await app.database.db.select().from(t.deliveries).where(eq(t.deliveries.id, payment!.deliveryId!));
    const [tour] = await app.database.db.select().from(t.tours).where(eq(t.tours.id, delivery!.tourId));
    const now = app.clock.now();
    app.clock.set(at(MONDAY, tour!.orderTimeLimit.replace(/:00$/, ':01')));
    try {
      const res = await late.call('POST', '/api/payment/paygreen');
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('order_time_limit_passed');
    } finally {
      app.clock.set(now);
    }
  });

  it('keeps each customer to their own payments, and needs a login', async () => {
    const first = await customerWithCart();
    const po = await startCard(first.call);
    await backFrom(first.call, po, 'success');
    const second = await customerWithCart();
    expect((await second.call('GET', `/api/payment/paygreen/${po}/order`)).statusCode).toBe(404);
    const anonymous = await visitor(app.app);
    expect((await anonymous.request('POST', '/api/payment/paygreen')).statusCode).toBe(401);
    expect((await anonymous.request('GET', `/api/payment/paygreen/${po}/order`)).statusCode).toBe(401);
    expect((await anonymous.request('GET', '/api/payment/paygreen/return?po_id=<script>')).statusCode).toBe(422);
    // Only '1' says the buyer is back.
    expect((await first.call('GET', `/api/payment/paygreen/${po}/order?back=yes`)).statusCode).toBe(422);
    expect((await app.app.inject({ method: 'POST', url: '/api/payment/paygreen/notification', payload: { id: 'po_inconnu' } })).json()).toEqual({ received: true, status: 'refused' });
    expect((await app.app.inject({ method: 'POST', url: '/api/payment/paygreen/notification', payload: { nope: 1 } })).statusCode).toBe(422);
  });
});
