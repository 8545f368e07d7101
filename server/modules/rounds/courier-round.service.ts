import type { FastifyInstance } from 'fastify';
import { ROUND_ERRORS, ROUND_MESSAGES, type Round, type RoundEvent, type RoundEventResult, type RoundOrder } from '#shared/api/courier-round';
import { PAPER_VOUCHERS_MAX } from '#shared/constants';
import { MEAL_VOUCHER_DAILY_LIMIT_CENTS } from '#shared/meal-vouchers';
import { outcomesOf, receivedCents, receivedCount, type OutcomeEvent } from '#shared/round-outcome';
import type { Db, Tx } from '../../db/client';
import type { RoundEventPayload } from '../../db/schema';
import { audit, type Actor } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { lineText } from '../../pdf/round-format';
import type { Bag } from '../../pdf/round-types';
import { eventById, eventsOfRound, findRound, insertEvent, lockRound, orderPlace, pointCoordinates, roundsOn, settlementRows, type RoundEventRow } from './courier-round.repo';
import { containersOfCustomer, dueOf } from '../ledger/ledger.service';
import { allTours } from './rounds.repo';
import { declaredVouchers, roundsOfDate } from './rounds.service';

type Conn = Db | Tx;

/** An order the round no longer carries: the kitchen keeps it, the courier must not hand it over. */
export const GONE_STATES = ['cancelled', 'refunded'];

/**
 * A stored event as the rules read it. The phone's clock decides which of two actions came last,
 * but a phone set in the future cannot outrun what the server has seen: its time is capped at the
 * server's when it arrived.
 */
export function outcomeEventOf(row: RoundEventRow): OutcomeEvent & RoundEventPayload {
  const at = row.deviceAt > row.receivedAt ? row.receivedAt : row.deviceAt;
  return { id: row.id, type: row.type, order_id: row.orderId, at: at.toISOString(), ...row.payload };
}

export async function roundOutcomes(db: Conn, roundId: number | null) {
  return outcomesOf(roundId === null ? [] : (await eventsOfRound(db, roundId)).map(outcomeEventOf));
}

