import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CARD_MINIMUM_MESSAGE, CARD_RETURN_PATH, CHECKOUT_ERRORS, cardAmountTooSmall, type CardReturnStatus } from '#shared/api/checkout';
import { carts, customers, payments, preOrders } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { PayGreenError, type PaymentOrderStatus } from '../../payments/paygreen/paygreen-client';
import { checkStillOpen, customerPool, placeOrder, preOrderAmounts, requireOpenPreOrder } from './checkout.service';
import { captureHeldEdenred } from './edenred-holds';
import { countPayment } from '../../lib/metrics';
import { enqueueMail } from '../../mail/outbox';
import { cardPaymentMail } from './order-mail';
import { isUniqueViolation } from '../../lib/errors';
import { paymentPending, resolveLiveCardPayments } from './card-pending';

/** A card payment keeps the cart's portions this long (the hosted page may take a while). */
const PAYMENT_HOLD_MS = 60 * 60 * 1000;

export type ReturnStatus = CardReturnStatus;

function providerError(err: unknown, log?: FastifyInstance['log']) {
  log?.warn({ err }, 'PayGreen call failed');
  return new AppError(502, 'provider_error', 'Le paiement par carte est momentanément indisponible. Merci de réessayer dans un instant.');
}

/** Starts a PayGreen payment order for what is left to pay on the customer's open pre-order. */
export async function startCardPayment(app: FastifyInstance, customerId: number): Promise<{ hosted_payment_url: string; po_id: string }> {
  const open = await requireOpenPreOrder(app.db, customerId);
  await checkStillOpen(app.db, open, app.clock.now());
  // An earlier attempt still under way is settled, or canceled at PayGreen when nobody paid it:
  // it can then never be paid beside this one. One PayGreen may not cancel (authorized) blocks.
  if ((await resolveLiveCardPayments(app, customerId, { cancel: true })).length) throw paymentPending();
  const [pre] = await app.db.select().from(preOrders).where(eq(preOrders.id, open.id));
  if (!pre || pre.orderId) throw new AppError(409, CHECKOUT_ERRORS.alreadyPaid, 'Votre commande est déjà payée : elle est confirmée.');
  const { remaining } = preOrderAmounts(pre, await customerPool(app.db, customerId));
  if (remaining === 0) throw new AppError(409, CHECKOUT_ERRORS.remaining, 'Il ne reste rien à payer par carte : finalisez votre commande.');
  if (cardAmountTooSmall(remaining)) throw new AppError(422, 'amount_too_small', CARD_MINIMUM_MESSAGE);
  const [customer] = await app.db.select().from(customers).where(eq(customers.id, customerId));
  const base = app.env.PUBLIC_URL.replace(/\/+$/, '');
  // The attempt is claimed before PayGreen is asked: a concurrent one (another tab, another
  // instance) meets the unique index of live card payments and is refused.
  let claimed;
  try {
    [claimed] = await app.db
      .insert(payments)
      .values({ preOrderId: pre.id, customerId, provider: 'paygreen', providerId: `starting-${randomUUID()}`, amountCents: remaining, status: 'starting', createdAt: app.clock.now() })
      .returning({ id: payments.id });
  } catch (err) {
    if (isUniqueViolation(err)) throw paymentPending();
    throw err;
  }
  let order;
  try {
    order = await app.paygreen().createPaymentOrder({
      amount: remaining,
      reference: `popote-${pre.id}-${Date.now().toString(36)}`,
      returnUrl: `${base}${CARD_RETURN_PATH}`,
      cancelUrl: `${base}${CARD_RETURN_PATH}`,
      notificationUrl: `${base}/api/payment/paygreen/notification`,
      buyer: { email: customer!.email, firstName: customer!.firstname, lastName: customer!.lastname, reference: `customer-${customer!.id}` },
    });
    if (!order.hosted_payment_url) throw new PayGreenError('no hosted_payment_url', { code: 'invalid_response' });
  } catch (err) {
    countPayment('card', 'error');
    await app.db.delete(payments).where(eq(payments.id, claimed!.id));
    if (err instanceof PayGreenError) throw providerError(err, app.log);
    throw err;
  }
  await app.db.update(payments).set({ providerId: order.id, status: order.status }).where(eq(payments.id, claimed!.id));
  if (pre.cartId) await app.db.update(carts).set({ expiresAt: new Date(app.clock.now().getTime() + PAYMENT_HOLD_MS) }).where(eq(carts.id, pre.cartId));
  return { hosted_payment_url: order.hosted_payment_url, po_id: order.id };
}

