import { and, eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { eventsBetween } from '../../server/modules/events/events.repo';
import type { LiveEvent } from '#shared/api/events';
import { openEventStream, type EventStream } from './event-stream';
import { fixtures } from './fixtures';
import { MONDAY, createTestApp, onPostgres, refused, type TestApp } from './helpers';
import { TEAM, staffLoggedIn } from './staff-helpers';

/*
 * News pushed to open pages (server/modules/events/): the shop's stream tells a delivery day's dishes
 * selling out and a customer's own orders, the team's tells its day; every server hears every
 * change through LISTEN/NOTIFY, in the order transactions ended, and a page back from a cut is told
 * what it missed.
 */

let app: TestApp;
let base: string;
const streams: EventStream[] = [];
beforeAll(async () => {
  app = await createTestApp();
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of streams) s.close();
  await app.close();
});

const f = fixtures(() => app);
const TUESDAY = '2026-11-24';

async function open(path: string, headers: Record<string, string> = {}, at = base) {
  const s = await openEventStream(`${at}${path}`, headers);
  streams.push(s);
  return s;
}

async function dishOn(date: string, skip = 0) {
  const [row] = await f
    .db()
    .select({ id: t.productAvailabilities.productId, reserved: t.productAvailabilities.reserved })
    .from(t.productAvailabilities)
    .where(eq(t.productAvailabilities.date, date))
    .orderBy(t.productAvailabilities.productId)
    .offset(skip)
    .limit(1);
  return row!;
}

const soldOutOf = (productId: number, soldOut = true) => (e: LiveEvent) => e.kind === 'stock' && e.product_id === productId && e.sold_out === soldOut;

