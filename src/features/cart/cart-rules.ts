import type { ApiError } from '../../lib/api-client';
import type { Cart, CartProduct } from '../../shared/api/cart';
import { CART_ERRORS, CART_NOTICES } from '../../shared/api/cart-codes';
import { CART_EXPIRY_WARNING_S } from '../../shared/constants';

/** Said under the promo field when a code could not be sent or its answer was lost. */
export const CODE_UNCHECKED = 'Connexion impossible : votre code n’a pas pu être vérifié. Réessayez dès le retour du réseau.';

/**
 * What the promo field says of a refused code: a lost connection is no wrong code, and a refusal
 * other than "unknown code" (too many tries) says its own reason.
 */
export function promoCodeError(error: ApiError): string {
  if (error.status === 0) return CODE_UNCHECKED;
  return error.body.code === CART_ERRORS.invalidDiscount || error.status === 422 ? CART_NOTICES.invalidDiscount : error.body.message;
}

/** Items in a cart: the header badge's count. */
export function cartCount(cart: Cart | null): number {
  return cart ? cart.products.reduce((n, p) => n + p.quantity, 0) : 0;
}

export const isFormula = (p: CartProduct) => Boolean(p.sub_products);

/** 'Votre commande': formulas first, then the other dishes. */
export function splitLines(cart: Cart): { formulas: CartProduct[]; dishes: CartProduct[] } {
  return { formulas: cart.products.filter(isFormula), dishes: cart.products.filter((p) => !isFormula(p)) };
}

/** Items before discount and deposits, in cents. */
export function itemsTotal(cart: Cart): number {
  return cart.products.reduce((n, p) => n + p.unit_price * p.quantity, 0) + cart.cutlery.unit_price * cart.cutlery.quantity + cart.tote_bags.unit_price * cart.tote_bags.quantity;
}

/**
 * When the expiry notices fire, in ms from `now`: the warning 120 s before expiry (only when that
 * is still ahead), the timeout at expiry. Nothing for an empty cart.
 */
export function expirySchedule(expiresAt: number | null, now: number): { warningIn: number | null; timeoutIn: number } | null {
  if (expiresAt === null) return null;
  const timeoutIn = Math.max(0, expiresAt - now);
  const warningIn = timeoutIn - CART_EXPIRY_WARNING_S * 1000;
  return { warningIn: warningIn > 0 ? warningIn : null, timeoutIn };
}

export type CartActionKind = 'product' | 'menu' | 'cutlery' | 'tote-bags' | 'deposits' | 'discount';

export interface Notice {
  title: string;
  message: string;
}

/**
 * What a refused cart call shows: the first message of errors.id for products, the
 * cart's notices for bonuses and deposits. Null: nothing to show here (other deposit
 * errors are only logged; the promo form shows its own message).
 */
export function refusalNotice(kind: CartActionKind, error: ApiError): Notice | null {
  const code = error.body.code;
  // A card payment under way locks the basket, whatever the change.
  if (code === 'payment_pending') return { title: 'Paiement en cours', message: error.message };
  switch (kind) {
    case 'product':
      return { title: 'Impossible d’ajouter ce plat', message: error.fieldMessage('id') ?? error.message };
    case 'menu':
      return { title: 'Impossible d’ajouter cette formule', message: error.fieldMessage('menu') ?? error.message };
    case 'cutlery':
      return code === CART_ERRORS.cutlery ? CART_NOTICES.cutlery : { title: 'Couverts', message: error.message };
    case 'tote-bags':
      return code === CART_ERRORS.toteBags ? CART_NOTICES.toteBags : { title: 'Tote bags', message: error.message };
    case 'deposits':
      if (code === CART_ERRORS.cannotRemoveDeposit) return CART_NOTICES.cannotRemoveDeposit;
      if (code === CART_ERRORS.notEnoughDeposit) return CART_NOTICES.notEnoughDeposit;
      if (code === CART_ERRORS.depositsNotDelivered) return CART_NOTICES.depositsNotDelivered;
      // A lost connection is worth saying; other deposit errors are only logged.
      return error.status === 0 ? { title: 'Consigne', message: error.message } : null;
    case 'discount':
      // The promo form says it under its field.
      return null;
  }
}

/** A logged-in customer paying for a point other than their usual one is warned once (docs/product/delivery.md). */
export function needsPointWarning(input: { loggedIn: boolean; locationId: number | null; usualLocationId: number | null }): boolean {
  return input.loggedIn && input.locationId !== null && input.usualLocationId !== null && input.locationId !== input.usualLocationId;
}
