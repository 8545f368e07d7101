import { CART_ERRORS, type Cart, type CartProduct } from '#shared/api/cart';
import { ANONYMOUS_CART_MAX_HOLD_MS, CART_TTL_MS, GUEST_CART_TTL_MS } from '#shared/constants';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Composition } from '../../db/schema';
import { countSoldOut } from '../../lib/metrics';
import { deliveryDateAt, settingsOf } from '../shop/shop.service';
import { applyCartWrite } from './cart-apply';
import { maxReturnableDeposits, type CartTotals } from './cart-pricing';
import { cartCatalog, dishesOn, loadCart, menusOn, snapshotOf, type SharedReads } from './cart-reads';
import { refusal } from './cart-refusal';
import type { CartSnapshot } from './cart-snapshot';
import { noteCartExpiry, releaseDueCarts } from './cart-sweep';
import { discountOf, EMPTY_CART, toCartProduct, toView, totalsOf, type CartDiscount } from './cart-view';
import { cartById, dropCart, findCart, findOrCreateCart, portionsHeld, saveCart, type CartOwner, type CartRow, type LineRow } from './cart.repo';
import { guestAddressRefusal, guestCapOf } from './guest-limits';
import { keepChangedCart, KeptSessionUnconfirmed } from './kept-sessions';
import type { SessionCart } from './session-cart.service';

/*
 * The change engine: a cart change is planned from the cart as read (a Planner, cart.service.ts),
 * then written in one statement while the cart is still at that version, or in a transaction on
 * the locked cart (docs/decisions/0009-cart-in-one-statement.md).
 */

export interface CartContext {
  db: Db;
  now: Date;
  owner: CartOwner;
  /** Whether the demo's codes may be applied (never in production). */
  demoData: boolean;
  /** The cart the session query read with the session (undefined: not read, so read it here). */
  session?: SessionCart;
  /** `now` is everyone's time (Clock.shared): abandoned carts are released by it. */
  sharedTime: boolean;
  /** The client's address (as the rate limits read it): a guest's cart keeps it. */
  clientAddress?: string;
  /** Portions the guests of one address may hold together (GUEST_ADDRESS_MAX_PORTIONS times the rate limits' factor). */
  guestAddressMax?: number;
}

/** A cart left past its expiry, or made for another delivery date than the current one. */
export const isStale = (cart: CartRow, date: string | null, now: Date) => cart.deliveryDate !== date || cart.expiresAt.getTime() <= now.getTime();

/**
 * Bonuses and returned deposits follow what is left in the cart: at most one cutlery set and one
 * tote bag per formula, returns worth at most the order and never more than the customer holds.
 * Answers the cart as saved, priced (null when it is gone).
 */
export async function normalize(tx: Tx, cartOrId: CartRow | number, customerId: number | null, values: Partial<CartRow>, reads?: SharedReads) {
  const cart = typeof cartOrId === 'number' ? await cartById(tx, cartOrId) : cartOrId;
  if (!cart) return null;
  const cartId = cart.id;
  const { products, discount, totals, held } = await loadCart(tx, cart, customerId, reads);
  const limited = {
    ...values,
    cutlery: Math.min(cart.cutlery, totals.formulas),
    toteBags: Math.min(cart.toteBags, totals.formulas),
    depositsReturned: Math.min(cart.depositsReturned, maxReturnableDeposits(totals.orderAmount, held)),
  };
  await saveCart(tx, cartId, limited);
  const saved = { ...cart, ...limited };
  return { cart: saved, products, discount, totals: totalsOf(saved, products, discount) };
}

/** What a change does, computed from the cart as read: the line it sets, the portions, the cart's fields. */
export interface Plan {
  /** The line at its new quantity (0 removes it). */
  line?: { uniqueId: string; productId: number | null; menuId: number | null; composition: Composition | null; quantity: number };
  /** Portions per dish: taken when positive, given back when negative. */
  portions?: Map<number, number>;
  fields?: Partial<Pick<CartRow, 'cutlery' | 'toteBags' | 'depositsReturned' | 'discountId' | 'sponsorCustomerId'>>;
  /** The code the cart shows after the change, when the change sets it. */
  discount?: CartDiscount;
}

/**
 * A change, planned from the cart as read (`conn` for the lookups it needs: the database, or the
 * transaction of a locked cart). It refuses by throwing, before anything is written.
 */
