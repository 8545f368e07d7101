import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { emptyAnswer } from '#shared/api/documents';
import { CSRF_STATUS, ERROR_CODES } from '#shared/api/errors';
import { MESSAGES } from '#shared/api/messages';
import { OPENS_A_SESSION } from './openapi-contract';
import { isApiRoute, setSessionCookies } from './session';
import { PLATFORM } from '#shared/api/routes/platform';
import { serve } from '../lib/table-route';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for the rare call that cannot carry the token (a provider's server-to-server notification). */
    csrf?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Double-submit anti-forgery token: the readable XSRF-TOKEN cookie holds the session's token and
 * every state-changing /api call must echo it in X-XSRF-TOKEN, else 419.
 */
export default fp(async function csrf(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !isApiRoute(request)) return;
    if (request.routeOptions.config.csrf === false) return;
    const header = request.headers['x-xsrf-token'];
    const token = Array.isArray(header) ? header[0] : header;
    if (!request.session || !token || !sameToken(token, request.session.csrfToken)) {
      return reply.code(CSRF_STATUS).send({ message: MESSAGES.csrf, code: ERROR_CODES.csrf });
    }
  });

  /** Sets (or refreshes) the XSRF-TOKEN cookie, creating the visitor's session if needed. */
  await serve(app, PLATFORM.getCsrfCookie, { config: { refusals: OPENS_A_SESSION }, schema: { response: { 204: emptyAnswer('The XSRF-TOKEN cookie is set (and the session cookie when new)') } } }, async (request, reply) => {
    const session = await request.ensureSession();
    setSessionCookies(app, reply, session);
    return reply.code(204).send();
  });
}, { name: 'csrf', dependencies: ['session'] });
