import { z } from 'zod/mini';
import { preOrderSchema, validatedOrderSchema } from './checkout';

/**
 * Edenred, the meal-voucher provider (docs/product/payments.md): the
 * customer's linked account, its balance, payments from it, and the widget.
 */

/** POST /api/edenred/oauth-url */
export const oauthUrlSchema = z.object({ url: z.string() });

/** GET /api/edenred/balance: cents; 0 when unknown (not linked, provider unreachable). */
export const balanceSchema = z.object({
  balance: z.int(),
  /** What Edenred will accept today: the balance within the daily cap, less what was paid from it today here. */
  usable: z.optional(z.int()),
  spent_today: z.optional(z.int()),
  daily_limit: z.optional(z.int()),
});

/** POST /api/edenred/logout: what the recap shows once logged out. */
export const edenredLogoutSchema = z.object({ balance: z.int(), link: z.nullable(z.string()), isConnectedToEdenred: z.literal(false) });

/**
 * POST /api/payment/edenred/only|partly {amount} (cents). A GET with a query would take money
 * on a cross-site link: every payment is a POST with the anti-forgery token.
 */
export const edenredAmountBodySchema = z.object({
  amount: z.int({ error: 'Montant invalide.' }).check(z.positive({ error: 'Montant invalide.' }), z.maximum(100_000, { error: 'Montant invalide.' })),
});

/** POST /api/payment/edenred/refund */
export const edenredRefundBodySchema = z.object({
  authorization_id: z.string().check(z.minLength(1), z.maxLength(200)),
  amount: z.int().check(z.positive(), z.maximum(100_000)),
});

/** POST /api/payment/edenred: the widget's payload once it authorized the payment. */
export const widgetPaymentBodySchema = z.object({ payload: z.string().check(z.minLength(1), z.maxLength(2000)) });
export const widgetPaymentAnswerSchema = z.object({ data: z.object({ id: z.int() }) });

/**
 * GET /api/payment/edenred/order-details?id= : current_status 1 or 2 once the order is placed, 0 while
 * the provider has not confirmed, 3 when the payment failed (error_text says why).
 */
export const orderDetailsQuerySchema = z.object({ id: z.pipe(z.coerce.number(), z.int().check(z.positive())) });
export const orderDetailsSchema = z.object({
  order: z.object({ id: z.nullable(z.int()), current_status: z.int(), error_text: z.nullable(z.string()) }),
  /** The placed order, for the validated-order pop-in. */
  validated_order: z.nullable(validatedOrderSchema),
});

/** What the pre-order carries for the widget (POST /api/payment/edenred/session). */
export const edenredWidgetSchema = z.object({ script_url: z.string(), session_id: z.string(), amount: z.int() });
export type EdenredWidget = z.infer<typeof edenredWidgetSchema>;
export const widgetSessionAnswerSchema = z.object({ pre_order: preOrderSchema, widget: edenredWidgetSchema });
/** POST /api/payment/edenred/session/close: the widget's form left unpaid; the pre-order may change again. */
export const widgetCloseBodySchema = z.object({ session_id: z.string().check(z.minLength(1), z.maxLength(200)) });

/** POST /api/payment/edenred/partly: the authorization held, and the pre-order with its rest to pay. */
export const partlyAnswerSchema = z.object({ data: z.object({ authorization_id: z.string() }), pre_order: preOrderSchema });
export const refundForCardAnswerSchema = z.object({ refunded: z.boolean() });

/** The customer's messages for Edenred refusals (docs/product/payments.md). */
export const EDENRED_MESSAGES = {
  limitTitle: 'Erreur de paiement',
  /** Edenred's LIMIT_EXCEEDED: the legal daily cap, whoever the day's other payments went to. */
  limit: 'Edenred refuse ce paiement : il dépasserait le plafond de 25\u00a0€ par jour des titres-restaurant (vos paiements du jour chez d’autres commerçants comptent aussi).',
  /** Edenred's INSUFFICIENT_FUNDS. */
  insufficient: 'Edenred refuse ce paiement : votre solde de titres-restaurant ne couvre pas ce montant.',
  failedTitle: 'Le paiement ne peut pas fonctionner',
  longSession: 'Attention, vous êtes connectés depuis longtemps, rafraîchissez votre page pour pouvoir payer',
  connectTitle: 'Erreur de connexion',
  connect: 'Une erreur est survenue lors de la connexion à votre compte Edenred',
  logoutTitle: 'Déconnexion réussie',
  logout: 'Vous êtes déconnecté de votre compte Edenred',
  pendingTitle: 'Paiment en attente',
  pending: 'Vous allez recevoir une notification dès la réception du paiement.',
} as const;

export const EDENRED_ERRORS = {
  notLinked: 'edenred_not_linked',
  limitExceeded: 'edenred_limit_exceeded',
  insufficientFunds: 'edenred_insufficient_funds',
  failed: 'edenred_failed',
  amountMismatch: 'edenred_amount_mismatch',
  alreadyApplied: 'edenred_already_applied',
  unavailable: 'edenred_unavailable',
} as const;

/** The popup's message to its opener (and on the BroadcastChannel of that name) after login. */
export const EDENRED_LOGIN_CHANNEL = 'popote-edenred-login';
export const edenredLoginMessageSchema = z.object({ source: z.literal('popote-edenred'), status: z.enum(['success', 'error']) });

/**
 * The widget script's contract: it defines `window.EdenredWidget.mount(element, options)` and
 * renders its payment form in `element`; `onAuthorized` gets the payload to register
 * (POST /api/payment/edenred), `onError` the provider's error_text. `mount` returns `{ unmount() }`.
 */
export interface EdenredWidgetApi<Element = unknown> {
  mount(
    element: Element,
    options: { sessionId: string; onAuthorized: (payload: string) => void; onError: (errorText: string) => void },
  ): { unmount(): void };
}
export const EDENRED_WIDGET_GLOBAL = 'EdenredWidget';
