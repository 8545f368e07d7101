import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { preOrderSchema, validatedOrderSchema } from '#shared/api/checkout';
import { EDENRED_ERRORS, EDENRED_MESSAGES, orderDetailsSchema } from '#shared/api/edenred';
import { fixtures } from './fixtures';
import { EDENRED_SANDBOX, linkEdenred, loginOnProvider as loginOnProvider_, setEdenredBalance } from './edenred-steps';
import { createTestApp, customerWithCart, refused, visitor, type TestApp } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
// Demo balances back, and the emulator's transactions (so the 25 € daily cap) forgotten.
beforeEach(async () => {
  await app.app.inject({ method: 'POST', url: '/__sandbox/edenred/accounts/reset' });
});

type Customer = Awaited<ReturnType<typeof customerWithCart>>;
const SANDBOX = EDENRED_SANDBOX;
const loginOnProvider = (authorizeUrl: string, username: string, password?: string) => loginOnProvider_(app.app, authorizeUrl, username, password);
const link = (c: Customer, username?: string) => linkEdenred(app.app, c.call, username);

const balance = async (c: Customer) => ((await c.call('GET', '/api/edenred/balance')).json() as { balance: number }).balance;
const { ordersOf } = fixtures(() => app);
const paymentsOf = (customerId: number) => app.database.db.select().from(t.payments).where(eq(t.payments.customerId, customerId));
const setProviderBalance = (username: string, cents: number) => setEdenredBalance(app.app, username, cents);

describe('linking an Edenred account (OpenID Connect)', () => {
  it('answers an authorization URL with state, nonce and PKCE, for a logged-in customer only', async () => {
    const anonymous = await visitor(app.app);
    refused(await anonymous.request('POST', '/api/edenred/oauth-url'), 401, 'unauthenticated');
    const c = await customerWithCart(app);
    const url = new URL((await c.call('POST', '/api/edenred/oauth-url')).json().url as string);
    expect(url.pathname).toBe(`${SANDBOX}/connect/authorize`);
    const q = url.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('redirect_uri')).toBe('http://localhost:3000/api/edenred/callback');
    expect(q.get('scope')).toBe('openid edg-xp-mealdelivery-api offline_access');
    expect(q.get('code_challenge_method')).toBe('S256');
    for (const p of ['state', 'nonce', 'code_challenge', 'client_id']) expect(q.get(p)).toBeTruthy();
  });

  it('stores the tokens sealed, shows the link in the state and in /api/me, and reads the balance', async () => {
    const c = await customerWithCart(app);
    expect((await c.call('GET', '/api/state')).json().customer.isConnectedToEdenred).toBe(false);
    expect(await balance(c)).toBe(0);
    const { page } = await link(c);
    expect(page).toContain('data-status="success"');
    expect(page).toContain('/edenred-callback.js');
    expect((await c.call('GET', '/api/state')).json().customer.isConnectedToEdenred).toBe(true);
    expect((await c.call('GET', '/api/me')).json().isConnectedToEdenred).toBe(true);
    const [row] = await app.database.db.select().from(t.edenredAccounts).where(eq(t.edenredAccounts.customerId, c.customer.id));
    expect(row!.username).toBe('marie@edenred.test');
    expect(row!.accessToken).toMatch(/^v1\./);
    expect(row!.accessToken.split('.')).toHaveLength(4);
    expect(await balance(c)).toBeGreaterThan(0);
  });

  it('refuses a replayed state, a forged one, and a state from another session', async () => {
    const c = await customerWithCart(app);
    const { back } = await link(c);
    // The same callback again: its state is spent.
    expect((await c.call('GET', back.pathname + back.search)).body).toContain('data-status="error"');
    // A made-up state.
    const forged = new URLSearchParams(back.search);
    forged.set('state', 'forged-state');
    expect((await c.call('GET', `${back.pathname}?${forged}`)).body).toContain('data-status="error"');
    // A login started by one visitor, finished in another's browser.
    const victim = await customerWithCart(app);
    const start = await c.call('POST', '/api/edenred/oauth-url');
    const stolen = await loginOnProvider(start.json().url as string, 'paul@edenred.test');
    expect((await victim.call('GET', stolen.pathname + stolen.search)).body).toContain('data-status="error"');
    expect((await victim.call('GET', '/api/state')).json().customer.isConnectedToEdenred).toBe(false);
    // A provider error (the customer cancelled) is an error page too.
    const cancelled = await c.call('POST', '/api/edenred/oauth-url');
    const state = new URL(cancelled.json().url as string).searchParams.get('state')!;
    expect((await c.call('GET', `/api/edenred/callback?error=access_denied&state=${state}`)).body).toContain('data-status="error"');
  });

  it('refreshes an expired access token, and logout ends the provider session and forgets the tokens', async () => {
    const c = await customerWithCart(app);
    await link(c, 'paul@edenred.test');
    await setProviderBalance('paul@edenred.test', 800);
    const [before] = await app.database.db.select().from(t.edenredAccounts).where(eq(t.edenredAccounts.customerId, c.customer.id));
    const start = app.clock.now();
    app.clock.set(new Date(start.getTime() + 2 * 3600 * 1000));
    try {
      expect(await balance(c)).toBe(800);
      const [after] = await app.database.db.select().from(t.edenredAccounts).where(eq(t.edenredAccounts.customerId, c.customer.id));
      expect(after!.expiresAt.getTime()).toBeGreaterThan(before!.expiresAt.getTime());
      expect(after!.accessToken).not.toBe(before!.accessToken);

      const out = await c.call('POST', '/api/edenred/logout');
      expect(out.statusCode, out.body).toBe(200);
      expect(out.json()).toEqual({ balance: 0, link: null, isConnectedToEdenred: false });
      expect(await app.database.db.select().from(t.edenredAccounts).where(eq(t.edenredAccounts.customerId, c.customer.id))).toEqual([]);
      expect(await balance(c)).toBe(0);
      expect((await c.call('GET', '/api/state')).json().customer.isConnectedToEdenred).toBe(false);
    } finally {
      app.clock.set(start);
    }
  });
});

