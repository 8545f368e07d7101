import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { tellLateCustomers } from '../../server/modules/rounds/late-notices.service';
import { roundEventsAnswerSchema, roundSchema, type ArrivedEvent, type Round } from '#shared/api/courier-round';
import { staffToursSchema, type StaffTour } from '#shared/api/staff-rounds';
import { addDays, frenchTimeRange } from '#shared/time';
import { MONDAY, at, createTestApp, onPostgres } from './helpers';
import { addDish, cartOf, testFile } from './fixtures';
import { messageOf, pushesIn, sandboxSubscription } from './push-helpers';
import { TEAM, staffLoggedIn, type StaffBrowser } from './staff-helpers';

/*
 * Late notices (docs/product/notifications.md, "Late"): 5 minutes into a stop's window without the
 * tricycle, its waiting customers with a browser subscribed are told once, with an estimate from
 * the previous stop's "Arrivé" and the leg's median in past rounds, or plainly without one; nobody
 * else; nothing once arrived, nor stale; two servers tell once.
 */

const { app, db, dishes, placeOrderAt } = testFile({ unlimitedStock: true });

const LATE = 'Votre Popote a du retard';
let livreur: StaffBrowser;
let rg1: StaffTour; // Part-Dieu 11 h 45, Gerland, Villeurbanne, Monplaisir 12 h
let rg2: StaffTour;
let pi1: StaffTour; // Confluence, Bellecour, Croix-Rousse 11 h 45
type Placed = Awaited<ReturnType<typeof placeOrderAt>>;
type Customer = Placed & ReturnType<typeof sandboxSubscription>;
let lina: Customer; // rg1 Part-Dieu
let paul: Customer; // rg1 Gerland
let nora: Customer; // rg1 Gerland, cancelled
let vera: Customer; // rg1 Villeurbanne
let omar: Customer; // rg1 Monplaisir, subscribes late
let sara: Customer; // pi1 Bellecour
let yann: Customer; // pi1 Confluence, subscribes late
let zoe: Customer; // pi1 Croix-Rousse, subscribes late
let ines: Customer; // rg2 Villeurbanne, subscribes late
let jade: Customer; // rg2 Monplaisir, subscribes late

const arrived = (location: number, time: string): ArrivedEvent => ({ id: randomUUID(), type: 'arrived', location_id: location, at: at(MONDAY, time).toISOString() });
async function arrive(tour: StaffTour, start: string, time: string) {
  app.clock.set(at(MONDAY, time));
  const stop = stopOf(await round(tour), start);
  const res = await livreur.request('POST', `/api/staff/rounds/${tour.id}/events?date=${MONDAY}`, { events: [arrived(stop.location_id, time)] });
  expect(res.statusCode, res.body).toBe(200);
  expect(roundEventsAnswerSchema.parse(res.json()).results).toEqual([expect.objectContaining({ status: 'applied' })]);
}
async function round(tour: StaffTour): Promise<Round> {
  return roundSchema.parse((await livreur.request('GET', `/api/staff/rounds/${tour.id}?date=${MONDAY}`)).json());
}
const stopOf = (r: Round, start: string) => r.stops.find((s) => s.name.startsWith(start))!;
const slot = (stop: Round['stops'][number]) => frenchTimeRange(stop.start!, stop.end!);
async function subscribe(c: Placed, sub = sandboxSubscription(app.app.env.PUBLIC_URL)) {
  expect((await c.v.request('POST', '/api/push/subscriptions', sub.body)).statusCode).toBe(201);
  return sub;
}
const messages = async (c: Customer) => (await pushesIn(app.app, c.box)).map((p) => messageOf(p, c.keys));
const toldRows = (c: Placed) => db().select().from(t.lateNotices).where(eq(t.lateNotices.orderId, c.orderId));

/** A past round of the tour on `date` with the courier's "Arrivé" at two stops. */
async function pastRound(tour: StaffTour, date: string, arrivals: [string, string][]) {
  const [row] = await db().insert(t.rounds).values({ tourId: tour.id, date }).returning();
  const points = await round(tour);
  for (const [start, time] of arrivals) {
    const at_ = at(date, time);
    await db()
      .insert(t.roundArrivals)
      .values({ id: randomUUID(), roundId: row!.id, deliveryLocationId: stopOf(points, start).location_id, deviceAt: at_, receivedAt: at_ });
  }
}

