import type { FastifyInstance } from 'fastify';
import { CARD_MINIMUM_MESSAGE, CHECKOUT_ERRORS, cardAmountTooSmall, type PreOrder, type ValidatedOrder } from '#shared/api/checkout';
import { EDENRED_ERRORS, EDENRED_MESSAGES, type EdenredWidget } from '#shared/api/edenred';
import { AppError } from '../../lib/errors';
import { EdenredError, type EdenredTransaction, type EdenredWidgetPayment } from '../../payments/edenred/edenred-types';
import { edenredOf, requireEdenredSession } from '../edenred/edenred.service';
import { mailOnce, settleCardPayment } from './card-settlement';
import { captureHeldEdenred, releaseEdenredClaim } from './edenred-holds';
import { checkDailyLimit } from '../edenred/daily-limit.service';
import { mealVoucherCap, requireWithinCap } from './meal-voucher-cap';
import { poolOfCustomer as customerPool } from '../ledger/ledger.service';
import { claimEdenredPart, preOrderById, restoreEdenredPart, setEdenredPart, takeOffEdenredPart, type PreOrderRow } from './checkout.repo';
import { checkStillOpen, placeOrder, preOrderAmounts, requireOpenPreOrder, validatedOrder, viewPreOrder } from './checkout.service';
import {
  closeWidgetPayment,
  customerPaymentById,
  customerPaymentOf,
  customerPreOrderPaymentOf,
  paymentOf,
  preOrderPaymentOf,
  recordPayment,
  updatePayment,
  type PaymentRow,
} from './payments.repo';
import { countPayment } from '../../lib/metrics';

const BALANCE = 'edenred';
const WIDGET = 'edenred_widget';
/** Order statuses the widget's order details answer: placed (paid), not yet, given up. */
const PLACED = 1;
const NOT_YET = 0;
const CANCELLED = 3;
const REFUNDED_TEXT = 'Votre paiement Edenred vous a été remboursé : la commande a changé pendant le paiement. Vérifiez le récapitulatif puis payez à nouveau.';

/** Provider failures in the customer's words: the daily cap, or "refresh the page" (docs/product/payments.md). */
function providerFailure(app: FastifyInstance, err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (!(err instanceof EdenredError)) throw err;
  if (err.code === 'LIMIT_EXCEEDED') return new AppError(402, EDENRED_ERRORS.limitExceeded, EDENRED_MESSAGES.limit);
  if (err.code === 'INSUFFICIENT_FUNDS') return new AppError(402, EDENRED_ERRORS.insufficientFunds, EDENRED_MESSAGES.insufficient);
  app.log.warn({ err }, 'edenred payment failed');
  return new AppError(502, EDENRED_ERRORS.failed, EDENRED_MESSAGES.longSession);
}

/** Each attempt has its own reference: Edenred refuses a reference twice (TRANSACTION_DUPLICATED). */
const orderRef = (pre: PreOrderRow, kind: 'b' | 'w') => `popote-${pre.id}-${kind}${Date.now().toString(36)}`;

/**
 * The open pre-order, still deliverable, and the amount asked checked against what is left to pay
 * (server-side: the client's figure is never trusted).
 */
async function payablePreOrder(app: FastifyInstance, customerId: number, amount: number, mode: 'only' | 'partly') {
  const pre = await requireOpenPreOrder(app.db, customerId);
  await checkStillOpen(app.db, pre, app.clock.now());
  if (pre.edenredPayment) throw new AppError(409, EDENRED_ERRORS.alreadyApplied, 'Un paiement Edenred est déjà appliqué à cette commande.');
  const { remaining } = preOrderAmounts(pre, await customerPool(app.db, customerId));
  const mismatch = new AppError(409, EDENRED_ERRORS.amountMismatch, 'Le montant ne correspond plus à votre commande : rafraîchissez la page.');
  if (mode === 'only' && amount !== remaining) throw mismatch;
  if (mode === 'partly') {
    if (amount >= remaining) throw mismatch;
    // The rest goes to the card, which cannot take 0,50 € or less.
    if (cardAmountTooSmall(remaining - amount)) throw new AppError(422, 'amount_too_small', CARD_MINIMUM_MESSAGE);
  }
  requireWithinCap(amount, (await mealVoucherCap(app.db, pre)).left, 402);
  await checkDailyLimit(app.db, customerId, amount, app.clock.now());
  return pre;
}

