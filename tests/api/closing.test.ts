import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { and, eq, gte, isNotNull, lt } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { closingSchema, type Closing } from '#shared/api/staff-closing';
import { staffToursSchema } from '#shared/api/staff-rounds';
import { MONDAY, at, customerWithCart, refused } from './helpers';
import { TUESDAY, addMenu, cartOf, composeFirst, testFile } from './fixtures';
import { TEAM, pdfTextOf, staffLoggedIn, type StaffBrowser } from './staff-helpers';
import { remittanceSchema, remittancesSchema } from '#shared/api/staff-remittances';

/**
 * The day's closing: a Monday with every means of payment, deposits taken and returned, paper
 * vouchers received short, a partial refund and a cancellation. Its figures equal what the orders
 * and credit notes say when summed another way, its check passes, the CSV sums to the same.
 */

const { app, db, menuNamed, placeOrderAt, startCard, hostedPage, payFromPool } = testFile({ unlimitedStock: true });

let admin: StaffBrowser;
const ids: Record<'card' | 'widget' | 'pool' | 'vouchers' | 'deposits', number> = {} as never;

async function closing(date = MONDAY): Promise<Closing> {
  const res = await admin.request('GET', `/api/staff/closing?date=${date}`);
  expect(res.statusCode, res.body).toBe(200);
  return closingSchema.parse(res.json());
}

