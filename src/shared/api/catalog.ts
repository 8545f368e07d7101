import { z } from 'zod/mini';
import { coverImageSchema } from './cover-image';
import { dateQuerySchema, idField } from './fields';

export const catalogQuerySchema = dateQuerySchema;

/** A dish as listed in a formula's category or on the home page. Prices in cents. */
export const catalogProductSchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  short_description: z.string(),
  /** Price of the dish sold alone. */
  price: z.int(),
  /** Price added to a formula when chosen among its extras ("petits plus"); 0 in required categories. */
  extra_price: z.int(),
  /** A drawing, or a photo's narrowest variant: the picture where one address is enough. */
  cover_url: z.nullable(z.string()),
  /** The dish's photo in every size (srcset), or null when it is shown by its drawing. */
  cover: z.nullable(coverImageSchema),
  allergens: z.array(z.string()),
  /** Dietary tags: végétarien, vegan, sans gluten… */
  tags: z.array(z.string()),
  category: z.enum(['starter', 'main', 'dessert', 'drink']),
  /** Cooked that day but no portion left. */
  sold_out: z.boolean(),
});
export type CatalogProduct = z.infer<typeof catalogProductSchema>;

export const menuCategorySchema = z.object({
  id: z.int(),
  name: z.string(),
  /** 1 starter, 2 main, 3 dessert, other drink. */
  type: z.int(),
  /** Required categories are one-product choices; the others form the "petits plus" extras. */
  required: z.boolean(),
  products: z.array(catalogProductSchema),
});
export type MenuCategory = z.infer<typeof menuCategorySchema>;

/** A formula of the day (docs/product/catalog.md). */
export const menuSchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.int(),
  categories: z.array(menuCategorySchema),
});
export type Menu = z.infer<typeof menuSchema>;
export const menusSchema = z.array(menuSchema);

export const menuParamsSchema = z.object({ id: z.pipe(z.coerce.number({ error: 'Formule inconnue.' }), idField('Formule inconnue.')) });

const shuffleNumberMessage = 'Le nombre de plats doit être un entier entre 1 et 24.';
export const shuffleQuerySchema = z.extend(catalogQuerySchema, {
  number: z._default(
    z.pipe(
      z.coerce.number({ error: shuffleNumberMessage }),
      z.int({ error: shuffleNumberMessage }).check(z.minimum(1, { error: shuffleNumberMessage }), z.maximum(24, { error: shuffleNumberMessage })),
    ),
    8,
  ),
});
export const productListSchema = z.array(catalogProductSchema);

export const productParamsSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(120), z.regex(/^[a-z0-9-]+$/i, { error: 'Plat inconnu.' })),
});

/** The full dish (GET /api/products/{id}). */
export const productDetailSchema = z.extend(catalogProductSchema, {
  description: z.string(),
  ingredients: z.array(z.string()),
  nutrition: z.nullable(z.object({ kcal: z.number(), proteins_g: z.number(), carbs_g: z.number(), fat_g: z.number() })),
  /** Cooked on the delivery date asked for. */
  available: z.boolean(),
  /** The formulas of that date it can be chosen in. */
  menus: z.array(z.object({ id: z.int(), slug: z.string(), name: z.string() })),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** The formatted menu the cart receives (docs/product/catalog.md): category id → product id(s). */
export const formattedMenuSchema = z.object({
  id: idField('Formule inconnue.'),
  sub_products: z.record(z.string().check(z.regex(/^\d+$/)), idField('Plat inconnu.')),
  additional_products: z.record(z.string().check(z.regex(/^\d+$/)), z.array(idField('Plat inconnu.')).check(z.maxLength(20))),
});
export type FormattedMenu = z.infer<typeof formattedMenuSchema>;
