import { CART_ERRORS, CART_NOTICES, type Cart, type CartProduct } from '#shared/api/cart';
import type { FormattedMenu } from '#shared/api/catalog';
import type { CartMergeNotice } from '#shared/api/state';
import { ANONYMOUS_CART_MAX_HOLD_MS, ANONYMOUS_CART_MAX_ITEMS, CART_LINE_MAX_QUANTITY, CART_MAX_LINES, CART_TTL_MS, GUEST_ADDRESS_MAX_PORTIONS, GUEST_CART_MAX_PORTIONS, GUEST_CART_TTL_MS, CUTLERY_UNIT_PRICE_CENTS, SPONSOR_MIN_BASKET_CENTS, TOTE_BAG_UNIT_PRICE_CENTS } from '#shared/constants';
import { formatAmount } from '#shared/money';
import { parisDate } from '#shared/time';
import type { Db, Tx } from '../../db/client';
import type { Composition } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { cachedRead } from '../../lib/read-cache';
import { productsOfDate, type DatedProduct } from '../catalog/catalog.repo';
import { menusForDate } from '../catalog/catalog.service';
import { deliveryDateAt, settingsOf } from '../state/state.service';
import {
  cartById,
  deleteCart,
  dropCart,
  findCart,
  findDiscount,
  findDiscountByCode,
  findLine,
  wholeLineCatalog,
  findOrCreateCart,
  guestPortionsAt,
  portionsHeld,
  findSponsor,
  findSponsorCode,
  hasOrdered,
  hasLiveCardPayment,
  heldDeposits,
  returnableDeposits,
  lineCatalog,
  linesOf,
  moveLines,
  portionsOf,
  release,
  saveCart,
  setLineQuantity,
  type CartOwner,
  type CartRow,
  type LineRow,
} from './cart.repo';
import { checkComposition, menuLineId } from './cart-composition';
import { noteCartExpiry, releaseDueCarts } from './cart-sweep';
import { maxReturnableDeposits, priceCart, type CartTotals, type DiscountRule } from './cart-pricing';
import { applyCartWrite } from './cart-apply';
import type { CartSnapshot, SessionCart } from './cart-snapshot';
import { countSoldOut } from '../../lib/metrics';

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

const refusal = (status: number, code: string, message: string, field?: string) =>
  new AppError(status, code, message, field ? { [field]: [message] } : undefined);

const isStale = (cart: CartRow, date: string | null, now: Date) => cart.deliveryDate !== date || cart.expiresAt.getTime() <= now.getTime();

/** A discount is valid within its dates and while uses remain. */
function discountUsable(d: { startsOn: string | null; endsOn: string | null; maxUses: number | null; uses: number }, today: string) {
  return (!d.startsOn || d.startsOn <= today) && (!d.endsOn || d.endsOn >= today) && (d.maxUses === null || d.uses < d.maxUses);
}

/** The sponsor discount every customer's code gives (settings, same convention as promo codes). */
export function sponsorRule(settings: Record<string, string>): DiscountRule {
  return { amountType: Number(settings.sponsor_discount_amount_type ?? 2), amount: Number(settings.sponsor_discount_amount ?? 0) };
}

type Settings = Record<string, string>;
type LineCatalog = Awaited<ReturnType<typeof lineCatalog>>;

/**
 * What a change or a view reads of rarely-changing tables, from the in-process copies
 * (server/lib/read-cache.ts), read before a change's transaction begins so it holds its row lock
 * for fewer round trips.
 */
interface SharedReads {
  settings: Settings;
  catalog: LineCatalog;
  /** The dishes cooked on the change's delivery date (only a change has one). */
  dishes?: Map<number, DatedProduct>;
  /** The formulas offered on that date, for the changes that ask for them (adding a formula). */
  menus?: FormattedMenus;
}

type FormattedMenus = Awaited<ReturnType<typeof menusForDate>>;
/** The formulas of a date with their dishes, as adding a formula checks a composition against them. */
const menusOn = (db: Db, date: string) => cachedRead(db, `cart-menus:${date}`, () => menusForDate(db, date));

