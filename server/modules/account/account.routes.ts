import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSchema } from '#shared/api/auth';
import { LEDGER_ERRORS, dueAnswerSchema } from '#shared/api/staff-ledger';
import { staffIdParamsSchema as orderIdParams } from '#shared/api/staff';
import { requireCustomerId, setSessionCookies } from '../../plugins/session';
import { CUSTOMER_ONLY } from '../../plugins/openapi-contract';
import { me, settleDueFromPool } from './account.service';

/** The customer's space (docs/product/accounts.md): GET /api/me. Invoices: server/pdf with the payment features. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/me', { config: { refusals: CUSTOMER_ONLY }, schema: { summary: 'The logged-in customer’s space', response: { 200: userSchema } } }, async (request, reply) => {
    const customerId = requireCustomerId(request);
    // The client's refresh of the anti-forgery token rides on this call.
    setSessionCookies(app, reply, request.session!);
    return me(app.db, customerId);
  });

  app.post(
    '/api/orders/:id/balance',
    {
      config: { refusals: { ...CUSTOMER_ONLY, 404: ['not_found'], 409: [LEDGER_ERRORS.nothingDue, LEDGER_ERRORS.poolShort] } },
      schema: { summary: 'Settle what is still due on one of my orders from my pool', params: orderIdParams, response: { 200: dueAnswerSchema } },
    },
    async (request) => settleDueFromPool(app.db, requireCustomerId(request), request.params.id, app.clock.now()),
  );
};
