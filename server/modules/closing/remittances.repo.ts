import { and, asc, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { customers, orders, voucherRemittanceItems, voucherRemittances } from '../../db/schema';

type Conn = Db | Tx;

/**
 * The orders whose courier received paper vouchers, delivered since `since` (older ones are past
 * every issuer's deadline), with the customer's name. Locked when a batch is being made of them.
 */
export function ordersWithReceivedVouchers(db: Conn, since: string, lock = false) {
  const query = db
    .select({ id: orders.id, invoiceNumber: orders.invoiceNumber, deliveryDate: orders.deliveryDate, rows: orders.paperVouchersReceived, firstname: customers.firstname, lastname: customers.lastname })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(isNotNull(orders.paperVouchersReceived), sql`jsonb_array_length(${orders.paperVouchersReceived}) > 0`, gte(orders.deliveryDate, since)))
    .orderBy(asc(orders.deliveryDate), asc(orders.id));
  return lock ? query.for('update', { of: orders }) : query;
}

/** Which (order, issuer) pairs are already in a batch. */
export function itemsOfOrders(db: Conn, orderIds: number[]) {
  if (!orderIds.length) return Promise.resolve([]);
  return db.select().from(voucherRemittanceItems).where(inArray(voucherRemittanceItems.orderId, orderIds));
}

export function allRemittances(db: Conn) {
  return db.select().from(voucherRemittances).orderBy(desc(voucherRemittances.id)).limit(200);
}

export async function remittanceById(db: Conn, id: number, lock = false) {
  const query = db.select().from(voucherRemittances).where(eq(voucherRemittances.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

/** A batch's orders, with their invoice, customer, delivery date and the vouchers received on them. */
export function itemsOfRemittances(db: Conn, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ item: voucherRemittanceItems, invoiceNumber: orders.invoiceNumber, received: orders.paperVouchersReceived, deliveryDate: orders.deliveryDate, firstname: customers.firstname, lastname: customers.lastname })
    .from(voucherRemittanceItems)
    .innerJoin(orders, eq(orders.id, voucherRemittanceItems.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(inArray(voucherRemittanceItems.remittanceId, ids))
    .orderBy(asc(orders.deliveryDate), asc(orders.id));
}

export async function insertRemittance(tx: Tx, values: typeof voucherRemittances.$inferInsert, items: Omit<typeof voucherRemittanceItems.$inferInsert, 'remittanceId'>[]) {
  const [row] = await tx.insert(voucherRemittances).values(values).returning();
  await tx.insert(voucherRemittanceItems).values(items.map((item) => ({ ...item, remittanceId: row!.id })));
  return row!;
}

export async function updateRemittance(tx: Tx, id: number, values: Partial<Pick<typeof voucherRemittances.$inferInsert, 'sentAt' | 'paidAt' | 'paidCents'>>) {
  await tx.update(voucherRemittances).set(values).where(eq(voucherRemittances.id, id));
}
