import type { FastifyInstance } from 'fastify';
import { ROUND_ERRORS, ROUND_MESSAGES, type Round, type RoundEvent, type RoundEventResult, type RoundOrder, type SentRoundEvent } from '#shared/api/courier-round';
import { PAPER_VOUCHERS_MAX } from '#shared/constants';
import { MEAL_VOUCHER_DAILY_LIMIT_CENTS } from '#shared/meal-vouchers';
import { outcomesOf, receivedCents, receivedCount, type OutcomeEvent } from '#shared/round-outcome';
import { addDays, parisInstant } from '#shared/time';
import type { Db, Tx } from '../../db/client';
import type { RoundEventPayload } from '../../db/schema';
import { audit, type Actor } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { lineText } from '../../pdf/round-format';
import type { Bag } from '../../pdf/round-types';
import { eventById, eventsOfRound, findRound, insertEvent, lockRound, orderPlace, pointCoordinates, roundsOn, settlementRows, type RoundEventRow } from './courier-round.repo';
import { containersOfCustomer, dueOf } from '../ledger/ledger.service';
import { allTours } from './rounds.repo';
import { GONE_STATES, declaredVouchers, roundsOfDate } from './rounds.service';
import { arrivalsOf, recordArrival } from './round-arrivals';
import { actsAsAdmin, couriersOn, courierOf, mayWorkOn, requireRound, type RoundMember } from './round-couriers.service';

type Conn = Db | Tx;

/**
 * The time an event counts at (docs/product/team.md, "What counts"). The phone's clock decides
 * which of two actions came last, and what the order's delivered time is, but it is believed only
 * within the round's day (Europe/Paris) and no later than the server's time when the event
 * arrived. Outside that, the phone's clock is wrong (a phone set in the future, or reset to 1970):
 * the event counts at its arrival, or at the day's last instant when it arrived after the day.
 * The event is never refused for it: its stored phone time stays as the phone sent it.
 */
export function countedAt(deviceAt: Date, receivedAt: Date, roundDate: string): Date {
  const dayStart = parisInstant(roundDate, '00:00:00');
  const dayEnd = new Date(parisInstant(addDays(roundDate, 1), '00:00:00').getTime() - 1);
  const latest = receivedAt < dayEnd ? receivedAt : dayEnd;
  return deviceAt >= dayStart && deviceAt <= latest ? deviceAt : latest;
}

/** A stored event as the rules read it, at the time it counts at. */
export function outcomeEventOf(row: RoundEventRow, roundDate: string): OutcomeEvent & RoundEventPayload {
  const at = countedAt(row.deviceAt, row.receivedAt, roundDate);
  return { id: row.id, type: row.type, order_id: row.orderId, at: at.toISOString(), ...row.payload };
}

export async function roundOutcomes(db: Conn, roundId: number | null) {
  return outcomesOf(roundId === null ? [] : (await eventsOfRound(db, roundId)).map((row) => outcomeEventOf(row, row.roundDate)));
}

/** JSON with sorted keys: a payload read back from jsonb has its keys in jsonb's order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/**
 * Whether an event sent again is the one stored under its id: same round, type, order, payload
 * and phone time (to the millisecond, however the phone wrote its offset). A phone that lost an
 * answer sends exactly the same event; anything else under a known id is another event.
 */
function sameEvent(stored: RoundEventRow, roundId: number, sent: RoundEvent): boolean {
  const { id: _id, type, order_id: orderId, at, ...payload } = sent;
  return (
    stored.roundId === roundId &&
    stored.type === type &&
    stored.orderId === orderId &&
    stored.deviceAt.getTime() === new Date(at).getTime() &&
    canonical(stored.payload) === canonical(payload)
  );
}

/**
 * A tour's round on a date, as the phone shows it: stops, bags, what was declared and recorded,
 * and its courier. A member given (a read by a team member) must be its courier, an admin, or a
 * courier while nobody is named (403 `round_not_yours` otherwise).
 */
