import { GUEST_CART_TTL_MS } from '#shared/constants';
import type { Db } from '../../db/client';
import { earliestCartExpiry, releaseExpiredCarts } from './cart.repo';

/*
 * Before each cart change, abandoned carts give their portions back (docs/product/cart.md, "Expiry"). Asking
 * the database for due carts on every change cost a round trip per change at lunch, almost always
 * for nothing: no cart can be due before the earliest expiry the database holds, and a cart made
 * after that reading (by any server) expires at least GUEST_CART_TTL_MS (the shorter countdown, a
 * guest's) after it, since a cart's expiry
 * only ever moves later. So each server remembers that instant, lowers it for the carts it saves,
 * and asks again only once it has passed.
 */

const nextDue = new WeakMap<Db, number>();

/** A cart this server saved expires at `expiresAt`. */
export function noteCartExpiry(db: Db, expiresAt: Date): void {
  const due = nextDue.get(db);
  if (due !== undefined && expiresAt.getTime() < due) nextDue.set(db, expiresAt.getTime());
}

/** Releases the carts due at `now`, when some can be. */
export async function releaseDueCarts(db: Db, now: Date): Promise<void> {
  const due = nextDue.get(db);
  if (due !== undefined && now.getTime() < due) return;
  const readAt = now.getTime();
  let earliest = await earliestCartExpiry(db);
  if (earliest !== null && earliest.getTime() <= readAt) {
    await releaseExpiredCarts(db, now, 20);
    earliest = await earliestCartExpiry(db);
  }
  // More than 20 due carts: the next change sweeps again (earliest is then still in the past).
  nextDue.set(db, Math.min(earliest?.getTime() ?? Infinity, readAt + GUEST_CART_TTL_MS));
}
