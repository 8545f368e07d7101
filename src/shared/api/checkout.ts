import { z } from 'zod/mini';
import { MIN_CARD_AMOUNT_CENTS, PAPER_VOUCHERS_MAX } from '../constants';
import { orderProductSchema } from './auth';

export const VOUCHERS_LIMIT_MESSAGE = `Attention, vous ne pouvez ajouter plus de ${PAPER_VOUCHERS_MAX} tickets restaurant papier à votre cagnotte.`;

const QUANTITY_MESSAGE = 'Choisissez un nombre de tickets entre 1 et 20.';
export const VOUCHER_MAX_EUROS = 19;
export const VOUCHER_VALUE_MESSAGE = 'Saisissez la valeur d’un ticket, de 0 à 19\u00a0€, centimes compris (par exemple 9,25).';
/** Whole cents: 9.25 is, 9.255 is not (with room for the float that carries it). */
const wholeCents = (euros: number) => Math.abs(euros * 100 - Math.round(euros * 100)) < 1e-6;
/**
 * A row of paper lunch vouchers: how many, and the value of one in euros, 0 to 19 € to the cent (a
 * real ticket is often worth 9,25 €) (docs/product/vouchers-and-pool.md).
 */
export const lunchVoucherRowSchema = z.object({
  quantity: z.int({ error: QUANTITY_MESSAGE }).check(z.minimum(1, { error: QUANTITY_MESSAGE }), z.maximum(PAPER_VOUCHERS_MAX, { error: QUANTITY_MESSAGE })),
  amount: z
    .number({ error: VOUCHER_VALUE_MESSAGE })
    .check(
      z.minimum(0, { error: VOUCHER_VALUE_MESSAGE }),
      z.maximum(VOUCHER_MAX_EUROS, { error: VOUCHER_VALUE_MESSAGE }),
      z.refine(wholeCents, { error: VOUCHER_VALUE_MESSAGE }),
    ),
});
export type LunchVoucherRow = z.infer<typeof lunchVoucherRowSchema>;

export const vouchersQuantity = (rows: readonly LunchVoucherRow[]) => rows.reduce((n, r) => n + r.quantity, 0);
/** One voucher's value in cents (the row carries euros, to the cent). */
export const voucherCents = (row: Pick<LunchVoucherRow, 'amount'>) => Math.round(row.amount * 100);
/** What declared vouchers add to the pool, in cents. */
export const vouchersTotalCents = (rows: readonly LunchVoucherRow[]) => rows.reduce((n, r) => n + r.quantity * voucherCents(r), 0);

/**
 * What paper vouchers settle of an order: their value, up to what it needs of them (its price less
 * any Edenred part). What they bring beyond it goes to the pool once received. The server's
 * checks and the voucher form both count it so.
 */
export const vouchersSettleCents = (rows: readonly LunchVoucherRow[], needCents: number) => Math.min(vouchersTotalCents(rows), Math.max(0, needCents));

/**
 * A unit value as typed, French way ('9,25', '9.25', '9', '9,5 €'): its euros, or null when it is
 * not a value from 0 to 19 € to the cent.
 */
export function parseVoucherValue(text: string): number | null {
  const m = /^\s*(\d{1,2})(?:[,.](\d{1,2}))?\s*(?:€)?\s*$/.exec(text);
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return cents <= VOUCHER_MAX_EUROS * 100 ? cents / 100 : null;
}

/**
 * Declared vouchers may cover what the order needs plus one voucher at most: refused when the
 * order would still be covered without the smallest of them (docs/product/vouchers-and-pool.md).
 */
