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

/** The whole cart, as every cart call answers it (shop.md §3). Amounts in cents but final_price. */
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

/** Codes of the cart's refusals; the client maps them to the spec's notices (shop.md §8). */
export const CART_ERRORS = {
  soldOut: 'sold_out',
  unavailable: 'unavailable',
  invalidMenu: 'invalid_menu',
  lineLimit: 'line_limit',
  unknownLine: 'unknown_line',
  noDeliveryDate: 'no_delivery_date',
  cutlery: 'cutlery_limit',
  toteBags: 'tote_bags_limit',
  bonusDisabled: 'bonus_disabled',
  notEnoughDeposit: 'not_enough_deposit',
  cannotRemoveDeposit: 'cannot_remove_deposit',
  invalidDiscount: 'invalid_discount',
  anonymousLimit: 'anonymous_limit',
} as const;

/** The spec's cart notices: title and message (shop.md §5 "Cart limits", §8). */
export const CART_NOTICES = {
  cutlery: { title: 'Nos couverts sont limités !', message: 'Un set de couverts par formule achetée : moins de plastique, moins de gaspillage.' },
  toteBags: { title: 'Nos tote bags sont limités !', message: 'Un tote bag est offert par formule achetée.' },
  cannotRemoveDeposit: {
    title: 'Impossible de rendre plus de consignes !',
    message: 'La valeur des consignes rendues ne peut pas dépasser le montant de votre commande.',
  },
  notEnoughDeposit: { title: 'Pas si vite !', message: 'Vous n’avez plus de consigne à rendre.' },
  invalidDiscount: "Votre code n'existe pas ou n'est plus valable",
} as const;
