import { CART_ERRORS } from '#shared/api/cart';
import { ANONYMOUS_CART_MAX_ITEMS, GUEST_ADDRESS_MAX_PORTIONS, GUEST_CART_MAX_PORTIONS } from '#shared/constants';
import type { Db, Tx } from '../../db/client';
import { guestPortionsAt, portionsHeld, type CartOwner, type CartRow, type LineRow } from './cart.repo';
import { refusal } from './cart-refusal';

/** What the guests' limits read of a change (cart-engine.ts, CartContext). */
interface GuestChange {
  now: Date;
  clientAddress?: string;
  guestAddressMax?: number;
}

const LOG_IN_FOR_MORE = 'connectez-vous pour en ajouter davantage.';

/**
 * A guest's cart holds GUEST_CART_MAX_PORTIONS portions at most, and the guests of its address
 * GUEST_ADDRESS_MAX_PORTIONS together (several sessions of one visitor count as one). Checked
 * when a change adds portions; a few guests of one address adding at the very same moment may
 * pass it by one change each, which the short hold bounds.
 */
export async function ensureGuestPortions(conn: Db | Tx, cart: CartRow, lines: LineRow[], ctx: GuestChange) {
  const own = portionsHeld(lines);
  if (own > GUEST_CART_MAX_PORTIONS) {
    throw refusal(409, CART_ERRORS.anonymousLimit, `Sans compte, un panier réserve ${GUEST_CART_MAX_PORTIONS} portions au plus (chaque plat d’une formule compte) : ${LOG_IN_FOR_MORE}`, 'id');
  }
  const address = cart.clientAddress ?? ctx.clientAddress;
  const max = ctx.guestAddressMax ?? GUEST_ADDRESS_MAX_PORTIONS;
  if (!address) return;
  if (own + (await guestPortionsAt(conn, address, cart.id, ctx.now)) > max) {
    throw refusal(409, CART_ERRORS.anonymousLimit, `Sans compte, les paniers d’une même connexion réservent ${max} portions au plus : ${LOG_IN_FOR_MORE}`, 'id');
  }
}

export const itemsOf = (lines: LineRow[]) => lines.reduce((n, l) => n + l.quantity, 0);

/** A guest's cart holds ANONYMOUS_CART_MAX_ITEMS articles at most. */
export function ensureGuestRoom(items: number, owner: CartOwner) {
  if (owner.customerId || items <= ANONYMOUS_CART_MAX_ITEMS) return;
  throw refusal(
    409,
    CART_ERRORS.anonymousLimit,
    `Sans compte, un panier réserve ${ANONYMOUS_CART_MAX_ITEMS} articles au plus : ${LOG_IN_FOR_MORE}`,
    'id',
  );
}
