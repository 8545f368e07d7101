import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { roundEventsAnswerSchema, roundSchema, roundsAnswerSchema, type Round, type RoundEvent, type RoundOrder } from '#shared/api/courier-round';
import { staffToursSchema, type StaffTour } from '#shared/api/staff-rounds';
import { MONDAY, at, refused } from './helpers';
import { addDish, addMenu, cartOf, composeFirst, testFile } from './fixtures';
import { messageOf, pushesIn, sandboxSubscription } from './push-helpers';
import { TEAM, staffBrowser, staffLoggedIn, type StaffBrowser } from './staff-helpers';

/**
 * The courier's round (issue: the round offline-first): events applied once by their id, undo,
 * refusals, two phones, the closing that settles states, paper vouchers, containers and balances.
 */

const { app, db, dishes, menuNamed, placeOrderAt, mailsTo, moneyOf } = testFile({ unlimitedStock: true });

let admin: StaffBrowser;
let livreur: StaffBrowser;
let secondPhone: StaffBrowser;
let rg: StaffTour;
let pi: StaffTour;
type Placed = Awaited<ReturnType<typeof placeOrderAt>>;
let paul: Placed; // formula ×2, 2 containers declared back, paper vouchers 3 × 8 € (within the 25 € a day)
let lina: Placed; // a dish, nothing to collect
let marc: Placed; // a dish, paper vouchers 2 × 9,25 €, cancelled
let sara: Placed; // on the other tour

const PHONE_AT = (time: string) => at(MONDAY, time).toISOString();
const event = (fields: Omit<RoundEvent, 'id' | 'at'> & { at?: string }): RoundEvent => ({ id: randomUUID(), at: PHONE_AT('12:00:00'), ...fields });

const send = (browser: StaffBrowser, events: RoundEvent[], tour = rg.id) => browser.request('POST', `/api/staff/rounds/${tour}/events?date=${MONDAY}`, { events });
async function sent(browser: StaffBrowser, events: RoundEvent[]) {
  const res = await send(browser, events);
  expect(res.statusCode, res.body).toBe(200);
  return roundEventsAnswerSchema.parse(res.json()).results;
}
async function round(browser: StaffBrowser = livreur): Promise<Round> {
  const res = await browser.request('GET', `/api/staff/rounds/${rg.id}?date=${MONDAY}`);
  expect(res.statusCode, res.body).toBe(200);
  return roundSchema.parse(res.json());
}
const orderIn = (r: Round, orderId: number): RoundOrder => r.stops.flatMap((s) => s.orders).find((o) => o.order_id === orderId)!;
/** The customer's row, with their pool and containers as the ledger holds them. */
const customerRow = async (id: number) => {
  const money = await moneyOf(id);
  return { ...(await db().select().from(t.customers).where(eq(t.customers.id, id)))[0]!, poolCents: money.pool, deposits: money.containers, poolPending: money.poolPending };
};
const orderRow = async (id: number) => (await db().select().from(t.orders).where(eq(t.orders.id, id)))[0]!;

beforeAll(async () => {
  admin = await staffLoggedIn(app.app);
  livreur = await staffLoggedIn(app.app, TEAM.livreur);
  secondPhone = await staffLoggedIn(app.app, TEAM.livreur);
  const tours = staffToursSchema.parse((await admin.request('GET', '/api/staff/tours')).json()).tours;
  rg = tours.find((x) => x.stops.some((s) => s.name.startsWith('Gerland')) && x.stops.length === 4)!;
  pi = tours.find((x) => x.stops.some((s) => s.name.startsWith('Bellecour')))!;
  const point = (tour: StaffTour, start: string) => tour.stops.find((s) => s.name.startsWith(start))!.name;
  const main = dishes.find((d) => d.category === 'main')!;
  const formula = composeFirst(menuNamed('Formule Complète'));

  paul = await placeOrderAt(
    { firstname: 'Paul', lastname: 'Girard', phone: '0610101010', deposits: 3 },
    rg.name,
    point(rg, 'Gerland'),
    async (v) => {
      const line = cartOf(await addMenu(v, formula)).products[0]!;
      cartOf(await v.request('POST', '/api/cart/increment', { id: line.unique_id }));
      cartOf(await v.request('POST', '/api/cart/deposits'));
      cartOf(await v.request('POST', '/api/cart/deposits'));
    },
    { quantity: 3, amount: 8 },
  );
  lina = await placeOrderAt({ firstname: 'Lina', lastname: 'Morel', phone: '0620202020' }, rg.name, point(rg, 'Part-Dieu'), async (v) => void cartOf(await addDish(v, main.id)));
  marc = await placeOrderAt({ firstname: 'Marc', lastname: 'Faure', phone: '0630303030' }, rg.name, point(rg, 'Part-Dieu'), async (v) => void cartOf(await addDish(v, main.id)), { quantity: 2, amount: 9.25 });
  sara = await placeOrderAt({ firstname: 'Sara', lastname: 'Blanc', phone: '0640404040', deposits: 1 }, pi.name, point(pi, 'Bellecour'), async (v) => void cartOf(await addDish(v, main.id)));
});

