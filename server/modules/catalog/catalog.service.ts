import { menuSchema, menusSchema, productDetailSchema, productListSchema, type CatalogProduct, type Menu, type ProductDetail } from '#shared/api/catalog';
import { notFound } from '../../lib/errors';
import { serializeBody, type SerializedBody } from '../../lib/http-cache';
import { cachedRead } from '../../lib/read-cache';
import { coverOfRow } from '../../media/cover-columns';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { findProduct, isSoldOut, menusOfProduct, menusWithProducts, productsOfDate, randomAvailableProducts, type DatedProduct } from './catalog.repo';

function toCatalogProduct(p: DatedProduct, extraPrice = 0): CatalogProduct {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    short_description: p.shortDescription,
    price: p.priceCents,
    extra_price: extraPrice,
    cover_url: p.coverUrl,
    cover: coverOfRow(p),
    allergens: p.allergens,
    tags: p.tags,
    category: p.category as CatalogProduct['category'],
    sold_out: isSoldOut(p),
  };
}

/**
 * The formulas of a date. A formula is offered only when each of its required categories has at
 * least one dish cooked that day; categories list only the dishes cooked that day.
 */
export async function menusForDate(db: Db, date: string | null, menuId?: number): Promise<Menu[]> {
  if (!date) return [];
  const rows = await menusWithProducts(db, date, menuId);
  return rows
    .map((m) => ({
      id: m.id,
      slug: m.slug,
      name: m.name,
      description: m.description,
      price: m.priceCents,
      categories: m.categories.map((c) => ({
        id: c.id,
        name: c.name,
        type: c.type,
        required: c.required,
        products: c.products.map((p) => toCatalogProduct(p, c.required ? 0 : p.extraPriceCents)),
      })),
    }))
    .filter((m) => m.categories.every((c) => !c.required || c.products.length > 0));
}

export async function menuById(db: Db, date: string | null, id: number): Promise<Menu> {
  const [menu] = await menusForDate(db, date, id);
  if (!menu) throw notFound('Cette formule n’est pas proposée ce jour-là.');
  return menu;
}

export async function shuffle(db: Db, date: string | null, count: number): Promise<CatalogProduct[]> {
  if (!date) return [];
  return (await randomAvailableProducts(db, date, count)).map((p) => toCatalogProduct(p));
}

export async function dayProducts(db: Db, date: string | null): Promise<CatalogProduct[]> {
  if (!date) return [];
  return (await productsOfDate(db, date)).map((p) => toCatalogProduct(p));
}

/** The 404 of an id or a slug that names no dish. */
export const UNKNOWN_DISH = 'Ce plat est introuvable.';

export async function productDetail(db: Db, date: string | null, idOrSlug: string): Promise<ProductDetail> {
  const product = await findProduct(db, idOrSlug, date ?? '0000-01-01');
  if (!product) throw notFound(UNKNOWN_DISH);
  const menus = product.available ? await menusOfProduct(db, product.id) : [];
  // Only formulas offered that day count (each required course has something cooked).
  const offered = new Set(menus.length ? (await menusForDate(db, date)).map((m) => m.id) : []);
  return {
    ...toCatalogProduct(product),
    description: product.description,
    ingredients: product.ingredients,
    nutrition: product.nutrition
      ? { kcal: product.nutrition.kcal, proteins_g: product.nutrition.proteinsG, carbs_g: product.nutrition.carbsG, fat_g: product.nutrition.fatG }
      : null,
    available: product.available,
    menus: menus.filter((m) => offered.has(m.id)).map(({ id, slug, name }) => ({ id, slug, name })),
  };
}

/** How findProduct reads an id or a slug: digits are an id (leading zeros or not), a slug in lower case. */
const productKey = (idOrSlug: string) => (/^\d+$/.test(idOrSlug) ? String(Number(idOrSlug)) : idOrSlug.toLowerCase());

/** Every dish's id and slug, whatever its dates (a dish page shows one that is not served too). */
const productKeys = (db: Db): Promise<Set<string>> =>
  cachedRead(db, 'product-keys', async () => new Set((await db.select({ id: products.id, slug: products.slug }).from(products)).flatMap((row) => [String(row.id), row.slug.toLowerCase()])));

/**
 * The public catalog's answers for a delivery date, serialized once and kept in the in-process copy
 * (server/lib/read-cache.ts, dropped on any catalog change): the API routes send them, and the
 * server's page rendering reads the very same.
 */
export const catalogAnswers = {
  menus: (db: Db, date: string | null): Promise<SerializedBody> =>
    cachedRead(db, `menus:${date}`, async () => serializeBody(menusSchema, await menusForDate(db, date))),
  menu: (db: Db, date: string | null, id: number): Promise<SerializedBody> =>
    cachedRead(db, `menu:${date}:${id}`, async () => serializeBody(menuSchema, await menuById(db, date, id))),
  products: (db: Db, date: string | null): Promise<SerializedBody> =>
    cachedRead(db, `products:${date}`, async () => serializeBody(productListSchema, await dayProducts(db, date))),
  product: async (db: Db, date: string | null, idOrSlug: string): Promise<SerializedBody> => {
    // An invented address costs no query: a flood of them (a page each) would cost one apiece.
    if (!(await productKeys(db)).has(productKey(idOrSlug))) throw notFound(UNKNOWN_DISH);
    return cachedRead(db, `product:${date}:${idOrSlug}`, async () => serializeBody(productDetailSchema, await productDetail(db, date, idOrSlug)));
  },
};
