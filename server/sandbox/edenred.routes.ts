import { eq, inArray } from 'drizzle-orm';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sandboxEdenredAccounts, sandboxEdenredTransactions } from '../db/schema';
import { SANDBOX_EDENRED_PATH } from '../payments/edenred/edenred-client';
import { edenredAccounts, SANDBOX_EDENRED_ACCOUNTS } from './edenred-accounts';
import { edenredDirectPayment, type ForcedFailure } from './edenred-direct-payment';
import { edenredLedger } from './edenred-ledger';
import { edenredSso } from './edenred-sso';
import { edenredWidget, WIDGET_DEFAULT_ERROR, type WidgetOutcome } from './edenred-widget';
import {
  balanceDriverSchema,
  completeDriverSchema,
  DirectPaymentError,
  failed,
  failureDriverSchema,
  idParams,
  OAuthError,
  outcomeDriverSchema,
  succeeded,
  usernameParams,
  WidgetError,
} from './edenred-wire';
import { acceptProviderBodies } from './provider-bodies';
import { scopedSwitch } from './scope';

const P = SANDBOX_EDENRED_PATH;

/**
 * Sandbox only: an emulator of Edenred — its OpenID Connect server with the login page, Direct
 * Payment v2 and the payment widget (service and script) — keeping accounts, grants, transactions
 * and widget sessions in the database so that every server instance shares them, and reading the
 * time from app.clock so that tests can move it. Drivers for tests and QA set a balance, make the
 * next Direct Payment calls fail, and choose or settle the widget's outcome.
 */
