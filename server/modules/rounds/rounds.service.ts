import type { FastifyInstance } from 'fastify';
import { vouchersTotalCents, voucherCents, type LunchVoucherRow } from '#shared/api/checkout';
import { ROUNDS_ERRORS, STOPS_MISMATCH_MESSAGE, type StaffTour } from '#shared/api/staff-rounds';
import type { Db, Tx } from '../../db/client';
import { audit, type Actor } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import type { Bag, RoundTour, VouchersToCollect } from '../../pdf/round-types';
import { allTours, linesWithAllergens, lockTour, replaceStops, roundOrders, slotsOfDate, tourPointRows } from './rounds.repo';
import { usualCouriersByTour, weekOf } from './round-couriers.service';

type Conn = Db | Tx;
type PointRows = Awaited<ReturnType<typeof tourPointRows>>;
type LineRow = Awaited<ReturnType<typeof linesWithAllergens>>[number];
type OrderRow = Awaited<ReturnType<typeof roundOrders>>[number];

const TOUR_NOT_FOUND = 'Cette tournée est introuvable.';

/**
 * Each tour's points in the order of its round: the stops' positions first, then the points
 * without one (a point added since) by the points' own position, then name.
 */
export function orderStops(rows: PointRows, tours: { id: number; name: string }[]): Omit<StaffTour, 'couriers'>[] {
  const locations = new Map(rows.locations.map((l) => [l.id, l]));
  const positions = new Map(rows.stops.map((s) => [`${s.tourId}:${s.locationId}`, s.position]));
  return tours.map((tour) => {
    const ids = new Set([...rows.delivered, ...rows.stops].filter((p) => p.tourId === tour.id).map((p) => p.locationId));
    const points = [...ids].flatMap((id) => {
      const location = locations.get(id);
      return location ? [{ ...location, stop: positions.get(`${tour.id}:${id}`) ?? null }] : [];
    });
    points.sort((a, b) => (a.stop ?? Infinity) - (b.stop ?? Infinity) || a.position - b.position || a.name.localeCompare(b.name, 'fr'));
    return { id: tour.id, name: tour.name, stops: points.map((p, i) => ({ location_id: p.id, name: p.name, address: p.address, rank: i + 1 })) };
  });
}

/** Every tour with its stops in order and its usual couriers. */
export async function toursWithStops(db: Conn, tourId?: number): Promise<StaffTour[]> {
  const [tours, rows, couriers] = await Promise.all([allTours(db), tourPointRows(db, tourId), usualCouriersByTour(db, tourId)]);
  return orderStops(
    rows,
    tours.filter((t) => tourId === undefined || t.id === tourId),
  ).map((tour) => ({ ...tour, couriers: weekOf(couriers.get(tour.id)) }));
}

/**
 * Sets the order of a tour's stops (admin): the list must hold each of the tour's points once,
 * no other. Audited with the order before and after.
 */
export async function setTourStops(app: FastifyInstance, actor: Actor, tourId: number, locationIds: number[]): Promise<StaffTour> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const tour = await lockTour(tx, tourId);
    if (!tour) throw notFound(TOUR_NOT_FOUND);
    const [before] = orderStops(await tourPointRows(tx, tourId), [tour]);
    const expected = new Set(before!.stops.map((s) => s.location_id));
    const given = new Set(locationIds);
    if (given.size !== locationIds.length || given.size !== expected.size || locationIds.some((id) => !expected.has(id))) {
      throw new AppError(422, ROUNDS_ERRORS.stopsMismatch, STOPS_MISMATCH_MESSAGE, { location_ids: [STOPS_MISMATCH_MESSAGE] });
    }
    await replaceStops(tx, tourId, locationIds);
    await audit(tx, actor, { action: 'tour.stops', details: { tour: tour.name, from: before!.stops.map((s) => s.location_id), to: locationIds } }, now);
    const [after] = await toursWithStops(tx, tourId);
    return after!;
  });
}

// ---------------------------------------------------------------------------------------------
// What a round carries: its stops in order, each with its bags
// ---------------------------------------------------------------------------------------------

/** 'Jules C.': a first name and the last name's initial, enough to hand a bag over. */
export function shortName(firstname: string, lastname: string): string {
  const initial = [...lastname.trim()][0];
  return [firstname.trim(), initial ? `${initial.toUpperCase()}.` : ''].filter(Boolean).join(' ');
}

