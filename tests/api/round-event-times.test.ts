import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { ROUND_ERRORS, ROUND_MESSAGES, roundEventsAnswerSchema, roundSchema, type RoundEvent } from '#shared/api/courier-round';
import { staffToursSchema, type StaffTour } from '#shared/api/staff-rounds';
import { addDays } from '#shared/time';
import { MONDAY, at } from './helpers';
import { addDish, cartOf, testFile } from './fixtures';
import { TEAM, staffLoggedIn, type StaffBrowser } from './staff-helpers';

/**
 * A courier's phone is trusted for the order of what it records, within bounds: a clock reset to
 * 1970 or a day behind never becomes an order's delivered time; an event id sent again with other
 * content is refused, never taken for the event already held.
 */

const { app, db, dishes, placeOrderAt } = testFile({ unlimitedStock: true });

let admin: StaffBrowser;
let livreur: StaffBrowser;
let secondPhone: StaffBrowser;
let rg: StaffTour;
let other: StaffTour;
type Placed = Awaited<ReturnType<typeof placeOrderAt>>;
let ana: Placed;
let bruno: Placed;
let chloe: Placed;
let denis: Placed;

const TUESDAY = addDays(MONDAY, 1);
const event = (fields: Omit<RoundEvent, 'id'>): RoundEvent => ({ id: randomUUID(), ...fields });
async function sent(browser: StaffBrowser, events: RoundEvent[], tour = rg.id) {
  const res = await browser.request('POST', `/api/staff/rounds/${tour}/events?date=${MONDAY}`, { events });
  expect(res.statusCode, res.body).toBe(200);
  return roundEventsAnswerSchema.parse(res.json()).results;
}
const outcomeOf = async (orderId: number) => {
  const round = roundSchema.parse((await livreur.request('GET', `/api/staff/rounds/${rg.id}?date=${MONDAY}`)).json());
  return round.stops.flatMap((s) => s.orders).find((o) => o.order_id === orderId)!;
};
const auditOf = async (date: string) =>
  (await admin.request('GET', `/api/staff/audit?date=${date}`)).json().entries as { action: string; order_id: number | null; device_at: string | null; details: Record<string, unknown> }[];

beforeAll(async () => {
  admin = await staffLoggedIn(app.app);
  livreur = await staffLoggedIn(app.app, TEAM.livreur);
  secondPhone = await staffLoggedIn(app.app, TEAM.livreur);
  const tours = staffToursSchema.parse((await admin.request('GET', '/api/staff/tours')).json()).tours;
  rg = tours.find((x) => x.stops.some((s) => s.name.startsWith('Gerland')) && x.stops.length === 4)!;
  other = tours.find((x) => x.stops.some((s) => s.name.startsWith('Bellecour')))!;
  const point = rg.stops.find((s) => s.name.startsWith('Gerland'))!.name;
  const main = dishes.find((d) => d.category === 'main')!;
  const fill = async (v: Parameters<Parameters<typeof placeOrderAt>[3]>[0]) => void cartOf(await addDish(v, main.id));
  ana = await placeOrderAt({ firstname: 'Ana', lastname: 'Roux', phone: '0611111111' }, rg.name, point, fill);
  bruno = await placeOrderAt({ firstname: 'Bruno', lastname: 'Petit', phone: '0622222222' }, rg.name, point, fill);
  chloe = await placeOrderAt({ firstname: 'Chloé', lastname: 'Martin', phone: '0633333333' }, rg.name, point, fill);
  denis = await placeOrderAt({ firstname: 'Denis', lastname: 'Noël', phone: '0644444444' }, rg.name, point, fill);
});

