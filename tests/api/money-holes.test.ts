import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { roundEventsAnswerSchema, type RoundEvent } from '#shared/api/courier-round';
import { heldReceiptsSchema } from '#shared/api/staff-ledger';
import { staffToursSchema, type StaffTour } from '#shared/api/staff-rounds';
import * as t from '../../server/db/schema';
import { checkLedger } from '../../server/modules/ledger/ledger-check.service';
import { LedgerLimitError, recordCorrection } from '../../server/modules/ledger/ledger.service';
import { MONDAY, at, refused, rowsOf } from './helpers';
import { addDish, cartOf, testFile } from './fixtures';
import { TEAM, staffLoggedIn, staffMemberSession, type StaffBrowser } from './staff-helpers';

/*
 * The money holes a probe of the team's side found (docs/reliability.md), each reproduced: every
 * movement now goes through the ledger (server/modules/ledger), which holds the rules whoever asks.
 */

const { app, db, dishes, placeOrderAt, moneyOf, setMoney } = testFile({ unlimitedStock: true });

let admin: StaffBrowser;
let livreur: StaffBrowser;
let tour: StaffTour;
let point: string;

const event = (fields: Omit<RoundEvent, 'id' | 'at'>): RoundEvent => ({ id: randomUUID(), at: at(MONDAY, '12:10:00').toISOString(), ...fields });
async function sent(events: RoundEvent[], by = livreur) {
  const res = await by.request('POST', `/api/staff/rounds/${tour.id}/events?date=${MONDAY}`, { events });
  expect(res.statusCode, res.body).toBe(200);
  return roundEventsAnswerSchema.parse(res.json()).results;
}
/** Closes the round after its tour's cut-off (a round closes only then); the file's clock goes back to 09:00 after each test. */
const close = (by = livreur) => {
  app.clock.set(at(MONDAY, '13:00:00'));
  return by.request('POST', `/api/staff/rounds/${tour.id}/close?date=${MONDAY}`);
};
async function held(by = admin) {
  const res = await by.request('GET', '/api/staff/held-receipts');
  expect(res.statusCode, res.body).toBe(200);
  return heldReceiptsSchema.parse(res.json()).receipts;
}

let count = 0;
/** A customer's order on the tour, paid with `vouchers` 5 € paper vouchers and the rest from the pool (which is then emptied). */
async function order(vouchers: number, options: { deposits?: number } = {}) {
  const n = ++count;
  const main = dishes.find((d) => d.category === 'main')!;
  const placed = await placeOrderAt({ firstname: 'Client', lastname: `Trou ${n}`, phone: `06000000${String(n).padStart(2, '0')}`, deposits: options.deposits }, placeOn.tour, placeOn.point, async (v) => void cartOf(await addDish(v, main.id)), vouchers ? { quantity: vouchers, amount: 5 } : undefined);
  await setMoney(placed.customerId, { poolCents: 0 });
  return placed;
}

beforeAll(async () => {
  admin = await staffLoggedIn(app.app);
  livreur = await staffLoggedIn(app.app, TEAM.livreur);
  const tours = staffToursSchema.parse((await admin.request('GET', '/api/staff/tours')).json()).tours;
  tour = tours.find((x) => x.stops.some((s) => s.name.startsWith('Gerland')) && x.stops.length === 4)!;
  point = tour.stops.find((s) => s.name.startsWith('Gerland'))!.name;
  placeOn = { tour: tour.name, point };
});

/**
 * Where `order()` places: the round of hole 1 until it is closed (no order is placed on a closed
 * round), then the second passage of the same tricycle, whose round nobody closes here.
 */
let placeOn: { tour: string; point: string };
const afterTheClosedRound = () =>
  beforeAll(async () => {
    const second = staffToursSchema.parse((await admin.request('GET', '/api/staff/tours')).json()).tours.find((x) => x.name === 'Tricycle Rive gauche – 2e passage')!;
    placeOn = { tour: second.name, point: second.stops.find((s) => s.name.startsWith('Part-Dieu'))!.name };
  });