/** A short mail about the payment (pending, refused, refunded), once per state: the conditional UPDATE decides between replays. */
export async function mailOnce(app: FastifyInstance, payment: typeof payments.$inferSelect, kind: 'pending' | 'refused' | 'refunded') {
  await app.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(payments)
      .set({ notifiedStatus: kind })
      .where(and(eq(payments.id, payment.id), or(isNull(payments.notifiedStatus), ne(payments.notifiedStatus, kind))))
      .returning({ id: payments.id });
    if (!claimed) return;
    const [customer] = await tx.select().from(customers).where(eq(customers.id, payment.customerId));
    const means = payment.provider === 'paygreen' ? 'card' : 'edenred';
    if (customer) await enqueueMail(tx, cardPaymentMail(customer.email, customer.firstname, kind, payment.amountCents, means));
  });
}

function returnStatus(status: PaymentOrderStatus): ReturnStatus {
  if (status === 'successed') return 'success';
  if (status === 'pending' || status === 'authorized') return 'pending';
  return 'refused';
}

/**
 * What a payment order came to, asked of PayGreen itself (a notification's body or a return URL is
 * never trusted). A success places the order, once, whichever of the return and the notification
 * arrives first; an order that can no longer be placed (sold out meanwhile) is refunded.
 */
export async function settleCardPayment(app: FastifyInstance, providerId: string, options: { buyerBack?: boolean } = {}): Promise<{ status: ReturnStatus; orderId: number | null; customerId: number | null }> {
  const [payment] = await app.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, 'paygreen'), eq(payments.providerId, providerId)));
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
      const placed = await placeOrder(app.db, payment.preOrderId, app.clock.now(), { paymentId: payment.id });
      // The pre-order may have been placed by another payment: a second tab paying by card too
      // (maybe on another instance), or the pool or Edenred. This payment is then one too many.
      const [owner] = await app.db.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, payment.id));
      if (owner?.orderId !== placed) throw new AppError(409, CHECKOUT_ERRORS.alreadyPaid, 'Cette commande est déjà payée.');
      orderId = placed;
    } catch (err) {
      // Sold out, pool spent, a means withdrawn (the card no longer pays what is left) or already
      // paid meanwhile: the money goes back.
      if (!(err instanceof AppError) || err.statusCode !== 409) throw err;
      app.log.warn({ providerId, reason: err.code }, 'paid order could not be placed: refunding');
      const refunded = await app
        .paygreen()
        .refund(providerId)
        .catch(async (refundErr: unknown) => {
          // Refunded already (its twin, the return or the notification, got there first) or failed: ask what it is now.
          app.log.error({ err: refundErr, providerId }, 'refund failed');
          return app.paygreen().getPaymentOrder(providerId).catch(() => null);
        });
      if (refunded) providerStatus = refunded.status;
      status = 'refused';
    }
  }
  // Also on a replay: the placement is committed with this payment, so a server that died right
  // after it left an Edenred part held, to be taken now.
  if (status === 'success' && orderId) await captureHeldEdenred(app, orderId);
  // Counted when what PayGreen says changes, not at every return, notification or poll.
  if (providerStatus !== payment.status) countPayment('card', status);
  await app.db.update(payments).set({ status: providerStatus, orderId }).where(eq(payments.id, payment.id));
  const mailKind = providerStatus === 'refunded' ? 'refunded' : providerStatus === 'refused' ? 'refused' : status === 'pending' && (options.buyerBack || providerStatus === 'authorized') ? 'pending' : null;
  if (mailKind) await mailOnce(app, payment, mailKind);
  return { status, orderId, customerId: payment.customerId };
}