export const sandboxEdenredRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A Direct Payment failure QA asked for: answered by the next `remaining` transaction calls. */
  const failures = scopedSwitch<ForcedFailure>({ value: null }, 'edenred-failure');
  /** What the next widget authorization does once the credentials, the balance and the cap pass. */
  const widgetOutcomes = scopedSwitch<WidgetOutcome>({ value: null }, 'edenred-widget-outcome');

  const publicUrl = app.env.PUBLIC_URL.replace(/\/+$/, '');
  const issuer = `${publicUrl}${P}`;

  // Edenred accepts a POST with a JSON content type and no body (cancel); the token endpoint and the login form take forms.
  acceptProviderBodies(app, () => new DirectPaymentError(400, 'INVALID_REQUEST', 'The body is not valid JSON.'));

  // Each part answers in its own format: OAuth errors on the SSO, the envelope on the APIs.
  app.setErrorHandler((error: FastifyError | DirectPaymentError | OAuthError | WidgetError, request, reply) => {
    reply.header('cache-control', 'no-store');
    const sso = request.url.startsWith(`${P}/connect/`);
    if (error instanceof OAuthError) return reply.code(error.statusCode).send({ error: error.error, error_description: error.message });
    if (error instanceof DirectPaymentError) return reply.code(error.statusCode).send(failed(error.code, error.message));
    if (error instanceof WidgetError) return reply.code(error.statusCode).send({ error_text: error.errorText, ...(error.retry ? { retry: true } : {}) });
    const status = hasZodFastifySchemaValidationErrors(error) ? 400 : (error.statusCode ?? 500);
    if (status < 500) {
      const text = hasZodFastifySchemaValidationErrors(error)
        ? error.validation.map((i) => `${i.instancePath.replace(/^\//, '') || 'body'}: ${i.message ?? 'invalid'}`).join('; ')
        : error.message;
      return reply.code(status).send(sso ? { error: 'invalid_request', error_description: text } : failed('INVALID_REQUEST', text));
    }
    request.log.error({ err: error }, 'sandbox edenred error');
    return reply.code(500).send(sso ? { error: 'server_error', error_description: 'Internal error.' } : failed('INTERNAL_ERROR', 'Internal error.'));
  });

  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  // --- Its parts, each adding its routes: accounts, the SSO, Direct Payment, the widget -----------

  const accounts = edenredAccounts(app);
  const { findAccount, ensureDemoAccounts } = accounts;
  const { userOfToken, bearerOf } = edenredSso(app, accounts, { publicUrl, issuer });
  const ledger = edenredLedger(app, accounts);
  const { capture, cancel } = ledger;
  edenredDirectPayment(app, { findAccount, ledger, userOfToken, bearerOf, failures });
  const { presentWidgetSession, findWidgetSession, updateWidgetSession } = edenredWidget(app, { ...accounts, ledger, widgetOutcomes, publicUrl });

  // --- Drivers for tests and QA (no credentials needed) -----------------------------------------

  app.get(`${P}/accounts/:username`, { schema: { params: usernameParams } }, async (request) => {
    const account = await findAccount(request.params.username);
    if (!account) throw new DirectPaymentError(404, 'USER_NOT_FOUND', 'Unknown user.');
    return succeeded({ username: account.username, balance_cents: account.balanceCents });
  });

  /**
   * Sets an account's balance; an unknown account is opened with it (password "demo"), so a test
   * can have an account no other test touches.
   */
  app.post(`${P}/accounts/:username/balance`, { schema: { params: usernameParams, body: balanceDriverSchema } }, async (request) => {
    const username = request.params.username.trim().toLowerCase();
    const [row] = await app.db
      .insert(sandboxEdenredAccounts)
      .values({ username, password: 'demo', firstname: 'Compte', lastname: 'de test', balanceCents: request.body.balance_cents })
      .onConflictDoUpdate({ target: sandboxEdenredAccounts.username, set: { balanceCents: request.body.balance_cents } })
      .returning();
    return succeeded({ username: row!.username, balance_cents: row!.balanceCents });
  });

  /**
   * The demo accounts' balances back to their start, and their transactions forgotten (the daily
   * cap with them). Other accounts keep theirs: a test on its own account is never reset under it.
   */
  app.post(`${P}/accounts/reset`, async () => {
    await app.db.transaction(async (tx) => {
      await ensureDemoAccounts(tx);
      for (const a of SANDBOX_EDENRED_ACCOUNTS) {
        await tx.update(sandboxEdenredAccounts).set({ balanceCents: a.balanceCents }).where(eq(sandboxEdenredAccounts.username, a.username));
      }
      await tx.delete(sandboxEdenredTransactions).where(inArray(sandboxEdenredTransactions.username, SANDBOX_EDENRED_ACCOUNTS.map((a) => a.username)));
    });
    return succeeded({ accounts: SANDBOX_EDENRED_ACCOUNTS.map((a) => ({ username: a.username, balance_cents: a.balanceCents })) });
  });

  /** The next `count` Direct Payment transaction calls (create, capture, cancel, refund) answer this error. */
  app.post(`${P}/failures`, { schema: { body: failureDriverSchema } }, async (request) => {
    const { code, status, count } = request.body;
    const text = request.body.text ?? `Forced failure ${code}.`;
    failures.set({ code, status, text, remaining: count });
    return succeeded({ code, status, text, remaining: count });
  });

  app.delete(`${P}/failures`, async (_request, reply) => {
    failures.set(null);
    return reply.code(204).send();
  });

  app.post(`${P}/widget/outcome`, { schema: { body: outcomeDriverSchema } }, async (request) => {
    const outcome = { outcome: request.body.outcome, errorText: request.body.error_text ?? WIDGET_DEFAULT_ERROR };
    widgetOutcomes.set(outcome);
    return succeeded({ outcome: outcome.outcome, error_text: outcome.errorText });
  });

  /** Settles a pending widget payment as Edenred's confirmation would: captured, or cancelled (money back). */
  app.post(`${P}/widget/v1/sessions/:id/complete`, { schema: { params: idParams, body: completeDriverSchema } }, async (request) => {
    const row = await findWidgetSession(request.params.id);
    if (!row) throw new DirectPaymentError(404, 'SESSION_NOT_FOUND', 'Unknown widget session.');
    if (row.status !== 'pending' || !row.authorizationId) {
      throw new DirectPaymentError(409, 'INVALID_SESSION_STATUS', `A widget session in status ${row.status} cannot be completed.`);
    }
    const success = request.body.status === 'succeeded';
    if (success) await capture(row.authorizationId, undefined);
    else await cancel(row.authorizationId);
    const updated = await updateWidgetSession(row.id, 'pending', {
      status: request.body.status,
      errorText: success ? null : (request.body.error_text ?? WIDGET_DEFAULT_ERROR),
    });
    if (!updated) throw new DirectPaymentError(409, 'INVALID_SESSION_STATUS', 'The widget session changed meanwhile.');
    return succeeded(presentWidgetSession(updated));
  });
};
