import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { carts, customers, discounts, menuCategories, orderProducts, orders, preOrders, type SnapshotLine } from '../../db/schema';

/*
 * Checkout's SQL on pre-orders, orders, the customer's pool and the codes they carry (the payments
 * table: payments.repo.ts). The locks (`lock…`) and conditional UPDATEs (`claim…`, `takeOff…`,
 * `countCodeUse`) are the transactions' own: callers take them in the order their comments give.
 */

type Conn = Db | Tx;
export type PreOrderRow = typeof preOrders.$inferSelect;
type NewPreOrder = typeof preOrders.$inferInsert;
export type OrderRow = typeof orders.$inferSelect;
type NewOrder = typeof orders.$inferInsert;
type CustomerRow = typeof customers.$inferSelect;
type EdenredPart = NonNullable<PreOrderRow['edenredPayment']>;

// --- Customers -----------------------------------------------------------------------------------

export async function customerById(db: Conn, id: number): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row;
}

/**
 * The customer, locked until the transaction ends: two placements of one customer wait for each
 * other (the day's meal vouchers are counted across their orders; the ledger locks the pool itself).
 */
export async function lockCustomer(tx: Tx, id: number): Promise<CustomerRow | undefined> {
  const [row] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
  return row;
}

export async function updateCustomer(tx: Tx, id: number, values: Partial<Pick<CustomerRow, 'lastDeliveryId'>>): Promise<void> {
  await tx.update(customers).set(values).where(eq(customers.id, id));
}

export async function hasOrdered(db: Conn, customerId: number): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.customerId, customerId)).limit(1);
  return Boolean(row);
}

// --- Pre-orders ----------------------------------------------------------------------------------

/** The customer's latest pre-order, placed or not. */
export async function latestPreOrder(db: Conn, customerId: number): Promise<PreOrderRow | undefined> {
  const [row] = await db.select().from(preOrders).where(eq(preOrders.customerId, customerId)).orderBy(desc(preOrders.id)).limit(1);
  return row;
}

export async function preOrderById(db: Conn, id: number): Promise<PreOrderRow | undefined> {
  const [row] = await db.select().from(preOrders).where(eq(preOrders.id, id));
  return row;
}

/** The pre-order, locked until the transaction ends: what pays it cannot change meanwhile. */
export async function lockPreOrder(tx: Tx, id: number): Promise<PreOrderRow | undefined> {
  const [row] = await tx.select().from(preOrders).where(eq(preOrders.id, id)).for('update');
  return row;
}

export async function insertPreOrder(tx: Tx, values: NewPreOrder): Promise<PreOrderRow> {
  const [created] = await tx.insert(preOrders).values(values).returning();
  return created!;
}

/** Sets a pre-order's vouchers or pool; answers it as written. */
export async function updatePreOrder(tx: Tx, id: number, values: Partial<Pick<NewPreOrder, 'lunchVouchers' | 'poolCents'>>): Promise<PreOrderRow> {
  const [row] = await tx.update(preOrders).set(values).where(eq(preOrders.id, id)).returning();
  return row!;
}

export async function markPreOrderPlaced(tx: Tx, id: number, orderId: number): Promise<void> {
  await tx.update(preOrders).set({ orderId }).where(eq(preOrders.id, id));
}

/**
 * Marks the pre-order as being paid by Edenred, in one conditional UPDATE: only while it carries no
 * Edenred part and is not placed. False when another got there first.
 */
export async function claimEdenredPart(db: Conn, id: number, amount: number): Promise<boolean> {
  const [row] = await db
    .update(preOrders)
    .set({ edenredPayment: { unit_amount: amount, authorization_id: '' } })
    .where(and(eq(preOrders.id, id), isNull(preOrders.edenredPayment), isNull(preOrders.orderId)))
    .returning({ id: preOrders.id });
  return Boolean(row);
}

export async function setEdenredPart(db: Conn, id: number, part: EdenredPart): Promise<void> {
  await db.update(preOrders).set({ edenredPayment: part }).where(eq(preOrders.id, id));
}

/** The pre-order no longer carries an Edenred payment. */
export async function clearEdenredPart(db: Conn, id: number): Promise<void> {
  await db.update(preOrders).set({ edenredPayment: sql`null` }).where(eq(preOrders.id, id));
}

/**
 * Takes the Edenred part `authorizationId` off the pre-order, in one conditional UPDATE: only while
 * it is not placed and still carries that part. False otherwise (placed meanwhile).
 */
export async function takeOffEdenredPart(db: Conn, id: number, authorizationId: string): Promise<boolean> {
  const [released] = await db
    .update(preOrders)
    .set({ edenredPayment: sql`null` })
    .where(and(eq(preOrders.id, id), isNull(preOrders.orderId), sql`${preOrders.edenredPayment}->>'authorization_id' = ${authorizationId}`))
    .returning({ id: preOrders.id });
  return Boolean(released);
}

/** Puts an Edenred part taken off back, only while the pre-order carries none and is not placed. */
export async function restoreEdenredPart(db: Conn, id: number, part: PreOrderRow['edenredPayment']): Promise<void> {
  await db
    .update(preOrders)
    .set({ edenredPayment: part })
    .where(and(eq(preOrders.id, id), isNull(preOrders.edenredPayment), isNull(preOrders.orderId)));
}