/** A tour's round on a date, as the phone shows it: stops, bags, what was declared and recorded. */
export async function roundView(db: Conn, tourId: number, date: string): Promise<Round> {
  const [tour] = await roundsOfDate(db, date, tourId);
  if (!tour) throw notFound('Cette tournée est introuvable.');
  const round = await findRound(db, tourId, date);
  const bags = tour.stops.flatMap((s) => s.bags);
  const [rows, outcomes, points] = await Promise.all([
    settlementRows(
      db,
      bags.map((b) => b.orderId),
    ),
    roundOutcomes(db, round?.id ?? null),
    pointCoordinates(
      db,
      tour.stops.map((s) => s.locationId),
    ),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const dues = await dueOf(
    db,
    rows.map((r) => ({ id: r.id, customerId: r.customerId })),
  );
  const orderOf = (bag: Bag): RoundOrder => {
    const row = byId.get(bag.orderId)!;
    const outcome = outcomes.get(bag.orderId);
    const vouchers = declaredVouchers(row.paperVouchersCents, row.lunchVouchers);
    const declared = vouchers ? { total_cents: vouchers.totalCents, rows: vouchers.rows.map((r) => ({ count: r.count, unit_cents: r.unitCents })) } : null;
    return {
      order_id: bag.orderId,
      invoice_number: bag.invoiceNumber,
      customer: bag.name,
      phone: bag.phone ?? '',
      state: row.state,
      lines: bag.lines.map(lineText),
      vouchers_declared: declared,
      containers_declared: row.containersDeclared ?? 0,
      outcome: outcome?.outcome ?? null,
      absence_reason: outcome?.reason ?? null,
      vouchers_received: outcome?.rows ?? null,
      containers_received: outcome?.containers ?? null,
      balance_due: dues.get(row.id) ?? 0,
    };
  };
  const stops = tour.stops.map((s) => {
    const point = points.find((p) => p.id === s.locationId);
    return { rank: s.rank, location_id: s.locationId, name: s.name, address: s.address, lat: point?.lat ?? null, lng: point?.lng ?? null, start: s.start, end: s.end, orders: s.bags.map(orderOf) };
  });
  return {
    tour_id: tour.id,
    name: tour.name,
    date,
    closed_at: round?.closedAt?.toISOString() ?? null,
    closed_by: round?.closedBy ?? null,
    stops,
    totals: totalsOf(stops.flatMap((s) => s.orders)),
  };
}

/** Expected against received: what the courier checks before closing. */
export function totalsOf(orders: RoundOrder[]): Round['totals'] {
  const sum = (pick: (o: RoundOrder) => number) => orders.reduce((n, o) => n + pick(o), 0);
  return {
    bags: orders.length,
    handed_over: orders.filter((o) => o.outcome === 'handed_over').length,
    absent: orders.filter((o) => o.outcome === 'absent').length,
    pending: orders.filter((o) => o.outcome === null).length,
    vouchers_expected: { count: sum((o) => o.vouchers_declared?.rows.reduce((n, r) => n + r.count, 0) ?? 0), cents: sum((o) => o.vouchers_declared?.total_cents ?? 0) },
    vouchers_received: { count: sum((o) => receivedCount(o.vouchers_received)), cents: sum((o) => receivedCents(o.vouchers_received)) },
    containers_expected: sum((o) => o.containers_declared),
    containers_received: sum((o) => o.containers_received ?? 0),
  };
}

/** The rounds of a date: every tour with a bag that day, and whether its round is closed. */
export async function roundsOfDay(db: Db, date: string) {
  const [tours, existing] = await Promise.all([roundsOfDate(db, date), roundsOn(db, date)]);
  const closedAt = new Map(existing.map((r) => [r.tourId, r.closedAt]));
  return {
    date,
    rounds: tours.map((t) => ({
      tour_id: t.id,
      name: t.name,
      stops: t.stops.filter((s) => s.bags.length).length,
      bags: t.stops.reduce((n, s) => n + s.bags.length, 0),
      closed_at: closedAt.get(t.id)?.toISOString() ?? null,
    })),
  };
}

/**
 * Records what the phone sent, each event in its own transaction under the round's lock, in the
 * order given: `duplicate` for an id already held (nothing done again), `rejected` with a French
 * message when it cannot apply (kept nowhere: sent again, it is judged again), `applied` otherwise,
 * with its audit line carrying the phone's time.
 */
export async function recordEvents(app: FastifyInstance, actor: Actor, tourId: number, date: string, events: RoundEvent[]): Promise<RoundEventResult[]> {
  if (!(await allTours(app.db)).some((t) => t.id === tourId)) throw notFound('Cette tournée est introuvable.');
  const results: RoundEventResult[] = [];
  for (const event of events) results.push(await recordEvent(app, actor, tourId, date, event));
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

async function recordEvent(app: FastifyInstance, actor: Actor, tourId: number, date: string, event: RoundEvent): Promise<RoundEventResult> {
  const now = app.clock.now();
  const rejected = (key: keyof typeof ROUND_MESSAGES): RoundEventResult => ({ id: event.id, status: 'rejected', code: ROUND_ERRORS[key], message: ROUND_MESSAGES[key] });
  return app.db.transaction(async (tx) => {
    const round = await lockRound(tx, tourId, date);
    if (await eventById(tx, event.id)) return { id: event.id, status: 'duplicate' };
    if (round.closedAt) return rejected('closed');
    const order = await orderPlace(tx, event.order_id);
    if (!order || order.date !== date || order.tourId !== tourId) return rejected('notOnRound');
    if (GONE_STATES.includes(order.state)) return rejected('orderCancelled');
    if (event.type === 'vouchers_received' && order.paperVouchersCents === 0) return rejected('noPaperVouchers');
    const beyond = await beyondLimits(tx, event, order);
    if (beyond) return rejected(beyond);
    if (event.type === 'undo') {
      const target = await eventById(tx, event.undoes!);
      if (!target || target.roundId !== round.id || target.orderId !== event.order_id || target.type === 'undo') return rejected('undoUnknown');
    }
    const { id, type, order_id: orderId, at, ...payload } = event;
    const deviceAt = new Date(at);
    if (!(await insertEvent(tx, { id, roundId: round.id, orderId, type, payload, deviceAt, receivedAt: now, staffId: actor.staffId, staffEmail: actor.staffEmail }))) {
      return { id, status: 'duplicate' };
    }
    await audit(tx, actor, { action: `round.${type}`, orderId, deviceAt, details: { tour: tourId, date, event: id, ...payload } }, now);
    return { id, status: 'applied' };
  });
}
