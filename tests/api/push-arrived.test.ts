import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { enqueuePushes } from '../../server/modules/push/push.service';
import { roundEventsAnswerSchema, roundSchema, type ArrivedEvent, type Round } from '#shared/api/courier-round';
import { staffToursSchema, type StaffTour } from '#shared/api/staff-rounds';
import { frenchTime } from '#shared/time';
import { MONDAY, at, createTestApp, onPostgres } from './helpers';
import { addDish, cartOf, testFile } from './fixtures';
import { messageOf, pushesIn, sandboxSubscription } from './push-helpers';
import { TEAM, staffLoggedIn, type StaffBrowser } from './staff-helpers';

/*
 * The courier's "Arrivé" (docs/product/notifications.md): the customers with an order at that stop
 * of that round are told once, by a push that decrypts with their browser's keys and on their open
 * page; nobody else; nothing when the news is stale; two servers push once.
 */

const { app, db, dishes, placeOrderAt } = testFile({ unlimitedStock: true });

let livreur: StaffBrowser;
let admin: StaffBrowser;
let rg: StaffTour;
let pi: StaffTour;
type Placed = Awaited<ReturnType<typeof placeOrderAt>>;
type Subscribed = Placed & ReturnType<typeof sandboxSubscription>;
let paul: Subscribed; // Gerland, on rg
let lina: Subscribed; // Part-Dieu, on rg
let nora: Subscribed; // Part-Dieu, on rg, cancelled
let sara: Subscribed; // Bellecour, on the other tour

const arrived = (location: number, time: string, id = randomUUID()): ArrivedEvent => ({ id, type: 'arrived', location_id: location, at: at(MONDAY, time).toISOString() });
async function sent(events: ArrivedEvent[], tour = rg.id) {
  const res = await livreur.request('POST', `/api/staff/rounds/${tour}/events?date=${MONDAY}`, { events });
  expect(res.statusCode, res.body).toBe(200);
  return roundEventsAnswerSchema.parse(res.json()).results;
}
async function round(tour = rg.id): Promise<Round> {
  return roundSchema.parse((await livreur.request('GET', `/api/staff/rounds/${tour}?date=${MONDAY}`)).json());
}
const stopOf = (r: Round, start: string) => r.stops.find((s) => s.name.startsWith(start))!;
const arrivalLines = (customerId: number) => db().select().from(t.events).where(and(eq(t.events.kind, 'arrival'), eq(t.events.customerId, customerId)));

beforeAll(async () => {
  admin = await staffLoggedIn(app.app);
  livreur = await staffLoggedIn(app.app, TEAM.livreur);
  const tours = staffToursSchema.parse((await admin.request('GET', '/api/staff/tours')).json()).tours;
  rg = tours.find((x) => x.stops.some((s) => s.name.startsWith('Gerland')) && x.stops.length === 4)!;
  pi = tours.find((x) => x.stops.some((s) => s.name.startsWith('Bellecour')))!;
  const point = (tour: StaffTour, start: string) => tour.stops.find((s) => s.name.startsWith(start))!.name;
  const main = dishes.find((d) => d.category === 'main')!;
  const order = async (firstname: string, tour: StaffTour, start: string): Promise<Subscribed> => {
    const placed = await placeOrderAt({ firstname, lastname: 'Essai', phone: '0610101010' }, tour.name, point(tour, start), async (v) => void cartOf(await addDish(v, main.id)));
    const sub = sandboxSubscription(app.app.env.PUBLIC_URL);
    expect((await placed.v.request('POST', '/api/push/subscriptions', sub.body)).statusCode).toBe(201);
    return { ...placed, ...sub };
  };
  paul = await order('Paul', rg, 'Gerland');
  lina = await order('Lina', rg, 'Part-Dieu');
  nora = await order('Nora', rg, 'Part-Dieu');
  sara = await order('Sara', pi, 'Bellecour');
  await db().update(t.orders).set({ state: 'cancelled' }).where(eq(t.orders.id, nora.orderId));
});