/** Names, covers and prices of every dish and formula, and every extra's price (a few dozen rows). */
const cartCatalog = (db: Db) => cachedRead(db, 'cart-catalog', () => wholeLineCatalog(db));
/** The dishes cooked on a date, by id (the cart's "is it on the menu" check; stock is the UPDATE's). */
const dishesOn = (db: Db, date: string) =>
  cachedRead(db, `dishes-on:${date}`, async () => new Map((await productsOfDate(db, date)).map((p) => [p.id, p])));
type CartDiscount = { code: string; id: number | null; rule: DiscountRule } | null;

function totalsOf(cart: CartRow, products: CartProduct[], discount: CartDiscount) {
  return priceCart({
    lines: products.map((p) => ({ unitPrice: p.unit_price, quantity: p.quantity, isMenu: Boolean(p.sub_products) })),
    cutlery: cart.cutlery,
    toteBags: cart.toteBags,
    depositsReturned: cart.depositsReturned,
    discount: discount?.rule ?? null,
  });
}

/**
 * A cart as the session's query reads it (cart-snapshot.ts), read here instead: its lines, its code
 * and the containers `holder` may return (with `now`, less those still on their way).
 */
async function snapshotOf(conn: Db | Tx, cart: CartRow, holder: number | null, now?: Date): Promise<CartSnapshot> {
  const [lines, discount, sponsorCode, held] = await Promise.all([
    linesOf(conn, cart.id),
    cart.discountId ? findDiscount(conn, cart.discountId) : null,
    cart.sponsorCustomerId ? findSponsorCode(conn, cart.sponsorCustomerId) : null,
    heldDeposits(conn, holder, now),
  ]);
  return { cart, lines, discount, sponsorCode, heldDeposits: held };
}

/** A snapshot's lines as the API shows them, the code its cart shows, and its amounts. */
function priced(state: CartSnapshot, reads: Pick<SharedReads, 'settings' | 'catalog'>) {
  const products = state.lines.map((line) => toCartProduct(line, reads.catalog));
  const discount = discountOf(state, reads.settings);
  return { products, discount, totals: totalsOf(state.cart, products, discount) };
}

/**
 * Everything the cart's amounts and view need, read in one go. The settings come from the
 * in-process copy (a transaction passes the ones its change read before it began).
 */
async function loadCart(conn: Db | Tx, cart: CartRow, customerId: number | null, reads?: SharedReads, now?: Date) {
  const state = await snapshotOf(conn, cart, customerId, now);
  const [catalog, settings] = await Promise.all([reads?.catalog ?? lineCatalog(conn, state.lines), reads?.settings ?? settingsOf(conn as Db)]);
  return { ...priced(state, { settings, catalog }), lines: state.lines, catalog, held: state.heldDeposits, settings };
}

function toCartProduct(line: LineRow, catalog: LineCatalog): CartProduct {
  if (line.productId) {
    const p = catalog.products.get(line.productId);
    return {
      unique_id: line.uniqueId,
      product_id: line.productId,
      product_name: p?.name ?? 'Plat retiré de la carte',
      unit_price: p?.priceCents ?? 0,
      quantity: line.quantity,
      cover_url: p?.coverUrl ?? null,
    };
  }
  const menu = catalog.menus.get(line.menuId!);
  const composition = line.composition ?? { sub_products: {}, additional_products: {} };
  const sub = [
    ...Object.entries(composition.sub_products).map(([category, id]) => ({ category: Number(category), id, extra: false })),
    ...Object.entries(composition.additional_products).flatMap(([category, ids]) => ids.map((id) => ({ category: Number(category), id, extra: true }))),
  ];
  let unitPrice = menu?.priceCents ?? 0;
  for (const s of sub) if (s.extra) unitPrice += catalog.extraPrice(s.category, s.id);
  const main = sub.find((s) => !s.extra && catalog.products.get(s.id)?.category === 'main') ?? sub[0];
  return {
    unique_id: line.uniqueId,
    product_id: line.menuId!,
    product_name: menu?.name ?? 'Formule',
    unit_price: unitPrice,
    quantity: line.quantity,
    cover_url: main ? (catalog.products.get(main.id)?.coverUrl ?? null) : null,
    sub_products: sub.map((s) => ({ product_id: s.id, product_name: catalog.products.get(s.id)?.name ?? '', category_id: s.category, extra: s.extra })),
  };
}

