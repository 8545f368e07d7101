import { z } from 'zod/mini';
import { cartSchema } from './cart';
import { deliverySchema } from './delivery';

export const customerSummarySchema = z.object({
  id: z.int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The customer linked an Edenred account (docs/product/payments.md). */
  isConnectedToEdenred: z.boolean(),
});

/** What logging in did to the visitor's cart (POST /api/login's `cart_notice`). */
export const cartMergeNoticeSchema = z.object({
  /**
   * adopted: the visitor's cart became the customer's; merged: its articles joined the customer's
   * cart; dropped: left out, the customer's cart being locked by a card payment under way.
   */
  kind: z.enum(['adopted', 'merged', 'dropped']),
  /** Articles brought from the visitor's cart. */
  items: z.int(),
  title: z.string(),
  message: z.string(),
});
export type CartMergeNotice = z.infer<typeof cartMergeNoticeSchema>;

/** POST /api/login: the customer, and what became of the cart filled before logging in. */
export const loginAnswerSchema = z.extend(customerSummarySchema, { cart_notice: z.optional(z.nullable(cartMergeNoticeSchema)) });

/** Settings travel as name → value strings, as the database stores them. */
export const settingsSchema = z.record(z.string(), z.string());
export type Settings = z.infer<typeof settingsSchema>;

export const stateSchema = z.object({
  customer: z.nullable(customerSummarySchema),
  current_delivery_date: z.nullable(z.string()),
  last_delivery_id: z.nullable(z.int()),
  /** Where the customer's last delivery was (their usual point), whatever its date. */
  usual_delivery_location_id: z.nullable(z.int()),
  cart: z.nullable(cartSchema),
  current_delivery: z.nullable(deliverySchema),
  settings: settingsSchema,
  /** request_type key → French label, in display order. */
  contact_types: z.record(z.string(), z.string()),
});
export type AppState = z.infer<typeof stateSchema>;

export const shopOpenSchema = z.object({
  open: z.boolean(),
  /** The date orders are currently taken for, or null when no delivery is planned. */
  current_delivery_date: z.nullable(z.string()),
  /** From settings, 'HH:MM': when orders for the next delivery day open. */
  orders_opening_hour: z.string(),
  /**
   * The next delivery days (today's included) with their last cut-off, Paris 'HH:MM:SS': offline, the
   * app works out the opening and the current date from them and the device's clock (a copy kept
   * from yesterday must not say yesterday's menu is today's).
   */
  delivery_days: z.array(z.object({ date: z.string(), last_order_time_limit: z.string() })),
});
export type ShopOpen = z.infer<typeof shopOpenSchema>;

/** Settings read as flags. */
export const isOn = (settings: Settings, name: string) => settings[name] === '1';
export { paperVouchersEnabled } from '../settings-rules';
