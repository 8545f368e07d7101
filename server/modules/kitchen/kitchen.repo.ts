import { and, asc, eq, gt, inArray, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deliveries, kitchenSheetPrints, orderEvents, orderProducts, orders, products, tours } from '../../db/schema';

/** Orders the kitchen does not cook: cancelled, or refunded whole. */
export const NOT_COOKED = ['cancelled', 'refunded'] as const;

/** The orders of a delivery date with their tour (cancelled ones too: the sheet says what changed). */
export function ordersOfDate(db: Db, date: string) {
  return db
    .select({ id: orders.id, invoiceNumber: orders.invoiceNumber, state: orders.state, createdAt: orders.createdAt, tour: tours.name })
    .from(orders)
    .leftJoin(deliveries, eq(deliveries.id, orders.deliveryId))
    .leftJoin(tours, eq(tours.id, deliveries.tourId))
    .where(eq(orders.deliveryDate, date))
    .orderBy(asc(orders.id));
}

/** Their lines: dishes alone and formulas' dishes (`product`), formulas (`menu`), cutlery, tote bags. */
export function linesOf(db: Db, orderIds: number[]) {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .select({ orderId: orderProducts.orderId, parentId: orderProducts.parentId, type: orderProducts.buyableType, productId: orderProducts.buyableId, name: orderProducts.name, quantity: orderProducts.quantity })
    .from(orderProducts)
    .where(inArray(orderProducts.orderId, orderIds))
    .orderBy(asc(orderProducts.id));
}

/** The sheet's dishes; they have no position of their own, their order of creation stands for it. */
export function dishesByIds(db: Db, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.select({ id: products.id, name: products.name, allergens: products.allergens, category: products.category, position: products.id }).from(products).where(inArray(products.id, ids));
}

/** When orders close for that date's last tour ('HH:MM:SS'), null without deliveries. */
export async function lastCutOff(db: Db, date: string): Promise<string | null> {
  const [row] = await db.select({ at: max(tours.orderTimeLimit) }).from(deliveries).innerJoin(tours, eq(tours.id, deliveries.tourId)).where(eq(deliveries.date, date));
  return row?.at ?? null;
}

/** When the orders listed were cancelled or refunded whole, after `since`. */
export function closedSince(db: Db, orderIds: number[], since: Date) {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .select({ orderId: orderEvents.orderId, state: orderEvents.state, at: orderEvents.at })
    .from(orderEvents)
    .where(and(inArray(orderEvents.orderId, orderIds), inArray(orderEvents.state, [...NOT_COOKED]), gt(orderEvents.at, since)));
}

export async function lastPrint(db: Db, staffId: number, date: string): Promise<Date | null> {
  const [row] = await db.select({ at: kitchenSheetPrints.printedAt }).from(kitchenSheetPrints).where(and(eq(kitchenSheetPrints.staffId, staffId), eq(kitchenSheetPrints.date, date)));
  return row?.at ?? null;
}

export async function recordPrint(db: Db, staffId: number, date: string, at: Date): Promise<void> {
  await db.insert(kitchenSheetPrints).values({ staffId, date, printedAt: at }).onConflictDoUpdate({ target: [kitchenSheetPrints.staffId, kitchenSheetPrints.date], set: { printedAt: at } });
}

/** An order the kitchen cooks. */
export const isCooked = (state: string) => !(NOT_COOKED as readonly string[]).includes(state);
