import { z } from 'zod';
import { dateQuerySchema, idField } from './fields';

export const catalogQuerySchema = dateQuerySchema;

/** A dish as listed in a formula's category or on the home page. Prices in cents. */
export const catalogProductSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  short_description: z.string(),
  /** Price of the dish sold alone. */
  price: z.number().int(),
  /** Price added to a formula when chosen among its extras ("petits plus"); 0 in required categories. */
  extra_price: z.number().int(),
  cover_url: z.string().nullable(),
  allergens: z.array(z.string()),
  /** Dietary tags: végétarien, vegan, sans gluten… */
  tags: z.array(z.string()),
  category: z.enum(['starter', 'main', 'dessert', 'drink']),
  /** Cooked that day but no portion left. */
  sold_out: z.boolean(),
});
export type CatalogProduct = z.infer<typeof catalogProductSchema>;

export const menuCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 1 starter, 2 main, 3 dessert, other drink. */
  type: z.number().int(),
  /** Required categories are one-product choices; the others form the "petits plus" extras. */
  required: z.boolean(),
  products: z.array(catalogProductSchema),
});
export type MenuCategory = z.infer<typeof menuCategorySchema>;

/** A formula of the day (shop.md §3 "Menu"). */
export const menuSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  categories: z.array(menuCategorySchema),
});
export type Menu = z.infer<typeof menuSchema>;
export const menusSchema = z.array(menuSchema);

export const menuParamsSchema = z.object({ id: z.coerce.number({ error: 'Formule inconnue.' }).pipe(idField('Formule inconnue.')) });

export const shuffleQuerySchema = catalogQuerySchema.extend({
  number: z.coerce
    .number({ error: 'Le nombre de plats doit être un entier entre 1 et 24.' })
    .int({ error: 'Le nombre de plats doit être un entier entre 1 et 24.' })
    .min(1, { error: 'Le nombre de plats doit être un entier entre 1 et 24.' })
    .max(24, { error: 'Le nombre de plats doit être un entier entre 1 et 24.' })
    .default(8),
});
export const productListSchema = z.array(catalogProductSchema);

export const productParamsSchema = z.object({
  id: z.string().min(1).max(120).regex(/^[a-z0-9-]+$/i, { error: 'Plat inconnu.' }),
});

/** The full dish (GET /api/products/{id}). */
export const productDetailSchema = catalogProductSchema.extend({
  description: z.string(),
  ingredients: z.array(z.string()),
  nutrition: z.object({ kcal: z.number(), proteins_g: z.number(), carbs_g: z.number(), fat_g: z.number() }).nullable(),
  /** Cooked on the delivery date asked for. */
  available: z.boolean(),
  /** The formulas of that date it can be chosen in. */
  menus: z.array(z.object({ id: z.number().int(), slug: z.string(), name: z.string() })),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** The formatted menu the cart receives (shop.md §3): category id → product id(s). */
export const formattedMenuSchema = z.object({
  id: idField('Formule inconnue.'),
  sub_products: z.record(z.string().regex(/^\d+$/), idField('Plat inconnu.')),
  additional_products: z.record(z.string().regex(/^\d+$/), z.array(idField('Plat inconnu.')).max(20)),
});
export type FormattedMenu = z.infer<typeof formattedMenuSchema>;