/**
 * Marks the pre-order as being paid by Edenred before asking the provider, in one conditional
 * UPDATE: two tabs paying at once cannot both take money.
 */
async function claim(app: FastifyInstance, preId: number, amount: number) {
  if (!(await claimEdenredPart(app.db, preId, amount))) throw new AppError(409, EDENRED_ERRORS.alreadyApplied, 'Un paiement Edenred est déjà appliqué à cette commande.');
}

async function charge(app: FastifyInstance, customerId: number, pre: PreOrderRow, amount: number, capture: 'auto' | 'manual'): Promise<EdenredTransaction> {
  const session = await requireEdenredSession(app, customerId);
  await claim(app, pre.id, amount);
  let tx: EdenredTransaction;
  try {
    tx = await edenredOf(app).createTransaction(session.accessToken, { orderRef: orderRef(pre, 'b'), amount, capture });
  } catch (err) {
    countPayment('edenred', 'error');
    await releaseEdenredClaim(app, pre.id);
    throw providerFailure(app, err);
  }
  countPayment('edenred', 'success');
  await setEdenredPart(app.db, pre.id, { unit_amount: amount, authorization_id: tx.authorizationId });
  await recordPayment(app.db, { preOrderId: pre.id, customerId, provider: BALANCE, providerId: tx.authorizationId, amountCents: amount, status: tx.status, createdAt: app.clock.now() });
  return tx;
}

/** Gives an Edenred payment back: a held authorization is cancelled, a captured one refunded. */
async function undo(app: FastifyInstance, payment: PaymentRow, authorizationId = payment.providerId): Promise<void> {
  const client = edenredOf(app);
  const tx = payment.status === 'authorized' ? await client.cancel(authorizationId) : await client.refund(authorizationId, payment.amountCents);
  await updatePayment(app.db, payment.id, { status: tx.status });
}

/**
 * An order that cannot be placed after all (sold out, pool spent or a means withdrawn meanwhile):
 * the Edenred money goes back. A widget payment's money is a transaction of its own, given back
 * by its `authorizationId` (its row knows only the widget's session).
 */
async function placeOrRefund(app: FastifyInstance, payment: PaymentRow, preId: number, authorizationId?: string): Promise<number> {
  try {
    // The widget's payment is the provider payment placing the order; the balance's part is the pre-order's own.
    const orderId = await placeOrder(app.db, preId, app.clock.now(), payment.provider === WIDGET ? { paymentId: payment.id } : {});
    await updatePayment(app.db, payment.id, { orderId });
    return orderId;
  } catch (err) {
    if (!(err instanceof AppError) || err.statusCode !== 409) throw err;
    app.log.warn({ preId, reason: err.code }, 'edenred-paid order could not be placed: giving the money back');
    const givenBack = await undo(app, payment, authorizationId).then(
      () => true,
      (undoErr: unknown) => (app.log.error({ err: undoErr, preId }, 'edenred refund failed'), false),
    );
    if (payment.provider === BALANCE) await releaseEdenredClaim(app, preId);
    if (givenBack && payment.provider === WIDGET) await mailOnce(app, payment, 'refunded');
    throw err;
  }
}

/** GET /api/payment/edenred/only: the balance pays everything left, and the order is placed. */
export async function payOnly(app: FastifyInstance, customerId: number, amount: number): Promise<ValidatedOrder> {
  const pre = await payablePreOrder(app, customerId, amount, 'only');
  const tx = await charge(app, customerId, pre, amount, 'auto');
  const payment = await paymentOf(app.db, BALANCE, tx.authorizationId);
  return validatedOrder(app.db, customerId, await placeOrRefund(app, payment!, pre.id));
}

/**
 * GET /api/payment/edenred/partly: part of the price is authorized (held, not yet taken) and
 * captured when the rest is paid and the order placed.
 */
