import { and, asc, eq, gte, inArray, isNull, lte, min, sql } from 'drizzle-orm';
import { parisDate, parisInstant } from '#shared/time';
import type { Db, Tx } from '../../db/client';
import { containersOfCustomer } from '../ledger/ledger.service';
import { liveCardPaymentOf } from '../../db/live-card-payments';
import { cartLines, carts, customers, discounts, menuCategoryProducts, menus, orders, payments, preOrders, productAvailabilities, products } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { ERROR_CODES } from '#shared/api/errors';
import { MESSAGES } from '#shared/api/messages';

export type CartRow = typeof carts.$inferSelect;
export type LineRow = typeof cartLines.$inferSelect;
type Conn = Db | Tx;

/** Who a cart belongs to: the customer when logged in, else the anonymous session. */
export interface CartOwner {
  sessionId: string;
  customerId: number | null;
}

const ownedBy = (owner: CartOwner) =>
  owner.customerId ? eq(carts.customerId, owner.customerId) : and(eq(carts.sessionId, owner.sessionId), isNull(carts.customerId));

export async function findCart(db: Conn, owner: CartOwner, lock = false): Promise<CartRow | null> {
  const query = db.select().from(carts).where(ownedBy(owner)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * The owner's cart, created when missing (a concurrent creation wins the unique index, not an
 * error). A guest's keeps the address it was made from (`clientAddress`).
 */
export async function findOrCreateCart(tx: Tx, owner: CartOwner, date: string, now: Date, expiresAt: Date, clientAddress?: string): Promise<CartRow> {
  await tx
    .insert(carts)
    .values({
      sessionId: owner.customerId ? null : owner.sessionId,
      customerId: owner.customerId,
      deliveryDate: date,
      createdAt: now,
      expiresAt,
      clientAddress: owner.customerId ? null : (clientAddress ?? null),
    })
    .onConflictDoNothing();
  const cart = await findCart(tx, owner, true);
  // Neither made nor found: its owner went meanwhile (a logout deleted the session, whose cart
  // then lost its owner). Nothing was changed; the client may try again with its new session.
  if (!cart) throw new AppError(409, ERROR_CODES.conflict, MESSAGES.conflict);
  return cart;
}

export async function linesOf(db: Conn, cartId: number): Promise<LineRow[]> {
  return db.select().from(cartLines).where(eq(cartLines.cartId, cartId)).orderBy(asc(cartLines.id));
}

/** Portions of each dish one unit of a line takes: the dish, or a formula's dishes and extras. */
export function portionsOf(line: Pick<LineRow, 'productId' | 'composition'>): Map<number, number> {
  const portions = new Map<number, number>();
  const add = (id: number) => portions.set(id, (portions.get(id) ?? 0) + 1);
  if (line.productId) add(line.productId);
  if (line.composition) {
    for (const id of Object.values(line.composition.sub_products)) add(id);
    for (const ids of Object.values(line.composition.additional_products)) ids.forEach(add);
  }
  return portions;
}

/** Portions the lines hold: each dish, and each of a formula's dishes, times the line's quantity. */
export function portionsHeld(lines: Pick<LineRow, 'productId' | 'composition' | 'quantity'>[]): number {
  return lines.reduce((n, line) => n + [...portionsOf(line).values()].reduce((a, b) => a + b, 0) * line.quantity, 0);
}

/** Stock rows are always taken in dish id order (as popote_cart_apply does): two changes never wait for each other crosswise. */
export const byDish = (portions: Map<number, number>) => [...portions].sort(([a], [b]) => a - b);

/**
 * Takes `n` portions of a dish on `date` if they fit under its cap: the conditional update lets the
 * database arbitrate concurrent carts, so the last portions are never sold twice. False when not
 * cooked that day, or not enough left.
 */
export async function reserveOne(tx: Tx, date: string, productId: number, n: number): Promise<boolean> {
  const taken = await tx
    .update(productAvailabilities)
    .set({ reserved: sql`${productAvailabilities.reserved} + ${n}` })
    .where(
      and(
        eq(productAvailabilities.productId, productId),
        eq(productAvailabilities.date, date),
        sql`(${productAvailabilities.stock} is null or ${productAvailabilities.reserved} + ${n} <= ${productAvailabilities.stock})`,
      ),
    )
    .returning({ id: productAvailabilities.productId });
  return taken.length > 0;
}


export async function release(tx: Tx, date: string, portions: Map<number, number>, times: number): Promise<void> {
  for (const [productId, count] of byDish(portions)) {
    await tx
      .update(productAvailabilities)
      .set({ reserved: sql`greatest(${productAvailabilities.reserved} - ${count * times}, 0)` })
      .where(and(eq(productAvailabilities.productId, productId), eq(productAvailabilities.date, date)));
  }
}

/** Deletes a cart after giving its reserved portions back. */
export async function dropCart(tx: Tx, cart: CartRow): Promise<void> {
  for (const line of await linesOf(tx, cart.id)) await release(tx, cart.deliveryDate, portionsOf(line), line.quantity);
  await tx.delete(carts).where(eq(carts.id, cart.id));
}

/**
 * Releases carts left unchanged past their expiry. Each is locked and re-checked, so two server
 * instances sweeping at once never release the same portions twice.
 */
export async function releaseExpiredCarts(db: Db, now: Date, limit = 50): Promise<number> {
  const due = await db.select({ id: carts.id }).from(carts).where(lte(carts.expiresAt, now)).limit(limit);
  let released = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      // A placement locks the pre-order, then its cart; deleting the cart clears the pre-order's
      // cart_id. Taking them in the same order here keeps the two from deadlocking.
      await tx.select({ id: preOrders.id }).from(preOrders).where(eq(preOrders.cartId, id)).for('update');
      const [cart] = await tx
        .select()
        .from(carts)
        .where(and(eq(carts.id, id), lte(carts.expiresAt, now)))
        .for('update');
      if (!cart) return;
      await dropCart(tx, cart);
      released++;
    });
  }
  return released;
}

