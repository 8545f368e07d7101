import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dueCardAnswerSchema, dueCardReturnPath } from '#shared/api/balance-due';
import { cardPaymentStartSchema } from '#shared/api/checkout';
import { roundEventsAnswerSchema, type RoundEvent } from '#shared/api/courier-round';
import { staffToursSchema } from '#shared/api/staff-rounds';
import * as t from '../../server/db/schema';
import { checkLedger } from '../../server/modules/ledger/ledger-check.service';
import { MONDAY, at, refused, visitor } from './helpers';
import { addDish, cartOf, testFile } from './fixtures';
import { TEAM, staffLoggedIn, type StaffBrowser } from './staff-helpers';

/*
 * A balance due paid by the customer by card (docs/product/money.md#settling-a-balance-due):
 * PayGreen's hosted page for what is due, never more; credited once, whichever of the return, the
 * notification and the app's check comes first; never paid twice with the pool at the same moment.
 */

const { app, db, dishes, placeOrderAt, moneyOf, setMoney, hostedPage } = testFile({ unlimitedStock: true });

type Placed = Awaited<ReturnType<typeof placeOrderAt>>;
let admin: StaffBrowser;
/** Customers each owing 5 € on a delivered order (one 5 € voucher of two handed over). */
const owing: Placed[] = [];
let next = 0;
const customer = () => owing[next++]!;
const DUE = 5_00;

beforeAll(async () => {
  admin = await staffLoggedIn(app.app);
  const livreur = await staffLoggedIn(app.app, TEAM.livreur);
  const tour = staffToursSchema.parse((await admin.request('GET', '/api/staff/tours')).json()).tours.find((x) => x.name.includes('1er passage') && x.stops.some((s) => s.name.startsWith('Bellecour')))!;
  const point = tour.stops.find((s) => s.name.startsWith('Bellecour'))!.name;
  const main = dishes.find((d) => d.category === 'main')!;
  for (let i = 0; i < 8; i++) {
    const placed = await placeOrderAt({ firstname: 'Client', lastname: `Carte ${i}`, phone: `06123456${String(i).padStart(2, '0')}` }, tour.name, point, async (v) => void cartOf(await addDish(v, main.id)), { quantity: 2, amount: 5 });
    await setMoney(placed.customerId, { poolCents: 0 });
    owing.push(placed);
  }
  const event = (fields: Omit<RoundEvent, 'id' | 'at'>): RoundEvent => ({ id: crypto.randomUUID(), at: at(MONDAY, '12:10:00').toISOString(), ...fields });
  const res = await livreur.request('POST', `/api/staff/rounds/${tour.id}/events?date=${MONDAY}`, {
    events: owing.flatMap((o) => [event({ type: 'vouchers_received', order_id: o.orderId, rows: [{ issuer: 'edenred', count: 1, unit_cents: 5_00 }] }), event({ type: 'handed_over', order_id: o.orderId })]),
  });
  expect(roundEventsAnswerSchema.parse(res.json()).results.every((r) => r.status === 'applied')).toBe(true);
  app.clock.set(at(MONDAY, '13:00:00'));
  expect((await livreur.request('POST', `/api/staff/rounds/${tour.id}/close?date=${MONDAY}`)).statusCode).toBe(200);
}, 120_000);

const dueOf = async (p: Placed) => ((await p.v.request('GET', '/api/me')).json() as { orders: { id: number; balance_due: number }[] }).orders.find((o) => o.id === p.orderId)!.balance_due;
const cardUrl = (p: Placed) => `/api/orders/${p.orderId}/balance/card`;

/** Starts the card payment of the due: PayGreen's payment order id. */
async function startDue(p: Placed, body: { amount?: number } = {}) {
  const res = await p.v.request('POST', cardUrl(p), body);
  expect(res.statusCode, res.body).toBe(200);
  const started = cardPaymentStartSchema.parse(res.json());
  expect(new URL(started.hosted_payment_url).pathname).toBe(`/__sandbox/paygreen/pay/${started.po_id}`);
  return started.po_id;
}

