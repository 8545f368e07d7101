import { call } from '../../../lib/api-call';
import type { LunchVoucherRow } from '../../../shared/api/checkout';
import { CHECKOUT } from '../../../shared/api/routes/checkout';
import { CARD_PAYMENT } from '../../../shared/api/routes/card-payment';
import { EDENRED } from '../../../shared/api/routes/edenred';
import { EDENRED_PAYMENT } from '../../../shared/api/routes/edenred-payment';

export const validateCart = () => call(CHECKOUT.postCartValidate);
/** The customer's open pre-order (404 no_pre_order when there is none). */
export const fetchPendingOrder = () => call(CHECKOUT.postPendingOrder);
export const saveLunchVouchers = (lunch_vouchers: LunchVoucherRow[]) =>
  call(CHECKOUT.postPendingOrderLunchVouchers, { body: { lunch_vouchers } });
export const applyPool = () => call(CHECKOUT.postPendingOrderPool);
/** Pays a pre-order whose remaining price is 0 (pool, vouchers). */
/**
 * Places the order when nothing is left to pay. `idempotencyKey`: one per pre-order, so a second
 * tap after a lost answer gets the order placed by the first, never an error (the server keeps it).
 */
export const payWithoutCard = (idempotencyKey?: string) => call(CHECKOUT.postPayment, { idempotencyKey });
export const orderFreeCart = () => call(CHECKOUT.postCartOrder);
export const startCardPayment = () => call(CARD_PAYMENT.postPaymentPaygreen);
/** `back`: the first check after the buyer came back from the hosted page (a pending payment is then mailed about). */
/** Gives up the card payment under way (cancelled at the provider unless already paid): the basket unlocks. */
export const giveUpCardPayment = () => call(CARD_PAYMENT.postPaymentPaygreenCancel);
export const fetchCardOrder = (poId: string, back = false) => call(CARD_PAYMENT.getPaymentPaygreenByIdOrder, { params: { id: poId }, query: { back: back ? 1 : undefined } });

// Edenred (docs/api.md).
export const edenredOauthUrl = () => call(EDENRED.postEdenredOauthUrl);
export const edenredBalance = () => call(EDENRED.getEdenredBalance);
export const edenredLogout = () => call(EDENRED.postEdenredLogout);
export const payEdenredOnly = (amount: number) => call(EDENRED_PAYMENT.postPaymentEdenredOnly, { body: { amount } });
export const payEdenredPartly = (amount: number) => call(EDENRED_PAYMENT.postPaymentEdenredPartly, { body: { amount } });
export const removeEdenredPayment = (authorization_id: string, amount: number) =>
  call(EDENRED_PAYMENT.postPaymentEdenredRefund, { body: { authorization_id, amount } });
export const refundEdenredForCard = (poId: string) =>
  call(EDENRED_PAYMENT.postPaymentEdenredRefundByIdOrder, { params: { id: poId } });
export const startEdenredWidget = () => call(EDENRED_PAYMENT.postPaymentEdenredSession);
export const closeEdenredWidget = (sessionId: string) => call(EDENRED_PAYMENT.postPaymentEdenredSessionClose, { body: { session_id: sessionId } });
export const registerEdenredWidget = (payload: string) => call(EDENRED_PAYMENT.postPaymentEdenred, { body: { payload } });
export const edenredOrderDetails = (id: number) => call(EDENRED_PAYMENT.getPaymentEdenredOrderDetails, { query: { id } });