describe('the shop’s stream', () => {
  it('answers an event stream: its retry, a position, no caching', async () => {
    const s = await open(`/api/events?date=${MONDAY}`);
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.res.headers.get('cache-control')).toBe('no-store');
    await expect.poll(() => s.lastId).toMatch(/^\d+$/);
  });

  it('tells a dish of the day sold out by the kitchen, and on sale again; not another day’s', async () => {
    const monday = await dishOn(MONDAY);
    const tuesday = await dishOn(TUESDAY);
    const s = await open(`/api/events?date=${MONDAY}`);
    await expect.poll(() => s.lastId).not.toBeNull();
    const kitchen = await staffLoggedIn(app.app, TEAM.cuisine);
    expect((await kitchen.request('PUT', `/api/staff/stock/${TUESDAY}/${tuesday.id}`, { sold_out: true })).statusCode).toBe(200);
    expect((await kitchen.request('PUT', `/api/staff/stock/${MONDAY}/${monday.id}`, { sold_out: true })).statusCode).toBe(200);
    await s.next(soldOutOf(monday.id));
    expect(s.events().some((e) => e.kind === 'stock' && e.date === TUESDAY)).toBe(false);
    expect((await kitchen.request('PUT', `/api/staff/stock/${MONDAY}/${monday.id}`, { sold_out: false })).statusCode).toBe(200);
    await s.next(soldOutOf(monday.id, false));
    expect((await kitchen.request('PUT', `/api/staff/stock/${TUESDAY}/${tuesday.id}`, { sold_out: false })).statusCode).toBe(200);
  });

  it('tells a reservation that takes the last portion, whoever took it, but not each reservation', async () => {
    const dish = await dishOn(MONDAY, 1);
    const s = await open(`/api/events?date=${MONDAY}`);
    await expect.poll(() => s.lastId).not.toBeNull();
    await f.setStock(dish.id, dish.reserved + 2);
    await s.next(soldOutOf(dish.id, false));
    const buyer = await f.newVisitor();
    expect((await buyer.request('POST', '/api/cart/products', { id: dish.id })).statusCode).toBe(200);
    expect((await buyer.request('POST', '/api/cart/products', { id: dish.id })).statusCode).toBe(200);
    await s.next(soldOutOf(dish.id));
    // The first reservation left it on sale: the only lines are the cap set, and the sellout.
    expect(s.events().filter((e) => e.kind === 'stock' && e.product_id === dish.id)).toHaveLength(2);
    await f.setStock(dish.id, null);
  });

  it('tells a customer their own order, placed, and nobody else', async () => {
    const mine = await f.customerVisitor();
    const other = await f.customerVisitor();
    const dish = await dishOn(MONDAY, 2);
    await f.setStock(dish.id, null);
    // The customer's page, logged in; another customer's; an anonymous visitor's.
    const mineStream = await open(`/api/events?date=${MONDAY}`, { cookie: mine.v.jar.header() });
    const otherStream = await open(`/api/events?date=${MONDAY}`, { cookie: other.v.jar.header() });
    const anonymous = await open(`/api/events?date=${MONDAY}`);
    const locations = (await app.app.inject('/api/delivery-locations')).json() as { name: string; deliveries: { tour: { name: string } }[] }[];
    const point = locations.find((l) => l.deliveries.length > 0)!;
    const placed = await f.placeOrderAt({ firstname: 'Julien', lastname: 'Roux', phone: '0611223344' }, point.deliveries[0]!.tour.name, point.name, async (v) => {
      expect((await v.request('POST', '/api/cart/products', { id: dish.id })).statusCode).toBe(200);
    });
    // placeOrderAt logs in a customer of its own: that stream is the one that hears it.
    const buyer = await open(`/api/events?date=${MONDAY}`, { cookie: placed.v.jar.header(), 'last-event-id': mineStream.lastId! });
    const heard = await buyer.next((e) => e.kind === 'order' && e.order_id === placed.orderId);
    expect(heard.event).toMatchObject({ kind: 'order', date: MONDAY, state: 'placed', status: 1 });
    // A later public line reaches every page: by then the order's would have too.
    await f.setStock(dish.id, 0);
    for (const s of [mineStream, otherStream, anonymous]) {
      await s.next(soldOutOf(dish.id));
      expect(s.events().some((e) => e.kind === 'order')).toBe(false);
    }
    await f.setStock(dish.id, null);
  });

  it('a page that leaves ends its stream on the server', async () => {
    const before = app.app.eventsHub.streams;
    const s = await open(`/api/events?date=${MONDAY}`);
    await expect.poll(() => s.lastId).not.toBeNull();
    expect(app.app.eventsHub.streams).toBe(before + 1);
    s.close();
    await expect.poll(() => app.app.eventsHub.streams).toBe(before);
  });

  it('refuses a date that is no date, in French, before any stream', async () => {
    const res = await app.app.inject({ url: '/api/events?date=2026-02-30' });
    expect(refused(res, 422).errors?.date).toEqual(['Cette date n’existe pas dans le calendrier.']);
  });
});

describe('a page back from a cut', () => {
  it('is told what it missed since its Last-Event-ID, in the order it happened', async () => {
    const dish = await dishOn(MONDAY, 3);
    const first = await open(`/api/events?date=${MONDAY}`);
    await expect.poll(() => first.lastId).not.toBeNull();
    const position = first.lastId!;
    first.close();
    await f.setStock(dish.id, dish.reserved);
    await f.setStock(dish.id, null);
    const back = await open(`/api/events?date=${MONDAY}`, { 'last-event-id': position });
    await back.next(soldOutOf(dish.id, false));
    const told = back.events().filter((e) => e.kind === 'stock' && e.product_id === dish.id);
    expect(told.map((e) => (e as { sold_out: boolean }).sold_out)).toEqual([true, false]);
  });

  it('is told to read everything again when its position means nothing here', async () => {
    for (const id of ['not-a-number', '99999999999999999']) {
      const back = await open(`/api/events?date=${MONDAY}`, { 'last-event-id': id });
      await back.next((e) => e.kind === 'reset');
    }
  });
});