export type Planner = (state: CartSnapshot, conn: Db | Tx, date: string, reads: SharedReads) => Promise<Plan>;

interface Saved {
  cart: CartRow;
  products: CartProduct[];
  discount: CartDiscount;
  totals: CartTotals;
  /** The cart as it now is, for the kept session; null when this server cannot know it whole (a new line's id, a new code's row). */
  snapshot: CartSnapshot | null;
}

/** A line not written yet: its id is the database's to give (it sorts last meanwhile). */
const NEW_LINE_ID = Number.MAX_SAFE_INTEGER;

/** The lines once `line` is set to its new quantity (0 takes it out; a new one goes last). */
function withLine(lines: LineRow[], cartId: number, line: Plan['line']): LineRow[] {
  if (!line) return lines;
  const next = lines.filter((l) => l.uniqueId !== line.uniqueId || line.quantity > 0).map((l) => (l.uniqueId === line.uniqueId ? { ...l, quantity: line.quantity } : l));
  if (line.quantity > 0 && !lines.some((l) => l.uniqueId === line.uniqueId)) next.push({ id: NEW_LINE_ID, cartId, createdAt: new Date(0), ...line });
  return next;
}

const soldOut = (name: string) => {
  countSoldOut('cart');
  return refusal(409, CART_ERRORS.soldOut, `Désolé, « ${name} » est épuisé pour cette livraison.`, 'id');
};

/**
 * Computes the cart after `plan`, with the limits re-applied (bonuses and returned deposits follow
 * what is left: at most one cutlery set and one tote bag per formula, returns worth at most the
 * order and never more than the customer holds) and the countdown restarted, then writes it in one
 * statement while the cart is still at the version read. null: it moved on, nothing was written.
 */
async function write(conn: Db | Tx, state: CartSnapshot, plan: Plan, ctx: CartContext, date: string, reads: SharedReads, inTransaction: boolean): Promise<Saved | null> {
  const lines = withLine(state.lines, state.cart.id, plan.line);
  const guestCap = !ctx.owner.customerId && portionsHeld(lines) > portionsHeld(state.lines) ? guestCapOf(state.cart, lines, ctx) : null;
  const products = lines.map((line) => toCartProduct(line, reads.catalog));
  const discount = plan.discount !== undefined ? plan.discount : discountOf(state, reads.settings);
  const changed = { ...state.cart, ...plan.fields };
  const totals = totalsOf(changed, products, discount);
  const limited = {
    cutlery: Math.min(changed.cutlery, totals.formulas),
    toteBags: Math.min(changed.toteBags, totals.formulas),
    depositsReturned: Math.min(changed.depositsReturned, maxReturnableDeposits(totals.orderAmount, state.heldDeposits)),
    expiresAt: holdUntil(state.cart, ctx.owner, ctx.now),
    updatedAt: ctx.now,
  };
  const kept = ctx.session?.kept && !inTransaction ? { sessionId: ctx.owner.sessionId, customerId: ctx.owner.customerId, csrfToken: ctx.session.kept.csrfToken, now: ctx.now, allowDemo: ctx.demoData } : null;
  const outcome = await applyCartWrite(
    conn,
    { cartId: state.cart.id, version: state.cart.version, line: plan.line ?? null, date, portions: plan.portions ?? new Map(), discountId: changed.discountId, sponsorCustomerId: changed.sponsorCustomerId, ...limited, guestCap },
    inTransaction,
    kept,
  );
  if ('unconfirmed' in outcome) throw new KeptSessionUnconfirmed();
  if ('moved' in outcome) return null;
  if ('soldOut' in outcome) throw soldOut(reads.catalog.products.get(outcome.soldOut)?.name ?? 'ce plat');
  if ('guestCap' in outcome) throw guestAddressRefusal(guestCap!.max);
  const cart = { ...changed, ...limited, version: outcome.version };
  const whole = lines.every((l) => l.id !== NEW_LINE_ID);
  return { cart, products, discount, totals: totalsOf(cart, products, discount), snapshot: whole ? { ...state, ...codeOf(plan.discount, state), cart, lines } : null };
}

