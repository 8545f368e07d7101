import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyError, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parisDate } from '#shared/time';
import { acceptProviderBodies } from './provider-bodies';
import type { Db, Tx } from '../db/client';
import { sandboxEdenredAccounts, sandboxEdenredTransactions, sandboxEdenredWidgetSessions } from '../db/schema';
import { isUniqueViolation } from '../lib/errors';
import { currentScope, scopedSwitch } from './scope';
import { WIDGET_SCRIPT } from './edenred-widget-script';
import { edenredSso } from './edenred-sso';
import { newId, payloadOf, sameString, sessionIdOfPayload } from './edenred-tokens';
import {
  amountSchema,
  balanceDriverSchema,
  completeDriverSchema,
  credentialsSchema,
  DirectPaymentError,
  failed,
  failureDriverSchema,
  header,
  idParams,
  OAuthError,
  outcomeDriverSchema,
  spentBy,
  succeeded,
  transactionSchema,
  usernameParams,
  WidgetError,
  widgetSessionSchema,
} from './edenred-wire';
import {
  SANDBOX_EDENRED_CLIENT_ID,
  SANDBOX_EDENRED_CLIENT_SECRET,
  SANDBOX_EDENRED_MID,
  SANDBOX_EDENRED_PATH,
} from '../payments/edenred/edenred-client';

type Account = typeof sandboxEdenredAccounts.$inferSelect;
type Transaction = typeof sandboxEdenredTransactions.$inferSelect;
type WidgetSession = typeof sandboxEdenredWidgetSessions.$inferSelect;

const P = SANDBOX_EDENRED_PATH;

/** Created on first use when missing. The passwords are on the login page: this is the sandbox. */
export const SANDBOX_EDENRED_ACCOUNTS = [
  { username: 'marie@edenred.test', password: 'demo', firstname: 'Marie', lastname: 'Dupont', balanceCents: 4500 },
  { username: 'paul@edenred.test', password: 'demo', firstname: 'Paul', lastname: 'Martin', balanceCents: 800 },
  { username: 'vide@edenred.test', password: 'demo', firstname: 'Victor', lastname: 'Vide', balanceCents: 0 },
] as const satisfies readonly Account[];

/** French law caps meal-voucher payments at 25 € a day. */
const DAILY_CAP_CENTS = 2500;

/** Direct Payment's refusals as the widget words them to the customer. */
const WIDGET_TEXTS: Record<string, string> = {
  INSUFFICIENT_FUNDS: 'Solde Edenred insuffisant pour ce paiement.',
  LIMIT_EXCEEDED: 'Plafond journalier de 25 € atteint.',
  TRANSACTION_DUPLICATED: 'Ce paiement Edenred a déjà été effectué.',
};
const WIDGET_BAD_CREDENTIALS = 'Identifiants Edenred incorrects.';
const WIDGET_DEFAULT_ERROR = 'Le paiement Edenred a été refusé.';

/**
 * Sandbox only: an emulator of Edenred — its OpenID Connect server with the login page, Direct
 * Payment v2 and the payment widget (service and script) — keeping accounts, grants, transactions
 * and widget sessions in the database so that every server instance shares them, and reading the
 * time from app.clock so that tests can move it. Drivers for tests and QA set a balance, make the
 * next Direct Payment calls fail, and choose or settle the widget's outcome.
 */
