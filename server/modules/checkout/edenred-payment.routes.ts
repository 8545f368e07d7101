import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHECKOUT_ERRORS, PAYMENT_ORDER_ID_PATTERN } from '#shared/api/checkout';
import { EDENRED_ERRORS } from '#shared/api/edenred';
import { CUSTOMER_ONLY, mergeRefusals, type Refusals } from '../../plugins/openapi-contract';
import { requireCustomerId } from '../../plugins/session';
import { lockWhileCardPending } from './card-pending.service';
import { closeWidget, payOnly, payPartly, refundForRefusedCard, registerWidgetPayment, removeEdenredPayment, startWidget, widgetOrderDetails } from './edenred-payment';
import { EDENRED_PAYMENT } from '#shared/api/routes/edenred-payment';
import { serve } from '../../lib/table-route';

/**
 * Paying with Edenred: the balance, all or part, and the widget. Whatever takes or gives back
 * money is a POST, so it carries the anti-forgery token.
 */
/** A payment from the linked balance: the account linked, the amount still the order's, within Edenred's limits. */
const BALANCE_PAYMENT: Refusals = {
  402: [EDENRED_ERRORS.limitExceeded, EDENRED_ERRORS.insufficientFunds, CHECKOUT_ERRORS.mealVoucherCap],
  409: [EDENRED_ERRORS.notLinked, EDENRED_ERRORS.alreadyApplied, EDENRED_ERRORS.amountMismatch],
};

export const edenredPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Paying or changing the Edenred part waits for a card payment under way (a refused card's
  // Edenred part is given back by its own route, once the card is known refused).
  app.addHook('preHandler', lockWhileCardPending(app, [EDENRED_PAYMENT.postPaymentEdenredRefundByIdOrder.path]));

  await serve(app, EDENRED_PAYMENT.postPaymentEdenredOnly, { config: { refusals: mergeRefusals(CUSTOMER_ONLY, BALANCE_PAYMENT) } }, async (request) =>
    payOnly(app, requireCustomerId(request), request.body.amount));

  await serve(app, EDENRED_PAYMENT.postPaymentEdenredPartly, { config: { refusals: mergeRefusals(CUSTOMER_ONLY, BALANCE_PAYMENT, { 422: ['amount_too_small'] }) } }, async (request) => payPartly(app, requireCustomerId(request), request.body.amount));

  await serve(app, EDENRED_PAYMENT.postPaymentEdenredRefund, { config: { refusals: mergeRefusals(CUSTOMER_ONLY, { 409: [EDENRED_ERRORS.amountMismatch] }) } }, async (request) =>
    removeEdenredPayment(app, requireCustomerId(request), request.body.authorization_id, request.body.amount));

  await serve(app, EDENRED_PAYMENT.postPaymentEdenredRefundByIdOrder, { config: { refusals: mergeRefusals(CUSTOMER_ONLY, { 409: ['payment_not_refused'] }) }, schema: { params: z.object({ id: z.string().regex(PAYMENT_ORDER_ID_PATTERN, { error: 'Paiement inconnu.' }) }) } }, async (request) => refundForRefusedCard(app, requireCustomerId(request), request.params.id));

  await serve(app, EDENRED_PAYMENT.postPaymentEdenredSession, { config: { refusals: mergeRefusals(CUSTOMER_ONLY, { 402: [EDENRED_ERRORS.limitExceeded, CHECKOUT_ERRORS.mealVoucherCap] }) } }, async (request) =>
    startWidget(app, requireCustomerId(request)));

  await serve(app, EDENRED_PAYMENT.postPaymentEdenredSessionClose, { config: { refusals: CUSTOMER_ONLY } }, async (request) => closeWidget(app, requireCustomerId(request), request.body.session_id));

  await serve(app, EDENRED_PAYMENT.postPaymentEdenred, { config: { refusals: mergeRefusals(CUSTOMER_ONLY, { 409: [EDENRED_ERRORS.amountMismatch] }) } }, async (request) =>
    registerWidgetPayment(app, requireCustomerId(request), request.body.payload));

  await serve(app, EDENRED_PAYMENT.getPaymentEdenredOrderDetails, { config: { refusals: CUSTOMER_ONLY } }, async (request) =>
    widgetOrderDetails(app, requireCustomerId(request), request.query.id));
};