describe('a phone’s clock is believed within the round’s day and up to the server’s time', () => {
  it('a time before the round’s day counts at the event’s arrival: kept, never 1970 as the delivered time, and it does not lose to an earlier event', async () => {
    // Another phone, on time, says Ana was absent at 12:05; the phone reset to 1970 hands her bag over after that.
    app.clock.set(at(MONDAY, '12:06:00'));
    const absent = event({ type: 'absent', order_id: ana.orderId, reason: 'no_one', at: at(MONDAY, '12:05:00').toISOString() });
    expect(await sent(secondPhone, [absent])).toEqual([{ id: absent.id, status: 'applied' }]);
    app.clock.set(at(MONDAY, '12:10:00'));
    const handed = event({ type: 'handed_over', order_id: ana.orderId, at: '1970-01-01T00:00:00.000Z' });
    expect(await sent(livreur, [handed])).toEqual([{ id: handed.id, status: 'applied' }]);
    // A phone reset west of Greenwich says 1969: taken all the same (counted at its arrival).
    const west = event({ type: 'containers_returned', order_id: ana.orderId, count: 0, at: '1969-12-31T19:00:00.000-05:00' });
    expect(await sent(livreur, [west])).toEqual([{ id: west.id, status: 'applied' }]);
    // A day behind (the phone's date wrong, its hour right) is as wrong.
    const yesterday = event({ type: 'handed_over', order_id: bruno.orderId, at: at(addDays(MONDAY, -1), '12:11:00').toISOString() });
    expect(await sent(livreur, [yesterday])).toEqual([{ id: yesterday.id, status: 'applied' }]);

    expect(await outcomeOf(ana.orderId)).toMatchObject({ outcome: 'handed_over' });
    // The phone's time is stored as it came; its audit line says when it counted.
    const [stored] = await db().select().from(t.roundEvents).where(eq(t.roundEvents.id, handed.id));
    expect(stored!.deviceAt.toISOString()).toBe('1970-01-01T00:00:00.000Z');
    const line = (await auditOf(MONDAY)).find((e) => e.action === 'round.handed_over' && e.order_id === ana.orderId)!;
    expect(line).toMatchObject({ device_at: '1970-01-01T00:00:00.000Z', details: expect.objectContaining({ counted_at: at(MONDAY, '12:10:00').toISOString() }) });
  });

  it('an event arriving after the round’s day, its phone’s clock wrong, counts at the day’s last instant; a time after the server’s counts at the server’s', async () => {
    app.clock.set(at(MONDAY, '12:20:00'));
    const future = event({ type: 'handed_over', order_id: denis.orderId, at: at(MONDAY, '18:00:00').toISOString() });
    expect(await sent(livreur, [future])).toEqual([{ id: future.id, status: 'applied' }]);
    // The phone kept its events offline until the next morning, and its clock was reset meanwhile
    // (the team logs in again: a session lasts 12 hours).
    app.clock.set(at(TUESDAY, '08:00:00'));
    livreur = await staffLoggedIn(app.app, TEAM.livreur);
    admin = await staffLoggedIn(app.app);
    const late = event({ type: 'absent', order_id: chloe.orderId, reason: 'unreachable', at: '1970-01-01T00:00:00.000Z' });
    expect(await sent(livreur, [late])).toEqual([{ id: late.id, status: 'applied' }]);
    expect((await auditOf(TUESDAY)).find((e) => e.action === 'round.absent' && e.order_id === chloe.orderId)).toMatchObject({
      details: expect.objectContaining({ counted_at: new Date(at(TUESDAY, '00:00:00').getTime() - 1).toISOString() }),
    });
  });

  it('the closing gives each order the time its event counted at', async () => {
    app.clock.set(at(TUESDAY, '08:05:00'));
    const closed = await admin.request('POST', `/api/staff/rounds/${rg.id}/close?date=${MONDAY}`);
    expect(closed.statusCode, closed.body).toBe(200);
    const stateAt = async (orderId: number, state: t.OrderState) =>
      (await db().select().from(t.orderEvents).where(and(eq(t.orderEvents.orderId, orderId), eq(t.orderEvents.state, state))))[0]?.at.toISOString();
    expect(await stateAt(ana.orderId, 'delivered')).toBe(at(MONDAY, '12:10:00').toISOString());
    expect(await stateAt(bruno.orderId, 'delivered')).toBe(at(MONDAY, '12:10:00').toISOString());
    expect(await stateAt(chloe.orderId, 'absent')).toBe(new Date(at(TUESDAY, '00:00:00').getTime() - 1).toISOString());
    expect(await stateAt(denis.orderId, 'delivered')).toBe(at(MONDAY, '12:20:00').toISOString());
    const settled = (await auditOf(TUESDAY)).find((e) => e.action === 'round.settled' && e.order_id === ana.orderId)!;
    expect(settled.device_at).toBe(at(MONDAY, '12:10:00').toISOString());
  });

  it('refuses only what no clock says (year 0000, 2100), under the field', async () => {
    for (const wrong of ['0000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z']) {
      const res = await livreur.request('POST', `/api/staff/rounds/${rg.id}/events?date=${MONDAY}`, { events: [event({ type: 'handed_over', order_id: ana.orderId, at: wrong })] });
      expect(res.statusCode, wrong).toBe(422);
      expect(res.json().errors).toEqual({ 'events.0.at': ['Heure de l’action invalide.'] });
    }
  });
});

