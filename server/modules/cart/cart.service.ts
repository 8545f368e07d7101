import { CART_ERRORS, CART_NOTICES, type Cart } from '#shared/api/cart';
import type { FormattedMenu } from '#shared/api/catalog';
import { CART_LINE_MAX_QUANTITY, CART_MAX_LINES, SPONSOR_MIN_BASKET_CENTS } from '#shared/constants';
import { parisDate } from '#shared/time';
import type { Composition } from '../../db/schema';
import { deliveryDateAt, settingsOf, sponsorRule } from '../shop/shop.service';
import { checkComposition, menuLineId } from './cart-composition';
import { change, isStale, type CartContext, type Plan } from './cart-engine';
import { maxReturnableDeposits } from './cart-pricing';
import { cartCatalog, snapshotOf, type SharedReads } from './cart-reads';
import { refusal } from './cart-refusal';
import type { CartSnapshot } from './cart-snapshot';
import { EMPTY_CART, priced, toView } from './cart-view';
import type { Db } from '../../db/client';
import { dropCart, findCart, findDiscountByCode, findSponsor, hasLiveCardPayment, hasOrdered, portionsOf, releaseExpiredCarts, returnableDeposits, type CartOwner } from './cart.repo';
import { ensureGuestRoom, itemsOf } from './guest-limits';

/*
 * The cart's API (docs/api.md): its answer, and each change as a plan the engine writes
 * (cart-engine.ts). Every call answers the whole cart.
 */

/**
 * The server's background sweep (server/index.ts, once a minute): carts left unchanged past their
 * expiry give their portions back even when nobody touches a cart. Answers how many it released.
 */
export function sweepExpiredCarts(db: Db, now: Date): Promise<number> {
  return releaseExpiredCarts(db, now);
}

/** The owner's cart; one left past its expiry or its delivery date gives its portions back first. */
export async function readCart(ctx: Omit<CartContext, 'demoData' | 'sharedTime'>, currentDate?: Promise<string | null>): Promise<Cart> {
  // Read with the session (one round trip for both), or here.
  const cart = ctx.session ? (ctx.session.snapshot?.cart ?? null) : await findCart(ctx.db, ctx.owner);
  if (cart && isStale(cart, await (currentDate ?? deliveryDateAt(ctx.db, ctx.now)), ctx.now)) {
    await ctx.db.transaction(async (tx) => {
      const locked = await findCart(tx, ctx.owner, true);
      if (locked?.id === cart.id) await dropCart(tx, locked);
    });
    return EMPTY_CART;
  }
  if (!cart) return EMPTY_CART;
  const customerId = ctx.owner.customerId;
  const [state, pending, settings, catalog] = await Promise.all([
    ctx.session?.snapshot ?? snapshotOf(ctx.db, cart, customerId),
    ctx.session ? ctx.session.cardPending : customerId !== null && hasLiveCardPayment(ctx.db, customerId),
    settingsOf(ctx.db),
    cartCatalog(ctx.db),
  ]);
  const { products, discount, totals } = priced(state, { settings, catalog });
  const answer = toView(cart, products, discount, totals, ctx.now);
  // Said only when true: a cart answer is otherwise unchanged.
  return pending ? { ...answer, payment_pending: true } : answer;
}

/** A discount is valid within its dates and while uses remain. */
function discountUsable(d: { startsOn: string | null; endsOn: string | null; maxUses: number | null; uses: number }, today: string) {
  return (!d.startsOn || d.startsOn <= today) && (!d.endsOn || d.endsOn >= today) && (d.maxUses === null || d.uses < d.maxUses);
}

const lineLimit = () =>
  refusal(409, CART_ERRORS.lineLimit, `Vous ne pouvez pas ajouter plus de ${CART_LINE_MAX_QUANTITY} fois le même article.`, 'id');

/**
 * One more of a line (created when new): within the line's limit, the cart's CART_MAX_LINES
 * different articles and a guest's room; its portions are taken by the write.
 */
function addOne(state: CartSnapshot, owner: CartOwner, line: { uniqueId: string; productId: number | null; menuId: number | null; composition: Composition | null }): Plan {
  const current = state.lines.find((l) => l.uniqueId === line.uniqueId);
  if (current && current.quantity >= CART_LINE_MAX_QUANTITY) throw lineLimit();
  if (!current && state.lines.length + 1 > CART_MAX_LINES) {
    throw refusal(409, CART_ERRORS.lineLimit, `Votre panier est complet : ${CART_MAX_LINES} articles différents au plus.`, 'id');
  }
  ensureGuestRoom(itemsOf(state.lines) + 1, owner);
  return { line: { ...line, quantity: (current?.quantity ?? 0) + 1 }, portions: portionsOf(line) };
}

export function addProduct(ctx: CartContext, productId: number): Promise<Cart> {
  return change(ctx, async (state, _conn, _date, reads) => {
    const product = reads.dishes?.get(productId);
    if (!product) throw refusal(422, CART_ERRORS.unavailable, 'Ce plat n’est pas au menu de cette livraison.', 'id');
    return addOne(state, ctx.owner, { uniqueId: `product-${product.id}`, productId: product.id, menuId: null, composition: null });
  });
}

export function addMenu(ctx: CartContext, formatted: FormattedMenu): Promise<Cart> {
  return change(ctx, async (state, _conn, _date, reads) => {
    const menu = reads.menus?.find((m) => m.id === formatted.id);
    if (!menu) throw refusal(422, CART_ERRORS.invalidMenu, 'Cette formule n’est pas proposée pour cette livraison.', 'menu');
    const composition = checkComposition(menu, formatted);
    return addOne(state, ctx.owner, { uniqueId: menuLineId(menu.id, composition), productId: null, menuId: menu.id, composition });
  }, true, { menus: true });
}

