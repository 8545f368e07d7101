import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sandboxEdenredTransactions } from '../db/schema';
import { SANDBOX_EDENRED_CLIENT_ID, SANDBOX_EDENRED_CLIENT_SECRET, SANDBOX_EDENRED_MID, SANDBOX_EDENRED_PATH } from '../payments/edenred/edenred-client';
import type { EdenredAccounts } from './edenred-accounts';
import type { EdenredLedger, Transaction } from './edenred-ledger';
import type { edenredSso } from './edenred-sso';
import { sameString } from './edenred-tokens';
import { amountSchema, DirectPaymentError, header, idParams, succeeded, transactionSchema, usernameParams } from './edenred-wire';

type App = Parameters<FastifyPluginAsyncZod>[0];
/** A switch of the sandbox scope (scope.ts, scopedSwitch). */
export type Switch<T> = { get(): T | null; set(value: T | null): void };
/** A Direct Payment failure QA asked for: answered by the next `remaining` transaction calls. */
export interface ForcedFailure {
  status: number;
  code: string;
  text: string;
  remaining: number;
}

const P = SANDBOX_EDENRED_PATH;

/** The shop's client credentials, which every Direct Payment and widget service call carries. */
export async function requireClient(request: FastifyRequest) {
  const secret = header(request, 'x-client-secret');
  if (header(request, 'x-client-id') !== SANDBOX_EDENRED_CLIENT_ID || !secret || !sameString(secret, SANDBOX_EDENRED_CLIENT_SECRET)) {
    throw new DirectPaymentError(401, 'UNAUTHORIZED_CLIENT', 'Invalid X-Client-Id or X-Client-Secret.');
  }
}

/** The merchant id of the shop's client. */
export function requireMid(mid: string) {
  if (mid !== SANDBOX_EDENRED_MID) throw new DirectPaymentError(403, 'INVALID_MID', 'Unknown merchant id for this client.');
}

/**
 * The emulator's Direct Payment v2: the balance of a user (by their access token) and the
 * transactions taken or held on it, captured, cancelled and refunded, with the client credentials.
 * `failures`: what the driver asked the next transaction calls to answer instead.
 */
export function edenredDirectPayment(
  app: App,
  { findAccount, ledger, userOfToken, bearerOf, failures }: Pick<EdenredAccounts, 'findAccount'> & Pick<ReturnType<typeof edenredSso>, 'userOfToken' | 'bearerOf'> & { ledger: EdenredLedger; failures: Switch<ForcedFailure> },
) {
  const { createTransaction, capture, cancel, refund } = ledger;

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
}
