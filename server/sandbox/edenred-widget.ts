import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parisDate } from '#shared/time';
import { sandboxEdenredWidgetSessions } from '../db/schema';
import { SANDBOX_EDENRED_MID, SANDBOX_EDENRED_PATH } from '../payments/edenred/edenred-client';
import type { EdenredAccounts } from './edenred-accounts';
import { requireClient, requireMid, type Switch } from './edenred-direct-payment';
import type { EdenredLedger, Transaction } from './edenred-ledger';
import { newId, payloadOf, sessionIdOfPayload } from './edenred-tokens';
import { credentialsSchema, DirectPaymentError, idParams, succeeded, WidgetError, widgetSessionSchema } from './edenred-wire';
import { WIDGET_SCRIPT } from './edenred-widget-script';
import { currentScope } from './scope';

type App = Parameters<FastifyPluginAsyncZod>[0];
export type WidgetSession = typeof sandboxEdenredWidgetSessions.$inferSelect;
/** What the next widget authorization does once the credentials, the balance and the cap pass. */
export interface WidgetOutcome {
  outcome: 'success' | 'pending' | 'error';
  errorText: string;
}

const P = SANDBOX_EDENRED_PATH;

/** Direct Payment's refusals as the widget words them to the customer. */
const WIDGET_TEXTS: Record<string, string> = {
  INSUFFICIENT_FUNDS: 'Solde Edenred insuffisant pour ce paiement.',
  LIMIT_EXCEEDED: 'Plafond journalier de 25 € atteint.',
  TRANSACTION_DUPLICATED: 'Ce paiement Edenred a déjà été effectué.',
};
const WIDGET_BAD_CREDENTIALS = 'Identifiants Edenred incorrects.';
export const WIDGET_DEFAULT_ERROR = 'Le paiement Edenred a été refusé.';

/**
 * The emulator's payment widget: its service (sessions opened and read server to server, a
 * payload checked), its script, and what the script calls from the customer's browser (the
 * session shown, the customer's credentials submitted). `widgetOutcomes`: what the driver asked
 * the next authorization to do.
 */
export function edenredWidget(
  app: App,
  { authenticate, demoAccounts, ledger, widgetOutcomes, publicUrl }: Pick<EdenredAccounts, 'authenticate' | 'demoAccounts'> & { ledger: EdenredLedger; widgetOutcomes: Switch<WidgetOutcome>; publicUrl: string },
) {
  const { spendRefusal, createTransaction } = ledger;

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
  const sessionOutcomes = new Map<string, WidgetOutcome>();

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

  return { presentWidgetSession, findWidgetSession, updateWidgetSession };
}