beforeAll(async () => {
  livreur = await staffLoggedIn(app.app, TEAM.livreur);
  const admin = await staffLoggedIn(app.app);
  const tours = staffToursSchema.parse((await admin.request('GET', '/api/staff/tours')).json()).tours;
  const named = (part: string, stop: string) => tours.find((x) => x.name.includes(part) && x.stops.some((s) => s.name.startsWith(stop)))!;
  rg1 = named('Rive gauche – 1er', 'Gerland');
  rg2 = named('Rive gauche – 2e', 'Villeurbanne');
  pi1 = named('Presqu’île – 1er', 'Bellecour');
  expect(rg1.stops.map((s) => s.name.split(' ')[0])).toEqual(['Part-Dieu', 'Gerland', 'Villeurbanne', 'Monplaisir']);
  expect(pi1.stops.map((s) => s.name.split(' ')[0])).toEqual(['Confluence', 'Bellecour', 'Croix-Rousse']);
  const main = dishes.find((d) => d.category === 'main')!;
  const order = async (firstname: string, tour: StaffTour, start: string, subscribed = true): Promise<Customer> => {
    const point = tour.stops.find((s) => s.name.startsWith(start))!.name;
    const placed = await placeOrderAt({ firstname, lastname: 'Essai', phone: '0610101010' }, tour.name, point, async (v) => void cartOf(await addDish(v, main.id)));
    const sub = sandboxSubscription(app.app.env.PUBLIC_URL);
    if (subscribed) await subscribe(placed, sub);
    return { ...placed, ...sub };
  };
  lina = await order('Lina', rg1, 'Part-Dieu');
  paul = await order('Paul', rg1, 'Gerland');
  nora = await order('Nora', rg1, 'Gerland');
  vera = await order('Vera', rg1, 'Villeurbanne');
  omar = await order('Omar', rg1, 'Monplaisir', false);
  sara = await order('Sara', pi1, 'Bellecour');
  yann = await order('Yann', pi1, 'Confluence', false);
  zoe = await order('Zoé', pi1, 'Croix-Rousse', false);
  ines = await order('Inès', rg2, 'Villeurbanne', false);
  jade = await order('Jade', rg2, 'Monplaisir', false);
  await db().update(t.orders).set({ state: 'cancelled' }).where(eq(t.orders.id, nora.orderId));
  // Part-Dieu to Gerland took 15, 13 and (a puncture) 50 minutes on the three Mondays before.
  await pastRound(rg1, addDays(MONDAY, -7), [
    ['Part-Dieu', '11:50:00'],
    ['Gerland', '12:05:00'],
  ]);
  await pastRound(rg1, addDays(MONDAY, -14), [
    ['Part-Dieu', '11:48:00'],
    ['Gerland', '12:01:00'],
  ]);
  await pastRound(rg1, addDays(MONDAY, -21), [
    ['Part-Dieu', '11:45:00'],
    ['Gerland', '12:35:00'],
  ]);
});

