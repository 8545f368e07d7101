import type { Db, Tx } from '../../db/client';
import { deliveryDateAt } from '../shop/shop.service';
import { isStale } from './cart-engine';
import { loadCart } from './cart-reads';
import { takeHeldPortions } from '../stock/stock.service';
import { byDish, cartById, deleteCart, findCart, heldDeposits, linesOf, portionsOf, release, reserveOne, type CartOwner, type CartRow } from './cart.repo';

/*
 * What checkout uses of the cart: the cart it validates, then what placing its order does to it
 * inside checkout's transaction. The cart's reservations are given back and the order's portions
 * taken in that same transaction, so the order holds exactly what was validated, and a dish sold
 * out meanwhile refuses the order instead of overselling it.
 */

/** A live cart with everything checkout needs to snapshot it (null when empty, stale or missing). */
export async function cartForCheckout(db: Db, owner: CartOwner, now: Date) {
  const cart = await findCart(db, owner);
  if (!cart || isStale(cart, await deliveryDateAt(db, now), now)) return null;
  const loaded = await loadCart(db, cart, owner.customerId, undefined, now);
  return loaded.lines.length ? { cart, ...loaded } : null;
}

/** A cart locked for its order, with the portions it held (on its delivery date), now given back. */
export type ReleasedCart = CartRow & { released: Map<number, number> };

/**
 * Locks the cart and gives its reserved portions back; null when it is gone. The cart is locked
 * before any stock row, as the expiry sweep locks a cart before giving its portions back: both
 * take their locks in one order, so they wait for each other instead of deadlocking (the sweep
 * then finds the cart gone, or placement finds it released).
 */
export async function lockCartReleasingPortions(tx: Tx, cartId: number): Promise<ReleasedCart | null> {
  const cart = await cartById(tx, cartId, true);
  if (!cart) return null;
  const released = new Map<number, number>();
  for (const line of await linesOf(tx, cart.id)) {
    const portions = portionsOf(line);
    await release(tx, cart.deliveryDate, portions, line.quantity);
    for (const [productId, n] of portions) released.set(productId, (released.get(productId) ?? 0) + n * line.quantity);
  }
  return { ...cart, released };
}

/**
 * Takes the portions of an order, all or none (the caller's transaction is undone on a refusal):
 * answers the dish ids that could not be taken (sold out). A dish's portions fit under its cap
 * counting every cart's; when the kitchen lowered the cap under what carts hold, the portions this
 * order's own cart held may still become the order's, as long as the orders stay within the cap
 * (takeHeldPortions): the first holders to pay get the portions left, the others are told the
 * dish is sold out. Before, each cart's hold counted against the cap while another's was given
 * back, and no holder at all could order. `from`: the cart the order comes from, as released.
 */
export async function takeOrderPortions(tx: Tx, date: string, portions: Map<number, number>, from: ReleasedCart | null = null): Promise<number[]> {
  const held = from?.deliveryDate === date ? from.released : new Map<number, number>();
  const refused: number[] = [];
  // Dish by dish in id order, each refusal tried again at once: the stock rows' locks are taken in
  // the one order every change takes them in.
  for (const [productId, n] of byDish(portions)) {
    if (await reserveOne(tx, date, productId, n)) continue;
    if (!(await takeHeldPortions(tx, date, productId, n, held.get(productId) ?? 0))) refused.push(productId);
  }
  return refused;
}

/** The cart goes with the order placed from it. */
export function removeOrderedCart(tx: Tx, cartId: number): Promise<void> {
  return deleteCart(tx, cartId);
}

/** The containers the customer may return now: those they hold, less those of orders still on their way. */
export function returnableNow(tx: Tx, customerId: number, now: Date): Promise<number> {
  return heldDeposits(tx, customerId, now);
}
