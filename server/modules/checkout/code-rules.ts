import { CART_ERRORS, CART_NOTICES } from '#shared/api/cart';
import { SPONSOR_MIN_BASKET_CENTS } from '#shared/constants';
import { formatEuros } from '#shared/money';
import type { Db, Tx } from '../../db/client';
import type { SnapshotLine } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { discountById, discountCode, hasOrdered, sponsorCodeOf } from './checkout.repo';

type Conn = Db | Tx;

export const SPONSOR_MINIMUM_MESSAGE = `Un code parrain s’utilise dès ${formatEuros(SPONSOR_MIN_BASKET_CENTS)} d’achats : il a été retiré de votre panier.`;

/** What the lines of a snapshot cost, before any discount and deposit. */
export function itemsOf(lines: SnapshotLine[]): number {
  return lines.reduce((n, l) => n + (l.unitPriceCents + l.children.reduce((m, c) => m + c.unitPriceCents, 0)) * l.quantity, 0);
}

/**
 * Every condition of the code a cart or pre-order carries, as of `today`: a promo code's dates and
 * uses, a welcome code's first order, a sponsor code's first order, other owner and minimum basket.
 * Answers the refusal (409 invalid_discount) or null.
 */
export async function codeRefusal(
  db: Conn,
  code: { discountId: number | null; sponsorCustomerId: number | null },
  customerId: number,
  itemsCents: number,
  today: string,
): Promise<AppError | null> {
  const invalid = (message: string = CART_NOTICES.invalidDiscount) => new AppError(409, CART_ERRORS.invalidDiscount, message);
  if (code.discountId) {
    const d = await discountById(db, code.discountId);
    const usable = d && (!d.startsOn || d.startsOn <= today) && (!d.endsOn || d.endsOn >= today) && (d.maxUses === null || d.uses < d.maxUses);
    if (!usable) return invalid();
    if (d.firstOrderOnly && (await hasOrdered(db, customerId))) return invalid('Ce code de bienvenue est réservé à une première commande : il a été retiré de votre panier.');
  }
  if (code.sponsorCustomerId) {
    if (code.sponsorCustomerId === customerId || (await hasOrdered(db, customerId))) return invalid();
    if (itemsCents < SPONSOR_MIN_BASKET_CENTS) return invalid(SPONSOR_MINIMUM_MESSAGE);
  }
  return null;
}

/** The code a pre-order carries, as the customer typed it: a promo code, or the sponsor's code. */
export async function discountCodeOf(db: Conn, pre: { discountId: number | null; sponsorCustomerId: number | null }): Promise<string | null> {
  if (pre.discountId) return discountCode(db, pre.discountId);
  if (pre.sponsorCustomerId) return sponsorCodeOf(db, pre.sponsorCustomerId);
  return null;
}
