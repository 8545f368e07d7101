import type { CatalogProduct } from '#shared/api/catalog';
import type { Db, Tx } from '../../db/client';
import { cachedRead } from '../../lib/read-cache';
import { dayProducts, menusForDate } from '../catalog/catalog.service';
import { settingsOf } from '../shop/shop.service';
import type { CartSnapshot } from './cart-snapshot';
import { findDiscount, findSponsorCode, heldDeposits, lineCatalog, linesOf, wholeLineCatalog, type CartRow } from './cart.repo';
import { priced, type LineCatalog, type Settings } from './cart-view';

/**
 * What a change or a view reads of rarely-changing tables, from the in-process copies
 * (server/lib/read-cache.ts), read before a change's transaction begins so it holds its row lock
 * for fewer round trips.
 */
export interface SharedReads {
  settings: Settings;
  catalog: LineCatalog;
  /** The dishes cooked on the change's delivery date (only a change has one). */
  dishes?: Map<number, CatalogProduct>;
  /** The formulas offered on that date, for the changes that ask for them (adding a formula). */
  menus?: FormattedMenus;
}

type FormattedMenus = Awaited<ReturnType<typeof menusForDate>>;
/** The formulas of a date with their dishes, as adding a formula checks a composition against them. */
export const menusOn = (db: Db, date: string) => cachedRead(db, `cart-menus:${date}`, () => menusForDate(db, date));

/** Names, covers and prices of every dish and formula, and every extra's price (a few dozen rows). */
export const cartCatalog = (db: Db) => cachedRead(db, 'cart-catalog', () => wholeLineCatalog(db));
/** The dishes cooked on a date, by id (the cart's "is it on the menu" check; stock is the UPDATE's). */
export const dishesOn = (db: Db, date: string) =>
  cachedRead(db, `dishes-on:${date}`, async () => new Map((await dayProducts(db, date)).map((p) => [p.id, p])));

/**
 * A cart as the session's query reads it (session-cart.repo.ts), read here instead: its lines, its code
 * and the containers `holder` may return (with `now`, less those still on their way).
 */
export async function snapshotOf(conn: Db | Tx, cart: CartRow, holder: number | null, now?: Date): Promise<CartSnapshot> {
  const [lines, discount, sponsorCode, held] = await Promise.all([
    linesOf(conn, cart.id),
    cart.discountId ? findDiscount(conn, cart.discountId) : null,
    cart.sponsorCustomerId ? findSponsorCode(conn, cart.sponsorCustomerId) : null,
    heldDeposits(conn, holder, now),
  ]);
  return { cart, lines, discount, sponsorCode, heldDeposits: held };
}

/**
 * Everything the cart's amounts and view need, read in one go. The settings come from the
 * in-process copy (a transaction passes the ones its change read before it began).
 */
export async function loadCart(conn: Db | Tx, cart: CartRow, customerId: number | null, reads?: SharedReads, now?: Date) {
  const state = await snapshotOf(conn, cart, customerId, now);
  const [catalog, settings] = await Promise.all([reads?.catalog ?? lineCatalog(conn, state.lines), reads?.settings ?? settingsOf(conn as Db)]);
  return { ...priced(state, { settings, catalog }), lines: state.lines, catalog, held: state.heldDeposits, settings };
}