export function vouchersBeyondNeed(rows: readonly LunchVoucherRow[], needCents: number): boolean {
  const total = vouchersTotalCents(rows);
  const smallest = Math.min(...rows.filter((r) => r.amount > 0).map(voucherCents));
  return total > needCents && total - smallest >= needCents;
}
export const VOUCHERS_BEYOND_NEED_MESSAGE = 'Vous déclarez plus de tickets restaurant que nécessaire : au plus le montant de la commande, plus un ticket.';
/** What a pre-order or an order paid with declared paper vouchers says about them. */
export const paperVouchersNote = (formattedAmount: string) => `${formattedAmount}\u00a0€ à régler en titres-restaurant papier à la livraison`;

export const CARD_MINIMUM_MESSAGE = 'Notre système de paiement ne permet pas de payer des montants inférieurs à 0,5€ en CB.';
/** A positive remaining amount at or below 0,50 € cannot be paid by card (docs/product/payments.md). */
export const cardAmountTooSmall = (remainingCents: number) => remainingCents > 0 && remainingCents <= MIN_CARD_AMOUNT_CENTS;

/** A PayGreen payment order id as it travels in return URLs ('po_…'). */
export const PAYMENT_ORDER_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** POST /api/pending-order/lunch-vouchers: the whole list (a row left out is deleted). */
export const lunchVouchersBodySchema = z.object({
  lunch_vouchers: z
    .array(lunchVoucherRowSchema)
    .check(
      z.maxLength(PAPER_VOUCHERS_MAX, { error: VOUCHERS_LIMIT_MESSAGE }),
      z.refine((rows) => vouchersQuantity(rows) <= PAPER_VOUCHERS_MAX, { error: VOUCHERS_LIMIT_MESSAGE }),
    ),
});

/** The pre-order a validated cart becomes (docs/product/payments.md); amounts in cents, formatted ones '12,90'. */
export const preOrderSchema = z.object({
  id: z.int(),
  final_price: z.int(),
  formatted_final_price: z.string(),
  remaining_price: z.int(),
  formatted_remaining_price: z.string(),
  /** The customer's own pool applied to this order (declared paper vouchers count apart). */
  pool: z.int(),
  formatted_pool: z.string(),
  /** What the declared paper vouchers settle of this order: always taken off the rest to pay. */
  paper_vouchers: z.int(),
  /** The customer's pool. */
  available_pool: z.int(),
  max_usable_pool: z.int(),
  formatted_max_usable_pool: z.string(),
  lunch_vouchers: z.array(lunchVoucherRowSchema),
  edenredPayment: z.nullable(z.object({ unit_amount: z.int(), authorization_id: z.string() })),
  /** The part of the order the declared paper vouchers settle, handed to the courier: "12,90 € à régler en titres-restaurant papier à la livraison". */
  paper_vouchers_note: z.nullable(z.string()),
  /** What meal vouchers (paper, Edenred, a meal-voucher card) may pay on this order (src/shared/meal-vouchers.ts). */
  meal_vouchers: z.object({
    /** The order's total less its deposits: the most paper vouchers settle (plus one voucher may be declared). */
    meal_part: z.int(),
    /** The meal part, within the 25 € the delivery day's other orders leave. */
    room: z.int(),
    /** The room less the paper vouchers declared and the Edenred part applied here. */
    left: z.int(),
    /** Meal vouchers of the customer's other orders delivered the same day. */
    used_that_day: z.int(),
    /** The delivery day is a Sunday or a public holiday: what the panel says before any meal voucher. */
    rest_day_note: z.nullable(z.string()),
  }),
});
export type PreOrder = z.infer<typeof preOrderSchema>;

/** POST /api/payment/paygreen: where to send the buyer to pay by card. */
/** A card payment started: the hosted page to go to, and the payment's id (kept on the device until settled). */
export const cardPaymentStartSchema = z.object({ hosted_payment_url: z.string(), po_id: z.string() });

/**
 * Where PayGreen sends the buyer back, adding `po_id` (paid or cancelled alike): a page of the app,
 * which the service worker serves on any connection; the app then asks the server what the payment
 * came to (`GET /api/payment/paygreen/{po_id}/order?back=1`).
 */
