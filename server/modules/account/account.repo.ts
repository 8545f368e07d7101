import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, orderProducts, orders } from '../../db/schema';

export async function customerById(db: Db, id: number) {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row ?? null;
}

/** A customer's orders, newest first, with their lines. */
export async function ordersOf(db: Db, customerId: number) {
  const rows = await db.select().from(orders).where(eq(orders.customerId, customerId)).orderBy(desc(orders.createdAt), desc(orders.id));
  const lines = rows.length
    ? await db.select().from(orderProducts).where(inArray(orderProducts.orderId, rows.map((o) => o.id))).orderBy(asc(orderProducts.id))
    : [];
  return rows.map((order) => ({ order, lines: lines.filter((l) => l.orderId === order.id) }));
}

export async function orderOf(db: Db, customerId: number, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order || order.customerId !== customerId) return null;
  const lines = await db.select().from(orderProducts).where(eq(orderProducts.orderId, order.id)).orderBy(asc(orderProducts.id));
  return { order, lines };
}
