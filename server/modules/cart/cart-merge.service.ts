import type { CartMergeNotice } from '#shared/api/state';
import { CART_LINE_MAX_QUANTITY, CART_TTL_MS } from '#shared/constants';
import type { Db } from '../../db/client';
import { deliveryDateAt } from '../shop/shop.service';
import { isStale, normalize } from './cart-engine';
import { deleteCart, dropCart, findCart, findLine, hasLiveCardPayment, hasOrdered, linesOf, moveLines, portionsOf, release, saveCart, setLineQuantity } from './cart.repo';

/**
 * Login or signup: the visitor's anonymous cart follows them (docs/product/cart.md, "Merging at login or sign-up"). With no
 * live cart of their own, it becomes theirs. Otherwise its lines join theirs (the same line adds
 * up to the per-line limit, the surplus portions are released), bonuses keep the larger count, its
 * promo code wins when it has one, and the limits are re-applied.
 */
export async function adoptCart(db: Db, sessionId: string, customerId: number, now: Date): Promise<CartMergeNotice | null> {
  const date = await deliveryDateAt(db, now);
  return db.transaction(async (tx) => {
    const anonymous = await findCart(tx, { sessionId, customerId: null }, true);
    if (!anonymous) return null;
    if (isStale(anonymous, date, now)) {
      await dropCart(tx, anonymous);
      return null;
    }
    const items = (await linesOf(tx, anonymous.id)).reduce((n, l) => n + l.quantity, 0);
    if (!items) return null;
    let own = await findCart(tx, { sessionId, customerId }, true);
    if (own && isStale(own, date, now)) {
      await dropCart(tx, own);
      own = null;
    }
    // A card payment of the customer's cart is under way: that basket is locked, the visitor's stays out.
    if (own && (await hasLiveCardPayment(tx, customerId))) {
      await dropCart(tx, anonymous);
      return mergeNotice('dropped', items);
    }
    // The customer might have used their own sponsor code before logging in.
    const keepSponsor = anonymous.sponsorCustomerId !== customerId && !(await hasOrdered(tx, customerId));
    const sponsorCustomerId = keepSponsor ? anonymous.sponsorCustomerId : null;
    const expiresAt = new Date(now.getTime() + CART_TTL_MS);
    if (!own) {
      await saveCart(tx, anonymous.id, { sessionId: null, customerId, sponsorCustomerId, expiresAt, updatedAt: now });
      await normalize(tx, anonymous.id, customerId, {});
      return mergeNotice('adopted', items);
    }
    for (const line of await linesOf(tx, anonymous.id)) {
      const same = await findLine(tx, own.id, line.uniqueId);
      if (!same) continue;
      const total = Math.min(CART_LINE_MAX_QUANTITY, same.quantity + line.quantity);
      await release(tx, anonymous.deliveryDate, portionsOf(line), same.quantity + line.quantity - total);
      await setLineQuantity(tx, same, total);
      await setLineQuantity(tx, line, 0);
    }
    await moveLines(tx, anonymous.id, own.id);
    const hasCode = anonymous.discountId !== null || sponsorCustomerId !== null;
    await deleteCart(tx, anonymous.id);
    await saveCart(tx, own.id, {
      cutlery: Math.max(own.cutlery, anonymous.cutlery),
      toteBags: Math.max(own.toteBags, anonymous.toteBags),
      ...(hasCode ? { discountId: anonymous.discountId, sponsorCustomerId } : {}),
      expiresAt,
      updatedAt: now,
    });
    await normalize(tx, own.id, customerId, {});
    return mergeNotice('merged', items);
  });
}

const articles = (n: number) => `${n} article${n > 1 ? 's' : ''}`;

/** What logging in did to the visitor's cart, in the customer's words. */
function mergeNotice(kind: CartMergeNotice['kind'], items: number): CartMergeNotice {
  if (kind === 'dropped') {
    return {
      kind,
      items,
      title: 'Paiement en cours',
      message: `Un paiement par carte de votre panier est en cours : les ${articles(items)} choisis avant de vous connecter n’y ont pas été ajoutés.`,
    };
  }
  return kind === 'merged'
    ? {
        kind,
        items,
        title: 'Paniers réunis',
        message: `${items > 1 ? `Les ${articles(items)} de votre panier ont rejoint` : 'L’article de votre panier a rejoint'} celui de votre compte : vérifiez-le, son total a changé.`,
      }
    : { kind, items, title: 'Panier retrouvé', message: `Votre panier (${articles(items)}) est maintenant enregistré sur votre compte.` };
}