/** The code a snapshot shows after a change: the one the change set, else the one it had. */
function codeOf(set: Plan['discount'], state: CartSnapshot): Pick<CartSnapshot, 'discount' | 'sponsorCode'> {
  if (set === undefined) return { discount: state.discount, sponsorCode: state.sponsorCode };
  if (!set) return { discount: null, sponsorCode: null };
  if (set.id === null) return { discount: null, sponsorCode: set.code };
  return { discount: { id: set.id, code: set.code, amountType: set.rule.amountType, amount: set.rule.amount }, sponsorCode: null };
}

/**
 * Runs one cart change on the owner's cart for the current delivery date and answers the whole
 * cart. The usual case costs one statement after the session's reading: the change is planned from
 * the cart the session query read, and written while the cart is still at that version. Otherwise
 * (no cart yet, a stale one, a cart changed in between) it runs in a transaction on the locked cart
 * (created when missing, started over when stale).
 */
export async function change(ctx: CartContext, plan: Planner, createsCart = true, needs: { menus?: boolean } = {}): Promise<Cart> {
  const { db, now, owner } = ctx;
  // Portions of abandoned carts go back on sale before this change takes any.
  if (ctx.sharedTime) await releaseDueCarts(db, now);
  const [date, settings, catalog] = await Promise.all([deliveryDateAt(db, now), settingsOf(db), cartCatalog(db)]);
  if (!date) throw refusal(409, CART_ERRORS.noDeliveryDate, 'Aucune livraison n’est prévue pour le moment : les commandes rouvrent bientôt.');
  // Read before the transaction, never inside: on PGlite (one session) a read outside the
  // transaction would wait for it to end, and on PostgreSQL it would take a second connection.
  const [dishes, menus] = await Promise.all([dishesOn(db, date), needs.menus ? menusOn(db, date) : undefined]);
  const reads = { settings, catalog, dishes, menus };
  const read = ctx.session?.snapshot;
  const usual = read && !isStale(read.cart, date, now);
  // A kept session serves the usual case only: anything else starts over from the session's query.
  if (ctx.session?.kept && !usual) throw new KeptSessionUnconfirmed();
  let saved: Saved | null = null;
  // Taking something out of a cart that does not exist changes nothing (and makes no empty row).
  if (ctx.session && !read && !createsCart) return EMPTY_CART;
  if (usual) saved = await keptOrRead(ctx, async () => write(db, read, await plan(read, db, date, reads), ctx, date, reads, false));
  saved ??= await db.transaction(async (tx) => {
    let cart = await findCart(tx, owner, true);
    if (cart && isStale(cart, date, now)) {
      await dropCart(tx, cart);
      cart = null;
    }
    if (!cart && !createsCart) return null;
    cart ??= await findOrCreateCart(tx, owner, date, now, new Date(now.getTime() + (owner.customerId ? CART_TTL_MS : GUEST_CART_TTL_MS)), ctx.clientAddress);
    const state = await snapshotOf(tx, cart, cart.customerId);
    return write(tx, state, await plan(state, tx, date, reads), ctx, date, reads, true);
  });
  if (saved) {
    noteCartExpiry(db, saved.cart.expiresAt);
    keepChangedCart(db, owner.sessionId, saved.snapshot);
  }
  // The answer is the cart as this change left it: no second reading after the write.
  return saved ? toView(saved.cart, saved.products, saved.discount, saved.totals, now) : EMPTY_CART;
}

/**
 * The plan and the write of a change. A refusal met on a kept session (planned from it, or the
 * statement's) is not answered: the change starts over from the session's query, so that what it
 * refuses is what the database holds, for the session's true owner.
 */
async function keptOrRead(ctx: CartContext, run: () => Promise<Saved | null>): Promise<Saved | null> {
  try {
    return await run();
  } catch (err) {
    if (ctx.session?.kept && err instanceof AppError) throw new KeptSessionUnconfirmed();
    throw err;
  }
}

/** A change restarts the cart's countdown; a guest's is shorter, and stops at its maximum hold from the cart's creation. */
function holdUntil(cart: CartRow, owner: CartOwner, now: Date): Date {
  if (owner.customerId) return new Date(now.getTime() + CART_TTL_MS);
  return new Date(Math.min(now.getTime() + GUEST_CART_TTL_MS, cart.createdAt.getTime() + ANONYMOUS_CART_MAX_HOLD_MS));
}
