import type { FastifyInstance } from 'fastify';
import { STAFF_ERRORS, type StaffStockRow } from '#shared/api/staff';
import { changed, type AuditChanges } from '#shared/audit-changes';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { audit, type Actor } from '../../lib/audit';
import type { Tx } from '../../db/client';
import { addReserved, dishesOfDate, lockAvailability, orderedPortions, releasePortions, updateAvailability, type AvailabilityRow } from './stock.repo';

const soldOut = (a: AvailabilityRow) => Boolean(a.soldOutAt) || (a.stock !== null && a.reserved >= a.stock);

function toRow(dish: { id: number; name: string; category: string }, a: AvailabilityRow, ordered: number): StaffStockRow {
  return {
    product_id: dish.id,
    name: dish.name,
    category: dish.category,
    ordered,
    reserved: a.reserved,
    stock: a.stock,
    left: a.stock === null ? null : Math.max(0, a.stock - a.reserved),
    sold_out: soldOut(a),
  };
}

/** Every dish of a date's menu: portions ordered, taken (orders and carts), its cap and what is left. */
export async function stockOfDate(db: Db, date: string): Promise<StaffStockRow[]> {
  const [dishes, ordered] = await Promise.all([dishesOfDate(db, date), orderedPortions(db, date)]);
  return dishes.map((d) => toRow(d, d.availability, ordered.get(d.id) ?? 0));
}

/**
 * A dish's cap for a date (null: none), or sold out and back. Sold out lowers the cap to what is
 * taken and keeps the cap it had, given back when the dish is on sale again. A cap under the
 * portions already ordered is refused: they are owed. The customers' menus follow at once (the
 * stock's change notifies every server's copies).
 */
export async function setStock(app: FastifyInstance, actor: Actor, date: string, productId: number, change: { quantity: number | null } | { sold_out: boolean }): Promise<StaffStockRow> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const current = await lockAvailability(tx, date, productId);
    if (!current) throw new AppError(404, 'not_found', 'Ce plat n’est pas à la carte ce jour-là.');
    const ordered = (await orderedPortions(tx, date, productId)).get(productId) ?? 0;
    let next: AvailabilityRow;
    let action: string;
    if ('quantity' in change) {
      if (change.quantity !== null && change.quantity < ordered) {
        throw new AppError(409, STAFF_ERRORS.stockBelowOrdered, `${ordered} portions sont déjà commandées : le stock ne peut pas descendre en dessous.`, { quantity: [`Au moins ${ordered}.`] });
      }
      next = await updateAvailability(tx, date, productId, { stock: change.quantity, soldOutAt: null, stockBeforeSoldOut: null });
      action = 'stock.cap';
    } else if (change.sold_out) {
      next = current.soldOutAt ? current : await updateAvailability(tx, date, productId, { stock: current.reserved, soldOutAt: now, stockBeforeSoldOut: current.stock });
      action = 'stock.sold_out';
    } else {
      next = current.soldOutAt ? await updateAvailability(tx, date, productId, { stock: current.stockBeforeSoldOut, soldOutAt: null, stockBeforeSoldOut: null }) : current;
      action = 'stock.on_sale';
    }
    const [dish] = (await dishesOfDate(tx, date)).filter((d) => d.id === productId);
    // The cap before and after, and the "épuisé" mark when it moved: what the kitchen changed, readable later.
    const changes: AuditChanges = { stock: { from: current.stock, to: next.stock } };
    const soldOutMark = changed(Boolean(current.soldOutAt), Boolean(next.soldOutAt));
    if (soldOutMark) changes.sold_out = soldOutMark;
    await audit(tx, actor, { action, productId, details: { date, name: dish!.name, changes } }, now);
    return toRow(dish!, next, ordered);
  });
}

/** The portions of a cancelled order, on sale again that day (in the caller's transaction). */
export async function givePortionsBack(tx: Tx, date: string, portions: Map<number, number>): Promise<void> {
  await releasePortions(tx, date, portions);
}

/**
 * An order's portions of a dish whose cap the kitchen lowered under what carts hold (reserved, carts
 * and orders together, is above the cap): `held` of the `n` were its own cart's, given back in this
 * transaction. They may become the order's while the orders of the day stay within the cap; any
 * beyond them must fit in what nobody holds. The row is locked before the orders are counted, so
 * two orders of the dish are counted one after the other (an order's lines are written before it
 * commits and lets go of the row). False when the dish is sold out for it.
 */
export async function takeHeldPortions(tx: Tx, date: string, productId: number, n: number, held: number): Promise<boolean> {
  const row = await lockAvailability(tx, date, productId);
  if (!row || row.stock === null) return false;
  const beyond = n - Math.min(held, n);
  if (beyond > 0 && beyond > row.stock - row.reserved) return false;
  const ordered = (await orderedPortions(tx, date, productId)).get(productId) ?? 0;
  if (ordered + n > row.stock) return false;
  await addReserved(tx, date, productId, n);
  return true;
}
