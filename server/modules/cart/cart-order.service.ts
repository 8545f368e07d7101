import type { Db, Tx } from '../../db/client';
import { deliveryDateAt } from '../state/state.service';
import { isStale } from './cart-engine';
import { loadCart } from './cart-reads';
import { cartById, deleteCart, findCart, heldDeposits, linesOf, portionsOf, release, reserve, type CartOwner, type CartRow } from './cart.repo';

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

/**
 * Locks the cart and gives its reserved portions back; null when it is gone. The cart is locked
 * before any stock row, as the expiry sweep locks a cart before giving its portions back: both
 * take their locks in one order, so they wait for each other instead of deadlocking (the sweep
 * then finds the cart gone, or placement finds it released).
 */
export async function lockCartReleasingPortions(tx: Tx, cartId: number): Promise<CartRow | null> {
  const cart = await cartById(tx, cartId, true);
  if (cart) for (const line of await linesOf(tx, cart.id)) await release(tx, cart.deliveryDate, portionsOf(line), line.quantity);
  return cart;
}

/** Takes the portions of an order, all or none: answers the dish ids that could not be taken (sold out). */
export function takeOrderPortions(tx: Tx, date: string, portions: Map<number, number>): Promise<number[]> {
  return reserve(tx, date, portions, 1);
}

/** The cart goes with the order placed from it. */
export function removeOrderedCart(tx: Tx, cartId: number): Promise<void> {
  return deleteCart(tx, cartId);
}

/** The containers the customer may return now: those they hold, less those of orders still on their way. */
export function returnableNow(tx: Tx, customerId: number, now: Date): Promise<number> {
  return heldDeposits(tx, customerId, now);
}
