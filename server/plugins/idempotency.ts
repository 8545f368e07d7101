import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '#shared/api/errors';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_MESSAGES } from '#shared/api/idempotency';
import { idempotencyKeys } from '../db/schema';
import { isApiRoute } from './session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: a repeated request is simply done again (logins: their answer carries a new session's cookie, never stored). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request claimed: its answer is kept under it. */
    idempotency: { scope: string; key: string } | null;
  }
}

/** How long a key is kept (a day: a customer coming back the next morning retries a fresh request). */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/** A claim with no answer after this long is a request that died with its server: it may be claimed again. */
const ABANDONED_AFTER_MS = 60 * 1000;
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The request a key belongs to: its method, its route and its body. */
function fingerprintOf(request: FastifyRequest): string {
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  return createHash('sha256').update(`${request.method} ${request.routeOptions.url} ${request.url.split('?')[1] ?? ''} ${body}`).digest('base64url');
}

/** Answers worth giving again: what the route decided. Not a refusal to look at it (419, 429) nor a failure (5xx). */
const storable = (status: number) => status < 500 && status !== 419 && status !== 429;

/**
 * Idempotency keys on every change of the API: a client sends `Idempotency-Key` with a change,
 * the same key with each repeat of it. The first answer is kept; a repeat gets it back (header
 * `idempotent-replayed`), a repeat while the first is under way gets 409 and Retry-After, and the
 * same key on another request is refused (422). Kept in the database: the repeat may reach
 * another instance.
 */
export default fp(async function idempotency(app: FastifyInstance) {
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request, reply) => {
    request.idempotency = null;
    const raw = request.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined || !CHANGES.has(request.method) || !isApiRoute(request) || request.routeOptions.config.idempotent === false) return;
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key || !KEY_PATTERN.test(key)) {
      return reply.code(400).send({ message: IDEMPOTENCY_MESSAGES.badKey, code: ERROR_CODES.badRequest });
    }
    // A visitor's session, or a team member's (the team's routes carry no shop session): a
    // refund sent again after its answer was lost is made once.
    const scope = request.session?.id ?? (request.staff ? `staff:${request.staff.sessionId}` : undefined);
    if (!scope) return;
    const fingerprint = fingerprintOf(request);
    const now = app.clock.now();
    const abandoned = new Date(now.getTime() - ABANDONED_AFTER_MS);
    // One statement claims the key, or takes over an abandoned claim, or says who holds it.
    const [claimed] = await app.db
      .insert(idempotencyKeys)
      .values({ scope, key, fingerprint, createdAt: now })
      .onConflictDoUpdate({
        target: [idempotencyKeys.scope, idempotencyKeys.key],
        set: { createdAt: now },
        setWhere: and(isNull(idempotencyKeys.status), lt(idempotencyKeys.createdAt, abandoned), eq(idempotencyKeys.fingerprint, fingerprint)),
      })
      .returning({ key: idempotencyKeys.key });
    if (claimed) {
      request.idempotency = { scope, key };
      return;
    }
    const [held] = await app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (!held) return;
    if (held.fingerprint !== fingerprint) {
      return reply.code(422).send({ message: IDEMPOTENCY_MESSAGES.reused, code: 'idempotency_key_reused' });
    }
    if (held.status === null) {
      return reply.code(409).header('retry-after', '1').send({ message: IDEMPOTENCY_MESSAGES.inProgress, code: 'request_in_progress' });
    }
    return replay(reply, held);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    const where = and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key));
    if (storable(reply.statusCode) && (typeof payload === 'string' || payload === null || payload === undefined)) {
      await app.db
        .update(idempotencyKeys)
        .set({ status: reply.statusCode, body: payload ?? '', contentType: String(reply.getHeader('content-type') ?? '') })
        .where(where);
    } else {
      // Nothing decided (or an answer that cannot be kept): a repeat does it again.
      await app.db.delete(idempotencyKeys).where(where);
    }
    return payload;
  });
}, { name: 'idempotency', dependencies: ['db', 'session'] });

function replay(reply: FastifyReply, held: typeof idempotencyKeys.$inferSelect) {
  if (held.contentType) reply.header('content-type', held.contentType);
  return reply.code(held.status!).header('idempotent-replayed', 'true').send(held.body ?? '');
}
