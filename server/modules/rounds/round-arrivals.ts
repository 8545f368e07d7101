import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { ROUND_ERRORS, ROUND_MESSAGES, type ArrivedEvent, type RoundEventResult } from '#shared/api/courier-round';
import { frenchTime, parisInstant } from '#shared/time';
import type { Tx } from '../../db/client';
import { deliveries, deliveryLocations, lateNotices, orders, roundArrivals, type OrderState, type PushMessage } from '../../db/schema';
import { audit, type Actor } from '../../lib/audit';
import { enqueuePushes, orderPageOf, withdrawQueued } from '../push/push.service';
import { lockRound } from './courier-round.repo';
import { LATE_TITLE } from './late-estimate';
import { actsAsAdmin, courierOf, mayWorkOn, type RoundMember } from './round-couriers.service';
import { GONE_STATES } from './rounds.service';

/** An "Arrivé" counted this long after the courier tapped it is old news: recorded, told to nobody. */
export const ARRIVAL_STALE_MS = 15 * 60 * 1000;
/** Orders whose customer is still to meet the tricycle: not cancelled, refunded, delivered nor noted absent. */
export const SETTLED_STATES = [...GONE_STATES, 'delivered', 'absent'] as OrderState[];


/** The stop of a tour at a point on a date: its name and window, or null when the tour does not stop there that day. */
async function stopOf(tx: Tx, tourId: number, date: string, locationId: number) {
  const [row] = await tx
    .select({ deliveryId: deliveries.id, name: deliveryLocations.name, startsAt: deliveries.startsAt, endsAt: deliveries.endsAt })
    .from(deliveries)
    .innerJoin(deliveryLocations, eq(deliveryLocations.id, deliveries.deliveryLocationId))
    .where(and(eq(deliveries.tourId, tourId), eq(deliveries.date, date), eq(deliveries.deliveryLocationId, locationId)));
  return row ?? null;
}

/**
 * Records the courier's "Arrivé" at a stop, once per stop and round (its id makes a resend
 * harmless; a second tap, or a second phone, at the same stop is a duplicate). When it is fresh,
 * each customer with an order still to hand over at that stop is told, in the same transaction: a
 * push queued (sent in the background, never holding the courier's request) and a line on their
 * open page's stream. No position is read or kept: the stop's name and a time.
 */
export async function recordArrival(app: FastifyInstance, actor: Actor, member: RoundMember, tourId: number, date: string, event: ArrivedEvent, countedAt: (deviceAt: Date, receivedAt: Date, date: string) => Date): Promise<RoundEventResult> {
  const now = app.clock.now();
  const rejected = (key: keyof typeof ROUND_MESSAGES): RoundEventResult => ({ id: event.id, status: 'rejected', code: ROUND_ERRORS[key], message: ROUND_MESSAGES[key] });
  const deviceAt = new Date(event.at);
  let told = 0;
  const result = await app.db.transaction(async (tx): Promise<RoundEventResult> => {
    const round = await lockRound(tx, tourId, date);
    const [held] = await tx.select().from(roundArrivals).where(eq(roundArrivals.id, event.id));
    if (held) {
      const same = held.roundId === round.id && held.deliveryLocationId === event.location_id && held.deviceAt.getTime() === deviceAt.getTime();
      return same ? { id: event.id, status: 'duplicate' } : rejected('eventIdReused');
    }
    if (round.closedAt) return rejected('closed');
    const courier = await courierOf(tx, tourId, date);
    if (!mayWorkOn(member, courier)) return rejected('notYours');
    const stop = await stopOf(tx, tourId, date, event.location_id);
    if (!stop) return rejected('stopNotOnRound');
    const inserted = await tx
      .insert(roundArrivals)
      .values({ id: event.id, roundId: round.id, deliveryLocationId: event.location_id, deviceAt, receivedAt: now, staffId: actor.staffId })
      .onConflictDoNothing()
      .returning({ id: roundArrivals.id });
    // Already arrived at this stop (another tap, the other phone): its customers were told once.
    if (!inserted.length) return { id: event.id, status: 'duplicate' };
    // A late notice not sent yet is wrong now; one sent is replaced on the lock screen (same tag).
    const late = await tx.select({ orderId: lateNotices.orderId }).from(lateNotices).where(eq(lateNotices.deliveryId, stop.deliveryId));
    await withdrawQueued(
      tx,
      late.map((l) => `commande-${l.orderId}`),
      LATE_TITLE,
    );
    const counted = countedAt(deviceAt, now, date);
    const stale = now.getTime() - counted.getTime() > ARRIVAL_STALE_MS;
    if (!stale) told = await tellCustomers(tx, stop, date, counted, now);
    await audit(
      tx,
      actor,
      {
        action: 'round.arrived',
        deviceAt,
        details: { tour: tourId, date, event: event.id, location: event.location_id, told, ...(stale && { stale: true }), ...(actsAsAdmin(member, courier) && { as_admin: true }) },
      },
      now,
    );
    return { id: event.id, status: 'applied' };
  });
  if (told) app.push.kick();
  return result;
}

/** The customers of a stop told the tricycle is there: pushes queued and their pages' news. Answers how many orders. */
async function tellCustomers(tx: Tx, stop: { deliveryId: number; name: string; endsAt: string }, date: string, counted: Date, now: Date): Promise<number> {
  const waiting = await tx
    .select({ id: orders.id, customerId: orders.customerId })
    .from(orders)
    .where(and(eq(orders.deliveryId, stop.deliveryId), notInArray(orders.state, SETTLED_STATES)));
  if (!waiting.length) return 0;
  const until = frenchTime(stop.endsAt);
  const text = `Votre Popote est arrivée à ${stop.name}, jusqu’à ${until}.`;
  const windowEnd = parisInstant(date, stop.endsAt);
  // Worth telling until the window ends, and at least the quarter of an hour after the tap.
  const expiresAt = new Date(Math.max(windowEnd.getTime(), counted.getTime() + ARRIVAL_STALE_MS));
  const ttl = Math.max(60, Math.round((expiresAt.getTime() - now.getTime()) / 1000));
  const notices = waiting.map((o) => ({ customerId: o.customerId, message: { title: 'Votre Popote est arrivée', body: text, tag: `commande-${o.id}`, url: orderPageOf(o.id) } satisfies PushMessage }));
  await enqueuePushes(tx, notices, { ttl, urgency: 'high', expiresAt });
  for (const o of waiting) {
    await tx.execute(sql`select popote_event('arrival', ${date}::date, ${o.customerId}::integer, ${JSON.stringify({ order_id: o.id, location: stop.name, until, message: text })}::jsonb)`);
  }
  return waiting.length;
}

/** When the courier said "Arrivé" at each stop of a round (by point), for the phone. */
export async function arrivalsOf(tx: Pick<Tx, 'select'>, roundId: number | null): Promise<Map<number, Date>> {
  if (roundId === null) return new Map();
  const rows = await tx.select({ locationId: roundArrivals.deliveryLocationId, at: roundArrivals.deviceAt }).from(roundArrivals).where(inArray(roundArrivals.roundId, [roundId]));
  return new Map(rows.map((r) => [r.locationId, r.at]));
}