export async function payPartly(app: FastifyInstance, customerId: number, amount: number): Promise<{ data: { authorization_id: string }; pre_order: PreOrder }> {
  const pre = await payablePreOrder(app, customerId, amount, 'partly');
  const tx = await charge(app, customerId, pre, amount, 'manual');
  return { data: { authorization_id: tx.authorizationId }, pre_order: await viewPreOrder(app.db, customerId) };
}

/**
 * The Edenred part leaves the pre-order before its money goes back, in one conditional UPDATE: an
 * order being placed with it holds the pre-order's lock, and once placed keeps its Edenred part
 * (409). Should Edenred fail to give it back, the part returns to the pre-order, still held.
 */
async function takeOffAndGiveBack(app: FastifyInstance, pre: PreOrderRow, payment: PaymentRow): Promise<void> {
  if (!(await takeOffEdenredPart(app.db, pre.id, payment.providerId))) throw new AppError(409, CHECKOUT_ERRORS.alreadyPlaced, 'Votre commande est déjà payée : elle est confirmée.');
  try {
    await undo(app, payment);
  } catch (err) {
    await restoreEdenredPart(app.db, pre.id, pre.edenredPayment);
    throw providerFailure(app, err);
  }
}

/** 'Enlever': the applied payment is cancelled or refunded and the remaining price restored. */
export async function removeEdenredPayment(app: FastifyInstance, customerId: number, authorizationId: string, amount: number): Promise<PreOrder> {
  const pre = await requireOpenPreOrder(app.db, customerId);
  const payment = await customerPreOrderPaymentOf(app.db, BALANCE, authorizationId, customerId, pre.id);
  if (!payment || pre.edenredPayment?.authorization_id !== authorizationId) throw new AppError(404, 'not_found', 'Paiement Edenred introuvable.');
  if (amount !== payment.amountCents) throw new AppError(409, EDENRED_ERRORS.amountMismatch, 'Le montant ne correspond pas au paiement Edenred appliqué.');
  await takeOffAndGiveBack(app, pre, payment);
  return viewPreOrder(app.db, customerId);
}

/**
 * GET /api/payment/edenred/refund/{po_id}/order: the card part of a split payment was refused, so
 * the Edenred part is given back. Only once the card payment is known to have failed: a card still
 * pending may yet succeed, and would then pay an order missing its Edenred part.
 */
export async function refundForRefusedCard(app: FastifyInstance, customerId: number, poId: string): Promise<{ refunded: boolean }> {
  const card = await customerPaymentOf(app.db, 'paygreen', poId, customerId);
  if (!card) throw new AppError(404, 'not_found', 'Paiement introuvable.');
  const settled = await settleCardPayment(app, poId);
  if (settled.status !== 'refused') throw new AppError(409, 'payment_not_refused', 'Le paiement par carte n’a pas été refusé.');
  const pre = await preOrderById(app.db, card.preOrderId);
  if (!pre?.edenredPayment || pre.orderId) return { refunded: false };
  const payment = await preOrderPaymentOf(app.db, BALANCE, pre.edenredPayment.authorization_id, pre.id);
  if (!payment) return { refunded: false };
  await takeOffAndGiveBack(app, pre, payment);
  return { refunded: true };
}

/** Opens a widget payment for what is left to pay: the pre-order then carries the script and session. */
export async function startWidget(app: FastifyInstance, customerId: number): Promise<{ pre_order: PreOrder; widget: EdenredWidget }> {
  const pre = await requireOpenPreOrder(app.db, customerId);
  await checkStillOpen(app.db, pre, app.clock.now());
  const { remaining } = preOrderAmounts(pre, await customerPool(app.db, customerId));
  if (remaining === 0) throw new AppError(409, CHECKOUT_ERRORS.remaining, 'Il ne reste rien à payer : finalisez votre commande.');
  // The widget pays the whole rest: all of it must be meal, within the day's cap.
  requireWithinCap(remaining, (await mealVoucherCap(app.db, pre)).left, 402);
  await checkDailyLimit(app.db, customerId, remaining, app.clock.now());
  let session;
  try {
    session = await edenredOf(app).createWidgetSession({ orderRef: orderRef(pre, 'w'), amount: remaining });
  } catch (err) {
    throw providerFailure(app, err);
  }
  await recordPayment(app.db, { preOrderId: pre.id, customerId, provider: WIDGET, providerId: session.sessionId, amountCents: remaining, status: 'open', createdAt: app.clock.now() });
  return { pre_order: await viewPreOrder(app.db, customerId), widget: { script_url: session.scriptUrl, session_id: session.sessionId, amount: remaining } };
}