/** Declared paper vouchers: by value ('2 × 9,25 €'), or their total when the rows are gone; null without any. */
export function declaredVouchers(totalCents: number, declared: LunchVoucherRow[] | null): VouchersToCollect | null {
  if (totalCents <= 0) return null;
  const rows = declared ?? [];
  if (!rows.length || vouchersTotalCents(rows) !== totalCents) return { totalCents, rows: [] };
  const byValue = new Map<number, number>();
  for (const r of rows) byValue.set(voucherCents(r), (byValue.get(voucherCents(r)) ?? 0) + r.quantity);
  return { totalCents, rows: [...byValue].sort((a, b) => b[0] - a[0]).map(([unitCents, count]) => ({ count, unitCents })) };
}

/** A bag the courier must not hand over: its order was cancelled or refunded after it was placed. */
export const GONE_STATES: readonly string[] = ['cancelled', 'refunded'];

/** Declared paper vouchers still to collect (none once received, nor on a bag not to hand over). */
const vouchersOf = (order: OrderRow): VouchersToCollect | null =>
  order.paperVouchersConfirmedAt || GONE_STATES.includes(order.state) ? null : declaredVouchers(order.paperVouchersCents, order.lunchVouchers);

/** An order's lines, short: '2 × Formule Complète (Salade lyonnaise, Quenelle)', a dish alone by its name. */
function bagOf(order: OrderRow, lines: LineRow[]): Bag {
  const top = lines.filter((l) => l.parentId === null && l.type !== 'cutlery' && l.type !== 'tote_bag');
  const count = (type: string) => lines.filter((l) => l.parentId === null && l.type === type).reduce((n, l) => n + l.quantity, 0);
  const allergens = new Set(lines.flatMap((l) => l.allergens ?? []));
  return {
    orderId: order.id,
    invoiceNumber: order.invoiceNumber ?? `#${order.id}`,
    state: order.state,
    name: shortName(order.firstname, order.lastname),
    phone: order.phone,
    lines: top.map((l) => {
      const children = lines.filter((c) => c.parentId === l.id).map((c) => c.name);
      return { quantity: l.quantity, name: l.name, children };
    }),
    cutlery: count('cutlery'),
    toteBags: count('tote_bag'),
    allergens: [...allergens].sort((a, b) => a.localeCompare(b, 'fr')),
    vouchers: vouchersOf(order),
    containers: GONE_STATES.includes(order.state) ? 0 : Number(order.containersReturned),
  };
}

/**
 * The rounds of a date (one tour, or every tour with a bag that day): each tour's stops in order
 * with the day's window and their bags. A tour's every stop keeps its rank, so the labels' stop
 * numbers and the sheet's agree. A cancelled or refunded order stays, with its state: its bag may
 * be packed already, and the courier must see it is not to be handed over.
 */
export async function roundsOfDate(db: Conn, date: string, tourId?: number): Promise<RoundTour[]> {
  const [tours, points, orders, slots] = await Promise.all([allTours(db), tourPointRows(db, tourId), roundOrders(db, date, tourId), slotsOfDate(db, date, tourId)]);
  const chosen = tourId === undefined ? tours : tours.filter((t) => t.id === tourId);
  if (tourId !== undefined && !chosen.length) throw notFound(TOUR_NOT_FOUND);
  const lines = await linesWithAllergens(
    db,
    orders.map((o) => o.id),
  );
  return orderStops(points, chosen)
    .map((tour) => ({
      id: tour.id,
      name: tour.name,
      stops: tour.stops.map((stop) => {
        const slot = slots.find((s) => s.tourId === tour.id && s.locationId === stop.location_id);
        const here = orders.filter((o) => o.tourId === tour.id && o.locationId === stop.location_id);
        return {
          rank: stop.rank,
          locationId: stop.location_id,
          name: stop.name,
          address: stop.address,
          start: slot?.start ?? here[0]?.start ?? null,
          end: slot?.end ?? here[0]?.end ?? null,
          bags: here.map((o) =>
            bagOf(
              o,
              lines.filter((l) => l.orderId === o.id),
            ),
          ),
        };
      }),
    }))
    .filter((tour) => tourId !== undefined || tour.stops.some((s) => s.bags.length));
}
