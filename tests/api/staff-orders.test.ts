import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { STAFF_ERRORS, staffOrdersSchema, type StaffOrder } from '#shared/api/staff';
import { MONDAY, createTestApp, customerWithCart, refused, type TestApp } from './helpers';
import { retryPendingRefunds } from '../../server/modules/day-orders/refunds.service';
import { pdfTextOf, staffLoggedIn, type StaffBrowser } from './staff-helpers';

let app: TestApp;
let admin: StaffBrowser;
beforeAll(async () => {
  app = await createTestApp();
  admin = await staffLoggedIn(app.app);
});
afterAll(() => app.close());

const mailsTo = (email: string) => db().select().from(t.mailOutbox).where(eq(t.mailOutbox.to, email)).orderBy(asc(t.mailOutbox.id));
const hostedPage = (po: string, outcome: 'success' | 'refuse') =>
  app.app.inject({ method: 'POST', url: `/__sandbox/paygreen/pay/${po}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `outcome=${outcome}` });
async function startCard(call: Customer['call']) {
  const res = await call('POST', '/api/payment/paygreen');
  expect(res.statusCode, res.body).toBe(200);
  return new URL(res.json().hosted_payment_url as string).pathname.split('/').pop()!;
}
const db = () => app.database.db;
type Customer = Awaited<ReturnType<typeof customerWithCart>>;

/** A customer's order paid by card on the PayGreen emulator: its id and payment order. */
async function paidByCard(): Promise<Customer & { orderId: number; po: string }> {
  const c = await customerWithCart(app);
  const po = await startCard(c.call);
  await hostedPage(po, 'success');
  const placed = await c.call('GET', `/api/payment/paygreen/${po}/order?back=1`);
  expect(placed.statusCode, placed.body).toBe(200);
  return { ...c, orderId: placed.json().id as number, po };
}

/** A customer's order paid whole through Edenred's widget (no account to link). */
async function paidByWidget(): Promise<Customer & { orderId: number; sessionId: string }> {
  const c = await customerWithCart(app);
  const { widget } = (await c.call('POST', '/api/payment/edenred/session')).json() as { widget: { session_id: string } };
  const authorized = (await app.app.inject({ method: 'POST', url: `/__sandbox/edenred/widget/v1/sessions/${widget.session_id}/authorize`, payload: { username: 'marie@edenred.test', password: 'demo' } })).json() as { payload: string };
  const registered = await c.call('POST', '/api/payment/edenred', { payload: authorized.payload });
  expect(registered.statusCode, registered.body).toBe(200);
  const [order] = await db().select().from(t.orders).where(eq(t.orders.customerId, c.customer.id));
  return { ...c, orderId: order!.id, sessionId: widget.session_id };
}

/** An order settled by declared paper vouchers (not yet received). */
async function paidByVouchers(): Promise<Customer & { orderId: number }> {
  const c = await customerWithCart(app);
  await c.call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: [{ quantity: Math.ceil(c.preOrder.remaining_price / 500), amount: 5 }] });
  await c.call('POST', '/api/pending-order/pool');
  const placed = await c.call('POST', '/api/payment');
  expect(placed.statusCode, placed.body).toBe(200);
  return { ...c, orderId: placed.json().id as number };
}

async function board(date = MONDAY): Promise<StaffOrder[]> {
  const res = await admin.request('GET', `/api/staff/orders?date=${date}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return staffOrdersSchema.parse(res.json()).orders;
}
const onBoard = async (id: number) => (await board()).find((o) => o.id === id)!;
/** The declared vouchers' excess over what they settle: credited to the pool once received. */
const excessOf = async (orderId: number) => (await db().select().from(t.orders).where(eq(t.orders.id, orderId)))[0]!.paperVouchersExcessCents;
const paygreenOrder = async (po: string) => (await db().select().from(t.sandboxPaygreenOrders).where(eq(t.sandboxPaygreenOrders.id, po)))[0]!;

describe('GET /api/staff/orders', () => {
  it('lists the day’s orders with their customer, point, tour, lines and each means with its state', async () => {
    const card = await paidByCard();
    const vouchers = await paidByVouchers();
    const orders = await board();
    const byCard = orders.find((o) => o.id === card.orderId)!;
    expect(byCard).toMatchObject({
      state: 'placed',
      state_label: 'À livrer',
      refund_pending: false,
      customer: { name: 'Jules Carte', phone: '0612345678', email: card.customer.email },
      delivery: { date: MONDAY, point: expect.any(String), tour: expect.any(String) },
      lines: [expect.objectContaining({ quantity: 1, type: 'product' })],
      means: [{ means: 'card', amount: card.preOrder.remaining_price, state: 'paid' }],
    });
    expect(byCard.invoice_number).toMatch(/^F\d{4}-\d{6}$/);
    expect(orders.find((o) => o.id === vouchers.orderId)!.means).toEqual([{ means: 'paper_vouchers', amount: vouchers.preOrder.remaining_price, state: 'declared' }]);
    expect(await board('2026-12-25')).toEqual([]);
    refused(await admin.request('GET', '/api/staff/orders'), 422);
    refused(await admin.request('GET', '/api/staff/orders?date=23/11/2026'), 422);
  });
});

describe('POST /api/staff/orders/{id}/cancel', () => {
  it('pays the card back through PayGreen, gives the portions back, mails a credit note and writes the audit', async () => {
    const c = await paidByCard();
    const [before] = await db().select().from(t.productAvailabilities).where(and(eq(t.productAvailabilities.productId, c.dish.id), eq(t.productAvailabilities.date, MONDAY)));
    const res = await admin.request('POST', `/api/staff/orders/${c.orderId}/cancel`, { reason: 'Client malade' });
    expect(res.statusCode, res.body).toBe(200);
    const { order, credit_note } = res.json() as { order: StaffOrder; credit_note: { number: string; amount: number } };
    expect(order).toMatchObject({ state: 'cancelled', state_label: 'Annulée', refund_pending: false, refunded: c.preOrder.remaining_price });
    expect(order.means).toEqual([{ means: 'card', amount: c.preOrder.remaining_price, state: 'refunded' }]);
    expect(credit_note).toMatchObject({ number: expect.stringMatching(/^A\d{4}-\d{6}$/), amount: c.preOrder.remaining_price });
    expect(await paygreenOrder(c.po)).toMatchObject({ status: 'refunded', refundedAmount: c.preOrder.remaining_price });
    const [after] = await db().select().from(t.productAvailabilities).where(and(eq(t.productAvailabilities.productId, c.dish.id), eq(t.productAvailabilities.date, MONDAY)));
    expect(after!.reserved).toBe(before!.reserved - 1);

    const mail = (await mailsTo(c.customer.email)).find((m) => m.subject.includes('est annulée'))!;
    expect(mail.text).toContain('Motif : Client malade');
    expect(mail.text).toContain(`L’avoir ${credit_note.number} est joint`);
    const pdf = Buffer.from(mail.attachments[0]!.contentBase64!, 'base64');
    const text = await pdfTextOf(pdf);
    expect(text).toContain(`N° ${credit_note.number}`);
    expect(text).toContain('Avoir');
    expect(text).toMatch(/Sur la facture F\d{4}-\d{6}/);
    expect(text).toContain('Remboursé sur la carte bancaire');

    // PayGreen's refund comes back through the payment's own checks (the app's poll, a
    // notification): the credit note said it all, no second mail says the order could not be placed.
    expect((await c.call('GET', `/api/payment/paygreen/${c.po}/order`)).statusCode).toBe(200);
    expect((await mailsTo(c.customer.email)).map((m) => m.subject)).not.toContainEqual(expect.stringMatching(/pas pu|remboursé/i));

    // The customer's account says so.
    const me = (await c.call('GET', '/api/me')).json() as { orders: { id: number; current_status_text: string }[] };
    expect(me.orders.find((o) => o.id === c.orderId)!.current_status_text).toBe('Commande annulée');
    const audit = (await admin.request('GET', `/api/staff/audit?date=${MONDAY}`)).json().entries as { action: string; order_id: number; amount: number }[];
    expect(audit).toContainEqual(expect.objectContaining({ action: 'order.cancel', order_id: c.orderId, amount: c.preOrder.remaining_price }));
    // Once is enough.
    refused(await admin.request('POST', `/api/staff/orders/${c.orderId}/cancel`, { reason: 'Encore' }), 409, STAFF_ERRORS.orderState);
  });

  it('pays a widget’s Edenred money back by its transaction', async () => {
    const c = await paidByWidget();
    const res = await admin.request('POST', `/api/staff/orders/${c.orderId}/cancel`, { reason: 'Point fermé' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.means).toEqual([{ means: 'edenred', amount: c.preOrder.remaining_price, state: 'refunded' }]);
    const [session] = await db().select().from(t.sandboxEdenredWidgetSessions).where(eq(t.sandboxEdenredWidgetSessions.id, c.sessionId));
    const [transaction] = await db().select().from(t.sandboxEdenredTransactions).where(eq(t.sandboxEdenredTransactions.id, session!.authorizationId!));
    expect(transaction!.status).toBe('refunded');
  });

  it('drops declared paper vouchers: nothing is owed, nothing credited later', async () => {
    const c = await paidByVouchers();
    const res = await admin.request('POST', `/api/staff/orders/${c.orderId}/cancel`, { reason: 'Doublon' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.means).toEqual([{ means: 'paper_vouchers', amount: c.preOrder.remaining_price, state: 'refunded' }]);
    expect((await c.call('GET', '/api/me')).json()).toMatchObject({ pool: 0, poolPending: 0 });
  });

  it('keeps a failed provider refund pending, shows it, and tries it again until PayGreen takes it', async () => {
    const c = await paidByCard();
    await app.app.inject({ method: 'POST', url: '/__sandbox/paygreen/failures', payload: { status: 500, count: 5 } });
    const res = await admin.request('POST', `/api/staff/orders/${c.orderId}/cancel`, { reason: 'Erreur de commande' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ state: 'cancelled', refund_pending: true, refunded: 0 });
    expect(res.json().order.means[0].state).toBe('refund_pending');
    expect((await paygreenOrder(c.po)).status).toBe('successed');
    expect((await onBoard(c.orderId)).refund_pending).toBe(true);
    await app.app.inject({ method: 'DELETE', url: '/__sandbox/paygreen/failures' });
    const retried = await admin.request('POST', `/api/staff/orders/${c.orderId}/refunds/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ refund_pending: false, refunded: c.preOrder.remaining_price });
    expect((await paygreenOrder(c.po)).status).toBe('refunded');
    // Who asked again, and for what, is in the audit.
    const entries = (await admin.request('GET', `/api/staff/audit?date=${MONDAY}`)).json().entries as { action: string; order_id: number; amount: number }[];
    expect(entries).toContainEqual(expect.objectContaining({ action: 'order.refund_retry', order_id: c.orderId, amount: c.preOrder.remaining_price }));
  });

  it('asks PayGreen once for a pending refund retried from two places at once', async () => {
    const c = await paidByCard();
    await app.app.inject({ method: 'POST', url: '/__sandbox/paygreen/failures', payload: { status: 500, count: 5 } });
    expect((await admin.request('POST', `/api/staff/orders/${c.orderId}/refund`, { amount: 300, reason: 'Boisson tiède' })).statusCode).toBe(200);
    expect((await paygreenOrder(c.po)).refundedAmount ?? 0).toBe(0);
    await app.app.inject({ method: 'DELETE', url: '/__sandbox/paygreen/failures' });
    // Two admins tap "Relancer" as the server's own retry runs.
    const other = await staffLoggedIn(app.app);
    const [a, b] = await Promise.all([
      admin.request('POST', `/api/staff/orders/${c.orderId}/refunds/retry`),
      other.request('POST', `/api/staff/orders/${c.orderId}/refunds/retry`),
      retryPendingRefunds(app.app),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await paygreenOrder(c.po)).refundedAmount).toBe(300);
    expect((await onBoard(c.orderId)).refund_pending).toBe(false);
    expect((await db().select().from(t.refunds).where(eq(t.refunds.orderId, c.orderId))).map((r) => r.status)).toEqual(['done']);
  });

  it('refuses bad input and unknown orders', async () => {
    refused(await admin.request('POST', '/api/staff/orders/999999/cancel', { reason: 'x' }), 404);
    refused(await admin.request('POST', '/api/staff/orders/abc/cancel', { reason: 'x' }), 422);
    refused(await admin.request('POST', '/api/staff/orders/1/cancel', {}), 422);
    refused(await admin.request('POST', '/api/staff/orders/1/cancel', { reason: '' }), 422);
  });
});

describe('POST /api/staff/orders/{id}/refund', () => {
  it('refunds part of a card payment, then no more than what is left', async () => {
    const c = await paidByCard();
    const res = await admin.request('POST', `/api/staff/orders/${c.orderId}/refund`, { amount: 300, reason: 'Dessert oublié' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ state: 'placed', refunded: 300 });
    expect(await paygreenOrder(c.po)).toMatchObject({ status: 'successed', refundedAmount: 300 });
    refused(await admin.request('POST', `/api/staff/orders/${c.orderId}/refund`, { amount: c.preOrder.remaining_price, reason: 'Trop' }), 422, STAFF_ERRORS.refundTooLarge);
    const rest = await admin.request('POST', `/api/staff/orders/${c.orderId}/refund`, { amount: c.preOrder.remaining_price - 300, reason: 'Le reste' });
    expect(rest.json().order).toMatchObject({ state: 'refunded', refunded: c.preOrder.remaining_price });
    refused(await admin.request('POST', `/api/staff/orders/${c.orderId}/refund`, { amount: 1, reason: 'Encore' }), 409, STAFF_ERRORS.orderState);
    refused(await admin.request('POST', `/api/staff/orders/${c.orderId}/refund`, { amount: -5, reason: 'x' }), 422);
    refused(await admin.request('POST', `/api/staff/orders/${c.orderId}/refund`, { amount: 1.5, reason: 'x' }), 422);
  });

  it('makes a refund sent again with its key (an answer lost on the way) once, even both at once', async () => {
    const c = await paidByCard();
    const key = { 'idempotency-key': `refund-${c.orderId}-lost-answer` };
    const body = { amount: 250, reason: 'Boisson manquante' };
    const [first, second] = await Promise.all([
      admin.request('POST', `/api/staff/orders/${c.orderId}/refund`, body, key),
      admin.request('POST', `/api/staff/orders/${c.orderId}/refund`, body, key),
    ]);
    // One made it; the other is its answer again, or told to wait for it.
    expect([first.statusCode, second.statusCode].sort()).toEqual(first.statusCode === second.statusCode ? [200, 200] : [200, 409]);
    const again = await admin.request('POST', `/api/staff/orders/${c.orderId}/refund`, body, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().order).toMatchObject({ refunded: 250 });
    expect(await paygreenOrder(c.po)).toMatchObject({ refundedAmount: 250 });
    expect(await db().select().from(t.creditNotes).where(eq(t.creditNotes.orderId, c.orderId))).toHaveLength(1);
  });

  it('never gives back more than was paid, whatever two admins send at the same moment', async () => {
    const c = await paidByCard();
    const total = c.preOrder.remaining_price;
    const other = await staffLoggedIn(app.app);
    // Two refunds that each fit, but not together: one is made, the other refused on what is left.
    const big = total - 100;
    const answers = await Promise.all([
      admin.request('POST', `/api/staff/orders/${c.orderId}/refund`, { amount: big, reason: 'Erreur de caisse' }),
      other.request('POST', `/api/staff/orders/${c.orderId}/refund`, { amount: big, reason: 'Erreur de caisse' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    // A cancellation and a refund at once: the money given back stays what was paid.
    const [cancel, refund] = await Promise.all([
      admin.request('POST', `/api/staff/orders/${c.orderId}/cancel`, { reason: 'Annulée' }),
      other.request('POST', `/api/staff/orders/${c.orderId}/refund`, { amount: 100, reason: 'Le reste' }),
    ]);
    expect([cancel.statusCode, refund.statusCode]).toContain(200);
    const given = await db().select().from(t.refunds).where(eq(t.refunds.orderId, c.orderId));
    expect(given.reduce((n, r) => n + r.amountCents, 0)).toBe(total);
    expect((await paygreenOrder(c.po)).refundedAmount).toBe(total);
  });

  it('refunds an item at its own VAT rate: the credit note carries its rate alone, never spread over the invoice', async () => {
    // A main dish (10 %) and a drink (another rate), paid by card.
    const c = await customerWithCart(app);
    const drinks = (await app.app.inject('/api/products')).json() as { id: number; name: string; category: string; price: number; sold_out: boolean }[];
    const drink = drinks.find((d) => d.category === 'drink' && !d.sold_out)!;
    expect((await c.call('POST', '/api/cart/products', { id: drink.id })).statusCode).toBe(200);
    const validated = await c.call('POST', '/api/cart/validate');
    const po = await startCard(c.call);
    await hostedPage(po, 'success');
    const placed = await c.call('GET', `/api/payment/paygreen/${po}/order?back=1`);
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().id as number;
    const card = await onBoard(orderId);
    const line = card.lines.find((l) => l.name === drink.name)!;
    expect(line).toMatchObject({ quantity: 1, refunded_quantity: 0 });

    // Bad asks: both an amount and items, neither, another order's line, more than was ordered.
    refused(await admin.request('POST', `/api/staff/orders/${orderId}/refund`, { amount: 100, lines: [{ id: line.id, quantity: 1 }], reason: 'Boisson renversée' }), 422);
    refused(await admin.request('POST', `/api/staff/orders/${orderId}/refund`, { reason: 'Boisson renversée' }), 422);
    refused(await admin.request('POST', `/api/staff/orders/${orderId}/refund`, { lines: [{ id: 999_999, quantity: 1 }], reason: 'Boisson renversée' }), 422);
    refused(await admin.request('POST', `/api/staff/orders/${orderId}/refund`, { lines: [{ id: line.id, quantity: 2 }], reason: 'Boisson renversée' }), 422, STAFF_ERRORS.refundTooLarge);

    const res = await admin.request('POST', `/api/staff/orders/${orderId}/refund`, { lines: [{ id: line.id, quantity: 1 }], reason: 'Boisson renversée' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().credit_note.amount).toBe(drink.price);
    expect(res.json().order.lines.find((l: { id: number }) => l.id === line.id)).toMatchObject({ refunded_quantity: 1 });
    const mail = (await mailsTo(c.customer.email)).find((m) => m.subject.startsWith('Remboursement'))!;
    const text = await pdfTextOf(Buffer.from(mail.attachments[0]!.contentBase64!, 'base64'));
    const [row] = await db().select().from(t.products).where(eq(t.products.id, drink.id));
    const rateOf = (bp: number) => `Taux ${String(bp / 100).replace('.', ',')} %`;
    expect(row!.vatRateBp).not.toBe(1000);
    expect(text).toContain(rateOf(row!.vatRateBp));
    expect(text).not.toContain(rateOf(1000));
    // Once refunded, not twice; the rest of the order stays refundable by amount.
    refused(await admin.request('POST', `/api/staff/orders/${orderId}/refund`, { lines: [{ id: line.id, quantity: 1 }], reason: 'Encore' }), 422, STAFF_ERRORS.refundTooLarge);
    expect((await onBoard(orderId)).refundable).toBe((validated.json() as { remaining_price: number }).remaining_price - drink.price);
  });

  it('refunds only what an order received: paper vouchers not yet handed over are no money to give back', async () => {
    const c = await paidByVouchers();
    // The vouchers are still with the customer: nothing was paid, nothing can be credited (a
    // refund once credited their value to the pool, spendable at once).
    const early = refused(await admin.request('POST', `/api/staff/orders/${c.orderId}/refund`, { amount: 250, reason: 'Plat froid' }), 422, 'refund_too_large');
    expect(early.message).toContain('0,00');
    expect((await c.call('GET', '/api/me')).json().pool).toBe(0);
    // Handed over and confirmed: now they are money, given back to the pool (paper is not handed back).
    expect((await admin.request('POST', `/api/staff/orders/${c.orderId}/paper-vouchers/confirm`)).statusCode).toBe(200);
    const res = await admin.request('POST', `/api/staff/orders/${c.orderId}/refund`, { amount: 250, reason: 'Plat froid' });
    expect(res.statusCode, res.body).toBe(200);
    const me = (await c.call('GET', '/api/me')).json() as { pool: number; poolHistories: { type_label: string; amount: number }[] };
    expect(me.pool).toBe(250 + (await excessOf(c.orderId)));
    expect(me.poolHistories).toContainEqual(expect.objectContaining({ type_label: 'Remboursement', amount: 250 }));
  });
});