describe('an event id is one event', () => {
  it('sent again as it was: duplicate (however its time’s offset is written); with anything else under the same id: rejected event_id_reused, the held event unchanged', async () => {
    // A round of its own: the one above is closed.
    const point = other.stops.find((s) => s.name.startsWith('Bellecour'))!.name;
    const main = dishes.find((d) => d.category === 'main')!;
    const eva = await placeOrderAt({ firstname: 'Eva', lastname: 'Simon', phone: '0655555555' }, other.name, point, async (v) => void cartOf(await addDish(v, main.id)));
    const fred = await placeOrderAt({ firstname: 'Fred', lastname: 'Lenoir', phone: '0666666666' }, other.name, point, async (v) => void cartOf(await addDish(v, main.id)));
    app.clock.set(at(MONDAY, '12:30:00'));
    livreur = await staffLoggedIn(app.app, TEAM.livreur);
    const send = (events: RoundEvent[]) => sent(livreur, events, other.id);
    const absent = event({ type: 'absent', order_id: eva.orderId, reason: 'no_one', at: at(MONDAY, '12:00:00').toISOString() });
    expect(await send([absent])).toEqual([{ id: absent.id, status: 'applied' }]);
    expect(await send([absent])).toEqual([{ id: absent.id, status: 'duplicate' }]);
    expect(await send([{ ...absent, at: '2026-11-23T12:00:00.000+01:00' }])).toEqual([{ id: absent.id, status: 'duplicate' }]);

    const reused = { id: absent.id, status: 'rejected', code: ROUND_ERRORS.eventIdReused, message: ROUND_MESSAGES.eventIdReused };
    const others: RoundEvent[] = [
      { ...absent, reason: 'refused' },
      { ...absent, order_id: fred.orderId },
      { ...absent, at: at(MONDAY, '12:01:00').toISOString() },
      { id: absent.id, type: 'handed_over', order_id: eva.orderId, at: absent.at },
    ];
    for (const changed of others) expect(await send([changed])).toEqual([reused]);
    // Another round's event under this id is another event too.
    expect(await sent(livreur, [{ ...absent, order_id: ana.orderId }], rg.id)).toEqual([reused]);

    const held = await db().select().from(t.roundEvents).where(eq(t.roundEvents.id, absent.id));
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ type: 'absent', orderId: eva.orderId, payload: { reason: 'no_one' } });
    const round = roundSchema.parse((await livreur.request('GET', `/api/staff/rounds/${other.id}?date=${MONDAY}`)).json());
    expect(round.stops.flatMap((s) => s.orders).find((o) => o.order_id === eva.orderId)).toMatchObject({ outcome: 'absent', absence_reason: 'no_one' });
  });
});
