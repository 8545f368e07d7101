import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSchema } from '#shared/api/auth';
import { requireCustomerId, setSessionCookies } from '../../plugins/session';
import { CUSTOMER_ONLY } from '../../plugins/openapi-contract';
import { me } from './account.service';

/** The customer's space (docs/product/accounts.md): GET /api/me. Invoices: server/pdf with the payment features. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/me', { config: { refusals: CUSTOMER_ONLY }, schema: { summary: 'The logged-in customer’s space', response: { 200: userSchema } } }, async (request, reply) => {
    const customerId = requireCustomerId(request);
    // The client's refresh of the anti-forgery token rides on this call.
    setSessionCookies(app, reply, request.session!);
    return me(app.db, customerId);
  });
};
