import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CUSTOMER_ONLY } from '../../plugins/openapi-contract';
import { CHECKOUT_ERRORS, PAYMENT_ORDER_ID_PATTERN } from '#shared/api/checkout';
import { emptyAnswer } from '#shared/api/documents';
import { AppError } from '../../lib/errors';
import { requireCustomerId } from '../../plugins/session';
import { startCardPayment } from './card-payment';
import { settleCardPayment } from './card-settlement';
import { settleDueCardPayment } from './balance-due';
import { paymentPending, resolveLiveCardPayments } from './card-pending.service';
import { validatedOrder } from './checkout.service';
import { CARD_PAYMENT } from '#shared/api/routes/card-payment';
import { serve } from '../../lib/table-route';

const providerIdSchema = z.string().regex(PAYMENT_ORDER_ID_PATTERN, { error: 'Paiement inconnu.' });

/** Card payment through PayGreen's hosted page: start, return, notification, order (docs/product/payments.md). */
export const cardRoutes: FastifyPluginAsyncZod = async (app) => {
  await serve(app, CARD_PAYMENT.postPaymentPaygreen, { config: { refusals: { ...CUSTOMER_ONLY, 409: [CHECKOUT_ERRORS.alreadyPaid, CHECKOUT_ERRORS.remaining, CHECKOUT_ERRORS.paymentPending] } } }, async (request) => {
    return startCardPayment(app, requireCustomerId(request));
  });

  /**
   * "Annuler le paiement": the customer gives up a card payment under way (hosted page left). It
   * is canceled at PayGreen unless paid or authorized meanwhile (then settled, or 409 while
   * PayGreen decides); the cart can be changed again.
   */
  await serve(app, CARD_PAYMENT.postPaymentPaygreenCancel, { config: { refusals: { ...CUSTOMER_ONLY, 409: [CHECKOUT_ERRORS.paymentPending] } } }, async (request) => {
    if ((await resolveLiveCardPayments(app, requireCustomerId(request), { cancel: true })).length) throw paymentPending();
    return { pending: false };
  });

  /**
   * The way back of payments started before returns went to the app's page (CARD_RETURN_PATH): a
   * payment order keeps the return URL it was made with, so this stays for those still under way.
   */
  await serve(app, CARD_PAYMENT.getPaymentPaygreenReturn, { schema: { querystring: z.object({ po_id: providerIdSchema.optional() }), response: { 303: emptyAnswer('To /passer-commande with payment_status (and po_id)') } } }, async (request, reply) => {
    const poId = request.query.po_id;
    const { status } = poId ? await settleCardPayment(app, poId, { buyerBack: true }) : { status: 'refused' as const };
    const target = new URLSearchParams({ payment_status: status, ...(poId ? { po_id: poId } : {}) });
    return reply.redirect(`/passer-commande?${target}`, 303);
  });

  /** PayGreen's notification: only its id is read, the status is asked of PayGreen. */
  await serve(app, CARD_PAYMENT.postPaymentPaygreenNotification, { config: { csrf: false }, schema: { body: z.object({ id: providerIdSchema }).passthrough() } }, async (request) => {
    // A card payment of a balance due, or of a basket.
    const { status } = (await settleDueCardPayment(app, request.body.id)) ?? (await settleCardPayment(app, request.body.id));
    return { received: true as const, status };
  });

  /**
   * What a card payment came to, asked of PayGreen. `back=1`: the buyer has just come back from the
   * hosted page (the app's first check after the return), so a payment still pending is mailed
   * about, once; the app's later checks and its quiet ones at start send no such mail.
   */
  const orderQuery = z.object({ back: z.literal('1').optional() });
  await serve(app, CARD_PAYMENT.getPaymentPaygreenByIdOrder, { config: { refusals: { ...CUSTOMER_ONLY, 402: ['payment_refused'], 409: [CHECKOUT_ERRORS.paymentPending] } }, schema: { params: z.object({ id: providerIdSchema }), querystring: orderQuery } }, async (request) => {
    const customerId = requireCustomerId(request);
    const settled = await settleCardPayment(app, request.params.id, { buyerBack: request.query.back === '1' });
    if (settled.customerId !== customerId) throw new AppError(404, 'not_found', 'Paiement introuvable.');
    if (settled.status === 'pending') throw new AppError(409, 'payment_pending', 'Le paiement est en cours de validation.');
    if (!settled.orderId) throw new AppError(402, 'payment_refused', 'Le paiement a été refusé.');
    return validatedOrder(app.db, customerId, settled.orderId);
  });
};
