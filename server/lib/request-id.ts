import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What an incoming X-Request-Id may be to be kept: a short token that cannot forge a log line. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's request id (the `reqId` of every log line of the request, sent back as X-Request-Id):
 * the caller's X-Request-Id when it is a short safe token (a proxy's or a client's, so one id
 * follows the request across services), otherwise a new UUID.
 */
export function requestId(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
}
