import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHECKOUT_ERRORS, PAYMENT_ORDER_ID_PATTERN, preOrderSchema, validatedOrderSchema } from '#shared/api/checkout';
import {
  EDENRED_ERRORS,
  edenredAmountBodySchema,
  edenredRefundBodySchema,
  orderDetailsQuerySchema,
  orderDetailsSchema,
  partlyAnswerSchema,
  refundForCardAnswerSchema,
  widgetPaymentAnswerSchema,
  widgetPaymentBodySchema,
  widgetCloseBodySchema,
  widgetSessionAnswerSchema,
} from '#shared/api/edenred';
import { CUSTOMER_ONLY, mergeRefusals, type Refusals } from '../../plugins/openapi-contract';
import { requireCustomerId } from '../../plugins/session';
import { lockWhileCardPending } from './card-pending.service';
import { closeWidget, payOnly, payPartly, refundForRefusedCard, registerWidgetPayment, removeEdenredPayment, startWidget, widgetOrderDetails } from './edenred-payment';

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
  app.addHook('preHandler', lockWhileCardPending(app, ['/api/payment/edenred/refund/:id/order']));

  app.post('/api/payment/edenred/only', { config: { refusals: mergeRefusals(CUSTOMER_ONLY, BALANCE_PAYMENT) }, schema: { summary: 'Pay the whole rest with the Edenred balance', body: edenredAmountBodySchema, response: { 200: validatedOrderSchema } } }, async (request) =>
    payOnly(app, requireCustomerId(request), request.body.amount),
  );

  app.post(
    '/api/payment/edenred/partly',
    { config: { refusals: mergeRefusals(CUSTOMER_ONLY, BALANCE_PAYMENT, { 422: ['amount_too_small'] }) }, schema: { summary: 'Hold part of the rest on the Edenred balance', body: edenredAmountBodySchema, response: { 200: partlyAnswerSchema } } },
    async (request) => payPartly(app, requireCustomerId(request), request.body.amount),
  );

  app.post('/api/payment/edenred/refund', { config: { refusals: mergeRefusals(CUSTOMER_ONLY, { 409: [EDENRED_ERRORS.amountMismatch] }) }, schema: { summary: 'Remove the Edenred payment', body: edenredRefundBodySchema, response: { 200: preOrderSchema } } }, async (request) =>
    removeEdenredPayment(app, requireCustomerId(request), request.body.authorization_id, request.body.amount),
  );

  app.post(
    '/api/payment/edenred/refund/:id/order',
    { config: { refusals: mergeRefusals(CUSTOMER_ONLY, { 409: ['payment_not_refused'] }) }, schema: { summary: 'Give the Edenred part back after a refused card', params: z.object({ id: z.string().regex(PAYMENT_ORDER_ID_PATTERN, { error: 'Paiement inconnu.' }) }), response: { 200: refundForCardAnswerSchema } } },
    async (request) => refundForRefusedCard(app, requireCustomerId(request), request.params.id),
  );

  app.post('/api/payment/edenred/session', { config: { refusals: mergeRefusals(CUSTOMER_ONLY, { 402: [EDENRED_ERRORS.limitExceeded, CHECKOUT_ERRORS.mealVoucherCap] }) }, schema: { summary: 'Open an Edenred widget session', response: { 200: widgetSessionAnswerSchema } } }, async (request) =>
    startWidget(app, requireCustomerId(request)),
  );

  app.post(
    '/api/payment/edenred/session/close',
    { config: { refusals: CUSTOMER_ONLY }, schema: { summary: 'Close an unpaid Edenred widget session', body: widgetCloseBodySchema, response: { 200: preOrderSchema } } },
    async (request) => closeWidget(app, requireCustomerId(request), request.body.session_id),
  );

  app.post('/api/payment/edenred', { config: { refusals: mergeRefusals(CUSTOMER_ONLY, { 409: [EDENRED_ERRORS.amountMismatch] }) }, schema: { summary: 'Register the Edenred widget’s payment', body: widgetPaymentBodySchema, response: { 200: widgetPaymentAnswerSchema } } }, async (request) =>
    registerWidgetPayment(app, requireCustomerId(request), request.body.payload),
  );

  app.get('/api/payment/edenred/order-details', { config: { refusals: CUSTOMER_ONLY }, schema: { summary: 'Whether the widget payment placed the order', querystring: orderDetailsQuerySchema, response: { 200: orderDetailsSchema } } }, async (request) =>
    widgetOrderDetails(app, requireCustomerId(request), request.query.id),
  );
};
