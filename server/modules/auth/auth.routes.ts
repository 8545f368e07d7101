import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES } from '#shared/api/auth';
import { isConnected } from '../edenred/edenred.service';
import { rateLimit } from '../../lib/rate-limit';
import { THROTTLED_LOGIN } from '../../plugins/openapi-contract';
import { login, logout, register, requestPasswordReset, resetPassword, startCustomerSession } from './auth.service';
import { AUTH } from '#shared/api/routes/auth';
import { serve } from '../../lib/table-route';

const MINUTE = 60 * 1000;

/**
 * Counted per IP and per e-mail, so neither many accounts from one place nor one account from many
 * places can be guessed at. Per IP limits stay generous: a whole office shares one address. Logins
 * are slowed down instead, failure by failure (login-throttle.ts).
 */
export const AUTH_LIMITS = {
  registerPerIp: { max: 20, windowMs: 60 * MINUTE },
  resetEmailPerIp: { max: 20, windowMs: 60 * MINUTE },
  resetEmailPerEmail: { max: 5, windowMs: 60 * MINUTE },
  resetPerIp: { max: 10, windowMs: 15 * MINUTE },
} as const;

/**
 * Sign-up, login, logout and reset answer with a new session's cookie, which is never stored:
 * repeated, they are done again (server/plugins/idempotency.ts).
 */
const noReplay = { idempotent: false };

const byEmail = (request: { body: unknown }) => [`email:${String((request.body as { email?: string })?.email ?? '').toLowerCase()}`];

const summary = (c: { id: number; firstname: string; lastname: string; email: string; phone: string }, isConnectedToEdenred: boolean) => ({
  id: c.id,
  firstname: c.firstname,
  lastname: c.lastname,
  email: c.email,
  phone: c.phone,
  isConnectedToEdenred,
});

/** Sign-up, login, logout and password reset (docs/product/accounts.md). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await serve(app, AUTH.postRegister, { config: noReplay, preHandler: rateLimit({ name: 'register', ...AUTH_LIMITS.registerPerIp }) }, async (request, reply) => {
    const customer = await register(app, request.body);
    return reply.code(201).send(summary(customer, false));
  });

  await serve(app, AUTH.postLogin, { config: { ...noReplay, refusals: THROTTLED_LOGIN } }, async (request, reply) => {
    const customer = await login(app, request.ip, request.body.email, request.body.password);
    const { cartNotice } = await startCustomerSession(app, request, reply, customer.id, request.body.remember);
    return { ...summary(customer, await isConnected(app.db, customer.id)), cart_notice: cartNotice };
  });

  await serve(app, AUTH.postLogout, { config: noReplay }, async (request, reply) => {
    await logout(app, request, reply);
    return { message: 'Vous êtes déconnecté. À bientôt !' };
  });

  await serve(app, AUTH.postAuthPasswordEmail, { preHandler: [
      rateLimit({ name: 'password-email', ...AUTH_LIMITS.resetEmailPerIp }),
      rateLimit({ name: 'password-email', ...AUTH_LIMITS.resetEmailPerEmail, keys: byEmail }),
    ] }, async (request) => {
    await requestPasswordReset(app, request.body.email);
    // The same answer whether or not the address has an account.
    return { message: AUTH_MESSAGES.resetRequested };
  });

  await serve(app, AUTH.postAuthPasswordReset, { config: noReplay, preHandler: rateLimit({ name: 'password-reset', ...AUTH_LIMITS.resetPerIp }) }, async (request, reply) => {
    const customerId = await resetPassword(app, request.body);
    // The customer's own sessions are gone; an anonymous one hands its cart over as at login.
    if (request.session?.customerId) request.session = null;
    await startCustomerSession(app, request, reply, customerId, false);
    return { message: AUTH_MESSAGES.resetDone };
  });
};