/** The names of formula categories, for a snapshot's lines. */
export function categoryNames(db: Conn, ids: number[]) {
  return db.select({ id: menuCategories.id, name: menuCategories.name }).from(menuCategories).where(inArray(menuCategories.id, ids));
}

// --- Orders --------------------------------------------------------------------------------------

export async function insertOrder(tx: Tx, values: NewOrder): Promise<OrderRow> {
  const [order] = await tx.insert(orders).values(values).returning();
  return order!;
}

/** An order's lines: each snapshot line, then its formula's courses under it. */
export async function insertOrderLines(tx: Tx, orderId: number, lines: SnapshotLine[]): Promise<void> {
  for (const line of lines) {
    const [parent] = await tx
      .insert(orderProducts)
      .values({ orderId, buyableType: line.type, buyableId: line.id, name: line.name, unitPriceCents: line.unitPriceCents, quantity: line.quantity, vatRateBp: line.vatRateBp })
      .returning({ id: orderProducts.id });
    if (line.children.length) {
      await tx.insert(orderProducts).values(
        line.children.map((c) => ({
          orderId,
          parentId: parent!.id,
          buyableType: 'product',
          buyableId: c.id,
          name: c.name,
          categoryName: c.category,
          unitPriceCents: c.unitPriceCents,
          quantity: line.quantity,
          vatRateBp: c.vatRateBp,
        })),
      );
    }
  }
}

/** An order's lines, in the order they were written. */
export function linesOfOrder(db: Conn, orderId: number) {
  return db.select().from(orderProducts).where(eq(orderProducts.orderId, orderId)).orderBy(orderProducts.id);
}

/** A customer's order (another customer's is none). */
/**
 * The meal vouchers of the customer's orders delivered on a date (paid or delivered, not cancelled
 * or refunded): what paper vouchers and Edenred paid of them (their means of payment).
 */
export async function mealVouchersUsedOn(db: Conn, customerId: number, deliveryDate: string): Promise<number> {
  const meal = sql`(select coalesce(sum((m ->> 'amountCents')::int), 0) from jsonb_array_elements(${orders.paymentMeans}) m where m ->> 'means' in ('paper_vouchers', 'edenred'))`;
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${meal}), 0)` })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.deliveryDate, deliveryDate), inArray(orders.status, [1, 2])));
  return Number(row?.used ?? 0);
}

export async function customerOrder(db: Conn, customerId: number, orderId: number): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
  return order;
}

export async function preOrderIdOfOrder(db: Conn, orderId: number): Promise<number | null | undefined> {
  const [order] = await db.select({ preOrderId: orders.preOrderId }).from(orders).where(eq(orders.id, orderId));
  return order?.preOrderId;
}

/** The order, locked until the transaction ends. */
export async function lockOrder(tx: Tx, id: number): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return order;
}

export async function confirmOrderVouchers(tx: Tx, id: number, now: Date, received: OrderRow['paperVouchersReceived'] = null): Promise<void> {
  await tx.update(orders).set(received ? { paperVouchersConfirmedAt: now, paperVouchersReceived: received } : { paperVouchersConfirmedAt: now }).where(eq(orders.id, id));
}

// --- Codes ---------------------------------------------------------------------------------------

export async function discountById(db: Conn, id: number) {
  const [row] = await db.select().from(discounts).where(eq(discounts.id, id));
  return row;
}

/** Counts a promo code's use, only while uses remain (two last uses at once: one wins). */
export async function countCodeUse(tx: Tx, discountId: number): Promise<boolean> {
  const counted = await tx
    .update(discounts)
    .set({ uses: sql`${discounts.uses} + 1` })
    .where(and(eq(discounts.id, discountId), or(isNull(discounts.maxUses), lt(discounts.uses, discounts.maxUses))))
    .returning({ id: discounts.id });
  return counted.length > 0;
}

export async function discountCode(db: Conn, id: number): Promise<string | null> {
  return (await db.select({ code: discounts.code }).from(discounts).where(eq(discounts.id, id)))[0]?.code ?? null;
}

export async function sponsorCodeOf(db: Conn, customerId: number): Promise<string | null> {
  return (await db.select({ code: customers.sponsorCode }).from(customers).where(eq(customers.id, customerId)))[0]?.code ?? null;
}

// --- The cart, as checkout sees it ---------------------------------------------------------------

/** A cart's version (undefined: the cart is gone), to tell whether it changed since its validation. */
export async function cartVersion(db: Conn, cartId: number): Promise<number | undefined> {
  const [cart] = await db.select({ version: carts.version }).from(carts).where(eq(carts.id, cartId));
  return cart?.version;
}

/**
 * The cart's code is taken off (it no longer applies): a change of the cart, so a new version, or
 * a change planned from the cart as read before would write the code back.
 */
export async function dropCartCode(db: Conn, cartId: number): Promise<void> {
  await db.update(carts).set({ discountId: null, sponsorCustomerId: null, version: sql`${carts.version} + 1` }).where(eq(carts.id, cartId));
}

/** A card payment keeps the cart's portions until `expiresAt`. */
export async function holdCart(db: Conn, cartId: number, expiresAt: Date): Promise<void> {
  await db.update(carts).set({ expiresAt }).where(eq(carts.id, cartId));
}