/** The CSV's rows, parsed as a spreadsheet would (semicolons, BOM, quotes), amounts back to cents. */
async function csvRows(query: string) {
  const res = await admin.request('GET', `/api/staff/closing.csv?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  const rows = parse(res.body, { delimiter: ';', bom: true, columns: true }) as Record<string, string>[];
  const cents = (row: Record<string, string>, column: string) => Math.round(Number(row[column]!.replace(',', '.')) * 100);
  return { rows, cents, sum: (column: string) => rows.reduce((n, row) => n + cents(row, column), 0) };
}

beforeAll(async () => {
  admin = await staffLoggedIn(app.app);
  const livreur = await staffLoggedIn(app.app, TEAM.livreur);

  const card = await customerWithCart(app);
  const po = await startCard(card.call);
  await hostedPage(po, 'success');
  ids.card = (await card.call('GET', `/api/payment/paygreen/${po}/order?back=1`)).json().id;

  const widget = await customerWithCart(app);
  const { widget: session } = (await widget.call('POST', '/api/payment/edenred/session')).json() as { widget: { session_id: string } };
  const authorized = (await app.app.inject({ method: 'POST', url: `/__sandbox/edenred/widget/v1/sessions/${session.session_id}/authorize`, payload: { username: 'marie@edenred.test', password: 'demo' } })).json() as { payload: string };
  expect((await widget.call('POST', '/api/payment/edenred', { payload: authorized.payload })).statusCode).toBe(200);
  ids.widget = (await db().select().from(t.orders).where(eq(t.orders.customerId, widget.customer.id)))[0]!.id;

  const pool = await customerWithCart(app);
  ids.pool = (await payFromPool(pool)).json().id;

  // The pool order cancelled before the round leaves.
  expect((await admin.request('POST', `/api/staff/orders/${ids.pool}/cancel`, { reason: 'Client malade' })).statusCode).toBe(200);

  const tours = staffToursSchema.parse((await admin.request('GET', '/api/staff/tours')).json()).tours;
  const rg = tours.find((x) => x.stops.some((s) => s.name.startsWith('Gerland')) && x.stops.length === 4)!;
  const point = rg.stops.find((s) => s.name.startsWith('Gerland'))!.name;
  const formula = composeFirst(menuNamed('Formule Complète'));
  // Two formulas: two containers taken, one returned; paid by 3 paper vouchers of 8 € (the 25 € a day) and the pool.
  const deposits = await placeOrderAt(
    { firstname: 'Nina', lastname: 'Roche', phone: '0650505050', deposits: 2 },
    rg.name,
    point,
    async (v) => {
      const line = cartOf(await addMenu(v, formula)).products[0]!;
      cartOf(await v.request('POST', '/api/cart/increment', { id: line.unique_id }));
      cartOf(await v.request('POST', '/api/cart/deposits'));
    },
    { quantity: 3, amount: 8 },
  );
  ids.deposits = deposits.orderId;
  ids.vouchers = deposits.orderId;

  // The round: handed over with one voucher short (and worth 10 € and 8,50 €, not the 8 € each declared), then closed.
  const events: Record<string, unknown>[] = [
    { id: randomUUID(), type: 'handed_over', order_id: deposits.orderId, at: at(MONDAY, '08:50:00').toISOString() },
    { id: randomUUID(), type: 'vouchers_received', order_id: deposits.orderId, rows: [{ issuer: 'edenred', count: 1, unit_cents: 8_50 }, { issuer: 'edenred', count: 1, unit_cents: 10_00 }], at: at(MONDAY, '08:50:01').toISOString() },
    { id: randomUUID(), type: 'containers_returned', order_id: deposits.orderId, count: 1, at: at(MONDAY, '08:50:02').toISOString() },
  ];
  // The day's other bags on this round, handed over.
  const round = (await livreur.request('GET', `/api/staff/rounds/${rg.id}?date=${MONDAY}`)).json() as { stops: { orders: { order_id: number }[] }[] };
  for (const order of round.stops.flatMap((s) => s.orders).filter((o) => o.order_id !== deposits.orderId)) {
    events.push({ id: randomUUID(), type: 'handed_over', order_id: order.order_id, at: at(MONDAY, '08:55:00').toISOString() });
  }
  expect((await livreur.request('POST', `/api/staff/rounds/${rg.id}/events?date=${MONDAY}`, { events })).statusCode).toBe(200);
  // A round closes after its tour's cut-off (10 h 30).
  app.clock.set(at(MONDAY, '10:31:00'));
  expect((await livreur.request('POST', `/api/staff/rounds/${rg.id}/close?date=${MONDAY}`)).statusCode).toBe(200);

  // A partial refund of the card order once delivered.
  expect((await admin.request('POST', `/api/staff/orders/${ids.card}/refund`, { amount: 3_00, reason: 'Dessert oublié' })).statusCode).toBe(200);
});

describe('GET /api/staff/closing', () => {
  it('adds the day up as the orders and credit notes say, summed another way; its check passes', async () => {
    const c = await closing();
    const day = and(isNotNull(t.orders.invoiceNumber), gte(t.orders.createdAt, at(MONDAY, '00:00:00')), lt(t.orders.createdAt, at(TUESDAY, '00:00:00')));
    const orders = await db().select().from(t.orders).where(day);
    const notes = await db().select().from(t.creditNotes);
    const refunds = await db().select().from(t.refunds);
    const sum = <T,>(rows: T[], pick: (row: T) => number) => rows.reduce((n, row) => n + pick(row), 0);

    expect(orders.length).toBe(4);
    expect(c.invoices).toEqual({ count: 4, total: sum(orders, (o) => o.amountTotalCents), free: 0 });
    // The VAT recorded at each placement, the meals (total less the deposit), the deposits.
    expect(c.sales.vat).toBe(sum(orders, (o) => o.vatCents));
    expect(c.sales.total).toBe(sum(orders, (o) => o.amountTotalCents - o.depositCents));
    expect(c.sales.base + c.sales.vat).toBe(c.sales.total);
    expect(c.deposits).toEqual({ taken: 2 * 4_00, returned: 1 * 4_00, net: sum(orders, (o) => o.depositCents) });
    expect(c.discounts).toBe(sum(orders, (o) => o.discountCents));
    for (const means of ['card', 'edenred', 'pool', 'paper_vouchers'] as const) {
      expect(c.means.find((m) => m.means === means)!.amount, means).toBe(sum(orders, (o) => sum(o.paymentMeans.filter((m) => m.means === means), (m) => m.amountCents)));
      expect(c.means.find((m) => m.means === means)!.amount, means).toBeGreaterThan(0);
    }
    // 24 € declared, 18,50 € received at the round's closing: 5,50 € missing, named, not « all received ».
    expect(c.paper_vouchers).toEqual({
      declared: 24_00,
      received: 18_50,
      missing: 5_50,
      not_received: [expect.objectContaining({ order_id: ids.vouchers, amount: 24_00 - 18_50, customer: 'Nina Roche' })],
    });
    expect(c.balances_due).toEqual([expect.objectContaining({ order_id: ids.vouchers, amount: 24_00 - 18_50, customer: 'Nina Roche' })]);
    // The board's means line says what came (the ledger's posted vouchers), not the part declared.
    const board = (await admin.request('GET', `/api/staff/orders?date=${MONDAY}`)).json().orders as { id: number; means: { means: string; amount: number; state: string; received?: number }[] }[];
    expect(board.find((o) => o.id === ids.vouchers)!.means.find((m) => m.means === 'paper_vouchers')).toMatchObject({ received: 18_50, state: 'partly_received' });
    expect(c.credit_notes).toMatchObject({ count: 2, total: sum(notes, (n) => n.amountCents) });
    expect(sum(c.credit_notes.rates, (r) => r.total) + c.credit_notes.deposits).toBe(c.credit_notes.total);
    expect(sum(c.refunds, (r) => r.amount)).toBe(sum(refunds, (r) => r.amountCents));
    expect(c.check).toEqual({ ok: true, messages: [] });
    expect(c.closed_at).toBeNull();
  });

  it('exports one CSV line per invoice and credit note that a CSV parser reads and that sums to the same totals', async () => {
    const c = await closing();
    const { rows, sum } = await csvRows(`date=${MONDAY}`);
    expect(rows.filter((r) => r.Type === 'Facture')).toHaveLength(c.invoices.count);
    expect(rows.filter((r) => r.Type === 'Avoir')).toHaveLength(c.credit_notes.count);
    expect(rows.filter((r) => r.Type === 'Avoir').every((r) => /^F\d{4}-\d{6}$/.test(r['Facture d’origine']!))).toBe(true);
    expect(sum('Total TTC')).toBe(c.invoices.total - c.credit_notes.total);
    expect(sum('Total TVA')).toBe(c.sales.vat - c.credit_notes.rates.reduce((n, r) => n + r.vat, 0));
    expect(sum('Consignes (hors TVA)')).toBe(c.deposits.net - c.credit_notes.deposits);
    expect(sum('Carte') + sum('Edenred') + sum('Cagnotte') + sum('Titres papier')).toBe(c.invoices.total - c.credit_notes.total);
    for (const row of rows) expect(row.Date).toBe(MONDAY);
  });

  it('refuses a period that is not one, and anyone but an admin', async () => {
    refused(await admin.request('GET', '/api/staff/closing.csv'), 422, 'closing_range');
    refused(await admin.request('GET', `/api/staff/closing.csv?from=${TUESDAY}&to=${MONDAY}`), 422, 'closing_range');
    refused(await admin.request('GET', `/api/staff/closing.csv?from=2025-01-01&to=${MONDAY}`), 422, 'closing_range');
    refused(await admin.request('GET', '/api/staff/closing?date=hier'), 422);
    const livreur = await staffLoggedIn(app.app, TEAM.livreur);
    refused(await livreur.request('GET', `/api/staff/closing?date=${MONDAY}`), 403);
    refused(await livreur.request('GET', `/api/staff/closing.csv?date=${MONDAY}`), 403);
    refused(await livreur.request('POST', `/api/staff/closing/${MONDAY}/close`), 403);
  });
});

describe('closing a day', () => {
  it('waits for the day to be over, freezes its figures once, and a later refund lands on its own day', async () => {
    refused(await admin.request('POST', `/api/staff/closing/${MONDAY}/close`), 409, 'day_not_over');
    app.clock.set(at(TUESDAY, '08:00:00'));
    admin = await staffLoggedIn(app.app); // the team's sessions end overnight
    const before = await closing();
    // The demo customer's order of the day was never handed over: closing names it and waits for a confirmation.
    const [demo] = await db().select().from(t.orders).where(and(eq(t.orders.deliveryDate, MONDAY), eq(t.orders.state, 'placed')));
    expect(before.undelivered).toEqual([{ order_id: demo!.id, invoice_number: demo!.invoiceNumber, customer: 'Camille Martin', state: 'placed' }]);
    const refusal = refused(await admin.request('POST', `/api/staff/closing/${MONDAY}/close`), 409, 'day_undelivered');
    expect(refusal.message).toBe(`Une commande de ce jour n’est pas livrée : ${demo!.invoiceNumber} (Camille Martin). Confirmez pour clore quand même.`);
    expect((await closing()).closed_at).toBeNull();
    // Two admins at once, each confirming: one closing, the other told the day is closed.
    const confirmed = `/api/staff/closing/${MONDAY}/close?confirm=undelivered`;
    const [first, second] = await Promise.all([admin.request('POST', confirmed), (await staffLoggedIn(app.app)).request('POST', confirmed)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const closed = first.statusCode === 200 ? first : second;
    expect(closed.statusCode, closed.body).toBe(200);
    expect((first.statusCode === 409 ? first : second).json().code).toBe('day_closed');
    expect(closingSchema.parse(closed.json())).toEqual({ ...before, closed_at: at(TUESDAY, '08:00:00').toISOString(), closed_by: TEAM.admin });
    refused(await admin.request('POST', `/api/staff/closing/${MONDAY}/close`), 409, 'day_closed');

    // Tuesday, a refund of Monday's widget order: Monday stays as closed, Tuesday has the credit note.
    expect((await admin.request('POST', `/api/staff/orders/${ids.widget}/refund`, { amount: 1_00, reason: 'Geste commercial' })).statusCode).toBe(200);
    const monday = await closing();
    expect(monday.credit_notes).toEqual(before.credit_notes);
    expect(monday.closed_by).toBe(TEAM.admin);
    const tuesday = await closing(TUESDAY);
    expect(tuesday.credit_notes).toMatchObject({ count: 1, total: 1_00 });
    expect(tuesday.invoices.count).toBe(0);
    expect(tuesday.check.ok).toBe(true);
    const range = await csvRows(`from=${MONDAY}&to=${TUESDAY}`);
    expect(range.rows).toHaveLength(monday.invoices.count + monday.credit_notes.count + 1);

    const audit = (await admin.request('GET', `/api/staff/audit?date=${TUESDAY}`)).json().entries as { action: string; details: { date: string } }[];
    expect(audit).toContainEqual(expect.objectContaining({ action: 'day.close', details: expect.objectContaining({ date: MONDAY, undelivered: [demo!.id] }) }));
  });
});

describe('paper-voucher remittances', () => {
  it('batch an issuer’s received vouchers once, with a slip, then sent and paid with the difference', async () => {
    const waiting = remittancesSchema.parse((await admin.request('GET', '/api/staff/remittances')).json()).waiting;
    expect(waiting).toEqual([{ issuer: 'edenred', count: 2, total: 18_50, orders: 1, deadline: '2027-02-28' }]);
    refused(await admin.request('POST', '/api/staff/remittances', { issuer: 'pluxee' }), 409, 'nothing_to_remit');
    refused(await admin.request('POST', '/api/staff/remittances', { issuer: 'ticket' }), 422);

    // Two admins at once: one batch.
    const [a, b] = await Promise.all([admin.request('POST', '/api/staff/remittances', { issuer: 'edenred' }), (await staffLoggedIn(app.app)).request('POST', '/api/staff/remittances', { issuer: 'edenred' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const batch = remittanceSchema.parse((a.statusCode === 201 ? a : b).json());
    expect(batch).toMatchObject({ issuer: 'edenred', state: 'prepared', count: 2, total: 18_50, deadline: '2027-02-28', paid: null, orders: [expect.objectContaining({ order_id: ids.vouchers, count: 2, total: 18_50, customer: 'Nina Roche' })] });
    // By face value, highest first: what the issuer counts.
    expect(batch.faces).toEqual([
      { unit: 10_00, count: 1, total: 10_00 },
      { unit: 8_50, count: 1, total: 8_50 },
    ]);
    expect(remittancesSchema.parse((await admin.request('GET', '/api/staff/remittances')).json()).waiting).toEqual([]);

    const slip = await admin.request('GET', `/api/staff/remittances/${batch.id}/slip.pdf`);
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toBe('application/pdf');
    if (process.env.TEAM_PDF_DIR) writeFileSync(join(process.env.TEAM_PDF_DIR, 'remittance-slip.pdf'), slip.rawPayload);
    const text = await pdfTextOf(slip.rawPayload);
    expect(text).toContain(`Remise n° ${batch.id} – Edenred (Ticket Restaurant)`);
    expect(text).toContain(batch.orders[0]!.invoice_number);
    expect(text).toContain('Nina Roche');
    expect(text).toMatch(/18,50 ?€/);
    expect(text).toContain('28 février 2027');
    // The slip's breakdown by face value, read back: each value with its count and amount.
    const breakdown = text.slice(text.indexOf('Détail par valeur faciale'));
    expect(text).toContain('Détail par valeur faciale');
    expect(breakdown).toMatch(/10,00\s€ le titre\s+1\s+10,00\s€/);
    expect(breakdown).toMatch(/8,50\s€ le titre\s+1\s+8,50\s€/);

    refused(await admin.request('POST', `/api/staff/remittances/${batch.id}/paid`, { amount: 18_00 }), 409, 'remittance_state');
    expect((await admin.request('POST', `/api/staff/remittances/${batch.id}/sent`)).json()).toMatchObject({ state: 'sent' });
    refused(await admin.request('POST', `/api/staff/remittances/${batch.id}/sent`), 409, 'remittance_state');
    const paid = remittanceSchema.parse((await admin.request('POST', `/api/staff/remittances/${batch.id}/paid`, { amount: 18_00 })).json());
    expect(paid).toMatchObject({ state: 'paid', paid: 18_00, difference: -50 });
    refused(await admin.request('POST', `/api/staff/remittances/${batch.id}/paid`, { amount: 18_50 }), 409, 'remittance_state');
    refused(await admin.request('POST', '/api/staff/remittances/999999/sent'), 404);

    const audit = (await admin.request('GET', `/api/staff/audit?date=${MONDAY}`)).json().entries as { action: string; amount: number | null }[];
    expect(audit.filter((e) => e.action.startsWith('remittance.')).map((e) => [e.action, e.amount])).toEqual([
      ['remittance.create', 18_50],
      ['remittance.sent', 18_50],
      ['remittance.paid', 18_00],
    ]);
    const livreur = await staffLoggedIn(app.app, TEAM.livreur);
    refused(await livreur.request('GET', '/api/staff/remittances'), 403);
  });
});

