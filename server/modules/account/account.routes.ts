import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES, userSchema } from '../../../src/shared/api/auth';
import { AppError } from '../../lib/errors';
import { setSessionCookies } from '../../plugins/session';
import { me } from './account.service';

/** The customer's space (shop.md §7): GET /api/me. Invoices: server/pdf with the payment features. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/me', { schema: { response: { 200: userSchema } } }, async (request, reply) => {
    const session = request.session;
    if (!session?.customerId) throw new AppError(401, 'unauthenticated', AUTH_MESSAGES.unauthenticated);
    // The spec's refresh of the anti-forgery token rides on this call.
    setSessionCookies(app, reply, session);
    return me(app.db, session.customerId);
  });
};
