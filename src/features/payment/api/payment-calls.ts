import { api } from '../../../lib/api-client';
import { cardCancelAnswerSchema, cardPaymentStartSchema, preOrderSchema, validatedOrderSchema, type LunchVoucherRow } from '../../../shared/api/checkout';
import {
  balanceSchema,
  edenredLogoutSchema,
  oauthUrlSchema,
  orderDetailsSchema,
  partlyAnswerSchema,
  refundForCardAnswerSchema,
  widgetPaymentAnswerSchema,
  widgetSessionAnswerSchema,
} from '../../../shared/api/edenred';

const post = { method: 'POST' } as const;

export const validateCart = () => api('/api/cart/validate', { ...post, schema: preOrderSchema });
/** The customer's open pre-order (404 no_pre_order when there is none). */
export const fetchPendingOrder = () => api('/api/pending-order', { ...post, schema: preOrderSchema });
export const saveLunchVouchers = (lunch_vouchers: LunchVoucherRow[]) =>
  api('/api/pending-order/lunch-vouchers', { ...post, body: { lunch_vouchers }, schema: preOrderSchema });
export const applyPool = () => api('/api/pending-order/pool', { ...post, schema: preOrderSchema });
/** Pays a pre-order whose remaining price is 0 (pool, vouchers). */
/**
 * Places the order when nothing is left to pay. `idempotencyKey`: one per pre-order, so a second
 * tap after a lost answer gets the order placed by the first, never an error (the server keeps it).
 */
export const payWithoutCard = (idempotencyKey?: string) => api('/api/payment', { ...post, schema: validatedOrderSchema, idempotencyKey });
export const orderFreeCart = () => api('/api/cart/order', { ...post, schema: validatedOrderSchema });
export const startCardPayment = () => api('/api/payment/paygreen', { ...post, schema: cardPaymentStartSchema });
/** `back`: the first check after the buyer came back from the hosted page (a pending payment is then mailed about). */
/** Gives up the card payment under way (cancelled at the provider unless already paid): the basket unlocks. */
export const giveUpCardPayment = () => api('/api/payment/paygreen/cancel', { ...post, schema: cardCancelAnswerSchema });
export const fetchCardOrder = (poId: string, back = false) => api(`/api/payment/paygreen/${encodeURIComponent(poId)}/order${back ? '?back=1' : ''}`, { schema: validatedOrderSchema });

// Edenred (docs/api.md).
export const edenredOauthUrl = () => api('/api/edenred/oauth-url', { ...post, schema: oauthUrlSchema });
export const edenredBalance = () => api('/api/edenred/balance', { schema: balanceSchema });
export const edenredLogout = () => api('/api/edenred/logout', { ...post, schema: edenredLogoutSchema });
export const payEdenredOnly = (amount: number) => api('/api/payment/edenred/only', { ...post, body: { amount }, schema: validatedOrderSchema });
export const payEdenredPartly = (amount: number) => api('/api/payment/edenred/partly', { ...post, body: { amount }, schema: partlyAnswerSchema });
export const removeEdenredPayment = (authorization_id: string, amount: number) =>
  api('/api/payment/edenred/refund', { ...post, body: { authorization_id, amount }, schema: preOrderSchema });
export const refundEdenredForCard = (poId: string) =>
  api(`/api/payment/edenred/refund/${encodeURIComponent(poId)}/order`, { ...post, schema: refundForCardAnswerSchema });
export const startEdenredWidget = () => api('/api/payment/edenred/session', { ...post, schema: widgetSessionAnswerSchema });
export const closeEdenredWidget = (sessionId: string) => api('/api/payment/edenred/session/close', { ...post, body: { session_id: sessionId }, schema: preOrderSchema });
export const registerEdenredWidget = (payload: string) => api('/api/payment/edenred', { ...post, body: { payload }, schema: widgetPaymentAnswerSchema });
export const edenredOrderDetails = (id: number) => api(`/api/payment/edenred/order-details?id=${id}`, { schema: orderDetailsSchema });
