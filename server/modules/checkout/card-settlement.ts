import type { FastifyInstance } from 'fastify';
import { CHECKOUT_ERRORS, type CardReturnStatus } from '#shared/api/checkout';
import { AppError } from '../../lib/errors';
import { countPayment } from '../../lib/metrics';
import { enqueueMail } from '../../mail/outbox';
import { PayGreenError, type CreatePaymentOrderInput, type PaymentOrderStatus } from '../../payments/paygreen/paygreen-client';
import { customerById } from './checkout.repo';
import { placeOrder } from './checkout.service';
import { claimPaymentMail, deletePayment, orderIdOfPayment, paymentOf, updatePayment, type PaymentRow } from './payments.repo';
import { captureHeldEdenred } from './edenred-holds';
import { cardPaymentMail } from './order-mail';

/*
 * Settling a card payment: what it came to, asked of PayGreen. The buyer's return, PayGreen's
 * notification, the app's checks and the payments found under way (card-pending.service.ts) all
 * settle here; starting a payment (card-payment.ts) settles those under way first, so this file
 * imports neither.
 */

export type ReturnStatus = CardReturnStatus;

export function providerError(err: unknown, log?: FastifyInstance['log']) {
  log?.warn({ err }, 'PayGreen call failed');
  return new AppError(502, 'provider_error', 'Le paiement par carte est momentanément indisponible. Merci de réessayer dans un instant.');
}

/** A short mail about the payment (pending, refused, refunded), once per state: the conditional UPDATE decides between replays. */
export async function mailOnce(app: FastifyInstance, payment: PaymentRow, kind: 'pending' | 'refused' | 'refunded') {
  await app.db.transaction(async (tx) => {
    if (!(await claimPaymentMail(tx, payment.id, kind))) return;
    const customer = await customerById(tx, payment.customerId);
    const means = payment.provider === 'paygreen' ? 'card' : 'edenred';
    if (customer) await enqueueMail(tx, cardPaymentMail(customer.email, customer.firstname, kind, payment.amountCents, means));
  });
}

/** What the buyer is told of a PayGreen status. */
export function returnStatus(status: PaymentOrderStatus): ReturnStatus {
  if (status === 'successed') return 'success';
  if (status === 'pending' || status === 'authorized') return 'pending';
  return 'refused';
}

/**
 * Asks PayGreen for the hosted page of a card payment already claimed (its `payments` row): the
 * buyer is the customer, PayGreen's notification comes back here, the ways back are the caller's.
 * PayGreen failing gives the claim up (the row deleted, so a new try is free) and answers its
 * error in French; once the page exists, the row holds PayGreen's id.
 */
export async function askHostedPayment(
  app: FastifyInstance,
  claimedId: number,
  customerId: number,
  input: Omit<CreatePaymentOrderInput, 'buyer' | 'notificationUrl' | 'returnUrl' | 'cancelUrl'> & { returnPath: string; cancelPath: string },
): Promise<{ hosted_payment_url: string; po_id: string }> {
  const customer = await customerById(app.db, customerId);
  const base = app.env.PUBLIC_URL.replace(/\/+$/, '');
  const { returnPath, cancelPath, ...order } = input;
  let created;
  try {
    created = await app.paygreen().createPaymentOrder({
      ...order,
      returnUrl: `${base}${returnPath}`,
      cancelUrl: `${base}${cancelPath}`,
      notificationUrl: `${base}/api/payment/paygreen/notification`,
      buyer: { email: customer!.email, firstName: customer!.firstname, lastName: customer!.lastname, reference: `customer-${customer!.id}` },
    });
    if (!created.hosted_payment_url) throw new PayGreenError('no hosted_payment_url', { code: 'invalid_response' });
  } catch (err) {
    countPayment('card', 'error');
    await deletePayment(app.db, claimedId);
    if (err instanceof PayGreenError) throw providerError(err, app.log);
    throw err;
  }
  await updatePayment(app.db, claimedId, { providerId: created.id, status: created.status });
  return { hosted_payment_url: created.hosted_payment_url, po_id: created.id };
}

