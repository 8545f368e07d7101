import type { FastifyInstance } from 'fastify';
import { and, desc, eq, lt, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { parisDate, parisInstant, slotTime } from '#shared/time';
import type { Db, Tx } from '../../db/client';
import { deliveries, deliveryLocations, lateNotices, orders, pushSubscriptions, roundArrivals, rounds, type OrderState, type PushMessage } from '../../db/schema';
import { enqueuePushes, orderPageOf } from '../push/push.service';
import { lockRound } from './courier-round.repo';
import { countedAt } from './courier-round.service';
import { LATE_GRACE_MS, LATE_TITLE, LEG_ROUNDS, lateMinutes, lateText, usualLegMs } from './late-estimate';
import { ARRIVAL_STALE_MS, SETTLED_STATES } from './round-arrivals';
import { allTours, tourPointRows } from './rounds.repo';
import { GONE_STATES, orderStops } from './rounds.service';

/**
 * The orders of a stop (a delivery) to tell it is late: still to hand over, their customer with a
 * browser subscribed, and not told yet. A customer who subscribes later is told at the next check.
 */
const toTell = () =>
  and(
    notInArray(orders.state, SETTLED_STATES),
    sql`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.customerId} = ${orders.customerId})`,
    sql`not exists (select 1 from ${lateNotices} where ${lateNotices.orderId} = ${orders.id} and ${lateNotices.deliveryId} = ${orders.deliveryId})`,
  );

interface LateStop {
  deliveryId: number;
  tourId: number;
  locationId: number;
  name: string;
  isPrivate: boolean;
  startsAt: string;
  endsAt: string;
}

/**
 * The stops of `date` with someone to tell, whose window started LATE_GRACE_MS ago or more and
 * did not end more than ARRIVAL_STALE_MS ago (past that, news of a delay is stale, as an arrival
 * would be), and no "Arrivé" yet: judged again under the round's lock (tellStop).
 */
async function startedStops(db: Db, date: string, now: Date): Promise<LateStop[]> {
  const rows = await db
    .selectDistinct({
      deliveryId: deliveries.id,
      tourId: deliveries.tourId,
      locationId: deliveries.deliveryLocationId,
      name: deliveryLocations.name,
      isPrivate: deliveryLocations.isPrivate,
      startsAt: deliveries.startsAt,
      endsAt: deliveries.endsAt,
    })
    .from(orders)
    .innerJoin(deliveries, eq(deliveries.id, orders.deliveryId))
    .innerJoin(deliveryLocations, eq(deliveryLocations.id, deliveries.deliveryLocationId))
    .where(
      and(
        eq(deliveries.date, date),
        toTell(),
        // Most stops have the tricycle on time: not locked again every minute until their window ends.
        sql`not exists (select 1 from ${roundArrivals} join ${rounds} on ${rounds.id} = ${roundArrivals.roundId} where ${rounds.tourId} = ${deliveries.tourId} and ${rounds.date} = ${deliveries.date} and ${roundArrivals.deliveryLocationId} = ${deliveries.deliveryLocationId})`,
      ),
    );
  return rows.filter(
    (s) => now.getTime() >= parisInstant(date, s.startsAt).getTime() + LATE_GRACE_MS && now.getTime() <= parisInstant(date, s.endsAt).getTime() + ARRIVAL_STALE_MS,
  );
}

/**
 * A tour's stops served on `date`, in the round's order: those with a bag to hand over or handed
 * over (not cancelled nor refunded), and any the courier said "Arrivé" at. The stop before a late
 * one among them is where the estimate starts from.
 */
async function servedStops(tx: Tx, tourId: number, date: string, arrived: Iterable<number>): Promise<number[]> {
  const [tours, points, bags] = await Promise.all([
    allTours(tx),
    tourPointRows(tx, tourId),
    tx
      .selectDistinct({ locationId: deliveries.deliveryLocationId })
      .from(orders)
      .innerJoin(deliveries, eq(deliveries.id, orders.deliveryId))
      .where(and(eq(deliveries.date, date), eq(deliveries.tourId, tourId), notInArray(orders.state, GONE_STATES as OrderState[]))),
  ]);
  const served = new Set([...bags.map((b) => b.locationId), ...arrived]);
  const [tour] = orderStops(
    points,
    tours.filter((t) => t.id === tourId),
  );
  return (tour?.stops ?? []).map((s) => s.location_id).filter((id) => served.has(id));
}

/**
 * The legs from one stop's "Arrivé" to the next's in the tour's past rounds (before `date`), the
 * LEG_ROUNDS latest, in milliseconds. Each "Arrivé" at the time the round counts it (countedAt:
 * the phone's clock, believed within the round's day and no later than the server received it):
 * the server's time alone would stretch a leg whenever the phone was offline at a stop, which is
 * when arrivals wait to be sent; the phone's alone would believe a phone set to the wrong time.
 */
async function pastLegs(tx: Tx, tourId: number, from: number, to: number, date: string): Promise<number[]> {
  const a = alias(roundArrivals, 'leg_from');
  const b = alias(roundArrivals, 'leg_to');
  const rows = await tx
    .select({ date: rounds.date, fromDevice: a.deviceAt, fromReceived: a.receivedAt, toDevice: b.deviceAt, toReceived: b.receivedAt })
    .from(rounds)
    .innerJoin(a, and(eq(a.roundId, rounds.id), eq(a.deliveryLocationId, from)))
    .innerJoin(b, and(eq(b.roundId, rounds.id), eq(b.deliveryLocationId, to)))
    .where(and(eq(rounds.tourId, tourId), lt(rounds.date, date)))
    .orderBy(desc(rounds.date))
    .limit(LEG_ROUNDS);
  return rows.map((r) => countedAt(r.toDevice, r.toReceived, r.date).getTime() - countedAt(r.fromDevice, r.fromReceived, r.date).getTime());
}

/**
 * Tells a stop's customers the tricycle is late, once: under the round's lock (an "Arrivé" being
 * recorded is waited for, and one recorded tells nobody late), the orders told are written down
 * (ON CONFLICT DO NOTHING: another server's check, or this one's next, finds them) and their
 * pushes queued in the same transaction. Answers how many orders were told.
 */
async function tellStop(db: Db, stop: LateStop, date: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const round = await lockRound(tx, stop.tourId, date);
    if (round.closedAt) return 0;
    const arrivals = await tx.select().from(roundArrivals).where(eq(roundArrivals.roundId, round.id));
    if (arrivals.some((a) => a.deliveryLocationId === stop.locationId)) return 0;
    const waiting = await tx
      .select({ id: orders.id, customerId: orders.customerId })
      .from(orders)
      .where(and(eq(orders.deliveryId, stop.deliveryId), toTell()));
    if (!waiting.length) return 0;
    const told = await tx
      .insert(lateNotices)
      .values(waiting.map((o) => ({ orderId: o.id, deliveryId: stop.deliveryId, toldAt: now })))
      .onConflictDoNothing()
      .returning({ orderId: lateNotices.orderId });
    if (!told.length) return 0;

    const stops = await servedStops(
      tx,
      stop.tourId,
      date,
      arrivals.map((a) => a.deliveryLocationId),
    );
    const previous = stops[stops.indexOf(stop.locationId) - 1];
    const previousArrival = previous === undefined ? undefined : arrivals.find((a) => a.deliveryLocationId === previous);
    const minutes = lateMinutes({
      windowStart: parisInstant(date, stop.startsAt),
      now,
      previousArrival: previousArrival ? countedAt(previousArrival.deviceAt, previousArrival.receivedAt, date) : null,
      usualLeg: previous === undefined || !previousArrival ? null : usualLegMs(await pastLegs(tx, stop.tourId, previous, stop.locationId, date)),
    });
    const body = lateText(stop.name, slotTime(stop.startsAt, stop.endsAt, stop.isPrivate), minutes);
    const expiresAt = new Date(parisInstant(date, stop.endsAt).getTime() + ARRIVAL_STALE_MS);
    const ttl = Math.max(60, Math.round((expiresAt.getTime() - now.getTime()) / 1000));
    const toldIds = new Set(told.map((t) => t.orderId));
    const notices = waiting
      .filter((o) => toldIds.has(o.id))
      .map((o) => ({ customerId: o.customerId, message: { title: LATE_TITLE, body, tag: `commande-${o.id}`, url: orderPageOf(o.id) } satisfies PushMessage }));
    await enqueuePushes(tx, notices, { ttl, urgency: 'high', expiresAt });
    return notices.length;
  });
}

/**
 * The late check (docs/product/notifications.md, "Late"), run about once a minute by each server
 * (server/index.ts): today's stops whose window started without the tricycle tell their waiting
 * customers once. Answers how many orders were told; their pushes are sent at once.
 */
export async function tellLateCustomers(app: Pick<FastifyInstance, 'db' | 'clock' | 'push'>): Promise<number> {
  const now = app.clock.now();
  const date = parisDate(now);
  let told = 0;
  for (const stop of await startedStops(app.db, date, now)) told += await tellStop(app.db, stop, date, now);
  if (told) app.push.kick();
  return told;
}

