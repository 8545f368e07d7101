import { z } from 'zod/mini';
import { formattedMenuSchema } from './catalog';
import { idField } from './fields';

export const cartSubProductSchema = z.object({
  product_id: z.int(),
  product_name: z.string(),
  category_id: z.int(),
  /** A "petit plus" (its price is in the formula's unit price). */
  extra: z.boolean(),
});

export const cartProductSchema = z.object({
  unique_id: z.string(),
  /** The dish's id, or the formula's. */
  product_id: z.int(),
  product_name: z.string(),
  /** Cents; a formula's includes its extras. */
  unit_price: z.int(),
  quantity: z.int(),
  cover_url: z.nullable(z.string()),
  /** Present on formulas only: the chosen dishes. */
  sub_products: z.optional(z.array(cartSubProductSchema)),
});

const bonusSchema = z.object({ unit_price: z.int(), quantity: z.int() });

/** The whole cart, as every cart call answers it (docs/api.md). Amounts in cents but final_price. */
export const cartSchema = z.object({
  products: z.array(cartProductSchema),
  tote_bags: bonusSchema,
  cutlery: bonusSchema,
  /** What is left to pay, formatted '12,90' (deposits and discount included). */
  final_price: z.string(),
  discount_code: z.nullable(z.string()),
  discount_id: z.nullable(z.int()),
  discount_amount: z.int(),
  deposit_added_amount: z.int(),
  deposit_added_quantity: z.int(),
  deposit_removed_amount: z.int(),
  deposit_removed_quantity: z.int(),
  total_deposit: z.int(),
  expiration_in_seconds: z.int(),
  /** Present (true) while a card payment of this basket is under way: it cannot change until that payment ends or is canceled. */
  payment_pending: z.optional(z.boolean()),
});
export type Cart = z.infer<typeof cartSchema>;
export type CartProduct = z.infer<typeof cartProductSchema>;

/** POST /api/cart/products */
export const addProductBodySchema = z.object({ id: idField('Ce plat est introuvable.') });
/** POST /api/cart/menus */
export const addMenuBodySchema = z.object({ menu: formattedMenuSchema });
/** POST /api/cart/increment and /decrement: the line's unique_id. */
export const cartLineBodySchema = z.object({ id: z.string({ error: 'Cet article n’est plus dans votre panier.' }).check(z.minLength(1), z.maxLength(120)) });
/** POST /api/cart/discounts */
export const discountBodySchema = z.object({ code: z.string({ error: 'Saisissez votre code promo.' }).check(z.trim(), z.minLength(1, { error: 'Saisissez votre code promo.' }), z.maxLength(40)) });

export { CART_ERRORS, CART_NOTICES } from './cart-codes';