/** The earliest expiry of any cart (null when there is none). */
export async function earliestCartExpiry(db: Db): Promise<Date | null> {
  const [row] = await db.select({ at: min(carts.expiresAt) }).from(carts);
  return row?.at ?? null;
}

export async function saveCart(tx: Tx, id: number, values: Partial<Omit<CartRow, 'id'>>) {
  // Every change moves the version on: a pre-order of an earlier version is no longer payable.
  await tx.update(carts).set({ ...values, version: sql`${carts.version} + 1` }).where(eq(carts.id, id));
}

export async function findLine(tx: Tx, cartId: number, uniqueId: string): Promise<LineRow | null> {
  const [row] = await tx
    .select()
    .from(cartLines)
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.uniqueId, uniqueId)))
    .limit(1);
  return row ?? null;
}

export async function setLineQuantity(tx: Tx, line: LineRow, quantity: number) {
  if (quantity <= 0) await tx.delete(cartLines).where(eq(cartLines.id, line.id));
  else await tx.update(cartLines).set({ quantity }).where(eq(cartLines.id, line.id));
}

/** Names, covers and prices of what lines refer to, in one round of queries. */
export async function lineCatalog(db: Conn, lines: LineRow[]) {
  const productIds = new Set<number>();
  const menuIds = new Set<number>();
  const extraCategoryIds = new Set<number>();
  for (const line of lines) {
    for (const id of portionsOf(line).keys()) productIds.add(id);
    if (line.menuId) menuIds.add(line.menuId);
    for (const key of Object.keys(line.composition?.additional_products ?? {})) extraCategoryIds.add(Number(key));
  }
  const [productRows, menuRows, extraRows] = await Promise.all([
    productIds.size
      ? db
          .select({ id: products.id, name: products.name, priceCents: products.priceCents, coverUrl: products.coverUrl, category: products.category, vatRateBp: products.vatRateBp })
          .from(products)
          .where(inArray(products.id, [...productIds]))
      : [],
    menuIds.size ? db.select({ id: menus.id, name: menus.name, priceCents: menus.priceCents }).from(menus).where(inArray(menus.id, [...menuIds])) : [],
    extraCategoryIds.size
      ? db.select().from(menuCategoryProducts).where(inArray(menuCategoryProducts.menuCategoryId, [...extraCategoryIds]))
      : [],
  ]);
  return {
    products: new Map(productRows.map((p) => [p.id, p])),
    menus: new Map(menuRows.map((m) => [m.id, m])),
    extraPrice: (categoryId: number, productId: number) =>
      extraRows.find((e) => e.menuCategoryId === categoryId && e.productId === productId)?.extraPriceCents ?? 0,
  };
}

/**
 * lineCatalog's answer for every dish and formula at once (a few dozen rows), for the in-process
 * copy the cart views and changes read (cart.service.ts, cartCatalog).
 */
