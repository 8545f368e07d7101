import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { sandboxEdenredTransactions } from '../db/schema';

// The Edenred emulator's wire: its errors and envelopes in the provider's formats, the schemas of
// what it accepts, and the readers of forms and headers.

type Transaction = typeof sandboxEdenredTransactions.$inferSelect;

// --- Errors in the provider's formats -------------------------------------------------------------

/** Direct Payment and the widget service: `{meta: {status: 'failed', messages}, data: null}`. */
export class DirectPaymentError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The SSO: `{error, error_description}` (RFC 6749 §5.2). */
export class OAuthError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    description: string,
  ) {
    super(description);
  }
}

/** What the widget script shows: `{error_text}`, `retry` when the customer may try again. */
export class WidgetError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorText: string,
    readonly retry = false,
  ) {
    super(errorText);
  }
}

export const succeeded = (data: unknown) => ({ meta: { status: 'succeeded', messages: [] }, data });
export const failed = (code: string, text: string) => ({ meta: { status: 'failed', messages: [{ level: 'error', code, text }] }, data: null });

// --- Schemas ------------------------------------------------------------------------------------

export const idParams = z.object({ id: z.string().min(1).max(200) });
export const usernameParams = z.object({ username: z.string().min(1).max(200) });
const orderRef = z.string().min(1).max(100);
const amount = z.number().int().positive().max(10_000_000);

export const transactionSchema = z.object({
  mid: z.string().min(1).max(100),
  order_ref: orderRef,
  amount,
  capture_mode: z.enum(['auto', 'manual']),
  tstamp: z.iso.datetime({ offset: true }),
});
export const amountSchema = z.object({ amount: amount.optional() }).nullish();
export const widgetSessionSchema = z.object({ mid: z.string().min(1).max(100), order_ref: orderRef, amount });
export const credentialsSchema = z.object({ username: z.string().max(200), password: z.string().max(200) });

export const balanceDriverSchema = z.object({ balance_cents: z.number().int().min(0).max(10_000_000) });
export const failureDriverSchema = z.object({
  code: z.string().min(1).max(100),
  status: z.number().int().min(400).max(599).default(400),
  text: z.string().max(500).optional(),
  count: z.number().int().min(1).max(100).default(1),
});
export const outcomeDriverSchema = z.object({ outcome: z.enum(['success', 'pending', 'error']), error_text: z.string().min(1).max(500).optional() });
export const completeDriverSchema = z.object({ status: z.enum(['succeeded', 'failed']), error_text: z.string().min(1).max(500).optional() });

/** Form posts and query strings: every value a string (the first of repeated ones). */
export function fields(input: unknown): Record<string, string> {
  if (typeof input !== 'object' || input === null) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') out[key] = first;
  }
  return out;
}

export const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** What a transaction still counts against the daily cap. */
export function spentBy(row: Transaction): number {
  if (row.status === 'authorized') return row.amount;
  if (row.status === 'captured' || row.status === 'refunded') return row.capturedAmount - row.refundedAmount;
  return 0;
}