export const CARD_RETURN_PATH = '/passer-commande?payment_status=returned';
/** The way back of "Annuler et revenir" on the provider's page: the buyer gave up, the basket is unlocked. */
export const CARD_CANCEL_PATH = '/passer-commande?payment_status=canceled';

/** POST /api/payment/paygreen/cancel: whether a card payment is still under way (it is not once given up). */
export const cardCancelAnswerSchema = z.object({ pending: z.boolean() });

/** What the buyer's return from PayGreen and its notification learn of the payment. */
export const CARD_RETURN_STATUSES = ['success', 'refused', 'pending'] as const;
export type CardReturnStatus = (typeof CARD_RETURN_STATUSES)[number];

/** The answer to PayGreen's notification (its status as PayGreen then tells it). */
export const cardNotificationAnswerSchema = z.object({ received: z.literal(true), status: z.enum(CARD_RETURN_STATUSES) });

/** A placed order as the validated-order pop-in needs it (docs/product/payments.md). */
export const validatedOrderSchema = z.object({
  id: z.int(),
  invoice_number: z.nullable(z.string()),
  amount_total: z.int(),
  vat_amount: z.int(),
  delivery_name: z.nullable(z.string()),
  /** hh:mm */
  delivery_start: z.nullable(z.string()),
  delivery_end: z.nullable(z.string()),
  /** A company site: delivered before its start ("avant 11 h 30"). */
  delivery_private: z.boolean(),
  products: z.array(orderProductSchema),
});
export type ValidatedOrder = z.infer<typeof validatedOrderSchema>;

export const CHECKOUT_ERRORS = {
  loginRequired: 'unauthenticated',
  cartEmpty: 'cart_empty',
  deliveryRequired: 'delivery_required',
  /** The chosen company point's rule is not met by this customer or session (docs/product/delivery.md, "Company points"). */
  deliveryAccess: 'delivery_access_required',
  noPreOrder: 'no_pre_order',
  remaining: 'remaining_price',
  notFree: 'not_free',
  cartChanged: 'cart_changed',
  soldOut: 'sold_out',
  poolChanged: 'pool_changed',
  /** A payment arriving for a pre-order another payment already placed (it is refunded). */
  alreadyPaid: 'already_paid',
  /** A card payment is under way: the cart and its pre-order wait for it (or for its cancelation). */
  paymentPending: 'payment_pending',
  /** What the means of payment bring no longer equals the order's total (a means withdrawn meanwhile). */
  notCovered: 'payment_not_covered',
  /** An Edenred payment (the balance being taken, or the widget open) is under way on the pre-order. */
  edenredPending: 'edenred_pending',
  /** The pre-order became an order meanwhile: nothing on it can change any more. */
  alreadyPlaced: 'already_placed',
  /** Meal vouchers asked beyond what the order's meal part and the day's 25 € cap allow (meal-vouchers.ts). */
  mealVoucherCap: 'meal_voucher_cap',
  /** The slot's round is closed (its courier settled it): no order is placed on it any more. */
  roundClosed: 'round_closed',
} as const;

export const ROUND_CLOSED_MESSAGE =
  'La tournée de ce créneau est déjà close : votre commande n’a pas été enregistrée et rien ne vous est débité (un paiement déjà fait vous est rendu). Choisissez un autre créneau.';

export const NOT_COVERED_MESSAGE = 'Votre paiement ne couvre plus le montant de la commande : vérifiez le récapitulatif puis réglez le reste.';
export const EDENRED_PENDING_MESSAGE =
  'Un paiement Edenred est en cours sur cette commande : terminez-le ou fermez le formulaire Edenred avant de changer vos titres-restaurant ou votre cagnotte.';

export const PAYMENT_PENDING_MESSAGE =
  'Un paiement par carte est en cours pour ce panier : attendez sa confirmation ou annulez-le avant de modifier ou de payer à nouveau votre panier.';
