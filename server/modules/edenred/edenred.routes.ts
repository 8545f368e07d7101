import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nonJsonAnswer } from '#shared/api/documents';
import { CUSTOMER_ONLY } from '../../plugins/openapi-contract';
import { requireCustomerId } from '../../plugins/session';
import { MEAL_VOUCHER_DAILY_LIMIT_CENTS } from '#shared/meal-vouchers';
import { edenredSpentToday, usableToday } from './daily-limit.service';
import { balanceOf, finishLogin, logout, startLogin, type LoginOutcome } from './edenred.service';
import { EDENRED } from '#shared/api/routes/edenred';
import { serve } from '../../lib/table-route';

const PAGE_TEXT: Record<LoginOutcome, { title: string; body: string }> = {
  success: { title: 'Compte Edenred connecté', body: 'Votre compte Edenred est connecté. Cette fenêtre va se fermer.' },
  error: { title: 'Connexion impossible', body: 'La connexion à votre compte Edenred n’a pas abouti. Vous pouvez fermer cette fenêtre et réessayer.' },
};

/**
 * The small page the login popup ends on: /edenred-callback.js (no inline script: the CSP allows
 * none) tells the opener the outcome, then closes the popup.
 */
function callbackPage(outcome: LoginOutcome): string {
  const { title, body } = PAGE_TEXT[outcome];
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title} · Popote</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1d2b24}</style>
<script src="/edenred-callback.js" defer></script></head>
<body data-status="${outcome}"><h1>${title}</h1><p>${body}</p></body></html>`;
}

const callbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});

/** The customer's Edenred link (docs/product/payments.md): login, balance, logout. */
export const edenredRoutes: FastifyPluginAsyncZod = async (app) => {
  // A POST: it starts a login (its state and PKCE verifier are stored).
  await serve(app, EDENRED.postEdenredOauthUrl, { config: { refusals: CUSTOMER_ONLY } }, async (request) => {
    const customerId = requireCustomerId(request);
    return { url: await startLogin(app, request.session!.id, customerId) };
  });

  // Reached by the provider's redirect: a page, never a JSON error, whatever went wrong.
  await serve(app, EDENRED.getEdenredCallback, { schema: { querystring: callbackQuery, response: { 200: nonJsonAnswer('text/html', 'A page that tells the opener how the login went, then closes') } } }, async (request, reply) => {
    const outcome = await finishLogin(app, request.session?.id ?? null, request.query);
    return reply.type('text/html; charset=utf-8').send(callbackPage(outcome));
  });

  /** The balance, and what Edenred will accept of it today (the daily cap less today's payments here). */
  await serve(app, EDENRED.getEdenredBalance, { config: { refusals: CUSTOMER_ONLY } }, async (request) => {
    const customerId = requireCustomerId(request);
    const [balance, spent] = await Promise.all([balanceOf(app, customerId), edenredSpentToday(app.db, customerId, app.clock.now())]);
    return { balance, usable: usableToday(balance, spent), spent_today: spent, daily_limit: MEAL_VOUCHER_DAILY_LIMIT_CENTS };
  });

  await serve(app, EDENRED.postEdenredLogout, { config: { refusals: CUSTOMER_ONLY } }, async (request) => {
    await logout(app, requireCustomerId(request));
    return { balance: 0, link: null, isConnectedToEdenred: false as const };
  });
};