describe('reading the round', () => {
  it('lists the date’s rounds and shows one with its stops, bags and what to collect', async () => {
    const list = roundsAnswerSchema.parse((await livreur.request('GET', `/api/staff/rounds?date=${MONDAY}`)).json());
    expect(list.rounds.find((r) => r.tour_id === rg.id)).toMatchObject({ name: rg.name, bags: 3, stops: 2, closed_at: null });

    const r = await round();
    expect(r).toMatchObject({ tour_id: rg.id, date: MONDAY, closed_at: null });
    const p = orderIn(r, paul.orderId);
    expect(p).toMatchObject({ invoice_number: paul.invoice, customer: 'Paul G.', phone: '0610101010', containers_declared: 2, outcome: null, balance_due: 0 });
    expect(p.vouchers_declared).toEqual({ total_cents: 24_00, rows: [{ count: 3, unit_cents: 8_00 }] });
    expect(p.lines[0]).toMatch(/^2\u00a0×\u00a0Formule Complète : /);
    const stop = r.stops.find((s) => s.orders.some((o) => o.order_id === paul.orderId))!;
    expect(stop.lat).toEqual(expect.any(Number));
    expect(r.totals).toMatchObject({ bags: 3, pending: 3, containers_expected: 2, vouchers_expected: { count: 5, cents: 24_00 + 18_50 } });
  });

  it('is for couriers and admins, with a session; a bad date or an unknown tour is refused', async () => {
    const cuisine = await staffLoggedIn(app.app, TEAM.cuisine);
    refused(await cuisine.request('GET', `/api/staff/rounds/${rg.id}?date=${MONDAY}`), 403);
    refused(await cuisine.request('POST', `/api/staff/rounds/${rg.id}/events?date=${MONDAY}`, { events: [event({ type: 'handed_over', order_id: lina.orderId })] }), 403);
    refused(await cuisine.request('POST', `/api/staff/rounds/${rg.id}/close?date=${MONDAY}`), 403);
    refused(await staffBrowser(app.app).request('GET', `/api/staff/rounds?date=${MONDAY}`), 401);
    refused(await staffBrowser(app.app).request('POST', `/api/staff/rounds/${rg.id}/events?date=${MONDAY}`, { events: [event({ type: 'handed_over', order_id: lina.orderId })] }), 401);
    expect((await admin.request('GET', `/api/staff/rounds/${rg.id}?date=${MONDAY}`)).statusCode).toBe(200);
    refused(await livreur.request('GET', `/api/staff/rounds/${rg.id}?date=lundi`), 422);
    refused(await livreur.request('GET', `/api/staff/rounds/999999?date=${MONDAY}`), 404);
    refused(await send(livreur, [event({ type: 'handed_over', order_id: lina.orderId })], 999999), 404);
  });

  it('refuses malformed events as a whole, with French messages', async () => {
    for (const bad of [
      { events: [] },
      { events: [{ ...event({ type: 'handed_over', order_id: lina.orderId }), id: 'pas-un-uuid' }] },
      { events: [{ ...event({ type: 'absent', order_id: lina.orderId }) }] }, // no reason
      { events: [event({ type: 'containers_returned', order_id: lina.orderId, count: -1 })] },
      { events: [{ ...event({ type: 'handed_over', order_id: lina.orderId }), at: 'midi' }] },
      { events: [event({ type: 'vouchers_received', order_id: paul.orderId, rows: [{ issuer: 'nope' as never, count: 1, unit_cents: 925 }] })] },
    ]) {
      const body = refused(await livreur.request('POST', `/api/staff/rounds/${rg.id}/events?date=${MONDAY}`, bad), 422);
      expect(body.message).toMatch(/[a-zé]/);
    }
    expect(await db().select().from(t.roundEvents)).toHaveLength(0);
  });
});

