import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { customers, deliveries, deliveryLocations, orderProducts, orders, preOrders, products, rounds, staff, tourCouriers, tourStops, tours, type OrderState } from '../../db/schema';

type Conn = Db | Tx;

/**
 * The orders a round carries: every order of its day, a cancelled or refunded one included (its bag
 * may already be packed or in the tricycle: it stays in sight, marked not to be handed over).
 */
const ROUND_STATES: OrderState[] = ['placed', 'prepared', 'out', 'delivered', 'absent', 'cancelled', 'refunded'];

/** The tours, with their cut-off ('HH:MM:SS' Paris time on the delivery day: no order is placed on it after). */
export const allTours = (db: Conn) => db.select({ id: tours.id, name: tours.name, orderTimeLimit: tours.orderTimeLimit }).from(tours).orderBy(asc(tours.name));

/** The usual couriers of the tours (one, or all), by weekday, with their names. */
export const usualCouriers = (db: Conn, tourId?: number) =>
  db
    .select({ tourId: tourCouriers.tourId, weekday: tourCouriers.weekday, id: staff.id, name: staff.name })
    .from(tourCouriers)
    .innerJoin(staff, eq(staff.id, tourCouriers.staffId))
    .where(tourId === undefined ? undefined : eq(tourCouriers.tourId, tourId))
    .orderBy(asc(tourCouriers.tourId), asc(tourCouriers.weekday));

/** Sets or clears the usual courier of a tour on a weekday. */
export async function setUsualCourier(tx: Tx, tourId: number, weekday: number, staffId: number | null): Promise<void> {
  await tx.delete(tourCouriers).where(and(eq(tourCouriers.tourId, tourId), eq(tourCouriers.weekday, weekday)));
  if (staffId !== null) await tx.insert(tourCouriers).values({ tourId, weekday, staffId });
}

/** The couriers named for one day on the rounds of a date (with `courier_set`), with their names. */
export const namedCouriers = (db: Conn, date: string) =>
  db
    .select({ tourId: rounds.tourId, courierSet: rounds.courierSet, id: staff.id, name: staff.name })
    .from(rounds)
    .leftJoin(staff, eq(staff.id, rounds.courierId))
    .where(eq(rounds.date, date));

/** A member who may be named on a round: active, and delivering (livreur) or admin. */
export async function courierCandidate(db: Conn, id: number) {
  const [row] = await db.select({ id: staff.id, name: staff.name, roles: staff.roles, disabledAt: staff.disabledAt }).from(staff).where(eq(staff.id, id));
  return row && !row.disabledAt && (row.roles.includes('livreur') || row.roles.includes('admin')) ? { id: row.id, name: row.name } : null;
}

/**
 * What places the points of the tours (one, or all): the pairs (tour, point) of the tours'
 * deliveries on any date, the stops set, and the points with their own position and name.
 */
export async function tourPointRows(db: Conn, tourId?: number) {
  const [delivered, stops, locations] = await Promise.all([
    db
      .selectDistinct({ tourId: deliveries.tourId, locationId: deliveries.deliveryLocationId })
      .from(deliveries)
      .where(tourId === undefined ? undefined : eq(deliveries.tourId, tourId)),
    db
      .select({ tourId: tourStops.tourId, locationId: tourStops.deliveryLocationId, position: tourStops.position })
      .from(tourStops)
      .where(tourId === undefined ? undefined : eq(tourStops.tourId, tourId)),
    db.select({ id: deliveryLocations.id, name: deliveryLocations.name, address: deliveryLocations.address, position: deliveryLocations.position }).from(deliveryLocations),
  ]);
  return { delivered, stops, locations };
}

/** A tour's row locked while its stops change: two admins' orders never interleave. */
export async function lockTour(tx: Tx, id: number) {
  const [row] = await tx.select({ id: tours.id, name: tours.name }).from(tours).where(eq(tours.id, id)).for('update');
  return row ?? null;
}

/** Replaces a tour's stops by these points, in this order (positions from 1). */
export async function replaceStops(tx: Tx, tourId: number, locationIds: number[]): Promise<void> {
  await tx.delete(tourStops).where(eq(tourStops.tourId, tourId));
  await tx.insert(tourStops).values(locationIds.map((deliveryLocationId, i) => ({ tourId, deliveryLocationId, position: i + 1 })));
}

/**
 * The live orders of a date a round carries (one tour, or all): their point and tour as the slot
 * says, the window, the customer, the paper vouchers declared and the containers to bring back.
 */
export async function roundOrders(db: Conn, date: string, tourId?: number) {
  return db
    .select({
      id: orders.id,
      invoiceNumber: orders.invoiceNumber,
      tourId: deliveries.tourId,
      locationId: deliveries.deliveryLocationId,
      start: orders.deliveryStart,
      end: orders.deliveryEnd,
      firstname: customers.firstname,
      lastname: customers.lastname,
      phone: customers.phone,
      state: orders.state,
      paperVouchersCents: orders.paperVouchersCents,
      paperVouchersConfirmedAt: orders.paperVouchersConfirmedAt,
      lunchVouchers: preOrders.lunchVouchers,
      containersReturned: sql<number>`coalesce(${preOrders.depositsReturned}, 0)`,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(deliveries, eq(deliveries.id, orders.deliveryId))
    .leftJoin(preOrders, eq(preOrders.id, orders.preOrderId))
    .where(and(eq(orders.deliveryDate, date), inArray(orders.state, ROUND_STATES), tourId === undefined ? undefined : eq(deliveries.tourId, tourId)))
    .orderBy(asc(orders.deliveryStart), asc(customers.firstname), asc(customers.lastname), asc(orders.id));
}

/** The lines of orders, each dish with its allergens (a formula and the extras have none of their own). */
export async function linesWithAllergens(db: Conn, orderIds: number[]) {
  if (!orderIds.length) return [];
  return db
    .select({
      id: orderProducts.id,
      orderId: orderProducts.orderId,
      parentId: orderProducts.parentId,
      type: orderProducts.buyableType,
      name: orderProducts.name,
      quantity: orderProducts.quantity,
      allergens: products.allergens,
    })
    .from(orderProducts)
    .leftJoin(products, and(eq(orderProducts.buyableType, 'product'), eq(products.id, orderProducts.buyableId)))
    .where(inArray(orderProducts.orderId, orderIds))
    .orderBy(asc(orderProducts.id));
}

/** The slots of a date (one tour, or all): each stop's time window that day. */
export async function slotsOfDate(db: Conn, date: string, tourId?: number) {
  return db
    .select({ tourId: deliveries.tourId, locationId: deliveries.deliveryLocationId, start: deliveries.startsAt, end: deliveries.endsAt })
    .from(deliveries)
    .where(and(eq(deliveries.date, date), tourId === undefined ? undefined : eq(deliveries.tourId, tourId)));
}

/** The first day after `date` with a delivery slot, if any. */
export async function nextDeliveryDate(db: Conn, date: string): Promise<string | null> {
  const [row] = await db
    .select({ date: sql<string | null>`min(${deliveries.date})` })
    .from(deliveries)
    .where(sql`${deliveries.date} > ${date}`);
  return row?.date ?? null;
}