export async function roundView(db: Conn, tourId: number, date: string, member?: RoundMember): Promise<Round> {
  const [tour] = await roundsOfDate(db, date, tourId);
  if (!tour) throw notFound('Cette tournée est introuvable.');
  const courier = await courierOf(db, tourId, date);
  if (member) requireRound(member, courier);
  const round = await findRound(db, tourId, date);
  const bags = tour.stops.flatMap((s) => s.bags);
  const [rows, outcomes, points, arrivals] = await Promise.all([
    settlementRows(
      db,
      bags.map((b) => b.orderId),
    ),
    roundOutcomes(db, round?.id ?? null),
    pointCoordinates(
      db,
      tour.stops.map((s) => s.locationId),
    ),
    arrivalsOf(db, round?.id ?? null),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const dues = await dueOf(
    db,
    rows.map((r) => ({ id: r.id, customerId: r.customerId })),
  );
  const orderOf = (bag: Bag): RoundOrder => {
    const row = byId.get(bag.orderId)!;
    const outcome = outcomes.get(bag.orderId);
    const gone = GONE_STATES.includes(bag.state);
    const vouchers = gone ? null : declaredVouchers(row.paperVouchersCents, row.lunchVouchers);
    const declared = vouchers ? { total_cents: vouchers.totalCents, rows: vouchers.rows.map((r) => ({ count: r.count, unit_cents: r.unitCents })) } : null;
    return {
      order_id: bag.orderId,
      invoice_number: bag.invoiceNumber,
      customer: bag.name,
      phone: bag.phone ?? '',
      // Read with the bag, in the same statement as the round's orders.
      state: bag.state,
      lines: bag.lines.map(lineText),
      vouchers_declared: declared,
      containers_declared: gone ? 0 : (row.containersDeclared ?? 0),
      outcome: outcome?.outcome ?? null,
      absence_reason: outcome?.reason ?? null,
      vouchers_received: outcome?.rows ?? null,
      containers_received: outcome?.containers ?? null,
      balance_due: dues.get(row.id) ?? 0,
    };
  };
  const stops = tour.stops.map((s) => {
    const point = points.find((p) => p.id === s.locationId);
    return { rank: s.rank, location_id: s.locationId, name: s.name, address: s.address, lat: point?.lat ?? null, lng: point?.lng ?? null, start: s.start, end: s.end, arrived_at: arrivals.get(s.locationId)?.toISOString() ?? null, orders: s.bags.map(orderOf) };
  });
  return {
    tour_id: tour.id,
    name: tour.name,
    date,
    courier,
    closed_at: round?.closedAt?.toISOString() ?? null,
    closed_by: round?.closedBy ?? null,
    stops,
    totals: totalsOf(stops.flatMap((s) => s.orders)),
  };
}

/** Expected against received: what the courier checks before closing. */
export function totalsOf(all: RoundOrder[]): Round['totals'] {
  // A bag not to hand over counts apart: nothing is expected of it.
  const orders = all.filter((o) => !GONE_STATES.includes(o.state));
  const sum = (pick: (o: RoundOrder) => number) => orders.reduce((n, o) => n + pick(o), 0);
  return {
    bags: orders.length,
    cancelled: all.length - orders.length,
    handed_over: orders.filter((o) => o.outcome === 'handed_over').length,
    absent: orders.filter((o) => o.outcome === 'absent').length,
    pending: orders.filter((o) => o.outcome === null).length,
    vouchers_expected: { count: sum((o) => o.vouchers_declared?.rows.reduce((n, r) => n + r.count, 0) ?? 0), cents: sum((o) => o.vouchers_declared?.total_cents ?? 0) },
    vouchers_received: { count: sum((o) => receivedCount(o.vouchers_received)), cents: sum((o) => receivedCents(o.vouchers_received)) },
    containers_expected: sum((o) => o.containers_declared),
    containers_received: sum((o) => o.containers_received ?? 0),
  };
}

/**
 * The rounds of a date: every tour with a bag that day, whether its round is closed, and its
 * courier. A courier (not an admin) gets their own rounds and those nobody was named for.
 */
export async function roundsOfDay(db: Db, date: string, member?: RoundMember) {
  const [tours, existing, couriers] = await Promise.all([roundsOfDate(db, date), roundsOn(db, date), couriersOn(db, date)]);
  const closedAt = new Map(existing.map((r) => [r.tourId, r.closedAt]));
  const live = (bags: { state: string }[]) => bags.filter((b) => !GONE_STATES.includes(b.state)).length;
  return {
    date,
    rounds: tours
      .filter((t) => !member || mayWorkOn(member, couriers.get(t.id) ?? null))
      .map((t) => ({
        tour_id: t.id,
        name: t.name,
        stops: t.stops.filter((s) => s.bags.length).length,
        bags: t.stops.reduce((n, s) => n + live(s.bags), 0),
        cancelled: t.stops.reduce((n, s) => n + s.bags.length - live(s.bags), 0),
        closed_at: closedAt.get(t.id)?.toISOString() ?? null,
        courier: couriers.get(t.id) ?? null,
      })),
  };
}

/**
 * Records what the phone sent, each event in its own transaction under the round's lock, in the
 * order given: `duplicate` for an id already held (nothing done again), `rejected` with a French
 * message when it cannot apply (kept nowhere: sent again, it is judged again), `applied` otherwise,
 * with its audit line carrying the phone's time.
 */
export async function recordEvents(app: FastifyInstance, actor: Actor, member: RoundMember, tourId: number, date: string, events: SentRoundEvent[], author?: number): Promise<RoundEventResult[]> {
  // Tapped by another member on this phone: never recorded under the name of who is logged in now.
  if (author !== undefined && author !== member.id) throw new AppError(403, ROUND_ERRORS.notAuthor, ROUND_MESSAGES.notAuthor);
  if (!(await allTours(app.db)).some((t) => t.id === tourId)) throw notFound('Cette tournée est introuvable.');
  // Another courier's round is refused whole; judged again per event under the round's lock (a
  // hand-over committed meanwhile).
  requireRound(member, await courierOf(app.db, tourId, date));
  const results: RoundEventResult[] = [];
  for (const event of events) {
    results.push(event.type === 'arrived' ? await recordArrival(app, actor, member, tourId, date, event, countedAt) : await recordEvent(app, actor, member, tourId, date, event));
  }
  return results;
}

/**
 * What no courier ever records, refused at once (the phone shows why): more paper vouchers for one
 * customer than the law lets them spend in a day, or more containers back than they hold. What is
 * within these limits but beyond the declaration is recorded, and held for an admin's review when
 * the round closes (server/modules/ledger).
 */
async function beyondLimits(tx: Tx, event: RoundEvent, order: { customerId: number; containersDeclared: number }): Promise<'vouchersBeyondLimit' | 'containersBeyondLimit' | null> {
  if (event.type === 'vouchers_received' && (receivedCents(event.rows ?? []) > MEAL_VOUCHER_DAILY_LIMIT_CENTS || receivedCount(event.rows ?? []) > PAPER_VOUCHERS_MAX)) return 'vouchersBeyondLimit';
  if (event.type === 'containers_returned' && (event.count ?? 0) > order.containersDeclared + (await containersOfCustomer(tx, order.customerId))) return 'containersBeyondLimit';
  return null;
}

async function recordEvent(app: FastifyInstance, actor: Actor, member: RoundMember, tourId: number, date: string, event: RoundEvent): Promise<RoundEventResult> {
  const now = app.clock.now();
  const rejected = (key: keyof typeof ROUND_MESSAGES): RoundEventResult => ({ id: event.id, status: 'rejected', code: ROUND_ERRORS[key], message: ROUND_MESSAGES[key] });
  const reused: RoundEventResult = { id: event.id, status: 'rejected', code: ROUND_ERRORS.eventIdReused, message: ROUND_MESSAGES.eventIdReused };
  return app.db.transaction(async (tx) => {
    const round = await lockRound(tx, tourId, date);
    const held = await eventById(tx, event.id);
    if (held) return sameEvent(held, round.id, event) ? { id: event.id, status: 'duplicate' } : reused;
    if (round.closedAt) return rejected('closed');
    const courier = await courierOf(tx, tourId, date);
    if (!mayWorkOn(member, courier)) return rejected('notYours');
    const asAdmin = actsAsAdmin(member, courier);
    const order = await orderPlace(tx, event.order_id);
    if (!order || order.date !== date || order.tourId !== tourId) return rejected('notOnRound');
    if (GONE_STATES.includes(order.state)) return rejected('orderCancelled');
    if (event.type === 'vouchers_received' && order.paperVouchersCents === 0) return rejected('noPaperVouchers');
    const beyond = await beyondLimits(tx, event, order);
    if (beyond) return rejected(beyond);
    if (event.type === 'undo') {
      const target = await eventById(tx, event.undoes!);
      if (!target || target.roundId !== round.id || target.orderId !== event.order_id || target.type === 'undo') return rejected('undoUnknown');
      // What an admin recorded (a correction) is not the courier's to take back.
      if (target.byAdmin && !member.roles.includes('admin')) return rejected('undoByAdmin');
    }
    const { id, type, order_id: orderId, at, ...payload } = event;
    const deviceAt = new Date(at);
    if (!(await insertEvent(tx, { id, roundId: round.id, orderId, type, payload, deviceAt, receivedAt: now, staffId: actor.staffId, staffEmail: actor.staffEmail, byAdmin: asAdmin }))) {
      // Taken meanwhile by another round's event (this round's are decided one at a time): judged as above.
      const taken = await eventById(tx, id);
      return taken && sameEvent(taken, round.id, event) ? { id, status: 'duplicate' } : reused;
    }
    // The phone's time as sent, and the time it counts at when the phone's clock was not believed.
    const counted = countedAt(deviceAt, now, date);
    const details = {
      tour: tourId,
      date,
      event: id,
      ...payload,
      ...(counted.getTime() !== deviceAt.getTime() && { counted_at: counted.toISOString() }),
      // An admin acting on a round that is not theirs says so (its courier, if any, is named).
      ...(asAdmin && { as_admin: true, courier: courier?.name ?? null }),
    };
    await audit(tx, actor, { action: `round.${type}`, orderId, deviceAt, details }, now);
    return { id, status: 'applied' };
  });
}
