import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ErrorBody } from '#shared/api/errors';
import { MESSAGES } from '#shared/api/messages';
import { AppError } from '../lib/errors';

/** Connection-level database failures: the request is fine, the service is not (503, not 500). */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    // pg-pool's own: a connection that did not come in time, whether connecting or waiting for a
    // busy pool (a rush holding every connection): the service is saturated, the request is fine.
    if (e instanceof Error && /Connection terminated|connection timeout|timeout exceeded when trying to connect/i.test(e.message)) return true;
  }
  return false;
}

/** PostgreSQL data exceptions (class 22: out of range, invalid text representation…). */
function dataErrorCode(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return code;
  }
  return null;
}

/**
 * Two requests that crossed in the database: a deadlock or a serialization failure (one of them
 * rolled back), or a row one needed deleted by the other (a logout during a cart change). Nothing
 * was done: a 409 the client may try again, not a fault.
 */
const CONFLICT_CODES = new Set(['40P01', '40001', '23503']);

function isConcurrentChange(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONFLICT_CODES.has(code)) return true;
  }
  return false;
}

/** field path of a validation issue → 'lunch_vouchers.0.quantity' ('_' for the body itself). */
function fieldKey(instancePath: string): string {
  const key = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return key || '_';
}

/** Client errors Fastify raises itself (bad JSON, body too large…), in French. */
function clientErrorBody(error: FastifyError): ErrorBody {
  // Every 413: the body's limit, and multipart's (a file, the number of parts or files).
  if (error.statusCode === 413) return { message: 'La requête est trop volumineuse.', code: ERROR_CODES.tooLarge };
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { message: "Ce type de contenu n'est pas accepté.", code: ERROR_CODES.unsupportedMedia };
    default:
      return { message: 'La requête est mal formée.', code: ERROR_CODES.badRequest };
  }
}

/**
 * One error envelope `{message, code?, errors?}` for every failure: 422 for validation, the
 * AppError's status for refusals, 503 when the database is unreachable, and never a stack trace.
 */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const key = fieldKey(issue.instancePath);
        (errors[key] ??= []).push(issue.message ?? MESSAGES.validation);
      }
      const first = Object.values(errors)[0]?.[0];
      return reply.code(422).send({ message: first ?? MESSAGES.validation, code: ERROR_CODES.validation, errors });
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send({ message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) });
    }
    // A value PostgreSQL cannot hold (an id past its integer range…) is bad input, not a fault.
    if (dataErrorCode(error)) {
      return reply.code(422).send({ message: MESSAGES.validation, code: ERROR_CODES.validation });
    }
    if (isConcurrentChange(error)) {
      request.log.warn({ err: error }, 'concurrent change');
      return reply.code(409).send({ message: MESSAGES.conflict, code: ERROR_CODES.conflict });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ message: MESSAGES.unavailable, code: ERROR_CODES.unavailable });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(clientErrorBody(error));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: MESSAGES.internal, code: ERROR_CODES.internal });
  });
}, { name: 'errors' });
