import { CART_ERRORS } from '#shared/api/cart';
import { ANONYMOUS_CART_MAX_ITEMS, GUEST_ADDRESS_MAX_PORTIONS, GUEST_CART_MAX_PORTIONS } from '#shared/constants';
import { portionsHeld, type CartOwner, type CartRow, type LineRow } from './cart.repo';
import { refusal } from './cart-refusal';

/** What the guests' limits read of a change (cart-engine.ts, CartContext). */
interface GuestChange {
  clientAddress?: string;
  guestAddressMax?: number;
}

const LOG_IN_FOR_MORE = 'connectez-vous pour en ajouter davantage.';

/**
 * A guest's change that adds portions: its cart holds GUEST_CART_MAX_PORTIONS portions at most
 * (refused here, from its lines), and the guests of its address GUEST_ADDRESS_MAX_PORTIONS
 * together (several sessions of one visitor count as one). The address's cap is answered for the
 * change's statement to check, under the address's lock (cart-apply.ts, migration 0025): counted
 * apart and before, guests adding at the same moment all passed it. null: no address known.
 */
export function guestCapOf(cart: CartRow, lines: LineRow[], ctx: GuestChange): { address: string; max: number } | null {
  if (portionsHeld(lines) > GUEST_CART_MAX_PORTIONS) {
    throw refusal(409, CART_ERRORS.anonymousLimit, `Sans compte, un panier réserve ${GUEST_CART_MAX_PORTIONS} portions au plus (chaque plat d’une formule compte) : ${LOG_IN_FOR_MORE}`, 'id');
  }
  const address = cart.clientAddress ?? ctx.clientAddress;
  return address ? { address, max: ctx.guestAddressMax ?? GUEST_ADDRESS_MAX_PORTIONS } : null;
}

/** The refusal of a change that would take the guests of its address past their cap. */
export const guestAddressRefusal = (max: number) =>
  refusal(409, CART_ERRORS.anonymousLimit, `Sans compte, les paniers d’une même connexion réservent ${max} portions au plus : ${LOG_IN_FOR_MORE}`, 'id');

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