describe('events', () => {
  it('are applied once: sent again (an answer lost), or twice at the same moment, they are duplicates', async () => {
    const handed = event({ type: 'handed_over', order_id: lina.orderId, at: PHONE_AT('11:40:00') });
    expect(await sent(livreur, [handed])).toEqual([{ id: handed.id, status: 'applied' }]);
    expect(await sent(livreur, [handed])).toEqual([{ id: handed.id, status: 'duplicate' }]);
    const twice = event({ type: 'containers_returned', order_id: lina.orderId, count: 0 });
    const both = await Promise.all([sent(livreur, [twice]), sent(secondPhone, [twice])]);
    expect(both.map((r) => r[0]!.status).sort()).toEqual(['applied', 'duplicate']);

    const rows = await db().select().from(t.roundEvents).where(eq(t.roundEvents.orderId, lina.orderId));
    expect(rows.map((r) => r.id).sort()).toEqual([handed.id, twice.id].sort());
    const stored = rows.find((r) => r.id === handed.id)!;
    expect(stored.deviceAt.toISOString()).toBe(handed.at);
    expect(stored.receivedAt.toISOString()).toBe(at(MONDAY, '09:00:00').toISOString());
    expect(stored.staffEmail).toBe(TEAM.livreur);
    const audit = (await admin.request('GET', `/api/staff/audit?date=${MONDAY}`)).json().entries as { action: string; order_id: number; device_at: string | null }[];
    expect(audit.filter((e) => e.action === 'round.handed_over' && e.order_id === lina.orderId)).toEqual([expect.objectContaining({ device_at: handed.at })]);
    expect(orderIn(await round(), lina.orderId).outcome).toBe('handed_over');
  });

  it('refuses, one by one, what cannot apply: a cancelled order, another round’s, vouchers not declared, an unknown undo', async () => {
    expect((await admin.request('POST', `/api/staff/orders/${marc.orderId}/cancel`, { reason: 'Client malade' })).statusCode).toBe(200);
    const good = event({ type: 'absent', order_id: paul.orderId, reason: 'no_one', at: PHONE_AT('11:50:00') });
    const results = await sent(livreur, [
      event({ type: 'handed_over', order_id: marc.orderId }),
      event({ type: 'handed_over', order_id: sara.orderId }),
      event({ type: 'vouchers_received', order_id: lina.orderId, rows: [] }),
      event({ type: 'undo', order_id: paul.orderId, undoes: randomUUID() }),
      good,
    ]);
    expect(results.map((r) => [r.status, r.code])).toEqual([
      ['rejected', 'order_cancelled'],
      ['rejected', 'not_on_round'],
      ['rejected', 'no_paper_vouchers'],
      ['rejected', 'undo_unknown'],
      ['applied', undefined],
    ]);
    expect(results[0]!.message).toBe('Cette commande a été annulée entre-temps : ne la remettez pas.');
    // A cancelled order stays on the round, as cancelled, with nothing to collect: its bag may be
    // in the tricycle already, and the courier must see not to hand it over.
    const r = await round();
    expect(orderIn(r, marc.orderId)).toMatchObject({ state: 'cancelled', vouchers_declared: null, containers_declared: 0, outcome: null });
    expect(r.totals).toMatchObject({ bags: 2, cancelled: 1 });
    const list = roundsAnswerSchema.parse((await livreur.request('GET', `/api/staff/rounds?date=${MONDAY}`)).json());
    expect(list.rounds.find((x) => x.tour_id === rg.id)).toMatchObject({ bags: 2, cancelled: 1 });
    expect(orderIn(r, paul.orderId)).toMatchObject({ outcome: 'absent', absence_reason: 'no_one' });
  });

  it('undo removes an action; the latest by the phone’s clock wins, whichever phone sent it first', async () => {
    app.clock.set(at(MONDAY, '13:00:00'));
    const late = event({ type: 'handed_over', order_id: paul.orderId, at: PHONE_AT('12:10:00') });
    expect((await sent(secondPhone, [late]))[0]!.status).toBe('applied');
    // The first phone, offline until now, sends an absence it recorded earlier: the hand-over stays.
    const earlier = event({ type: 'absent', order_id: paul.orderId, reason: 'unreachable', at: PHONE_AT('12:05:00') });
    expect((await sent(livreur, [earlier]))[0]!.status).toBe('applied');
    expect(orderIn(await round(), paul.orderId).outcome).toBe('handed_over');
    // The same order handed over twice, by two phones, is one hand-over.
    expect((await sent(livreur, [event({ type: 'handed_over', order_id: paul.orderId, at: PHONE_AT('12:11:00') })]))[0]!.status).toBe('applied');
    expect((await round()).totals.handed_over).toBe(2);

    const wrongCount = event({ type: 'containers_returned', order_id: paul.orderId, count: 4, at: PHONE_AT('12:12:00') });
    await sent(livreur, [wrongCount]);
    expect(orderIn(await round(), paul.orderId).containers_received).toBe(4);
    const undo = event({ type: 'undo', order_id: paul.orderId, undoes: wrongCount.id, at: PHONE_AT('12:13:00') });
    expect((await sent(livreur, [undo]))[0]!.status).toBe('applied');
    expect(orderIn(await round(), paul.orderId).containers_received).toBeNull();
    // An undo cannot be undone, nor name another order's event.
    expect((await sent(livreur, [event({ type: 'undo', order_id: paul.orderId, undoes: undo.id })]))[0]!.code).toBe('undo_unknown');
    expect((await sent(livreur, [event({ type: 'undo', order_id: lina.orderId, undoes: late.id })]))[0]!.code).toBe('undo_unknown');

    // A phone whose clock runs ahead cannot outrun what arrived after it.
    const future = event({ type: 'absent', order_id: lina.orderId, reason: 'refused', at: new Date(Date.parse(PHONE_AT('23:00:00'))).toISOString() });
    await sent(secondPhone, [future]);
    app.clock.set(at(MONDAY, '13:05:00'));
    await sent(livreur, [event({ type: 'handed_over', order_id: lina.orderId, at: PHONE_AT('13:04:00') })]);
    expect(orderIn(await round(), lina.orderId).outcome).toBe('handed_over');
  });

  it('are recorded under their author only: tapped by another member on the phone, refused whole (403 not_author), nothing applied', async () => {
    const me = (await livreur.request('GET', '/api/staff/me')).json() as { id: number };
    const other = (await admin.request('GET', '/api/staff/me')).json() as { id: number };
    const tapped = event({ type: 'containers_returned', order_id: lina.orderId, count: 0, at: PHONE_AT('13:04:30') });
    const post = (author: number) => livreur.request('POST', `/api/staff/rounds/${rg.id}/events?date=${MONDAY}`, { author, events: [tapped] });
    const body = refused(await post(other.id), 403);
    expect(body).toMatchObject({ code: 'not_author', message: expect.stringMatching(/autre membre/) });
    expect(await db().select().from(t.roundEvents).where(eq(t.roundEvents.id, tapped.id))).toHaveLength(0);
    // Its author logged in: the same event is applied, once, under their name.
    const res = await post(me.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(roundEventsAnswerSchema.parse(res.json()).results).toEqual([{ id: tapped.id, status: 'applied' }]);
    expect((await db().select().from(t.roundEvents).where(eq(t.roundEvents.id, tapped.id)))[0]!.staffEmail).toBe(TEAM.livreur);
  });
});

describe('closing the round', () => {
  it('is refused before the tour’s last cut-off of its day: orders may still come', async () => {
    // Rive gauche takes orders until 10 h 30 on the day: at 10 h 30 it may still change.
    app.clock.set(at(MONDAY, '10:30:00'));
    const body = refused(await livreur.request('POST', `/api/staff/rounds/${rg.id}/close?date=${MONDAY}`), 409, 'round_not_over');
    expect(body.message).toBe('Cette tournée ne peut être close qu’après 10\u00a0h\u00a030 le lundi 23 novembre : des commandes peuvent encore s’y ajouter jusque-là.');
    // The day before, at 05 h 45, neither (the round closed the day before its delivery).
    app.clock.set(at('2026-11-22', '05:45:00'));
    refused(await admin.request('POST', `/api/staff/rounds/${rg.id}/close?date=${MONDAY}`), 409, 'round_not_over');
    expect((await round()).closed_at).toBeNull();
  });

  it('is refused while a bag has neither hand-over nor absence', async () => {
    app.clock.set(at(MONDAY, '13:00:00'));
    // Undo every hand-over and absence of Paul's: nothing says what happened any more.
    const paulEvents = await db().select().from(t.roundEvents).where(eq(t.roundEvents.orderId, paul.orderId));
    const undone = new Set(paulEvents.filter((e) => e.type === 'undo').map((e) => e.payload.undoes));
    const left = paulEvents.filter((e) => (e.type === 'handed_over' || e.type === 'absent') && !undone.has(e.id));
    await sent(livreur, left.map((e) => event({ type: 'undo', order_id: paul.orderId, undoes: e.id })));
    expect(orderIn(await round(), paul.orderId).outcome).toBeNull();
    const body = refused(await livreur.request('POST', `/api/staff/rounds/${rg.id}/close?date=${MONDAY}`), 409, 'round_incomplete');
    expect(body.message).toBe('1 sac sans « Remis » ni « Absent » : notez-les avant de clore la tournée.');
  });

  it('settles: delivered and absent, vouchers short left due, extra containers credited, all audited; then late events are refused', async () => {
    const before = await customerRow(paul.customerId);
    app.clock.set(at(MONDAY, '14:00:00'));
    // Lina, after all, refused her bag.
    await sent(secondPhone, [event({ type: 'absent', order_id: lina.orderId, reason: 'refused', at: PHONE_AT('13:30:00') })]);
    // Paul: handed over, one voucher fewer than declared (2 × 8 € of 3), 3 containers of 2 declared.
    await sent(livreur, [
      event({ type: 'handed_over', order_id: paul.orderId, at: PHONE_AT('12:20:00') }),
      event({ type: 'vouchers_received', order_id: paul.orderId, rows: [{ issuer: 'pluxee', count: 2, unit_cents: 8_00 }], at: PHONE_AT('12:20:10') }),
      event({ type: 'containers_returned', order_id: paul.orderId, count: 3, at: PHONE_AT('12:20:20') }),
    ]);
    const preClose = await orderRow(paul.orderId);
    // The two formulas cost more than the vouchers declared: all 24 € of them pay the order.
    expect(preClose.paperVouchersExcessCents).toBe(0);

    // Paul asked to be told on this browser (docs/product/notifications.md).
    const paulsBrowser = sandboxSubscription(app.app.env.PUBLIC_URL);
    expect((await paul.v.request('POST', '/api/push/subscriptions', paulsBrowser.body)).statusCode).toBe(201);

    const closed = await livreur.request('POST', `/api/staff/rounds/${rg.id}/close?date=${MONDAY}`);
    expect(closed.statusCode, closed.body).toBe(200);
    const r = roundSchema.parse(closed.json());
    expect(r.closed_at).toBe(at(MONDAY, '14:00:00').toISOString());
    expect(r.closed_by).toBe(TEAM.livreur);
    const listed = roundsAnswerSchema.parse((await livreur.request('GET', `/api/staff/rounds?date=${MONDAY}`)).json()).rounds;
    expect(listed.find((x) => x.tour_id === rg.id)!.closed_at).toBe(r.closed_at);
    expect(listed.find((x) => x.tour_id === pi.id)!.closed_at).toBeNull();
    expect(r.totals).toMatchObject({ bags: 2, handed_over: 1, absent: 1, pending: 0, containers_expected: 2, containers_received: 3, vouchers_received: { count: 2, cents: 16_00 } });

    const paulOrder = await orderRow(paul.orderId);
    expect(paulOrder).toMatchObject({ state: 'delivered', status: 2, containersReceived: 3, paperVouchersReceived: [{ issuer: 'pluxee', count: 2, unit_cents: 8_00 }] });
    expect(paulOrder.paperVouchersConfirmedAt).not.toBeNull();
    // One voucher short: 8 € is due; nothing reaches the pool for vouchers.
    const short = 8_00;
    // The third container, beyond the declaration, waits for an admin (four eyes): held and its
    // 4 € promised to the pool, nothing credited on the courier's word alone.
    const after = await customerRow(paul.customerId);
    expect(after.deposits).toBe(before.deposits - 1);
    expect(after.poolCents).toBe(before.poolCents);
    expect(after.poolPending).toBe(before.poolPending + 4_00);
    expect(orderIn(r, paul.orderId).balance_due).toBe(short);
    const linaOrder = await orderRow(lina.orderId);
    expect(linaOrder.state).toBe('absent');
    const events = await db().select().from(t.orderEvents).where(eq(t.orderEvents.orderId, lina.orderId));
    expect(events.at(-1)).toMatchObject({ state: 'absent', note: 'Commande refusée' });

    const mail = (await mailsTo((await customerRow(paul.customerId)).email)).at(-1)!;
    expect(mail.subject).toBe(`Reste à régler sur votre commande Popote ${paul.invoice}`);
    expect(mail.text).toMatch(/des titres-restaurant papier pour 8,00\s€/);
    expect(mail.text).toMatch(/Reste à régler : 8,00\s€/);
    // And on the lock screen: one push, with the same figure, opening the order.
    expect(await app.app.push.deliver()).toMatchObject({ sent: 1 });
    const pushes = await pushesIn(app.app, paulsBrowser.box);
    expect(pushes.map((p) => messageOf(p, paulsBrowser.keys))).toEqual([
      { title: 'Reste à régler', body: `Il reste 8,00\u00a0€ à régler sur votre commande ${paul.invoice}\u00a0: réglez-le depuis votre compte.`, tag: `commande-${paul.orderId}`, url: `/passer-commande?volet=compte#commande-${paul.orderId}` },
    ]);
    const me = (await paul.v.request('GET', '/api/me')).json() as { orders: { id: number; balance_due: number; status_text: string }[] };
    expect(me.orders.find((o) => o.id === paul.orderId)).toMatchObject({ balance_due: short });

    // The admin's board lists what is due and the containers' difference.
    const board = (await admin.request('GET', `/api/staff/orders?date=${MONDAY}`)).json().orders as { id: number }[];
    expect(board.find((o) => o.id === paul.orderId)).toMatchObject({ state: 'delivered', balance_due: short, containers_returned: 2, containers_received: 3 });
    expect(board.find((o) => o.id === lina.orderId)).toMatchObject({ state: 'absent', state_label: 'Client absent' });

    const audit = (await admin.request('GET', `/api/staff/audit?date=${MONDAY}`)).json().entries as { action: string; order_id: number | null; device_at: string | null; details: Record<string, unknown> }[];
    expect(audit.find((e) => e.action === 'round.close')).toMatchObject({ details: expect.objectContaining({ delivered: [paul.orderId], absent: [lina.orderId] }) });
    expect(audit.find((e) => e.action === 'round.settled' && e.order_id === paul.orderId)).toMatchObject({ device_at: PHONE_AT('12:20:00') });

    // Closed: a late event is refused with its code, a second closing too, and nothing moved.
    const late = await sent(livreur, [event({ type: 'containers_returned', order_id: paul.orderId, count: 5 })]);
    expect(late[0]).toMatchObject({ status: 'rejected', code: 'round_closed' });
    refused(await admin.request('POST', `/api/staff/rounds/${rg.id}/close?date=${MONDAY}`), 409, 'round_closed');
    expect(await customerRow(paul.customerId)).toEqual(after);
  });
});

describe('a closing and an event at the same moment', () => {
  it('either counts the event or refuses it: never applied and left out', async () => {
    app.clock.set(at(MONDAY, '13:00:00'));
    const onPi = (events: RoundEvent[]) => livreur.request('POST', `/api/staff/rounds/${pi.id}/events?date=${MONDAY}`, { events });
    expect((await onPi([event({ type: 'handed_over', order_id: sara.orderId })])).json().results[0].status).toBe('applied');
    const late = event({ type: 'containers_returned', order_id: sara.orderId, count: 1, at: PHONE_AT('08:59:00') });
    const [closed, racing] = await Promise.all([admin.request('POST', `/api/staff/rounds/${pi.id}/close?date=${MONDAY}`), onPi([late])]);
    expect(closed.statusCode, closed.body).toBe(200);
    const result = racing.json().results[0] as { status: string; code?: string };
    const settled = await orderRow(sara.orderId);
    if (result.status === 'applied') expect(settled.containersReceived).toBe(1);
    else {
      expect(result).toMatchObject({ status: 'rejected', code: 'round_closed' });
      expect(settled.containersReceived).toBe(0);
    }
    expect(settled.state).toBe('delivered');
  });
});
