import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { MAX_ID } from '#shared/api/fields';
import type { Db } from '../../db/client';
import { menuCategories, menuCategoryProducts, menus, productAvailabilities, products } from '../../db/schema';

type ProductRow = typeof products.$inferSelect;

/** A product row with its availability on a date (null when the kitchen does not cook it then). */
export interface DatedProduct extends ProductRow {
  stock: number | null;
  reserved: number;
  available: boolean;
}

export const isSoldOut = (p: { available: boolean; stock: number | null; reserved: number }) =>
  p.available && p.stock !== null && p.reserved >= p.stock;

const datedColumns = {
  product: products,
  stock: productAvailabilities.stock,
  reserved: productAvailabilities.reserved,
  available: sql<boolean>`${productAvailabilities.productId} is not null`,
};

function joinAvailability(date: string) {
  return and(eq(productAvailabilities.productId, products.id), eq(productAvailabilities.date, date));
}

function toDated(row: { product: ProductRow; stock: number | null; reserved: number | null; available: boolean }): DatedProduct {
  return { ...row.product, stock: row.stock, reserved: row.reserved ?? 0, available: Boolean(row.available) };
}

/** Active formulas with their categories and the dishes of each available on `date`. */
export async function menusWithProducts(db: Db, date: string, menuId?: number) {
  const menuRows = await db
    .select()
    .from(menus)
    .where(menuId === undefined ? eq(menus.active, true) : and(eq(menus.active, true), eq(menus.id, menuId)))
    .orderBy(asc(menus.position), asc(menus.id));
  if (menuRows.length === 0) return [];
  const categoryRows = await db
    .select()
    .from(menuCategories)
    .where(inArray(menuCategories.menuId, menuRows.map((m) => m.id)))
    .orderBy(asc(menuCategories.position), asc(menuCategories.id));
  const linkRows = categoryRows.length
    ? await db
        .select({ categoryId: menuCategoryProducts.menuCategoryId, extraPriceCents: menuCategoryProducts.extraPriceCents, ...datedColumns })
        .from(menuCategoryProducts)
        .innerJoin(products, eq(products.id, menuCategoryProducts.productId))
        .innerJoin(productAvailabilities, joinAvailability(date))
        .where(inArray(menuCategoryProducts.menuCategoryId, categoryRows.map((c) => c.id)))
        .orderBy(asc(menuCategoryProducts.position), asc(products.id))
    : [];
  return menuRows.map((menu) => ({
    ...menu,
    categories: categoryRows
      .filter((c) => c.menuId === menu.id)
      .map((c) => ({
        ...c,
        products: linkRows.filter((l) => l.categoryId === c.id).map((l) => ({ ...toDated(l), extraPriceCents: l.extraPriceCents })),
      })),
  }));
}

/** Dishes cooked on `date` with portions left, in random order. */
export async function randomAvailableProducts(db: Db, date: string, count: number): Promise<DatedProduct[]> {
  const rows = await db
    .select(datedColumns)
    .from(products)
    .innerJoin(productAvailabilities, joinAvailability(date))
    .where(sql`(${productAvailabilities.stock} is null or ${productAvailabilities.reserved} < ${productAvailabilities.stock})`)
    .orderBy(sql`random()`)
    .limit(count);
  return rows.map(toDated);
}

/** Every dish cooked on `date`, sold-out ones included, by category then name. */
export async function productsOfDate(db: Db, date: string): Promise<DatedProduct[]> {
  const rows = await db
    .select(datedColumns)
    .from(products)
    .innerJoin(productAvailabilities, joinAvailability(date))
    .orderBy(sql`array_position(array['starter','main','dessert','drink'], ${products.category})`, asc(products.name));
  return rows.map(toDated);
}

/** One dish by id or slug, with its availability on `date`. */
export async function findProduct(db: Db, idOrSlug: string, date: string): Promise<DatedProduct | null> {
  const isId = /^\d+$/.test(idOrSlug);
  if (isId && Number(idOrSlug) > MAX_ID) return null;
  const where = isId ? eq(products.id, Number(idOrSlug)) : eq(products.slug, idOrSlug.toLowerCase());
  const [row] = await db
    .select(datedColumns)
    .from(products)
    .leftJoin(productAvailabilities, joinAvailability(date))
    .where(where)
    .limit(1);
  return row ? toDated(row) : null;
}

/** The active formulas a dish can be chosen in. */
export async function menusOfProduct(db: Db, productId: number) {
  return db
    .selectDistinct({ id: menus.id, slug: menus.slug, name: menus.name, position: menus.position })
    .from(menuCategoryProducts)
    .innerJoin(menuCategories, eq(menuCategories.id, menuCategoryProducts.menuCategoryId))
    .innerJoin(menus, eq(menus.id, menuCategories.menuId))
    .where(and(eq(menuCategoryProducts.productId, productId), eq(menus.active, true)))
    .orderBy(asc(menus.position));
}