/**
 * The widget's form was left without paying (back to the recap, the panel closed): its session
 * stops holding the pre-order, whose vouchers and pool may change again. Should Edenred take the
 * payment after all, it places the order only if it still pays what is left (placeOrder).
 */
export async function closeWidget(app: FastifyInstance, customerId: number, sessionId: string): Promise<PreOrder> {
  await closeWidgetPayment(app.db, WIDGET, sessionId, customerId);
  return viewPreOrder(app.db, customerId);
}

/** Records what the provider says of a widget payment; a success places the order, once. */
async function settleWidget(app: FastifyInstance, payment: PaymentRow, state: EdenredWidgetPayment): Promise<PaymentRow> {
  // Placed, or given back already (a replayed registration must not refund it twice).
  if (payment.orderId || payment.status === 'refunded' || state.amount !== payment.amountCents) return payment;
  if (state.status !== payment.status) countPayment('edenred', state.status === 'succeeded' ? 'success' : state.status === 'failed' ? 'refused' : 'pending');
  let orderId: number | null = null;
  if (state.status === 'succeeded') {
    orderId = await placeOrRefund(app, payment, payment.preOrderId, state.authorizationId ?? undefined);
    await captureHeldEdenred(app, orderId);
  }
  const row = await updatePayment(app.db, payment.id, { status: state.status, orderId });
  if (state.status === 'failed') await mailOnce(app, payment, 'refused');
  if (state.status === 'pending') await mailOnce(app, payment, 'pending');
  return row!;
}

/** POST /api/payment/edenred: the widget authorized; its payload is checked with the provider. */
export async function registerWidgetPayment(app: FastifyInstance, customerId: number, payload: string): Promise<{ data: { id: number } }> {
  let state: EdenredWidgetPayment;
  try {
    state = await edenredOf(app).widgetPayment(payload);
  } catch (err) {
    throw providerFailure(app, err);
  }
  const payment = await customerPaymentOf(app.db, WIDGET, state.sessionId, customerId);
  if (!payment) throw new AppError(404, 'not_found', 'Paiement introuvable.');
  if (state.amount !== payment.amountCents) throw new AppError(409, EDENRED_ERRORS.amountMismatch, 'Le montant payé ne correspond pas à votre commande.');
  await settleWidget(app, payment, state);
  return { data: { id: payment.id } };
}

/** GET /api/payment/edenred/order-details: polled by the client until the order is placed. */
export async function widgetOrderDetails(app: FastifyInstance, customerId: number, id: number) {
  const found = await customerPaymentById(app.db, id, WIDGET, customerId);
  if (!found) throw new AppError(404, 'not_found', 'Paiement introuvable.');
  let payment = found;
  let errorText: string | null = null;
  const over = payment.status === 'failed' || payment.status === 'refunded';
  if (!payment.orderId && !over) {
    try {
      const state = await edenredOf(app).widgetSession(payment.providerId);
      errorText = state.errorText;
      payment = await settleWidget(app, payment, state);
    } catch (err) {
      throw providerFailure(app, err);
    }
  }
  // Given back (the order could not be placed with it): said as a failure, with why.
  if (payment.status === 'refunded') errorText = REFUNDED_TEXT;
  const status = payment.orderId ? PLACED : over ? CANCELLED : NOT_YET;
  return {
    order: { id: payment.orderId, current_status: status, error_text: errorText },
    validated_order: payment.orderId ? await validatedOrder(app.db, customerId, payment.orderId) : null,
  };
}