/** +1 or −1 on a line (by its unique_id); 0 removes it and gives its portions back. */
export function changeQuantity(ctx: CartContext, uniqueId: string, delta: 1 | -1): Promise<Cart> {
  return change(ctx, async (state) => {
    const line = state.lines.find((l) => l.uniqueId === uniqueId);
    if (!line) throw refusal(404, CART_ERRORS.unknownLine, 'Cet article n’est plus dans votre panier.', 'id');
    if (delta > 0) return addOne(state, ctx.owner, line);
    const portions = new Map([...portionsOf(line)].map(([id, n]) => [id, -n]));
    return { line: { ...line, quantity: line.quantity - 1 }, portions };
  });
}

export type Bonus = 'cutlery' | 'toteBags';

const BONUS = {
  cutlery: { setting: 'enable_cutlery', code: CART_ERRORS.cutlery, notice: CART_NOTICES.cutlery, off: 'Les couverts ne sont pas proposés en ce moment.' },
  toteBags: { setting: 'enable_tote_bags', code: CART_ERRORS.toteBags, notice: CART_NOTICES.toteBags, off: 'Les tote bags ne sont pas proposés en ce moment.' },
} as const;

/** The amounts of a snapshot's cart as it stands. */
const totalsNow = (state: CartSnapshot, reads: SharedReads) => priced(state, reads).totals;

/** One more or one less cutlery set or tote bag: one per formula at most, when the setting offers it. */
export function changeBonus(ctx: CartContext, bonus: Bonus, delta: 1 | -1): Promise<Cart> {
  return change(ctx, async (state, _conn, _date, reads) => {
    const current = state.cart[bonus];
    if (delta < 0) return { fields: { [bonus]: Math.max(0, current - 1) } };
    const rule = BONUS[bonus];
    if (reads.settings[rule.setting] !== '1') throw refusal(409, CART_ERRORS.bonusDisabled, rule.off);
    if (current + 1 > totalsNow(state, reads).formulas) throw refusal(409, rule.code, rule.notice.title);
    return { fields: { [bonus]: current + 1 } };
  }, delta > 0);
}

/** Returns one more container (POST) or takes one back (DELETE). */
export function changeDeposits(ctx: CartContext, delta: 1 | -1): Promise<Cart> {
  return change(ctx, async (state, conn, _date, reads) => {
    const returned = state.cart.depositsReturned;
    if (delta < 0) return { fields: { depositsReturned: Math.max(0, returned - 1) } };
    // Those on their way to the customer (an order not yet delivered) cannot be returned yet.
    // The session's read brought the containers the customer holds.
    const customerId = ctx.owner.customerId;
    const held = customerId && state.heldDeposits ? await returnableDeposits(conn, customerId, state.heldDeposits, ctx.now) : 0;
    if (returned + 1 > held) {
      // Held, but still on their way: said so, not "none left" (the account counts them).
      if (returned + 1 <= (state.heldDeposits ?? 0)) throw refusal(409, CART_ERRORS.depositsNotDelivered, CART_NOTICES.depositsNotDelivered.message);
      throw refusal(409, CART_ERRORS.notEnoughDeposit, CART_NOTICES.notEnoughDeposit.title);
    }
    if (returned + 1 > maxReturnableDeposits(totalsNow(state, reads).orderAmount, held)) {
      throw refusal(409, CART_ERRORS.cannotRemoveDeposit, CART_NOTICES.cannotRemoveDeposit.title);
    }
    return { fields: { depositsReturned: returned + 1 } };
  }, delta > 0);
}

/**
 * A promo code, or another customer's sponsor code (first order only). Every failure is the one
 * message, so codes cannot be probed one reason at a time (docs/product/codes.md).
 */
export function applyDiscount(ctx: CartContext, code: string): Promise<Cart> {
  return change(ctx, async (state, conn, _date, reads) => {
    const discount = await findDiscountByCode(conn, code, ctx.demoData);
    const customerId = ctx.owner.customerId;
    // A welcome code is for a first order: known once logged in, checked again at validation and placement.
    const firstOrderKept = async () => !customerId || !(await hasOrdered(conn, customerId));
    if (discount && discountUsable(discount, parisDate(ctx.now)) && (!discount.firstOrderOnly || (await firstOrderKept()))) {
      return { fields: { discountId: discount.id, sponsorCustomerId: null }, discount: { code: discount.code, id: discount.id, rule: discount } };
    }
    const sponsor = discount ? null : await findSponsor(conn, code, ctx.demoData);
    if (sponsor && sponsor.id !== customerId && (await firstOrderKept())) {
      if (totalsNow(state, reads).items >= SPONSOR_MIN_BASKET_CENTS) {
        return { fields: { discountId: null, sponsorCustomerId: sponsor.id }, discount: { code: sponsor.sponsorCode, id: null, rule: sponsorRule(reads.settings) } };
      }
    }
    throw refusal(422, CART_ERRORS.invalidDiscount, CART_NOTICES.invalidDiscount, 'code');
  });
}

export function removeDiscount(ctx: CartContext): Promise<Cart> {
  return change(ctx, async () => ({ fields: { discountId: null, sponsorCustomerId: null }, discount: null }), false);
}
