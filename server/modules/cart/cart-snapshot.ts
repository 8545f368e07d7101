import type { DiscountRule } from './cart-pricing';
import type { CartRow, LineRow } from './cart.repo';

/**
 * The cart as one reading saw it, with what its view and its changes need besides: a change is
 * computed from it and written only while the cart is still at its version (cart-apply.ts).
 */
export interface CartSnapshot {
  cart: CartRow;
  lines: LineRow[];
  /** The applied promo code, when there is one. */
  discount: (DiscountRule & { id: number; code: string }) | null;
  /** The sponsor's code, when another customer's code is applied. */
  sponsorCode: string | null;
  /** The containers the owner holds (the ledger's, less those declared given back; 0 for a guest): the ceiling of returns. */
  heldDeposits: number;
}