describe('paying with the Edenred balance', () => {
  it('pays everything left ("only") and places the order once; the amount is checked server-side', async () => {
    const c = await customerWithCart(app);
    await link(c);
    await setProviderBalance('marie@edenred.test', 4500);
    const remaining = c.preOrder.remaining_price;
    refused(await c.call('POST', '/api/payment/edenred/only', { amount: remaining - 1 }), 409, EDENRED_ERRORS.amountMismatch);
    refused(await c.call('POST', '/api/payment/edenred/only', { amount: 'abc' }), 422);
    const res = await c.call('POST', '/api/payment/edenred/only', { amount: remaining });
    expect(res.statusCode, res.body).toBe(200);
    expect(validatedOrderSchema.parse(res.json()).amount_total).toBe(c.preOrder.remaining_price);
    expect(await ordersOf(c.customer.id)).toHaveLength(1);
    expect(await balance(c)).toBe(4500 - remaining);
    const [payment] = (await paymentsOf(c.customer.id)).filter((p) => p.provider === 'edenred');
    expect(payment).toMatchObject({ status: 'captured', amountCents: remaining });
    expect(payment!.orderId).toBe((await ordersOf(c.customer.id))[0]!.id);
    // A replay finds no open pre-order and takes nothing.
    refused(await c.call('POST', '/api/payment/edenred/only', { amount: remaining }), 404);
    expect(await balance(c)).toBe(4500 - remaining);
  });

  it('takes the money once when two tabs pay at the same moment', async () => {
    const c = await customerWithCart(app);
    await link(c);
    await setProviderBalance('marie@edenred.test', 4500);
    const pay = () => c.call('POST', '/api/payment/edenred/only', { amount: c.preOrder.remaining_price });
    const [a, b] = await Promise.all([pay(), pay()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await ordersOf(c.customer.id)).toHaveLength(1);
    expect(await balance(c)).toBe(4500 - c.preOrder.remaining_price);
  });

  it('pays part with Edenred (held), the rest by card, and takes the held part with the order', async () => {
    const c = await customerWithCart(app);
    await link(c, 'paul@edenred.test');
    await setProviderBalance('paul@edenred.test', 300);
    const res = await c.call('POST', '/api/payment/edenred/partly', { amount: 300 });
    expect(res.statusCode, res.body).toBe(200);
    const { data, pre_order } = res.json() as { data: { authorization_id: string }; pre_order: unknown };
    const pre = preOrderSchema.parse(pre_order);
    expect(pre.edenredPayment).toEqual({ unit_amount: 300, authorization_id: data.authorization_id });
    expect(pre.remaining_price).toBe(c.preOrder.remaining_price - 300);
    refused(await c.call('POST', '/api/payment/edenred/partly', { amount: 100 }), 409, EDENRED_ERRORS.alreadyApplied);

    const card = await c.call('POST', '/api/payment/paygreen');
    const po = new URL(card.json().hosted_payment_url as string).pathname.split('/').pop()!;
    const [cardPayment] = await app.database.db.select().from(t.payments).where(eq(t.payments.providerId, po));
    expect(cardPayment!.amountCents).toBe(c.preOrder.remaining_price - 300);
    await app.app.inject({ method: 'POST', url: `/__sandbox/paygreen/pay/${po}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=success' });
    expect((await c.call('GET', `/api/payment/paygreen/${po}/order`)).statusCode).toBe(200);
    // The emulator's notification settles the same payment at the same time: whichever placed the
    // order takes the held part, maybe just after this answer.
    await expect.poll(async () => (await app.database.db.select().from(t.payments).where(eq(t.payments.providerId, data.authorization_id)))[0]?.status).toBe('captured');
    const [tx] = await app.database.db.select().from(t.sandboxEdenredTransactions).where(eq(t.sandboxEdenredTransactions.id, data.authorization_id));
    expect(tx).toMatchObject({ status: 'captured', capturedAmount: 300 });
  });

  it('takes the held part on the replayed notification when the server died between placing the order and taking it', async () => {
    const c = await customerWithCart(app);
    await link(c, 'paul@edenred.test');
    await setProviderBalance('paul@edenred.test', 300);
    const { data } = (await c.call('POST', '/api/payment/edenred/partly', { amount: 300 })).json() as { data: { authorization_id: string } };
    const po = new URL((await c.call('POST', '/api/payment/paygreen')).json().hosted_payment_url as string).pathname.split('/').pop()!;
    await app.app.inject({ method: 'POST', url: `/__sandbox/paygreen/payment-orders/${po}/outcome`, payload: { status: 'successed', notify: false } });
    // What a server killed right after the placement's commit leaves: the order, owned by the card payment, and the hold.
    const [cardPayment] = await app.database.db.select().from(t.payments).where(eq(t.payments.providerId, po));
    const { placeOrder } = await import('../../server/modules/checkout/checkout.service');
    await placeOrder(app.database.db, cardPayment!.preOrderId, app.clock.now(), { paymentId: cardPayment!.id });
    const [before] = await app.database.db.select().from(t.payments).where(eq(t.payments.providerId, data.authorization_id));
    expect(before).toMatchObject({ status: 'authorized' });
    await app.app.inject({ method: 'POST', url: '/api/payment/paygreen/notification', payload: { id: po } });
    const [held] = await app.database.db.select().from(t.payments).where(eq(t.payments.providerId, data.authorization_id));
    expect(held).toMatchObject({ status: 'captured' });
    expect(await ordersOf(c.customer.id)).toHaveLength(1);
  });

  it('gives a held part back when the cart is validated again (the earlier pre-order is superseded)', async () => {
    const c = await customerWithCart(app);
    await link(c, 'paul@edenred.test');
    const { data } = (await c.call('POST', '/api/payment/edenred/partly', { amount: 500 })).json() as { data: { authorization_id: string } };
    expect(await balance(c)).toBe(300);
    const again = preOrderSchema.parse((await c.call('POST', '/api/cart/validate')).json());
    expect(again.edenredPayment).toBeNull();
    expect(again.remaining_price).toBe(c.preOrder.remaining_price);
    expect(await balance(c)).toBe(800);
    const [tx] = await app.database.db.select().from(t.sandboxEdenredTransactions).where(eq(t.sandboxEdenredTransactions.id, data.authorization_id));
    expect(tx!.status).toBe('cancelled');
  });

  it('refuses a partial payment that would leave the card 0,50 € or less', async () => {
    const c = await customerWithCart(app);
    await link(c);
    refused(await c.call('POST', '/api/payment/edenred/partly', { amount: c.preOrder.remaining_price - 50 }), 422, 'amount_too_small');
    refused(await c.call('POST', '/api/payment/edenred/partly', { amount: c.preOrder.remaining_price }), 409, EDENRED_ERRORS.amountMismatch);
  });

  it("'Enlever' cancels the held payment and restores the remaining price and the balance", async () => {
    const c = await customerWithCart(app);
    await link(c, 'paul@edenred.test');
    await setProviderBalance('paul@edenred.test', 400);
    const { data } = (await c.call('POST', '/api/payment/edenred/partly', { amount: 400 })).json() as { data: { authorization_id: string } };
    expect(await balance(c)).toBe(0);
    refused(await c.call('POST', '/api/payment/edenred/refund', { authorization_id: data.authorization_id, amount: 399 }), 409, EDENRED_ERRORS.amountMismatch);
    refused(await c.call('POST', '/api/payment/edenred/refund', { authorization_id: 'other', amount: 400 }), 404);
    refused(await c.call('POST', '/api/payment/edenred/refund', { authorization_id: data.authorization_id }), 422);
    const res = await c.call('POST', '/api/payment/edenred/refund', { authorization_id: data.authorization_id, amount: 400 });
    expect(res.statusCode, res.body).toBe(200);
    const pre = preOrderSchema.parse(res.json());
    expect(pre.edenredPayment).toBeNull();
    expect(pre.remaining_price).toBe(c.preOrder.remaining_price);
    expect(await balance(c)).toBe(400);
    const [tx] = await app.database.db.select().from(t.sandboxEdenredTransactions).where(eq(t.sandboxEdenredTransactions.id, data.authorization_id));
    expect(tx!.status).toBe('cancelled');
  });

  it('gives the Edenred part back when the card for the rest is refused, and only then', async () => {
    const c = await customerWithCart(app);
    await link(c, 'paul@edenred.test');
    await setProviderBalance('paul@edenred.test', 500);
    await c.call('POST', '/api/payment/edenred/partly', { amount: 500 });
    const po = new URL((await c.call('POST', '/api/payment/paygreen')).json().hosted_payment_url as string).pathname.split('/').pop()!;
    refused(await c.call('POST', `/api/payment/edenred/refund/${po}/order`), 409, 'payment_not_refused');
    await app.app.inject({ method: 'POST', url: `/__sandbox/paygreen/pay/${po}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=refuse' });
    const other = await customerWithCart(app);
    refused(await other.call('POST', `/api/payment/edenred/refund/${po}/order`), 404);
    const res = await c.call('POST', `/api/payment/edenred/refund/${po}/order`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ refunded: true });
    expect(preOrderSchema.parse((await c.call('POST', '/api/pending-order')).json()).edenredPayment).toBeNull();
    expect(await balance(c)).toBe(500);
    expect((await c.call('POST', `/api/payment/edenred/refund/${po}/order`)).json()).toEqual({ refunded: false });
  });

  it('words the daily cap (LIMIT_EXCEEDED) and any other provider refusal in the customer’s words, taking nothing', async () => {
    const c = await customerWithCart(app);
    await link(c);
    await setProviderBalance('marie@edenred.test', 4500);
    const pay = () => c.call('POST', '/api/payment/edenred/only', { amount: c.preOrder.remaining_price });
    await app.app.inject({ method: 'POST', url: `${SANDBOX}/failures`, payload: { code: 'LIMIT_EXCEEDED', status: 400, count: 1 } });
    const limit = refused(await pay(), 402, EDENRED_ERRORS.limitExceeded);
    expect(limit.message).toBe(EDENRED_MESSAGES.limit);
    await app.app.inject({ method: 'POST', url: `${SANDBOX}/failures`, payload: { code: 'INSUFFICIENT_FUNDS', status: 400, count: 1 } });
    expect(refused(await pay(), 402, EDENRED_ERRORS.insufficientFunds).message).toBe(EDENRED_MESSAGES.insufficient);
    await app.app.inject({ method: 'POST', url: `${SANDBOX}/failures`, payload: { code: 'USER_NOT_FOUND', status: 404, count: 1 } });
    expect(refused(await pay(), 502, EDENRED_ERRORS.failed).message).toBe(EDENRED_MESSAGES.longSession);
    expect(preOrderSchema.parse((await c.call('POST', '/api/pending-order')).json()).edenredPayment).toBeNull();
    expect(await ordersOf(c.customer.id)).toHaveLength(0);
    // Then it works.
    expect((await pay()).statusCode).toBe(200);
  });

  it('refuses the balance payments without a linked account, and anonymous callers', async () => {
    const c = await customerWithCart(app);
    refused(await c.call('POST', '/api/payment/edenred/only', { amount: c.preOrder.remaining_price }), 409, EDENRED_ERRORS.notLinked);
    const anonymous = await visitor(app.app);
    refused(await anonymous.request('POST', '/api/payment/edenred/only', { amount: 100 }), 401);
    refused(await anonymous.request('POST', '/api/payment/edenred', { payload: 'x' }), 401);
  });
});

describe('paying through the Edenred widget', () => {
  async function openWidget(c: Customer) {
    const res = await c.call('POST', '/api/payment/edenred/session');
    expect(res.statusCode, res.body).toBe(200);
    const { widget } = res.json() as { widget: { script_url: string; session_id: string; amount: number } };
    expect(widget.amount).toBe(c.preOrder.remaining_price);
    expect(widget.script_url).toBe('http://localhost:3000/__sandbox/edenred/widget.js');
    return widget;
  }
  /** What the widget script does in the page: the customer's credentials against the session. */
  async function authorize(sessionId: string, username = 'marie@edenred.test') {
    const res = await app.app.inject({ method: 'POST', url: `${SANDBOX}/widget/v1/sessions/${sessionId}/authorize`, payload: { username, password: 'demo' } });
    return res.json() as { payload?: string; error_text?: string };
  }
  const details = async (c: Customer, id: number) => orderDetailsSchema.parse((await c.call('GET', `/api/payment/edenred/order-details?id=${id}`)).json());

  it('registers an authorized payment, places the order and answers it in the order details', async () => {
    const c = await customerWithCart(app);
    await setProviderBalance('marie@edenred.test', 4500);
    const widget = await openWidget(c);
    const { payload } = await authorize(widget.session_id);
    const res = await c.call('POST', '/api/payment/edenred', { payload });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json().data as { id: number };
    const d = await details(c, id);
    expect(d.order.current_status).toBe(1);
    expect(d.validated_order?.amount_total).toBe(c.preOrder.remaining_price);
    // Registering again changes nothing.
    expect((await c.call('POST', '/api/payment/edenred', { payload })).statusCode).toBe(200);
    expect(await ordersOf(c.customer.id)).toHaveLength(1);
    // Someone else's payment is not theirs to read.
    const other = await customerWithCart(app);
    refused(await other.call('GET', `/api/payment/edenred/order-details?id=${id}`), 404);
  });

  it('stays pending until the provider confirms, then places the order', async () => {
    const c = await customerWithCart(app);
    await setProviderBalance('marie@edenred.test', 4500);
    const widget = await openWidget(c);
    await app.app.inject({ method: 'POST', url: `${SANDBOX}/widget/outcome`, payload: { outcome: 'pending' } });
    const { payload } = await authorize(widget.session_id);
    const { id } = (await c.call('POST', '/api/payment/edenred', { payload })).json().data as { id: number };
    expect((await details(c, id)).order.current_status).toBe(0);
    expect((await details(c, id)).order.current_status).toBe(0);
    expect(await ordersOf(c.customer.id)).toHaveLength(0);
    await app.app.inject({ method: 'POST', url: `${SANDBOX}/widget/v1/sessions/${widget.session_id}/complete`, payload: { status: 'succeeded' } });
    expect((await details(c, id)).order.current_status).toBe(1);
    expect(await ordersOf(c.customer.id)).toHaveLength(1);
    // One short mail while it waited, whatever the polls, then the order's confirmation.
    const subjects = (await app.database.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, c.customer.email))).map((m) => m.subject);
    expect(subjects.filter((s) => s === 'Votre paiement Popote est en attente')).toHaveLength(1);
    expect(subjects.filter((s) => s.startsWith('Votre commande Popote'))).toHaveLength(1);
  });

  it("answers a provider failure's error_text, and refuses a tampered payload", async () => {
    const c = await customerWithCart(app);
    const widget = await openWidget(c);
    refused(await c.call('POST', '/api/payment/edenred', { payload: `${widget.session_id}.tampered` }), 422, 'validation_failed');
    refused(await c.call('POST', '/api/payment/edenred', {}), 422);
    await app.app.inject({ method: 'POST', url: `${SANDBOX}/widget/outcome`, payload: { outcome: 'error', error_text: 'Carte bloquée.' } });
    const answer = await authorize(widget.session_id);
    expect(answer.error_text).toBe('Carte bloquée.');
    expect(await ordersOf(c.customer.id)).toHaveLength(0);
  });
});

