import { z } from 'zod';
import { MIN_CARD_AMOUNT_CENTS, PAPER_VOUCHERS_MAX } from '../constants';
import { orderProductSchema } from './auth';

export const VOUCHERS_LIMIT_MESSAGE = `Attention, vous ne pouvez ajouter plus de ${PAPER_VOUCHERS_MAX} tickets restaurant papier à votre cagnotte.`;

/** A row of paper lunch vouchers: how many, and the value of one in whole euros (payment.md §3). */
export const lunchVoucherRowSchema = z.object({
  quantity: z.number({ error: 'Choisissez un nombre de tickets entre 1 et 20.' }).int().min(1, { error: 'Choisissez un nombre de tickets entre 1 et 20.' }).max(PAPER_VOUCHERS_MAX, { error: 'Choisissez un nombre de tickets entre 1 et 20.' }),
  amount: z.number({ error: 'La valeur d’un ticket va de 0 à 19 €.' }).int().min(0, { error: 'La valeur d’un ticket va de 0 à 19 €.' }).max(19, { error: 'La valeur d’un ticket va de 0 à 19 €.' }),
});
export type LunchVoucherRow = z.infer<typeof lunchVoucherRowSchema>;

export const vouchersQuantity = (rows: readonly LunchVoucherRow[]) => rows.reduce((n, r) => n + r.quantity, 0);
/** What declared vouchers add to the pool, in cents (unit values are whole euros). */
export const vouchersTotalCents = (rows: readonly LunchVoucherRow[]) => rows.reduce((n, r) => n + r.quantity * r.amount * 100, 0);

export const CARD_MINIMUM_MESSAGE = 'Notre système de paiement ne permet pas de payer des montants inférieurs à 0,5€ en CB.';
/** A positive remaining amount at or below 0,50 € cannot be paid by card (payment.md §5). */
export const cardAmountTooSmall = (remainingCents: number) => remainingCents > 0 && remainingCents <= MIN_CARD_AMOUNT_CENTS;

/** A PayGreen payment order id as it travels in return URLs ('po_…'). */
export const PAYMENT_ORDER_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** POST /api/pending-order/lunch-vouchers: the whole list (a row left out is deleted). */
export const lunchVouchersBodySchema = z.object({
  lunch_vouchers: z
    .array(lunchVoucherRowSchema)
    .max(PAPER_VOUCHERS_MAX, { error: VOUCHERS_LIMIT_MESSAGE })
    .refine((rows) => vouchersQuantity(rows) <= PAPER_VOUCHERS_MAX, { error: VOUCHERS_LIMIT_MESSAGE }),
});

/** The pre-order a validated cart becomes (payment.md §3); amounts in cents, formatted ones '12,90'. */
export const preOrderSchema = z.object({
  id: z.number().int(),
  final_price: z.number().int(),
  formatted_final_price: z.string(),
  remaining_price: z.number().int(),
  formatted_remaining_price: z.string(),
  /** Pool applied to this order. */
  pool: z.number().int(),
  formatted_pool: z.string(),
  /** The customer's pool plus the vouchers declared here. */
  available_pool: z.number().int(),
  max_usable_pool: z.number().int(),
  formatted_max_usable_pool: z.string(),
  lunch_vouchers: z.array(lunchVoucherRowSchema),
  edenredPayment: z.object({ unit_amount: z.number().int(), authorization_id: z.string() }).nullable(),
});
export type PreOrder = z.infer<typeof preOrderSchema>;

/** A placed order as the validated-order pop-in needs it (payment.md §3 "Validated order"). */
export const validatedOrderSchema = z.object({
  id: z.number().int(),
  invoice_number: z.string().nullable(),
  amount_total: z.number().int(),
  vat_amount: z.number().int(),
  delivery_name: z.string().nullable(),
  /** hh:mm */
  delivery_start: z.string().nullable(),
  delivery_end: z.string().nullable(),
  products: z.array(orderProductSchema),
});
export type ValidatedOrder = z.infer<typeof validatedOrderSchema>;

export const CHECKOUT_ERRORS = {
  loginRequired: 'unauthenticated',
  cartEmpty: 'cart_empty',
  deliveryRequired: 'delivery_required',
  noPreOrder: 'no_pre_order',
  remaining: 'remaining_price',
  notFree: 'not_free',
  cartChanged: 'cart_changed',
  soldOut: 'sold_out',
  poolChanged: 'pool_changed',
  /** A payment arriving for a pre-order another payment already placed (it is refunded). */
  alreadyPaid: 'already_paid',
} as const;