describe('a stop whose window started without the tricycle', () => {
  it('tells its customers once, plainly at the first stop; nobody else, nobody whose stop has the tricycle', async () => {
    // Bellecour has the tricycle before its window: Sara is told it is there, never late.
    await arrive(pi1, 'Bellecour', '11:46:00');
    app.clock.set(at(MONDAY, '11:49:59'));
    expect(await tellLateCustomers(app.app)).toBe(0);

    app.clock.set(at(MONDAY, '11:50:00'));
    expect(await tellLateCustomers(app.app)).toBe(1);
    const partDieu = stopOf(await round(rg1), 'Part-Dieu');
    await expect.poll(() => pushesIn(app.app, lina.box)).toHaveLength(1);
    const [push] = await pushesIn(app.app, lina.box);
    expect(push!.headers).toMatchObject({ urgency: 'high', 'content-encoding': 'aes128gcm' });
    // Worth telling until a quarter of an hour after the window's end (12 h 15).
    expect(Number(push!.headers.ttl)).toBe(40 * 60);
    expect(messageOf(push!, lina.keys)).toEqual({
      title: LATE,
      body: `Le triporteur a du retard à ${partDieu.name} (${slot(partDieu)}).`,
      tag: `commande-${lina.orderId}`,
      url: `/passer-commande?volet=compte#commande-${lina.orderId}`,
    });
    for (const other of [paul, nora, vera]) expect(await pushesIn(app.app, other.box)).toEqual([]);
    expect((await messages(sara)).map((m) => m.title)).toEqual(['Votre Popote est arrivée']);
    // Croix-Rousse is late too, but Zoé has no browser subscribed: nothing written, she may be told later.
    expect(await toldRows(zoe)).toEqual([]);

    // Checked again (the next minute, or another server): told once.
    app.clock.set(at(MONDAY, '11:51:00'));
    expect(await tellLateCustomers(app.app)).toBe(0);
    expect(await app.app.push.deliver()).toMatchObject({ sent: 0 });
    expect(await pushesIn(app.app, lina.box)).toHaveLength(1);
    expect(await toldRows(lina)).toHaveLength(1);
  });

  it('is then told the tricycle is there, the same tag replacing the late notice on the lock screen', async () => {
    await arrive(rg1, 'Part-Dieu', '11:58:00');
    await expect.poll(() => pushesIn(app.app, lina.box)).toHaveLength(2);
    expect((await messages(lina)).map((m) => [m.title, m.tag])).toEqual([
      [LATE, `commande-${lina.orderId}`],
      ['Votre Popote est arrivée', `commande-${lina.orderId}`],
    ]);
  });

  it('says how late from the previous stop’s arrival and the leg’s median in past rounds, plainly while the previous stop has no arrival; never to a cancelled order', async () => {
    app.clock.set(at(MONDAY, '12:05:00'));
    expect(await tellLateCustomers(app.app)).toBe(2);
    const r = await round(rg1);
    const [gerland, villeurbanne] = [stopOf(r, 'Gerland'), stopOf(r, 'Villeurbanne')];
    // 11 h 58 at Part-Dieu + 15 min (the median of 15, 13 and 50) = 12 h 13: 13 minutes after 12 h, said 15.
    await expect.poll(() => pushesIn(app.app, paul.box)).toHaveLength(1);
    expect(await messages(paul)).toEqual([
      { title: LATE, body: `Le triporteur aura environ 15\u00a0min de retard à ${gerland.name} (${slot(gerland)}).`, tag: `commande-${paul.orderId}`, url: `/passer-commande?volet=compte#commande-${paul.orderId}` },
    ]);
    // Gerland, before Villeurbanne, has no "Arrivé" yet.
    await expect.poll(() => pushesIn(app.app, vera.box)).toHaveLength(1);
    expect((await messages(vera)).map((m) => m.body)).toEqual([`Le triporteur a du retard à ${villeurbanne.name} (${slot(villeurbanne)}).`]);
    expect(await pushesIn(app.app, nora.box)).toEqual([]);
    expect(await toldRows(nora)).toEqual([]);
    expect(await pushesIn(app.app, lina.box)).toHaveLength(2);
  });

  it('is told plainly when past rounds have no time for the leg', async () => {
    await arrive(rg1, 'Gerland', '12:10:00');
    await arrive(rg1, 'Villeurbanne', '12:20:00');
    // Omar turns notices on at 12 h 21: the next check tells him.
    app.clock.set(at(MONDAY, '12:21:00'));
    await subscribe(omar, omar);
    expect(await tellLateCustomers(app.app)).toBe(1);
    const monplaisir = stopOf(await round(rg1), 'Monplaisir');
    await expect.poll(() => pushesIn(app.app, omar.box)).toHaveLength(1);
    expect((await messages(omar)).map((m) => m.body)).toEqual([`Le triporteur a du retard à ${monplaisir.name} (${slot(monplaisir)}).`]);
  });

  it('is withdrawn unsent when the tricycle arrives first', async () => {
    // Yann's push service is down: his late notice stays queued, whatever the sender does meanwhile.
    const refuse = async (status: 0 | 503) => expect((await app.app.inject({ method: 'PUT', url: `/__sandbox/push/${yann.box}/refusal`, payload: { status } })).statusCode).toBe(200);
    await refuse(503);
    app.clock.set(at(MONDAY, '12:24:00'));
    await subscribe(yann, yann);
    expect(await tellLateCustomers(app.app)).toBe(1);
    await arrive(pi1, 'Confluence', '12:25:00');
    await refuse(0);
    // Past any retry's wait (10 s): what is still queued is due.
    app.clock.set(at(MONDAY, '12:26:00'));
    await expect
      .poll(async () => {
        await app.app.push.deliver();
        return pushesIn(app.app, yann.box);
      })
      .toHaveLength(1);
    expect((await messages(yann)).map((m) => m.title)).toEqual(['Votre Popote est arrivée']);
    expect(await db().select().from(t.pushOutbox)).toEqual([]);
  });

  it('tells nobody once the window ended more than a quarter of an hour ago', async () => {
    // Croix-Rousse's window ended at 12 h 15.
    app.clock.set(at(MONDAY, '12:31:00'));
    await subscribe(zoe, zoe);
    expect(await tellLateCustomers(app.app)).toBe(0);
    expect(await app.app.push.deliver()).toMatchObject({ sent: 0 });
    expect(await pushesIn(app.app, zoe.box)).toEqual([]);
    expect(await toldRows(zoe)).toEqual([]);
  });
});

describe.runIf(onPostgres)('two server processes on PostgreSQL', () => {
  it('tell each late customer once', async () => {
    const other = await createTestApp({ sameDatabaseAs: app });
    try {
      const now = at(MONDAY, '12:40:00');
      app.clock.set(now);
      other.clock.set(now);
      await subscribe(ines, ines);
      await subscribe(jade, jade);
      // Inès has two more browsers.
      const more = [sandboxSubscription(app.app.env.PUBLIC_URL), sandboxSubscription(app.app.env.PUBLIC_URL)];
      for (const sub of more) await subscribe(ines, sub);
      const told = await Promise.all([tellLateCustomers(app.app), tellLateCustomers(other.app), tellLateCustomers(app.app), tellLateCustomers(other.app)]);
      expect(told.reduce((a, b) => a + b, 0)).toBe(2);
      expect([...(await toldRows(ines)), ...(await toldRows(jade))]).toHaveLength(2);
      await Promise.all([app.app.push.deliver(), other.app.push.deliver()]);
      for (const box of [ines.box, jade.box, ...more.map((s) => s.box)]) await expect.poll(() => pushesIn(app.app, box)).toHaveLength(1);
      expect(await app.app.push.deliver()).toMatchObject({ sent: 0 });
      for (const box of [ines.box, jade.box, ...more.map((s) => s.box)]) expect(await pushesIn(app.app, box)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