/**
 * Gives a card payment's money back at PayGreen; answers its status after, or null when nobody
 * can tell. A refund that fails may be one its twin (the return or the notification) already
 * made: the payment is then asked what it is now.
 */
export async function refundAtProvider(app: FastifyInstance, providerId: string): Promise<PaymentOrderStatus | null> {
  const refunded = await app
    .paygreen()
    .refund(providerId)
    .catch(async (refundErr: unknown) => {
      app.log.error({ err: refundErr, providerId }, 'refund failed');
      return app.paygreen().getPaymentOrder(providerId).catch(() => null);
    });
  return refunded?.status ?? null;
}

/**
 * What a payment order came to, asked of PayGreen itself (a notification's body or a return URL is
 * never trusted). A success places the order, once, whichever of the return and the notification
 * arrives first; an order that can no longer be placed (sold out meanwhile) is refunded.
 */
export async function settleCardPayment(app: FastifyInstance, providerId: string, options: { buyerBack?: boolean } = {}): Promise<{ status: ReturnStatus; orderId: number | null; customerId: number | null }> {
  const payment = await paymentOf(app.db, 'paygreen', providerId);
  if (!payment) return { status: 'refused', orderId: null, customerId: null };
  let order;
  try {
    order = await app.paygreen().getPaymentOrder(providerId);
  } catch (err) {
    if (err instanceof PayGreenError) throw providerError(err, app.log);
    throw err;
  }
  let status = returnStatus(order.status);
  let orderId = payment.orderId;
  if (status === 'success' && order.amount !== payment.amountCents) status = 'refused';
  let providerStatus: PaymentOrderStatus = order.status;
  if (status === 'success' && !orderId) {
    try {
      // Canceled by the shop (its customer gave up, or started anew) and paid all the same, as the
      // buyer was on the hosted page: the money goes back, it never becomes a second order.
      if (payment.status === 'canceled') throw new AppError(409, CHECKOUT_ERRORS.alreadyPaid, 'Ce paiement par carte avait été annulé.');
      const placed = await placeOrder(app.db, payment.preOrderId, app.clock.now(), { paymentId: payment.id });
      // The pre-order may have been placed by another payment: a second tab paying by card too
      // (maybe on another instance), or the pool or Edenred. This payment is then one too many.
      if ((await orderIdOfPayment(app.db, payment.id)) !== placed) throw new AppError(409, CHECKOUT_ERRORS.alreadyPaid, 'Cette commande est déjà payée.');
      orderId = placed;
    } catch (err) {
      // Sold out, pool spent, a means withdrawn (the card no longer pays what is left) or already
      // paid meanwhile: the money goes back.
      if (!(err instanceof AppError) || err.statusCode !== 409) throw err;
      app.log.warn({ providerId, reason: err.code }, 'paid order could not be placed: refunding');
      providerStatus = (await refundAtProvider(app, providerId)) ?? providerStatus;
      status = 'refused';
    }
  }
  // Also on a replay: the placement is committed with this payment, so a server that died right
  // after it left an Edenred part held, to be taken now.
  if (status === 'success' && orderId) await captureHeldEdenred(app, orderId);
  // Counted when what PayGreen says changes, not at every return, notification or poll.
  if (providerStatus !== payment.status) countPayment('card', status);
  await updatePayment(app.db, payment.id, { status: providerStatus, orderId });
  // A refund of a placed order (cancelled or refunded by the team) is mailed with its credit note:
  // "refunded" here is only the money of an order that could not be placed.
  const mailKind = providerStatus === 'refunded' ? (orderId ? null : 'refunded') : providerStatus === 'refused' ? 'refused' : status === 'pending' && (options.buyerBack || providerStatus === 'authorized') ? 'pending' : null;
  if (mailKind) await mailOnce(app, payment, mailKind);
  return { status, orderId, customerId: payment.customerId };
}
