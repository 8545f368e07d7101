import type { Cart, CartProduct } from '#shared/api/cart';
import { CUTLERY_UNIT_PRICE_CENTS, TOTE_BAG_UNIT_PRICE_CENTS } from '#shared/constants';
import { formatAmount } from '#shared/money';
import { sponsorRule } from '../shop/shop.service';
import { priceCart, type DiscountRule } from './cart-pricing';
import type { CartSnapshot } from './cart-snapshot';
import type { CartRow, LineRow, lineCatalog } from './cart.repo';

/*
 * The cart as the API shows it (docs/api.md): its lines named and priced from the catalog, the code
 * it shows, its amounts, and the answer every cart call gives.
 */

export type Settings = Record<string, string>;
/** Names, covers and prices of what lines refer to (cart.repo.ts, lineCatalog). */
export type LineCatalog = Awaited<ReturnType<typeof lineCatalog>>;
export type CartDiscount = { code: string; id: number | null; rule: DiscountRule } | null;

/** The amounts of a cart holding `products`, with its code's discount (cart-pricing.ts). */
export function totalsOf(cart: CartRow, products: CartProduct[], discount: CartDiscount) {
  return priceCart({
    lines: products.map((p) => ({ unitPrice: p.unit_price, quantity: p.quantity, isMenu: Boolean(p.sub_products) })),
    cutlery: cart.cutlery,
    toteBags: cart.toteBags,
    depositsReturned: cart.depositsReturned,
    discount: discount?.rule ?? null,
  });
}

/** A snapshot's lines as the API shows them, the code its cart shows, and its amounts. */
export function priced(state: CartSnapshot, reads: { settings: Settings; catalog: LineCatalog }) {
  const products = state.lines.map((line) => toCartProduct(line, reads.catalog));
  const discount = discountOf(state, reads.settings);
  return { products, discount, totals: totalsOf(state.cart, products, discount) };
}

/** The code a snapshot's cart shows. */
export function discountOf(state: CartSnapshot, settings: Settings): CartDiscount {
  if (state.discount) return { code: state.discount.code, id: state.discount.id, rule: state.discount };
  return state.sponsorCode ? { code: state.sponsorCode, id: null, rule: sponsorRule(settings) } : null;
}

export function toCartProduct(line: LineRow, catalog: LineCatalog): CartProduct {
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

export const EMPTY_CART: Cart = {
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
export function toView(cart: CartRow, products: CartProduct[], discount: CartDiscount, totals: ReturnType<typeof totalsOf>, now: Date): Cart {
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
