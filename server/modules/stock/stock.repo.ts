import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orderProducts, orders, productAvailabilities, products, type OrderState } from '../../db/schema';

type Conn = Db | Tx;
export type AvailabilityRow = typeof productAvailabilities.$inferSelect;

/** Live orders' states: the portions of cancelled or refunded orders went back to the day. */
const LIVE_STATES: OrderState[] = ['placed', 'prepared', 'out', 'delivered', 'absent'];

/** The dishes on a date's menu, with their stock row. */
export async function dishesOfDate(db: Conn, date: string) {
  return db
    .select({ id: products.id, name: products.name, category: products.category, availability: productAvailabilities })
    .from(productAvailabilities)
    .innerJoin(products, eq(products.id, productAvailabilities.productId))
    .where(eq(productAvailabilities.date, date))
    .orderBy(asc(products.category), asc(products.name));
}

/**
 * Portions each dish has in the live orders of a date: dishes alone, and dishes inside formulas
 * (a formula's dish rows carry the formula's quantity).
 */
export async function orderedPortions(db: Conn, date: string, productId?: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ productId: orderProducts.buyableId, portions: sql<number>`sum(${orderProducts.quantity})` })
    .from(orderProducts)
    .innerJoin(orders, eq(orders.id, orderProducts.orderId))
    .where(and(eq(orders.deliveryDate, date), inArray(orders.state, LIVE_STATES), eq(orderProducts.buyableType, 'product'), productId ? eq(orderProducts.buyableId, productId) : undefined))
    .groupBy(orderProducts.buyableId);
  return new Map(rows.filter((r) => r.productId !== null).map((r) => [r.productId!, Number(r.portions)]));
}

export async function lockAvailability(tx: Tx, date: string, productId: number): Promise<AvailabilityRow | null> {
  const [row] = await tx
    .select()
    .from(productAvailabilities)
    .where(and(eq(productAvailabilities.date, date), eq(productAvailabilities.productId, productId)))
    .for('update');
  return row ?? null;
}

export async function updateAvailability(tx: Tx, date: string, productId: number, values: Partial<Pick<AvailabilityRow, 'stock' | 'soldOutAt' | 'stockBeforeSoldOut'>>): Promise<AvailabilityRow> {
  const [row] = await tx
    .update(productAvailabilities)
    .set(values)
    .where(and(eq(productAvailabilities.date, date), eq(productAvailabilities.productId, productId)))
    .returning();
  return row!;
}

/** Gives portions back to a day (an order cancelled): never below zero, rows taken in dish id order. */
export async function releasePortions(tx: Tx, date: string, portions: Map<number, number>): Promise<void> {
  for (const [productId, count] of [...portions].sort(([a], [b]) => a - b)) {
    await tx
      .update(productAvailabilities)
      .set({ reserved: sql`greatest(${productAvailabilities.reserved} - ${count}, 0)` })
      .where(and(eq(productAvailabilities.productId, productId), eq(productAvailabilities.date, date)));
  }
}

/** Portions taken on a date, whatever the cap (its caller decided they may be). */
export async function addReserved(tx: Tx, date: string, productId: number, n: number): Promise<void> {
  await tx
    .update(productAvailabilities)
    .set({ reserved: sql`${productAvailabilities.reserved} + ${n}` })
    .where(and(eq(productAvailabilities.productId, productId), eq(productAvailabilities.date, date)));
}