describe('the team’s stream', () => {
  it('is the team’s: refused without a member’s session', async () => {
    refused(await app.app.inject({ url: `/api/staff/events?date=${MONDAY}` }), 401);
    const courier = await staffLoggedIn(app.app, TEAM.livreur);
    expect(refused(await courier.request('GET', '/api/staff/events'), 422).errors?.date).toBeDefined();
  });

  it('tells a courier’s page its day’s orders changing and rounds closing', async () => {
    const courier = await staffLoggedIn(app.app, TEAM.livreur);
    const s = await open(`/api/staff/events?date=${MONDAY}`, { cookie: courier.jar.header() });
    await expect.poll(() => s.lastId).not.toBeNull();
    const [order] = await f.db().select().from(t.orders).where(eq(t.orders.deliveryDate, MONDAY)).limit(1);
    await f.db().update(t.orders).set({ state: 'prepared' }).where(eq(t.orders.id, order!.id));
    const heard = await s.next((e) => e.kind === 'order' && e.order_id === order!.id);
    expect(heard.event).toMatchObject({ state: 'prepared', date: MONDAY });
    await f.db().update(t.orders).set({ state: order!.state }).where(eq(t.orders.id, order!.id));
  });
});

describe.runIf(onPostgres)('several server processes on PostgreSQL', () => {
  it('a dish sold out through one server reaches a page open on the other', async () => {
    const other = await createTestApp({ sameDatabaseAs: app });
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const otherBase = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
      const dish = await dishOn(MONDAY, 4);
      const s = await open(`/api/events?date=${MONDAY}`, {}, otherBase);
      await expect.poll(() => s.lastId).not.toBeNull();
      const kitchen = await staffLoggedIn(app.app, TEAM.cuisine);
      expect((await kitchen.request('PUT', `/api/staff/stock/${MONDAY}/${dish.id}`, { sold_out: true })).statusCode).toBe(200);
      await s.next(soldOutOf(dish.id));
      expect((await kitchen.request('PUT', `/api/staff/stock/${MONDAY}/${dish.id}`, { sold_out: false })).statusCode).toBe(200);
      await s.next(soldOutOf(dish.id, false));
      s.close();
    } finally {
      await other.close();
    }
  });

  it('a line committed while an older transaction still runs waits for it: both arrive, the older first', async () => {
    const [early, late] = [await dishOn(MONDAY, 5), await dishOn(MONDAY, 6)];
    const s = await open(`/api/events?date=${MONDAY}`);
    await expect.poll(() => s.lastId).not.toBeNull();
    const older = new pg.Client({ connectionString: app.databaseUrl! });
    await older.connect();
    try {
      await older.query('begin');
      // The older transaction takes its id first, and writes its line…
      await older.query('update product_availabilities set stock = reserved where product_id = $1 and date = $2', [early.id, MONDAY]);
      // …the younger one commits its line meanwhile.
      await f.db().update(t.productAvailabilities).set({ stock: late.reserved }).where(and(eq(t.productAvailabilities.productId, late.id), eq(t.productAvailabilities.date, MONDAY)));
      // A reader must not move past the older transaction: the younger line waits, told nobody yet.
      const read = await eventsBetween(app.database.db, s.lastId);
      expect(read.waiting).toBe(true);
      expect(read.rows.some((row) => row.data.product_id === late.id)).toBe(false);
      expect(s.events().some((e) => e.kind === 'stock' && e.product_id === late.id)).toBe(false);
      await older.query('commit');
      await s.next(soldOutOf(late.id));
      const order = s.events().filter((e) => e.kind === 'stock' && [early.id, late.id].includes(e.product_id)).map((e) => (e as { product_id: number }).product_id);
      expect(order).toEqual([early.id, late.id]);
    } finally {
      await older.end();
      await f.setStock(early.id, null);
      await f.setStock(late.id, null);
    }
  });
});
