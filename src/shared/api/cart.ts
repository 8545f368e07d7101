import { z } from 'zod';

export const cartProductSchema = z.object({
  unique_id: z.string(),
  product_id: z.number().int(),
  product_name: z.string(),
  unit_price: z.number().int(),
  quantity: z.number().int(),
  cover_url: z.string().nullable(),
  /** Present on formulas only: the chosen dishes. */
  sub_products: z
    .array(z.object({ product_id: z.number().int(), product_name: z.string(), category_id: z.number().int(), extra: z.boolean() }))
    .optional(),
});

const bonusSchema = z.object({ unit_price: z.number().int(), quantity: z.number().int() });

/** The whole cart, as every cart call answers it (shop.md §3). Amounts in cents but final_price. */
export const cartSchema = z.object({
  products: z.array(cartProductSchema),
  tote_bags: bonusSchema,
  cutlery: bonusSchema,
  final_price: z.string(),
  discount_code: z.string().nullable(),
  discount_id: z.number().int().nullable(),
  discount_amount: z.number().int(),
  deposit_added_amount: z.number().int(),
  deposit_added_quantity: z.number().int(),
  deposit_removed_amount: z.number().int(),
  deposit_removed_quantity: z.number().int(),
  total_deposit: z.number().int(),
  expiration_in_seconds: z.number().int(),
});
export type Cart = z.infer<typeof cartSchema>;
export type CartProduct = z.infer<typeof cartProductSchema>;