describe('the courier’s "Arrivé"', () => {
  it('tells that stop’s customers on that round, once, in a push that decrypts and on their open page', async () => {
    app.clock.set(at(MONDAY, '12:05:00'));
    const partDieu = stopOf(await round(), 'Part-Dieu');
    const event = arrived(partDieu.location_id, '12:04:00');
    expect(await sent([event])).toEqual([{ id: event.id, status: 'applied' }]);
    const text = `Votre Popote est arrivée à ${partDieu.name}, jusqu’à ${frenchTime(partDieu.end!)}.`;
    expect(text).toMatch(/jusqu’à \d+\u00a0h(\u00a0\d\d)?\.$/);
    await expect.poll(() => pushesIn(app.app, lina.box)).toHaveLength(1);
    const [push] = await pushesIn(app.app, lina.box);
    expect(push!.headers).toMatchObject({ urgency: 'high', 'content-encoding': 'aes128gcm' });
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    expect(messageOf(push!, lina.keys)).toEqual({ title: 'Votre Popote est arrivée', body: text, tag: `commande-${lina.orderId}`, url: `/passer-commande?volet=compte#commande-${lina.orderId}` });
    expect((await arrivalLines(lina.customerId)).map((e) => e.data)).toEqual([{ order_id: lina.orderId, location: partDieu.name, until: frenchTime(partDieu.end!), message: text }]);
    // Nobody else: another stop, the other tour, a cancelled bag.
    for (const other of [paul, nora, sara]) {
      expect(await pushesIn(app.app, other.box)).toEqual([]);
      expect(await arrivalLines(other.customerId)).toEqual([]);
    }
    expect(stopOf(await round(), 'Part-Dieu').arrived_at).toBe(at(MONDAY, '12:04:00').toISOString());

    // Sent again (an answer lost), tapped again, or from a second phone: told once.
    expect(await sent([event, arrived(partDieu.location_id, '12:06:00')])).toEqual([
      { id: event.id, status: 'duplicate' },
      expect.objectContaining({ status: 'duplicate' }),
    ]);
    expect(await app.app.push.deliver()).toMatchObject({ sent: 0 });
    expect(await pushesIn(app.app, lina.box)).toHaveLength(1);
    expect(await arrivalLines(lina.customerId)).toHaveLength(1);
  });

  it('tells nobody when it arrives more than 15 minutes after the tap (recorded offline)', async () => {
    app.clock.set(at(MONDAY, '12:30:00'));
    const gerland = stopOf(await round(), 'Gerland');
    expect(await sent([arrived(gerland.location_id, '12:14:00')])).toEqual([expect.objectContaining({ status: 'applied' })]);
    expect(await app.app.push.deliver()).toMatchObject({ sent: 0 });
    expect(await pushesIn(app.app, paul.box)).toEqual([]);
    expect(await arrivalLines(paul.customerId)).toEqual([]);
    expect(stopOf(await round(), 'Gerland').arrived_at).not.toBeNull();
  });

  it('refuses a point that is not a stop of the round', async () => {
    app.clock.set(at(MONDAY, '12:05:00'));
    const bellecour = stopOf(await round(pi.id), 'Bellecour');
    const [result] = await sent([arrived(bellecour.location_id, '12:04:00')]);
    expect(result).toMatchObject({ status: 'rejected', code: 'stop_not_on_round' });
    expect(await pushesIn(app.app, sara.box)).toEqual([]);
  });
});

describe('an order cancelled by the shop', () => {
  it('is pushed to its customer', async () => {
    expect((await admin.request('POST', `/api/staff/orders/${paul.orderId}/cancel`, { reason: 'Client malade' })).statusCode).toBe(200);
    expect(await app.app.push.deliver()).toMatchObject({ sent: 1 });
    const pushes = await pushesIn(app.app, paul.box);
    expect(pushes.map((p) => messageOf(p, paul.keys))).toEqual([
      { title: 'Commande annulée', body: `Votre commande ${paul.invoice} est annulée. Le détail vous est envoyé par e-mail.`, tag: `commande-${paul.orderId}`, url: `/passer-commande?volet=compte#commande-${paul.orderId}` },
    ]);
    expect(pushes[0]!.headers).toMatchObject({ urgency: 'normal', ttl: '86400' });
  });
});

describe.runIf(onPostgres)('two server processes on PostgreSQL', () => {
  it('push each queued notice once', async () => {
    const other = await createTestApp({ sameDatabaseAs: app });
    try {
      const boxes = [];
      for (let i = 0; i < 12; i++) {
        const sub = sandboxSubscription(app.app.env.PUBLIC_URL);
        await db().insert(t.pushSubscriptions).values({ customerId: lina.customerId, endpoint: sub.body.endpoint, p256dh: sub.body.keys.p256dh, auth: sub.body.keys.auth });
        boxes.push(sub.box);
      }
      await enqueuePushes(db(), [{ customerId: lina.customerId, message: { title: 'Essai', body: 'Deux serveurs', tag: 'essai', url: '/' } }], { ttl: 60, urgency: 'normal', expiresAt: new Date(app.clock.now().getTime() + 600_000) });
      const runs = await Promise.all([app.app.push.deliver(), other.app.push.deliver(), app.app.push.deliver(), other.app.push.deliver()]);
      expect(runs.reduce((n, r) => n + (r?.sent ?? 0), 0)).toBe(13);
      for (const box of boxes) expect(await pushesIn(app.app, box)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