export const sandboxEdenredRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A Direct Payment failure QA asked for: answered by the next `remaining` transaction calls. */
  const failures = scopedSwitch<{ status: number; code: string; text: string; remaining: number }>({ value: null }, 'edenred-failure');
  /** What the next widget authorization does once the credentials, the balance and the cap pass. */
  const widgetOutcomes = scopedSwitch<{ outcome: 'success' | 'pending' | 'error'; errorText: string }>({ value: null }, 'edenred-widget-outcome');

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

  // --- Accounts -------------------------------------------------------------------------------

  async function ensureDemoAccounts(db: Db | Tx = app.db) {
    await db
      .insert(sandboxEdenredAccounts)
      .values(SANDBOX_EDENRED_ACCOUNTS.map((a) => ({ ...a })))
      .onConflictDoNothing();
  }
  // Once, when the server is ready, so the emulator's reads stay reads; a server started while its
  // database is away seeds them on first use instead.
  let seeded: Promise<void> | null = null;
  const demoAccountsReady = () =>
    (seeded ??= ensureDemoAccounts().catch((err: unknown) => {
      seeded = null;
      throw err;
    }));
  app.addHook('onReady', async () => {
    await demoAccountsReady().catch((err: unknown) => app.log.warn({ err }, 'sandbox edenred: demo accounts not seeded yet'));
  });

  async function findAccount(username: string): Promise<Account | undefined> {
    await demoAccountsReady();
    const [row] = await app.db.select().from(sandboxEdenredAccounts).where(eq(sandboxEdenredAccounts.username, username.trim().toLowerCase()));
    return row;
  }

  async function authenticate(username: string, password: string): Promise<Account | null> {
    const account = await findAccount(username);
    return account && sameString(account.password, password) ? account : null;
  }

  async function demoAccounts(): Promise<Account[]> {
    await demoAccountsReady();
    const names = SANDBOX_EDENRED_ACCOUNTS.map((a) => a.username);
    const rows = await app.db.select().from(sandboxEdenredAccounts).where(inArray(sandboxEdenredAccounts.username, names));
    return names.map((n) => rows.find((r) => r.username === n)).filter((r): r is Account => Boolean(r));
  }

  const { userOfToken, bearerOf } = edenredSso(app, { findAccount, authenticate, demoAccounts }, { publicUrl, issuer });

  // --- Direct Payment v2 ----------------------------------------------------------------------

  async function requireClient(request: FastifyRequest) {
    const secret = header(request, 'x-client-secret');
    if (header(request, 'x-client-id') !== SANDBOX_EDENRED_CLIENT_ID || !secret || !sameString(secret, SANDBOX_EDENRED_CLIENT_SECRET)) {
      throw new DirectPaymentError(401, 'UNAUTHORIZED_CLIENT', 'Invalid X-Client-Id or X-Client-Secret.');
    }
  }

  /** The failure asked through the driver, once per call until its count runs out. */
  async function forcedFailure() {
    const failure = failures.get();
    if (!failure) return;
    const { status, code, text } = failure;
    failures.set(failure.remaining > 1 ? { ...failure, remaining: failure.remaining - 1 } : null);
    throw new DirectPaymentError(status, code, text);
  }

  async function requireUser(request: FastifyRequest): Promise<{ username: string }> {
    const user = await userOfToken(bearerOf(request));
    if (!user) throw new DirectPaymentError(401, 'INVALID_TOKEN', 'The access token is invalid, expired or revoked.');
    return user;
  }

  function requireMid(mid: string) {
    if (mid !== SANDBOX_EDENRED_MID) throw new DirectPaymentError(403, 'INVALID_MID', 'Unknown merchant id for this client.');
  }

  const presentTransaction = (row: Transaction) => ({
    authorization_id: row.id,
    status: row.status,
    mid: row.mid,
    order_ref: row.orderRef,
    amount: row.amount,
    captured_amount: row.capturedAmount,
    refunded_amount: row.refundedAmount,
    currency: 'EUR',
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  });

  /** The refusal a payment of `amount` meets today: no money, or over the 25 € daily cap. */
  async function spendRefusal(db: Db | Tx, account: Account, amount: number, day: string): Promise<DirectPaymentError | null> {
    if (amount > account.balanceCents) return new DirectPaymentError(400, 'INSUFFICIENT_FUNDS', 'The available amount is lower than the transaction amount.');
    const today = await db
      .select()
      .from(sandboxEdenredTransactions)
      .where(and(eq(sandboxEdenredTransactions.username, account.username), eq(sandboxEdenredTransactions.day, day)));
    const spent = today.reduce((sum, row) => sum + spentBy(row), 0);
    if (spent + amount > DAILY_CAP_CENTS) {
      return new DirectPaymentError(400, 'LIMIT_EXCEEDED', `The daily limit of ${DAILY_CAP_CENTS} cents would be exceeded (${spent} already spent today).`);
    }
    return null;
  }

  /**
   * Takes (auto capture) or holds (manual) `amount` from the account, in one database transaction
   * with the account row locked: two payments at once cannot both pass the balance or the cap.
   */
  async function createTransaction(input: { username: string; mid: string; orderRef: string; amount: number; capture: 'auto' | 'manual' }): Promise<Transaction> {
    await ensureDemoAccounts();
    const now = app.clock.now();
    const day = parisDate(now);
    try {
      return await app.db.transaction(async (tx) => {
        const [account] = await tx.select().from(sandboxEdenredAccounts).where(eq(sandboxEdenredAccounts.username, input.username)).for('update');
        if (!account) throw new DirectPaymentError(404, 'USER_NOT_FOUND', 'Unknown user.');
        const [duplicate] = await tx
          .select({ id: sandboxEdenredTransactions.id })
          .from(sandboxEdenredTransactions)
          .where(and(eq(sandboxEdenredTransactions.mid, input.mid), eq(sandboxEdenredTransactions.orderRef, input.orderRef)));
        if (duplicate) throw new DirectPaymentError(409, 'TRANSACTION_DUPLICATED', 'A transaction already exists for this order_ref.');
        const refusal = await spendRefusal(tx, account, input.amount, day);
        if (refusal) throw refusal;
        const auto = input.capture === 'auto';
        const [row] = await tx
          .insert(sandboxEdenredTransactions)
          .values({
            id: newId('auth'),
            username: account.username,
            mid: input.mid,
            orderRef: input.orderRef,
            amount: input.amount,
            capturedAmount: auto ? input.amount : 0,
            status: auto ? 'captured' : 'authorized',
            day,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        // Held money leaves the balance at authorization, and comes back if cancelled.
        await tx
          .update(sandboxEdenredAccounts)
          .set({ balanceCents: account.balanceCents - input.amount })
          .where(eq(sandboxEdenredAccounts.username, account.username));
        return row!;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new DirectPaymentError(409, 'TRANSACTION_DUPLICATED', 'A transaction already exists for this order_ref.');
      throw err;
    }
  }

  /**
   * Changes a transaction and gives money back to its account, in one database transaction with
   * the transaction row locked. `change` sees the current row and answers the update, or throws.
   */
  async function settle(id: string, change: (row: Transaction) => { set: Partial<Transaction>; giveBack: number }): Promise<Transaction> {
    return app.db.transaction(async (tx) => {
      const [row] = await tx.select().from(sandboxEdenredTransactions).where(eq(sandboxEdenredTransactions.id, id)).for('update');
      if (!row) throw new DirectPaymentError(404, 'TRANSACTION_NOT_FOUND', 'Unknown authorization_id.');
      const { set, giveBack } = change(row);
      const [updated] = await tx
        .update(sandboxEdenredTransactions)
        .set({ ...set, updatedAt: app.clock.now() })
        .where(eq(sandboxEdenredTransactions.id, id))
        .returning();
      if (giveBack > 0) {
        const [account] = await tx.select().from(sandboxEdenredAccounts).where(eq(sandboxEdenredAccounts.username, row.username)).for('update');
        if (account) {
          await tx
            .update(sandboxEdenredAccounts)
            .set({ balanceCents: account.balanceCents + giveBack })
            .where(eq(sandboxEdenredAccounts.username, row.username));
        }
      }
      return updated!;
    });
  }

  const wrongStatus = (row: Transaction, action: string) =>
    new DirectPaymentError(409, 'INVALID_TRANSACTION_STATUS', `A transaction in status ${row.status} cannot be ${action}.`);

  /** Capturing less than held gives the rest back. */
  const capture = (id: string, amount: number | undefined) =>
    settle(id, (row) => {
      if (row.status !== 'authorized') throw wrongStatus(row, 'captured');
      const taken = amount ?? row.amount;
      if (taken > row.amount) throw new DirectPaymentError(400, 'INVALID_AMOUNT', `At most ${row.amount} can be captured.`);
      return { set: { status: 'captured', capturedAmount: taken }, giveBack: row.amount - taken };
    });

  const cancel = (id: string) =>
    settle(id, (row) => {
      if (row.status !== 'authorized') throw wrongStatus(row, 'cancelled');
      return { set: { status: 'cancelled' }, giveBack: row.amount };
    });

  const refund = (id: string, amount: number | undefined) =>
    settle(id, (row) => {
      if (row.status !== 'captured') throw wrongStatus(row, 'refunded');
      const refundable = row.capturedAmount - row.refundedAmount;
      const given = amount ?? refundable;
      if (given > refundable) throw new DirectPaymentError(400, 'INVALID_AMOUNT', `At most ${refundable} can be refunded.`);
      const refunded = row.refundedAmount + given;
      return { set: { status: refunded >= row.capturedAmount ? 'refunded' : 'captured', refundedAmount: refunded }, giveBack: given };
    });

  /**
   * Merchant-side calls on a transaction need the client credentials only (a refund may come
   * long after the customer's token died); a bearer, when sent, must be valid and the payer's.
   */
  async function transactionFor(request: FastifyRequest, id: string): Promise<Transaction> {
    const [row] = await app.db.select().from(sandboxEdenredTransactions).where(eq(sandboxEdenredTransactions.id, id));
    if (!row) throw new DirectPaymentError(404, 'TRANSACTION_NOT_FOUND', 'Unknown authorization_id.');
    requireMid(row.mid);
    if (header(request, 'authorization')) {
      const user = await requireUser(request);
      if (user.username !== row.username) throw new DirectPaymentError(403, 'FORBIDDEN', 'This transaction belongs to another user.');
    }
    return row;
  }

  app.get(`${P}/v2/users/:username/balances`, { preHandler: requireClient, schema: { params: usernameParams } }, async (request) => {
    const user = await requireUser(request);
    if (user.username !== request.params.username.trim().toLowerCase()) throw new DirectPaymentError(403, 'FORBIDDEN', 'The access token belongs to another user.');
    const account = await findAccount(user.username);
    if (!account) throw new DirectPaymentError(404, 'USER_NOT_FOUND', 'Unknown user.');
    return succeeded({ username: account.username, available_amount: account.balanceCents, currency: 'EUR' });
  });

  app.post(`${P}/v2/transactions`, { preHandler: [requireClient, forcedFailure], schema: { body: transactionSchema } }, async (request) => {
    const user = await requireUser(request);
    const body = request.body;
    requireMid(body.mid);
    const row = await createTransaction({ username: user.username, mid: body.mid, orderRef: body.order_ref, amount: body.amount, capture: body.capture_mode });
    return succeeded(presentTransaction(row));
  });

  app.get(`${P}/v2/transactions/:id`, { preHandler: requireClient, schema: { params: idParams } }, async (request) =>
    succeeded(presentTransaction(await transactionFor(request, request.params.id))),
  );

  const actionSchema = { params: idParams, body: amountSchema };
  app.post(`${P}/v2/transactions/:id/actions/capture`, { preHandler: [requireClient, forcedFailure], schema: actionSchema }, async (request) => {
    const row = await transactionFor(request, request.params.id);
    return succeeded(presentTransaction(await capture(row.id, request.body?.amount)));
  });
  app.post(`${P}/v2/transactions/:id/actions/cancel`, { preHandler: [requireClient, forcedFailure], schema: actionSchema }, async (request) => {
    const row = await transactionFor(request, request.params.id);
    return succeeded(presentTransaction(await cancel(row.id)));
  });
  app.post(`${P}/v2/transactions/:id/actions/refund`, { preHandler: [requireClient, forcedFailure], schema: actionSchema }, async (request) => {
    const row = await transactionFor(request, request.params.id);
    return succeeded(presentTransaction(await refund(row.id, request.body?.amount)));
  });

  // --- The widget: service (server to server) and what its script calls ----------------------------

  const presentWidgetSession = (row: WidgetSession) => ({
    session_id: row.id,
    order_ref: row.orderRef,
    amount: row.amount,
    status: row.status,
    authorization_id: row.authorizationId,
    error_text: row.errorText,
  });

  async function findWidgetSession(id: string): Promise<WidgetSession | undefined> {
    const [row] = await app.db.select().from(sandboxEdenredWidgetSessions).where(eq(sandboxEdenredWidgetSessions.id, id));
    return row;
  }

  /** Moves a session on from `from` only: of two concurrent changes, the first wins. */
  async function updateWidgetSession(id: string, from: string, set: Partial<WidgetSession>): Promise<WidgetSession | null> {
    const [row] = await app.db
      .update(sandboxEdenredWidgetSessions)
      .set({ ...set, updatedAt: app.clock.now() })
      .where(and(eq(sandboxEdenredWidgetSessions.id, id), eq(sandboxEdenredWidgetSessions.status, from)))
      .returning();
    return row ?? null;
  }

  async function failWidgetSession(id: string, errorText: string): Promise<never> {
    await updateWidgetSession(id, 'open', { status: 'failed', errorText });
    throw new WidgetError(422, errorText);
  }

  /**
   * Outcomes forced in a sandbox scope, held by the widget session opened next in it: the widget's
   * own calls come from the customer's browser without credentials, so without the scope.
   */
  const sessionOutcomes = new Map<string, { outcome: 'success' | 'pending' | 'error'; errorText: string }>();

  /** The next forced outcome (once): the session's own, else the server's; else success. */
  function takeWidgetOutcome(sessionId: string) {
    const held = sessionOutcomes.get(sessionId);
    sessionOutcomes.delete(sessionId);
    const next = held ?? widgetOutcomes.get() ?? { outcome: 'success' as const, errorText: WIDGET_DEFAULT_ERROR };
    if (!held) widgetOutcomes.set(null);
    return next;
  }

  /**
   * The customer's submit in the widget: credentials (a mistake may be corrected), then the balance
   * and the daily cap, then the forced outcome. Success takes the money; pending holds it until
   * the complete driver settles the session.
   */
  async function authorizeWidget(session: WidgetSession, credentials: { username: string; password: string }): Promise<{ payload: string }> {
    if (session.status === 'succeeded' || session.status === 'pending') return { payload: payloadOf(session.id) };
    if (session.status !== 'open') throw new WidgetError(409, session.errorText ?? WIDGET_DEFAULT_ERROR);
    const account = await authenticate(credentials.username, credentials.password);
    if (!account) throw new WidgetError(401, WIDGET_BAD_CREDENTIALS, true);
    const refusal = await spendRefusal(app.db, account, session.amount, parisDate(app.clock.now()));
    if (refusal) return failWidgetSession(session.id, WIDGET_TEXTS[refusal.code] ?? WIDGET_DEFAULT_ERROR);
    const { outcome, errorText } = takeWidgetOutcome(session.id);
    if (outcome === 'error') return failWidgetSession(session.id, errorText);
    let transaction: Transaction;
    try {
      transaction = await createTransaction({
        username: account.username,
        mid: session.mid,
        orderRef: session.orderRef,
        amount: session.amount,
        capture: outcome === 'success' ? 'auto' : 'manual',
      });
    } catch (err) {
      if (!(err instanceof DirectPaymentError)) throw err;
      // A double submit lost the race: the session the other one settled answers.
      const now = await findWidgetSession(session.id);
      if (now && (now.status === 'succeeded' || now.status === 'pending')) return { payload: payloadOf(now.id) };
      return failWidgetSession(session.id, WIDGET_TEXTS[err.code] ?? WIDGET_DEFAULT_ERROR);
    }
    await updateWidgetSession(session.id, 'open', {
      status: outcome === 'success' ? 'succeeded' : 'pending',
      username: account.username,
      authorizationId: transaction.id,
    });
    return { payload: payloadOf(session.id) };
  }

  app.post(`${P}/widget/v1/sessions`, { preHandler: requireClient, schema: { body: widgetSessionSchema } }, async (request) => {
    const body = request.body;
    requireMid(body.mid);
    const now = app.clock.now();
    const [row] = await app.db
      .insert(sandboxEdenredWidgetSessions)
      .values({ id: newId('ws'), mid: body.mid, orderRef: body.order_ref, amount: body.amount, status: 'open', createdAt: now, updatedAt: now })
      .returning();
    const forced = currentScope() ? widgetOutcomes.get() : null;
    if (forced) {
      widgetOutcomes.set(null);
      sessionOutcomes.set(row!.id, forced);
    }
    return succeeded({ session_id: row!.id, script_url: `${publicUrl}${P}/widget.js`, amount: row!.amount, status: row!.status });
  });

  /** Server to server: a session by its id (the shop polls a pending one). */
  app.get(`${P}/widget/v1/sessions/:id`, { preHandler: requireClient, schema: { params: idParams } }, async (request) => {
    const row = await findWidgetSession(request.params.id);
    if (!row || row.mid !== SANDBOX_EDENRED_MID) throw new DirectPaymentError(404, 'SESSION_NOT_FOUND', 'Unknown widget session.');
    return succeeded(presentWidgetSession(row));
  });

  /** Server to server: the session a payload designates, once its signature checks. */
  app.get(`${P}/widget/v1/payments/:payload`, { preHandler: requireClient, schema: { params: z.object({ payload: z.string().min(1).max(2000) }) } }, async (request) => {
    const id = sessionIdOfPayload(request.params.payload);
    const row = id ? await findWidgetSession(id) : undefined;
    if (!row || row.mid !== SANDBOX_EDENRED_MID) throw new DirectPaymentError(404, 'INVALID_PAYLOAD', 'This payload was not issued by Edenred.');
    return succeeded(presentWidgetSession(row));
  });

  app.get(`${P}/widget.js`, async (_request, reply) => reply.type('application/javascript; charset=utf-8').send(WIDGET_SCRIPT));

  /** For the script: what it shows (the session id is the browser's only credential). */
  app.get(`${P}/widget/v1/sessions/:id/public`, { schema: { params: idParams } }, async (request) => {
    const row = await findWidgetSession(request.params.id);
    if (!row) throw new WidgetError(404, 'Session de paiement Edenred introuvable.');
    const accounts = await demoAccounts();
    return {
      data: {
        session_id: row.id,
        amount: row.amount,
        status: row.status,
        error_text: row.errorText,
        demo_accounts: accounts.map((a) => ({ username: a.username, balance: a.balanceCents })),
      },
    };
  });

  app.post(`${P}/widget/v1/sessions/:id/authorize`, { schema: { params: idParams, body: credentialsSchema } }, async (request) => {
    const row = await findWidgetSession(request.params.id);
    if (!row) throw new WidgetError(404, 'Session de paiement Edenred introuvable.');
    return authorizeWidget(row, request.body);
  });

  // --- Drivers for tests and QA (no credentials needed) -----------------------------------------

  app.get(`${P}/accounts/:username`, { schema: { params: usernameParams } }, async (request) => {
    const account = await findAccount(request.params.username);
    if (!account) throw new DirectPaymentError(404, 'USER_NOT_FOUND', 'Unknown user.');
    return succeeded({ username: account.username, balance_cents: account.balanceCents });
  });

  app.post(`${P}/accounts/:username/balance`, { schema: { params: usernameParams, body: balanceDriverSchema } }, async (request) => {
    const [row] = await app.db
      .update(sandboxEdenredAccounts)
      .set({ balanceCents: request.body.balance_cents })
      .where(eq(sandboxEdenredAccounts.username, request.params.username.trim().toLowerCase()))
      .returning();
    if (!row) throw new DirectPaymentError(404, 'USER_NOT_FOUND', 'Unknown user.');
    return succeeded({ username: row.username, balance_cents: row.balanceCents });
  });

  /** Demo balances back to their start, and every transaction forgotten (the daily cap with them). */
  app.post(`${P}/accounts/reset`, async () => {
    await app.db.transaction(async (tx) => {
      await ensureDemoAccounts(tx);
      for (const a of SANDBOX_EDENRED_ACCOUNTS) {
        await tx.update(sandboxEdenredAccounts).set({ balanceCents: a.balanceCents }).where(eq(sandboxEdenredAccounts.username, a.username));
      }
      await tx.delete(sandboxEdenredTransactions);
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
