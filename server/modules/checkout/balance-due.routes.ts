import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHECKOUT_ERRORS, cardPaymentStartSchema } from '#shared/api/checkout';
import { dueCardAnswerSchema, dueCardBodySchema, dueCardParamsSchema, dueParamsSchema } from '#shared/api/balance-due';
import { LEDGER_ERRORS, dueAnswerSchema } from '#shared/api/staff-ledger';
import { CUSTOMER_ONLY } from '../../plugins/openapi-contract';
import { requireCustomerId } from '../../plugins/session';
import { cancelDueCardPayment, dueCardOutcome, settleDueFromPool, startDueCardPayment } from './balance-due';

/** The customer settles a balance due on one of their orders: from the pool, or by card (docs/product/money.md). */
export const balanceDueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/orders/:id/balance',
    {
      config: { refusals: { ...CUSTOMER_ONLY, 404: ['not_found'], 409: [LEDGER_ERRORS.nothingDue, LEDGER_ERRORS.poolShort, CHECKOUT_ERRORS.paymentPending] } },
      schema: { summary: 'Settle what is still due on one of my orders from my pool', params: dueParamsSchema, response: { 200: dueAnswerSchema } },
    },
    async (request) => settleDueFromPool(app, requireCustomerId(request), request.params.id),
  );

  app.post(
    '/api/orders/:id/balance/card',
    {
      config: { refusals: { ...CUSTOMER_ONLY, 404: ['not_found'], 409: [LEDGER_ERRORS.nothingDue, CHECKOUT_ERRORS.paymentPending, 'card_unavailable'], 422: [LEDGER_ERRORS.dueExceeded, 'amount_too_small'] } },
      schema: { summary: 'Pay what is still due on one of my orders by card (PayGreen hosted page)', params: dueParamsSchema, body: dueCardBodySchema, response: { 200: cardPaymentStartSchema } },
    },
    async (request) => startDueCardPayment(app, requireCustomerId(request), request.params.id, request.body.amount),
  );

  app.get(
    '/api/orders/:id/balance/card/:po',
    {
      config: { refusals: { ...CUSTOMER_ONLY, 404: ['not_found'] } },
      schema: { summary: 'What a card payment of a balance due came to, asked of PayGreen', params: dueCardParamsSchema, response: { 200: dueCardAnswerSchema } },
    },
    async (request) => dueCardOutcome(app, requireCustomerId(request), request.params.id, request.params.po),
  );

  app.post(
    '/api/orders/:id/balance/card/:po/cancel',
    {
      config: { refusals: { ...CUSTOMER_ONLY, 404: ['not_found'] } },
      schema: { summary: 'Give up a card payment of a balance due (cancelled at PayGreen unless paid)', params: dueCardParamsSchema, response: { 200: dueCardAnswerSchema } },
    },
    async (request) => cancelDueCardPayment(app, requireCustomerId(request), request.params.id, request.params.po),
  );
};