const EMPTY_CART: Cart = {
  products: [],
  tote_bags: { unit_price: TOTE_BAG_UNIT_PRICE_CENTS, quantity: 0 },
  cutlery: { unit_price: CUTLERY_UNIT_PRICE_CENTS, quantity: 0 },
  final_price: formatAmount(0),
  discount_code: null,
  discount_id: null,
  discount_amount: 0,
  deposit_added_amount: 0,
  deposit_added_quantity: 0,
  deposit_removed_amount: 0,
  deposit_removed_quantity: 0,
  total_deposit: 0,
  expiration_in_seconds: 0,
};

/** The cart as the API answers it (docs/api.md): formulas first, then dishes. */
function toView(cart: CartRow, products: CartProduct[], discount: CartDiscount, totals: ReturnType<typeof totalsOf>, now: Date): Cart {
  const ordered = [...products.filter((p) => p.sub_products), ...products.filter((p) => !p.sub_products)];
  return {
    products: ordered,
    tote_bags: { unit_price: TOTE_BAG_UNIT_PRICE_CENTS, quantity: cart.toteBags },
    cutlery: { unit_price: CUTLERY_UNIT_PRICE_CENTS, quantity: cart.cutlery },
    final_price: formatAmount(totals.final),
    discount_code: discount?.code ?? null,
    discount_id: discount?.id ?? null,
    discount_amount: totals.discount,
    deposit_added_amount: totals.depositAdded,
    deposit_added_quantity: totals.depositAddedQuantity,
    deposit_removed_amount: totals.depositRemoved,
    deposit_removed_quantity: cart.depositsReturned,
    total_deposit: totals.depositAdded - totals.depositRemoved,
    // An empty cart holds nothing back: nothing to count down.
    expiration_in_seconds: products.length ? Math.max(0, Math.floor((cart.expiresAt.getTime() - now.getTime()) / 1000)) : 0,
  };
}