export async function wholeLineCatalog(db: Conn): Promise<Awaited<ReturnType<typeof lineCatalog>>> {
  const [productRows, menuRows, extraRows] = await Promise.all([
    db
      .select({ id: products.id, name: products.name, priceCents: products.priceCents, coverUrl: products.coverUrl, category: products.category, vatRateBp: products.vatRateBp })
      .from(products),
    db.select({ id: menus.id, name: menus.name, priceCents: menus.priceCents }).from(menus),
    db.select().from(menuCategoryProducts),
  ]);
  const extras = new Map(extraRows.map((e) => [`${e.menuCategoryId}:${e.productId}`, e.extraPriceCents]));
  return {
    products: new Map(productRows.map((p) => [p.id, p])),
    menus: new Map(menuRows.map((m) => [m.id, m])),
    extraPrice: (categoryId: number, productId: number) => extras.get(`${categoryId}:${productId}`) ?? 0,
  };
}

export async function findDiscount(db: Conn, id: number) {
  const [row] = await db.select().from(discounts).where(eq(discounts.id, id)).limit(1);
  return row ?? null;
}

/** A promo code by its text; the demo's only where demo data is allowed. */
export async function findDiscountByCode(db: Conn, code: string, demoData: boolean) {
  const [row] = await db
    .select()
    .from(discounts)
    .where(and(sql`upper(${discounts.code}) = ${code.toUpperCase()}`, demoData ? undefined : eq(discounts.demo, false)))
    .limit(1);
  return row ?? null;
}

/** The customer whose sponsor code this is; the demo customer only where demo data is allowed. */
export async function findSponsor(db: Conn, code: string, demoData: boolean) {
  const [row] = await db
    .select({ id: customers.id, sponsorCode: customers.sponsorCode })
    .from(customers)
    .where(and(sql`upper(${customers.sponsorCode}) = ${code.toUpperCase()}`, demoData ? undefined : eq(customers.demo, false)))
    .limit(1);
  return row ?? null;
}

export async function findSponsorCode(db: Conn, customerId: number): Promise<string | null> {
  const [row] = await db.select({ code: customers.sponsorCode }).from(customers).where(eq(customers.id, customerId)).limit(1);
  return row?.code ?? null;
}

export async function hasLiveCardPayment(db: Conn, customerId: number): Promise<boolean> {
  const [row] = await db.select({ id: payments.id }).from(payments).where(liveCardPaymentOf(customerId)).limit(1);
  return Boolean(row);
}

/** An order paid and not yet marked delivered (2); its containers arrive with it. */
const ORDER_PAID = 1;

/**
 * The containers the customer may return: those they hold (the ledger's, less those declared given
 * back already), less those of orders not yet delivered
 * (delivered status, or the delivery window's end passed at `now`), which are still on their way
 * to them. Without `now`, all held (only ever used to clamp, never to allow).
 */
export async function heldDeposits(db: Conn, customerId: number | null, now?: Date): Promise<number> {
  if (!customerId) return 0;
  const held = await containersOfCustomer(db, customerId);
  return held && now ? returnableDeposits(db, customerId, held, now) : held;
}

/**
 * Of the `held` containers a customer has, those they can return now: not those of an order on its
 * way to them (paid, not yet delivered).
 */
export async function returnableDeposits(db: Conn, customerId: number, held: number, now: Date): Promise<number> {
  const coming = await db
    .select({ date: orders.deliveryDate, end: orders.deliveryEnd, added: preOrders.depositsAdded })
    .from(orders)
    .innerJoin(preOrders, eq(preOrders.id, orders.preOrderId))
    .where(and(eq(orders.customerId, customerId), eq(orders.status, ORDER_PAID), gte(orders.deliveryDate, parisDate(now))));
  const arriving = coming.filter((o) => o.date && parisInstant(o.date, o.end ?? '23:59:59') > now).reduce((n, o) => n + o.added, 0);
  return Math.max(0, held - arriving);
}

export async function hasOrdered(db: Conn, customerId: number): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.customerId, customerId)).limit(1);
  return Boolean(row);
}

export async function deleteCart(tx: Tx, id: number) {
  await tx.delete(carts).where(eq(carts.id, id));
}

export async function moveLines(tx: Tx, fromCartId: number, toCartId: number) {
  await tx.update(cartLines).set({ cartId: toCartId }).where(eq(cartLines.cartId, fromCartId));
}

export async function cartById(db: Conn, id: number, lock = false): Promise<CartRow | null> {
  const query = db.select().from(carts).where(eq(carts.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}