describe('a courier cannot make money (hole 1)', () => {
  let paid: Awaited<ReturnType<typeof order>>;
  let other: Awaited<ReturnType<typeof order>>;

  it('refuses what no courier ever receives: 5,000 € of vouchers against one declared 5 € voucher', async () => {
    paid = await order(1, { deposits: 1 });
    other = await order(1);
    const rows = Array.from({ length: 10 }, () => ({ issuer: 'edenred' as const, count: 20, unit_cents: 25_00 }));
    const [result] = await sent([event({ type: 'vouchers_received', order_id: paid.orderId, rows })]);
    expect(result).toMatchObject({ status: 'rejected', code: 'receipt_beyond_limit' });
    expect(result!.message).toMatch(/25,00\s€/);
    // Nor more containers than the customer holds.
    const [containers] = await sent([event({ type: 'containers_returned', order_id: paid.orderId, count: 40 })]);
    expect(containers).toMatchObject({ status: 'rejected', code: 'receipt_beyond_limit' });
  });

  it('records vouchers beyond the declaration as they are, credits nothing until an admin who did not record them approves', async () => {
    // 20 € received for a 5 € voucher declared (within the law's 25 €): 15 € beyond; and a container nobody declared.
    const results = await sent([
      event({ type: 'vouchers_received', order_id: paid.orderId, rows: [{ issuer: 'edenred', count: 4, unit_cents: 5_00 }] }),
      event({ type: 'containers_returned', order_id: paid.orderId, count: 1 }),
      event({ type: 'handed_over', order_id: paid.orderId }),
      event({ type: 'vouchers_received', order_id: other.orderId, rows: [{ issuer: 'up', count: 2, unit_cents: 5_00 }] }),
      event({ type: 'handed_over', order_id: other.orderId }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
    const before = await moneyOf(paid.customerId);
    expect((await close()).statusCode).toBe(200);

    const after = await moneyOf(paid.customerId);
    expect(after.pool).toBe(before.pool);
    expect(after.poolPending).toBe(15_00 + 4_00);
    const waiting = await held();
    const vouchers = waiting.find((h) => h.order_id === paid.orderId && h.kind === 'vouchers')!;
    const containers = waiting.find((h) => h.order_id === paid.orderId && h.kind === 'containers')!;
    expect(vouchers).toMatchObject({ amount: 15_00, declared: 5_00, recorded_by: TEAM.livreur, rows: [{ issuer: 'edenred', count: 4, unit_cents: 5_00 }], invoice_number: paid.invoice });
    expect(containers).toMatchObject({ amount: 4_00, containers: 1 });
    expect(waiting.filter((h) => h.order_id === other.orderId).map((h) => h.amount)).toEqual([5_00]);

    // The courier may not decide; an admin must give a note.
    refused(await livreur.request('GET', '/api/staff/held-receipts'), 403);
    refused(await livreur.request('POST', `/api/staff/held-receipts/${vouchers.id}/approve`, { note: 'ok' }), 403);
    refused(await admin.request('POST', `/api/staff/held-receipts/${vouchers.id}/approve`, {}), 422);
    refused(await admin.request('POST', '/api/staff/held-receipts/abc/approve', { note: 'ok' }), 422);

    // Approved by an admin: credited, once, even when two admins approve at the same moment.
    const second = await staffMemberSession(app, { email: 'bea@popote.fr', name: 'Béa Admin', roles: ['admin'] });
    const [a, b] = await Promise.all([
      admin.request('POST', `/api/staff/held-receipts/${vouchers.id}/approve`, { note: 'Titres vus au bureau, le client en avait 4' }),
      second.request('POST', `/api/staff/held-receipts/${vouchers.id}/approve`, { note: 'Idem' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 404]);
    expect((await moneyOf(paid.customerId)).pool).toBe(before.pool + 15_00);
    // Refused: nothing credited, the receipt stays in the round; the container is not the customer's any more.
    expect((await admin.request('POST', `/api/staff/held-receipts/${containers.id}/reject`, { note: 'Contenant d’un autre client' })).statusCode).toBe(200);
    const final = await moneyOf(paid.customerId);
    expect(final).toMatchObject({ pool: before.pool + 15_00, poolPending: 0, containers: before.containers });
    const trail = await db().select().from(t.auditLog).where(eq(t.auditLog.orderId, paid.orderId));
    expect(trail.map((l) => l.action)).toEqual(expect.arrayContaining(['ledger.held_approved', 'ledger.held_rejected']));
  });

  it('keeps four eyes: whoever recorded a receipt cannot approve it', async () => {
    const mine = (await held()).find((h) => h.order_id === other.orderId)!;
    // Recorded by the courier: any admin may decide.
    const second = await staffMemberSession(app, { email: 'bea@popote.fr', name: 'Béa Admin', roles: ['admin'] });
    expect((await second.request('POST', `/api/staff/held-receipts/${mine.id}/approve`, { note: 'Vu' })).statusCode).toBe(200);

    // Recorded by an admin (who drove the round that day): that admin may not approve it, another one may.
    const vaise = staffToursSchema.parse((await admin.request('GET', '/api/staff/tours')).json()).tours.find((x) => x.stops.some((s) => s.name.startsWith('Vaise – Place')))!;
    const main = dishes.find((d) => d.category === 'main')!;
    const third = await placeOrderAt({ firstname: 'Client', lastname: 'Vaise', phone: '0611111111' }, vaise.name, vaise.stops.find((s) => s.name.startsWith('Vaise – Place'))!.name, async (v) => void cartOf(await addDish(v, main.id)), { quantity: 1, amount: 5 });
    const res = await admin.request('POST', `/api/staff/rounds/${vaise.id}/events?date=${MONDAY}`, {
      events: [event({ type: 'vouchers_received', order_id: third.orderId, rows: [{ issuer: 'pluxee', count: 2, unit_cents: 5_00 }] }), event({ type: 'handed_over', order_id: third.orderId })],
    });
    expect(roundEventsAnswerSchema.parse(res.json()).results.every((r) => r.status === 'applied')).toBe(true);
    app.clock.set(at(MONDAY, '13:00:00'));
    expect((await admin.request('POST', `/api/staff/rounds/${vaise.id}/close?date=${MONDAY}`)).statusCode).toBe(200);
    const own = (await held()).find((h) => h.order_id === third.orderId)!;
    expect(own).toMatchObject({ amount: 5_00, recorded_by: TEAM.admin });
    refused(await admin.request('POST', `/api/staff/held-receipts/${own.id}/approve`, { note: 'Je les ai' }), 403, 'review_own_receipt');
    expect((await second.request('POST', `/api/staff/held-receipts/${own.id}/reject`, { note: 'Un seul titre déclaré, un seul vu' })).statusCode).toBe(200);
    expect((await held()).some((h) => h.order_id === third.orderId)).toBe(false);
  });
});

describe('what an order did not receive is never given back (hole 2)', () => {
  afterTheClosedRound();
  it('a 5 € vouchers + card order refunded: the card gets its part back, the pool nothing, the vouchers are voided', async () => {
    const paid = await order(1);
    const [row] = await db().select().from(t.orders).where(eq(t.orders.id, paid.orderId));
    const posted = row!.amountTotalCents - 5_00;
    const tooMuch = refused(await admin.request('POST', `/api/staff/orders/${paid.orderId}/refund`, { amount: row!.amountTotalCents, reason: 'Retard' }), 422, 'refund_too_large');
    expect(tooMuch.message).toContain('réellement encaissé');
    const res = await admin.request('POST', `/api/staff/orders/${paid.orderId}/refund`, { amount: posted, reason: 'Retard' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.state).toBe('refunded');
    // The pool paid it (the fixture's): back to the pool, and not a cent for the vouchers never handed over.
    expect((await moneyOf(paid.customerId)).pool).toBe(posted);
    const given = await db().select().from(t.refunds).where(eq(t.refunds.orderId, paid.orderId));
    expect(given.map((r) => [r.means, r.amountCents])).toEqual(
      expect.arrayContaining([
        ['pool', posted],
        ['paper_vouchers', 5_00],
      ]),
    );
    // Nobody is to collect them now: a late confirmation is refused, nothing credited.
    refused(await admin.request('POST', `/api/staff/orders/${paid.orderId}/paper-vouchers/confirm`), 409, 'already_confirmed');
    expect((await moneyOf(paid.customerId)).pool).toBe(posted);
  });

  it('a cancellation gives back what came in and voids the rest', async () => {
    const paid = await order(2);
    const res = await admin.request('POST', `/api/staff/orders/${paid.orderId}/cancel`, { reason: 'Client malade' });
    expect(res.statusCode, res.body).toBe(200);
    const money = await moneyOf(paid.customerId);
    expect(money.poolPending).toBe(0);
    const [row] = await db().select().from(t.orders).where(eq(t.orders.id, paid.orderId));
    expect(money.pool).toBe(row!.amountTotalCents - Math.min(10_00, row!.amountTotalCents));
  });
});

describe('a balance due can be settled', () => {
  it('by the customer from their pool, or recorded by the team, never beyond what is owed, once under a race', async () => {
    const other = staffToursSchema.parse((await admin.request('GET', '/api/staff/tours')).json()).tours.find((x) => x.name.includes('1er passage') && x.stops.some((s) => s.name.startsWith('Bellecour')))!;
    const where = other.stops.find((s) => s.name.startsWith('Bellecour'))!.name;
    const main = dishes.find((d) => d.category === 'main')!;
    const place = async (name: string) => {
      const placed = await placeOrderAt({ firstname: 'Client', lastname: name, phone: '0699999999' }, other.name, where, async (v) => void cartOf(await addDish(v, main.id)), { quantity: 2, amount: 5 });
      await setMoney(placed.customerId, { poolCents: 0 });
      return placed;
    };
    const short = await place('Reste');
    const racer = await place('Course');
    // One voucher of two handed over, by each: 5 € still owed on each order.
    const res = await livreur.request('POST', `/api/staff/rounds/${other.id}/events?date=${MONDAY}`, {
      events: [short, racer].flatMap((o) => [event({ type: 'vouchers_received', order_id: o.orderId, rows: [{ issuer: 'edenred', count: 1, unit_cents: 5_00 }] }), event({ type: 'handed_over', order_id: o.orderId })]),
    });
    expect(roundEventsAnswerSchema.parse(res.json()).results.every((r) => r.status === 'applied')).toBe(true);
    app.clock.set(at(MONDAY, '13:00:00'));
    expect((await livreur.request('POST', `/api/staff/rounds/${other.id}/close?date=${MONDAY}`)).statusCode).toBe(200);
    const dueOf = async (o: { v: { request: (m: 'GET', u: string) => Promise<{ json: () => { orders: { id: number; balance_due: number }[] } }> }; orderId: number }) =>
      (await o.v.request('GET', '/api/me')).json().orders.find((x) => x.id === o.orderId)!.balance_due;
    expect(await dueOf(short)).toBe(5_00);

    // The customer, from an empty pool, then from a pool of 3 €: 3 € settled, 2 € left.
    refused(await short.v.request('POST', `/api/orders/${short.orderId}/balance`), 409, 'pool_short');
    refused(await racer.v.request('POST', `/api/orders/${short.orderId}/balance`), 404);
    await setMoney(short.customerId, { poolCents: 3_00 });
    const part = await short.v.request('POST', `/api/orders/${short.orderId}/balance`);
    expect(part.json()).toEqual({ order_id: short.orderId, settled: 3_00, due: 2_00 });
    expect((await moneyOf(short.customerId)).pool).toBe(0);

    // The team, later: never more than owed, in vouchers by their rows or in cash; an admin's door.
    refused(await admin.request('POST', `/api/staff/orders/${short.orderId}/balance`, { means: 'cash', amount: 5_00 }), 422, 'due_exceeded');
    refused(await admin.request('POST', `/api/staff/orders/${short.orderId}/balance`, { means: 'cash' }), 422);
    refused(await admin.request('POST', `/api/staff/orders/${short.orderId}/balance`, { means: 'cheque', amount: 1 }), 422);
    refused(await livreur.request('POST', `/api/staff/orders/${short.orderId}/balance`, { means: 'cash', amount: 2_00 }), 403);
    refused(await admin.request('POST', '/api/staff/orders/999999/balance', { means: 'cash', amount: 2_00 }), 404);
    const done = await admin.request('POST', `/api/staff/orders/${short.orderId}/balance`, { means: 'paper_vouchers', rows: [{ issuer: 'up', count: 1, unit_cents: 2_00 }], note: 'Déposé au bureau' });
    expect(done.json()).toEqual({ order_id: short.orderId, settled: 2_00, due: 0 });
    refused(await admin.request('POST', `/api/staff/orders/${short.orderId}/balance`, { means: 'cash', amount: 1 }), 409, 'nothing_due');
    expect(await dueOf(short)).toBe(0);

    // Two settlements at once from a large pool: the order's account is locked, the due paid once.
    await setMoney(racer.customerId, { poolCents: 50_00 });
    const race = await Promise.all([1, 2, 3].map(() => racer.v.request('POST', `/api/orders/${racer.orderId}/balance`)));
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await moneyOf(racer.customerId)).pool).toBe(45_00);
  });
});

describe('the ledger holds its rules whoever writes (hole 8)', () => {
  afterTheClosedRound();
  it('spends a pool once when two spenders race for it', async () => {
    const c = await order(0);
    await setMoney(c.customerId, { poolCents: 10_00 });
    const spend = () => app.database.db.transaction((tx) => recordCorrection(tx, { customerId: c.customerId, what: 'pool', delta: -10_00, at: new Date(), code: 'test' }));
    const outcomes = await Promise.allSettled([spend(), spend(), spend()]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(LedgerLimitError);
    expect((await moneyOf(c.customerId)).pool).toBe(0);
  });

  it('refuses to change or delete a transfer, or to empty the ledger', async () => {
    for (const statement of [sql`update ledger_transfers set amount = amount + 1`, sql`delete from ledger_transfers`, sql`truncate ledger_transfers`, sql`update ledger_accounts set flag = null`]) {
      const error = await rowsOf(app.database, statement).then(
        () => null,
        (err: unknown) => err,
      );
      expect(String((error as { cause?: unknown } | null)?.cause ?? error)).toMatch(/append-only/);
    }
  });

  it('says where the ledger and the documents disagree once an entry is tampered with', async () => {
    expect((await checkLedger(db())).problems).toEqual([]);
    const [sale] = await db().select().from(t.ledgerTransfers).where(eq(t.ledgerTransfers.code, 'sale')).limit(1);
    // As the database's owner could, triggers off: the check replays and compares, and sees it.
    const tamper = async (delta: number) => {
      await rowsOf(app.database, sql`alter table ledger_transfers disable trigger user`);
      await rowsOf(app.database, sql`update ledger_transfers set amount = amount + ${delta} where id = ${sale!.id}`);
      await rowsOf(app.database, sql`alter table ledger_transfers enable trigger user`);
    };
    await tamper(1);
    const report = await checkLedger(db());
    expect(report.problems).toContainEqual({ where: expect.stringMatching(/^facture F\d{4}-\d{6}$/), problem: expect.stringContaining('vente') });
    // The sandbox's door to the same checks (the browser suite asks it at its end).
    const checks = (await app.app.inject('/__sandbox/checks')).json() as { ledger: { problems: unknown[] }; audit: { breaks: unknown[] } };
    expect(checks.ledger.problems).toEqual(report.problems);
    expect(checks.audit.breaks).toEqual([]);
    await tamper(-1);
    expect((await checkLedger(db())).problems).toEqual([]);
  });
});
