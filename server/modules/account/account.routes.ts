import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCustomerId, setSessionCookies } from '../../plugins/session';
import { CUSTOMER_ONLY } from '../../plugins/openapi-contract';
import { me } from './account.service';
import { ACCOUNT } from '#shared/api/routes/account';
import { serve } from '../../lib/table-route';

/** The customer's space (docs/product/accounts.md): GET /api/me. Invoices: server/pdf with the payment features. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  await serve(app, ACCOUNT.getMe, { config: { refusals: CUSTOMER_ONLY } }, async (request, reply) => {
    const customerId = requireCustomerId(request);
    // The client's refresh of the anti-forgery token rides on this call.
    setSessionCookies(app, reply, request.session!);
    return me(app.db, customerId);
  });
};