describe('Edenred not configured', () => {
  it('answers 503 when neither credentials nor the sandbox are there', async () => {
    const off = await createTestApp({ env: { SANDBOX: '0' } });
    try {
      const c = await customerWithCart(off);
      refused(await c.call('POST', '/api/edenred/oauth-url'), 503, EDENRED_ERRORS.unavailable);
      expect((await c.call('GET', '/api/edenred/balance')).json()).toMatchObject({ balance: 0, usable: 0 });
    } finally {
      await off.close();
    }
  });
});

describe('the daily cap of meal vouchers (25 €)', () => {
  const earlierPayment = (c: Customer, amountCents: number, createdAt: Date, status = 'captured') =>
    app.database.db.insert(t.payments).values({ preOrderId: c.preOrder.id, customerId: c.customer.id, provider: 'edenred', providerId: `earlier-${c.customer.id}-${createdAt.getTime()}-${status}`, amountCents, status, createdAt });

  it('offers only what Edenred accepts today, knowing what was already paid today', async () => {
    const c = await customerWithCart(app);
    await link(c);
    await setProviderBalance('marie@edenred.test', 4500);
    expect((await c.call('GET', '/api/edenred/balance')).json()).toEqual({ balance: 4500, usable: 2500, spent_today: 0, daily_limit: 2500 });
    const now = app.clock.now();
    await earlierPayment(c, 2000, now);
    await earlierPayment(c, 1000, new Date(now.getTime() - 24 * 3600 * 1000)); // yesterday: does not count
    await earlierPayment(c, 700, now, 'refunded'); // given back: does not count
    expect((await c.call('GET', '/api/edenred/balance')).json()).toEqual({ balance: 4500, usable: 500, spent_today: 2000, daily_limit: 2500 });

    // More than the day allows is refused here, truthfully, and Edenred is never asked.
    const before = (await paymentsOf(c.customer.id)).length;
    const over = refused(await c.call('POST', '/api/payment/edenred/only', { amount: c.preOrder.remaining_price }), 402, EDENRED_ERRORS.limitExceeded);
    expect(over.message).toBe('Les titres-restaurant sont plafonnés à 25,00\u00a0€ par jour ; vous avez déjà payé 20,00\u00a0€ avec Edenred aujourd’hui : vous pouvez encore payer 5,00\u00a0€ avec Edenred.');
    refused(await c.call('POST', '/api/payment/edenred/session'), 402, EDENRED_ERRORS.limitExceeded);
    expect(await paymentsOf(c.customer.id)).toHaveLength(before);
    expect(preOrderSchema.parse((await c.call('POST', '/api/pending-order')).json()).edenredPayment).toBeNull();

    // What is left today is accepted.
    const part = await c.call('POST', '/api/payment/edenred/partly', { amount: 500 });
    expect(part.statusCode, part.body).toBe(200);
    expect((await c.call('GET', '/api/edenred/balance')).json()).toMatchObject({ usable: 0, spent_today: 2500 });
  });
});