/** A live cart with everything checkout needs to snapshot it (null when empty, stale or missing). */
export async function cartForCheckout(db: Db, owner: CartOwner, now: Date) {
  const cart = await findCart(db, owner);
  if (!cart || isStale(cart, await deliveryDateAt(db, now), now)) return null;
  const loaded = await loadCart(db, cart, owner.customerId, undefined, now);
  return loaded.lines.length ? { cart, ...loaded } : null;
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

/**
 * Bonuses and returned deposits follow what is left in the cart: at most one cutlery set and one
 * tote bag per formula, returns worth at most the order and never more than the customer holds.
 * Answers the cart as saved, priced (null when it is gone).
 */
async function normalize(tx: Tx, cartOrId: CartRow | number, customerId: number | null, values: Partial<CartRow>, reads?: SharedReads) {
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
interface Plan {
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
type Planner = (state: CartSnapshot, conn: Db | Tx, date: string, reads: SharedReads) => Promise<Plan>;

interface Saved {
  cart: CartRow;
  products: CartProduct[];
  discount: CartDiscount;
  totals: CartTotals;
}

/** The code a snapshot's cart shows. */
function discountOf(state: CartSnapshot, settings: Settings): CartDiscount {
  if (state.discount) return { code: state.discount.code, id: state.discount.id, rule: state.discount };
  return state.sponsorCode ? { code: state.sponsorCode, id: null, rule: sponsorRule(settings) } : null;
}

/** The lines once `line` is set to its new quantity (0 takes it out; a new one goes last). */
function withLine(lines: LineRow[], cartId: number, line: Plan['line']): LineRow[] {
  if (!line) return lines;
  const next = lines.filter((l) => l.uniqueId !== line.uniqueId || line.quantity > 0).map((l) => (l.uniqueId === line.uniqueId ? { ...l, quantity: line.quantity } : l));
  if (line.quantity > 0 && !lines.some((l) => l.uniqueId === line.uniqueId)) next.push({ id: Number.MAX_SAFE_INTEGER, cartId, createdAt: new Date(0), ...line });
  return next;
}

/**
 * Computes the cart after `plan`, with the limits re-applied (bonuses and returned deposits follow
 * what is left: at most one cutlery set and one tote bag per formula, returns worth at most the
 * order and never more than the customer holds) and the countdown restarted, then writes it in one
 * statement while the cart is still at the version read. null: it moved on, nothing was written.
 */
async function write(conn: Db | Tx, state: CartSnapshot, plan: Plan, ctx: CartContext, date: string, reads: SharedReads, inTransaction: boolean): Promise<Saved | null> {
  const lines = withLine(state.lines, state.cart.id, plan.line);
  if (!ctx.owner.customerId && portionsHeld(lines) > portionsHeld(state.lines)) await ensureGuestPortions(conn, state.cart, lines, ctx);
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
  const outcome = await applyCartWrite(
    conn,
    { cartId: state.cart.id, version: state.cart.version, line: plan.line ?? null, date, portions: plan.portions ?? new Map(), discountId: changed.discountId, sponsorCustomerId: changed.sponsorCustomerId, ...limited },
    inTransaction,
  );
  if ('moved' in outcome) return null;
  if ('soldOut' in outcome) throw soldOut(reads.catalog.products.get(outcome.soldOut)?.name ?? 'ce plat');
  const cart = { ...changed, ...limited, version: outcome.version };
  return { cart, products, discount, totals: totalsOf(cart, products, discount) };
}

/**
 * Runs one cart change on the owner's cart for the current delivery date and answers the whole
 * cart. The usual case costs one statement after the session's reading: the change is planned from
 * the cart the session query read, and written while the cart is still at that version. Otherwise
 * (no cart yet, a stale one, a cart changed in between) it runs in a transaction on the locked cart
 * (created when missing, started over when stale).
 */
async function change(ctx: CartContext, plan: Planner, createsCart = true, needs: { menus?: boolean } = {}): Promise<Cart> {
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
  let saved: Saved | null = null;
  // Taking something out of a cart that does not exist changes nothing (and makes no empty row).
  if (ctx.session && !read && !createsCart) return EMPTY_CART;
  if (read && !isStale(read.cart, date, now)) saved = await write(db, read, await plan(read, db, date, reads), ctx, date, reads, false);
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
  if (saved) noteCartExpiry(db, saved.cart.expiresAt);
  // The answer is the cart as this change left it: no second reading after the write.
  return saved ? toView(saved.cart, saved.products, saved.discount, saved.totals, now) : EMPTY_CART;
}

/** A change restarts the cart's countdown; a guest's is shorter, and stops at its maximum hold from the cart's creation. */
function holdUntil(cart: CartRow, owner: CartOwner, now: Date): Date {
  if (owner.customerId) return new Date(now.getTime() + CART_TTL_MS);
  return new Date(Math.min(now.getTime() + GUEST_CART_TTL_MS, cart.createdAt.getTime() + ANONYMOUS_CART_MAX_HOLD_MS));
}

const LOG_IN_FOR_MORE = 'connectez-vous pour en ajouter davantage.';

/**
 * A guest's cart holds GUEST_CART_MAX_PORTIONS portions at most, and the guests of its address
 * GUEST_ADDRESS_MAX_PORTIONS together (several sessions of one visitor count as one). Checked
 * when a change adds portions; a few guests of one address adding at the very same moment may
 * pass it by one change each, which the short hold bounds.
 */
async function ensureGuestPortions(conn: Db | Tx, cart: CartRow, lines: LineRow[], ctx: CartContext) {
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

const itemsOf = (lines: LineRow[]) => lines.reduce((n, l) => n + l.quantity, 0);

/** A guest's cart holds ANONYMOUS_CART_MAX_ITEMS articles at most. */
function ensureGuestRoom(items: number, owner: CartOwner) {
  if (owner.customerId || items <= ANONYMOUS_CART_MAX_ITEMS) return;
  throw refusal(
    409,
    CART_ERRORS.anonymousLimit,
    `Sans compte, un panier réserve ${ANONYMOUS_CART_MAX_ITEMS} articles au plus : ${LOG_IN_FOR_MORE}`,
    'id',
  );
}

const soldOut = (name: string) => {
  countSoldOut('cart');
  return refusal(409, CART_ERRORS.soldOut, `Désolé, « ${name} » est épuisé pour cette livraison.`, 'id');
};
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
    if (returned + 1 > held) throw refusal(409, CART_ERRORS.notEnoughDeposit, CART_NOTICES.notEnoughDeposit.title);
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
        message: `Les ${articles(items)} de votre panier ont rejoint celui de votre compte : vérifiez-le, son total a changé.`,
      }
    : { kind, items, title: 'Panier retrouvé', message: `Votre panier (${articles(items)}) est maintenant enregistré sur votre compte.` };
}