/** The app's check once the buyer is back. */
async function outcome(p: Placed, po: string) {
  const res = await p.v.request('GET', `${cardUrl(p)}/${po}`);
  expect(res.statusCode, res.body).toBe(200);
  return dueCardAnswerSchema.parse(res.json());
}

/** The ledger's settlements of an order, and the audit lines of the customer's own. */
const settlementsOf = (orderId: number) => db().select().from(t.ledgerTransfers).where(and(eq(t.ledgerTransfers.orderId, orderId), eq(t.ledgerTransfers.cause, 'settlement')));
const auditOf = (orderId: number) => db().select().from(t.auditLog).where(and(eq(t.auditLog.orderId, orderId), eq(t.auditLog.action, 'order.balance_paid')));
const dueCardPayments = (customerId: number) => db().select().from(t.payments).where(and(eq(t.payments.customerId, customerId), eq(t.payments.provider, 'paygreen_due')));

describe('a balance due paid by card', () => {
  it('goes through PayGreen for exactly what is due, credited once to the order, audited; the account then owes nothing', async () => {
    const c = customer();
    expect(await dueOf(c)).toBe(DUE);
    const po = await startDue(c);
    const [payment] = await dueCardPayments(c.customerId);
    expect(payment).toMatchObject({ providerId: po, amountCents: DUE, status: 'pending', orderId: null });
    // The basket is not locked by it: the due's payment is not the basket's.
    expect((await c.v.request('GET', '/api/cart')).statusCode).toBe(200);

    // Paid on the hosted page: PayGreen sends the buyer back to the account panel, and notifies.
    const back = await hostedPage(po, 'success');
    expect(back.statusCode).toBe(303);
    const to = new URL(String(back.headers.location));
    expect(to.pathname + to.search).toBe(`${dueCardReturnPath(c.orderId)}&po_id=${po}`);
    expect(await outcome(c, po)).toEqual({ order_id: c.orderId, status: 'success', settled: DUE, due: 0 });
    // The notification and the check again change nothing.
    expect((await c.v.request('POST', '/api/payment/paygreen/notification', { id: po })).json()).toEqual({ received: true, status: 'success' });
    expect(await outcome(c, po)).toEqual({ order_id: c.orderId, status: 'success', settled: DUE, due: 0 });

    expect(await dueOf(c)).toBe(0);
    const settlements = await settlementsOf(c.orderId);
    expect(settlements.map((s) => [s.code, s.amount, s.paymentId])).toEqual([['due_card', DUE, payment!.id]]);
    const [line] = await auditOf(c.orderId);
    expect(line).toMatchObject({ staffId: null, customerId: c.customerId, amountCents: DUE, details: { means: 'card', payment: po, still_due: 0 } });
    const day = (await admin.request('GET', `/api/staff/audit?date=${MONDAY}`)).json() as { entries: { action: string; text: string }[] };
    expect(day.entries.find((e) => e.action === 'order.balance_paid')?.text).toMatch(/^Client C\. a réglé 5,00\s€ par carte sur la commande F\d{4}-\d{6} .*plus rien n’est dû$/);
    // Nothing left: neither the card nor the pool.
    refused(await c.v.request('POST', cardUrl(c), {}), 409, 'nothing_due');
    refused(await c.v.request('POST', `/api/orders/${c.orderId}/balance`), 409, 'nothing_due');
    expect((await checkLedger(db())).problems).toEqual([]);

    // Refunded later, the order's card money goes back to the card that paid the due.
    const refund = await admin.request('POST', `/api/staff/orders/${c.orderId}/refund`, { amount: DUE, reason: 'Geste commercial' });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await db().select().from(t.refunds).where(eq(t.refunds.orderId, c.orderId))).map((r) => [r.means, r.amountCents, r.paymentId, r.status])).toEqual([['card', DUE, payment!.id, 'done']]);
    const [remote] = await db().select().from(t.sandboxPaygreenOrders).where(eq(t.sandboxPaygreenOrders.id, po));
    expect(remote).toMatchObject({ status: 'refunded', refundedAmount: DUE });
  });

  it('refuses more than is due, too little for a card, another customer’s order, and bad input', async () => {
    const c = customer();
    const other = customer();
    refused(await c.v.request('POST', cardUrl(c), { amount: DUE + 1 }), 422, 'due_exceeded');
    refused(await c.v.request('POST', cardUrl(c), { amount: 50 }), 422, 'amount_too_small');
    refused(await c.v.request('POST', cardUrl(c), { amount: 1.5 }), 422, 'validation_failed');
    refused(await c.v.request('POST', cardUrl(c), { amount: -100 }), 422, 'validation_failed');
    refused(await c.v.request('POST', cardUrl(c), { amount: '500' }), 422, 'validation_failed');
    refused(await c.v.request('POST', cardUrl(c)), 422, 'validation_failed');
    refused(await c.v.request('POST', '/api/orders/abc/balance/card', {}), 422, 'validation_failed');
    refused(await c.v.request('POST', cardUrl(other), {}), 404, 'not_found');
    refused(await c.v.request('POST', '/api/orders/99999999/balance/card', {}), 404, 'not_found');
    refused(await c.v.request('GET', `${cardUrl(c)}/po_unknown`), 404, 'not_found');
    refused(await c.v.request('GET', `${cardUrl(c)}/not%20an%20id`), 422, 'validation_failed');
    refused(await (await visitor(app.app)).request('POST', cardUrl(c), {}), 401);
    expect(await dueCardPayments(c.customerId)).toEqual([]);

    // A part of it, then another customer cannot read or cancel that payment.
    const po = await startDue(c, { amount: 2_00 });
    refused(await other.v.request('GET', `${cardUrl(c)}/${po}`), 404, 'not_found');
    refused(await other.v.request('GET', `${cardUrl(other)}/${po}`), 404, 'not_found');
    refused(await other.v.request('POST', `${cardUrl(other)}/${po}/cancel`), 404, 'not_found');
    // One at a time: a second start cancels the first at PayGreen (nobody paid it).
    const second = await startDue(c);
    expect((await dueCardPayments(c.customerId)).map((p) => [p.providerId, p.status]).sort()).toEqual([[po, 'canceled'], [second, 'pending']].sort());
    await hostedPage(second, 'success');
    expect(await outcome(c, second)).toMatchObject({ status: 'success', settled: DUE, due: 0 });
    // The canceled one, paid all the same (the page was still open), is given back.
    await app.app.inject({ method: 'POST', url: `/__sandbox/paygreen/payment-orders/${po}/outcome`, payload: { status: 'successed', notify: false } });
    expect(await outcome(c, po)).toMatchObject({ status: 'refused', settled: 0, due: 0 });
    expect((await settlementsOf(c.orderId)).map((s) => s.amount)).toEqual([DUE]);
  });

  it('cancelled or refused, leaves the due as it was', async () => {
    const c = customer();
    const po = await startDue(c);
    const cancel = await c.v.request('POST', `${cardUrl(c)}/${po}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(dueCardAnswerSchema.parse(cancel.json())).toEqual({ order_id: c.orderId, status: 'canceled', settled: 0, due: DUE });
    expect(await outcome(c, po)).toMatchObject({ status: 'canceled', due: DUE });
    const refusedPo = await startDue(c);
    await hostedPage(refusedPo, 'refuse');
    expect(await outcome(c, refusedPo)).toEqual({ order_id: c.orderId, status: 'refused', settled: 0, due: DUE });
    expect(await dueOf(c)).toBe(DUE);
    expect(await settlementsOf(c.orderId)).toEqual([]);
    // A payment still waiting on PayGreen says so; the pool, asked meanwhile, cancels it there first.
    const waiting = await startDue(c);
    await hostedPage(waiting, 'pending');
    expect(await outcome(c, waiting)).toMatchObject({ status: 'pending', settled: 0, due: DUE });
    await setMoney(c.customerId, { poolCents: 10_00 });
    expect((await c.v.request('POST', `/api/orders/${c.orderId}/balance`)).json()).toEqual({ order_id: c.orderId, settled: DUE, due: 0 });
    expect(await outcome(c, waiting)).toMatchObject({ status: 'canceled', settled: 0, due: 0 });
    expect((await settlementsOf(c.orderId)).map((s) => s.code)).toEqual(['due_pool']);
  });

  it('paid after the team recorded the due in cash meanwhile, is given back', async () => {
    const c = customer();
    const po = await startDue(c);
    expect((await admin.request('POST', `/api/staff/orders/${c.orderId}/balance`, { means: 'cash', amount: DUE })).statusCode).toBe(200);
    await hostedPage(po, 'success');
    expect(await outcome(c, po)).toEqual({ order_id: c.orderId, status: 'refused', settled: 0, due: 0 });
    const [payment] = await dueCardPayments(c.customerId);
    expect(payment).toMatchObject({ status: 'refunded', orderId: null });
    expect((await settlementsOf(c.orderId)).map((s) => s.code)).toEqual(['due_cash']);
  });

  it('replayed notifications, and a return with its notification at once, credit it once', async () => {
    const c = customer();
    const po = await startDue(c);
    await app.app.inject({ method: 'POST', url: `/__sandbox/paygreen/payment-orders/${po}/outcome`, payload: { status: 'successed', notify: false } });
    const answers = await Promise.all([
      c.v.request('POST', '/api/payment/paygreen/notification', { id: po }),
      c.v.request('POST', '/api/payment/paygreen/notification', { id: po }),
      c.v.request('GET', `${cardUrl(c)}/${po}`),
      app.app.inject({ method: 'POST', url: `/__sandbox/paygreen/payment-orders/${po}/notify` }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await app.app.inject({ method: 'POST', url: `/__sandbox/paygreen/payment-orders/${po}/notify` })).statusCode).toBe(200);
    expect((await settlementsOf(c.orderId)).map((s) => s.amount)).toEqual([DUE]);
    expect(await auditOf(c.orderId)).toHaveLength(1);
    expect(await dueOf(c)).toBe(0);
  });

  it('by card and by the pool at the same moment, is paid once', async () => {
    // The pool and the card's start sent together: the order's account is locked, one of them wins.
    const racers = [customer(), customer()];
    for (const c of racers) {
      await setMoney(c.customerId, { poolCents: 20_00 });
      const [card, pool] = await Promise.all([c.v.request('POST', cardUrl(c), {}), c.v.request('POST', `/api/orders/${c.orderId}/balance`)]);
      if (pool.statusCode === 200) {
        expect(pool.json()).toEqual({ order_id: c.orderId, settled: DUE, due: 0 });
        refused(card, 409, 'nothing_due');
        expect((await moneyOf(c.customerId)).pool).toBe(15_00);
      } else {
        refused(pool, 409, 'payment_pending');
        const po = cardPaymentStartSchema.parse(card.json()).po_id;
        // Paid on the hosted page while the pool is asked again: the pool finds the card's payment.
        await app.app.inject({ method: 'POST', url: `/__sandbox/paygreen/payment-orders/${po}/outcome`, payload: { status: 'successed', notify: false } });
        const [again, back] = await Promise.all([c.v.request('POST', `/api/orders/${c.orderId}/balance`), c.v.request('GET', `${cardUrl(c)}/${po}`)]);
        refused(again, 409, 'nothing_due');
        expect(dueCardAnswerSchema.parse(back.json())).toMatchObject({ status: 'success', settled: DUE, due: 0 });
        expect((await moneyOf(c.customerId)).pool).toBe(20_00);
      }
      expect((await settlementsOf(c.orderId)).reduce((n, s) => n + s.amount, 0)).toBe(DUE);
      expect(await dueOf(c)).toBe(0);
    }
    expect((await checkLedger(db())).problems).toEqual([]);
  });
});
