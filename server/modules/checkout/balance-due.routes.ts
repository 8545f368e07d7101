import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHECKOUT_ERRORS } from '#shared/api/checkout';
import { LEDGER_ERRORS } from '#shared/api/staff-ledger';
import { CUSTOMER_ONLY } from '../../plugins/openapi-contract';
import { requireCustomerId } from '../../plugins/session';
import { cancelDueCardPayment, dueCardOutcome, settleDueFromPool, startDueCardPayment } from './balance-due';
import { BALANCE_DUE } from '#shared/api/routes/balance-due';
import { serve } from '../../lib/table-route';

/** The customer settles a balance due on one of their orders: from the pool, or by card (docs/product/money.md). */
export const balanceDueRoutes: FastifyPluginAsyncZod = async (app) => {
  await serve(app, BALANCE_DUE.postOrdersByIdBalance, { config: { refusals: { ...CUSTOMER_ONLY, 404: ['not_found'], 409: [LEDGER_ERRORS.nothingDue, LEDGER_ERRORS.poolShort, CHECKOUT_ERRORS.paymentPending] } } }, async (request) => settleDueFromPool(app, requireCustomerId(request), request.params.id));

  await serve(app, BALANCE_DUE.postOrdersByIdBalanceCard, { config: { refusals: { ...CUSTOMER_ONLY, 404: ['not_found'], 409: [LEDGER_ERRORS.nothingDue, CHECKOUT_ERRORS.paymentPending, 'card_unavailable'], 422: [LEDGER_ERRORS.dueExceeded, 'amount_too_small'] } } }, async (request) => startDueCardPayment(app, requireCustomerId(request), request.params.id, request.body.amount));

  await serve(app, BALANCE_DUE.getOrdersByIdBalanceCardByPo, { config: { refusals: { ...CUSTOMER_ONLY, 404: ['not_found'] } } }, async (request) => dueCardOutcome(app, requireCustomerId(request), request.params.id, request.params.po));

  await serve(app, BALANCE_DUE.postOrdersByIdBalanceCardByPoCancel, { config: { refusals: { ...CUSTOMER_ONLY, 404: ['not_found'] } } }, async (request) => cancelDueCardPayment(app, requireCustomerId(request), request.params.id, request.params.po));
};
