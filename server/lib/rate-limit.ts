import { sql } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ERROR_CODES } from '../../src/shared/api/errors';
import { MESSAGES } from '../../src/shared/api/messages';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from './errors';

interface Rule {
  /** Counter name, e.g. 'newsletter'. */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted: the client IP by default; return more keys to count per email too. */
  keys?: (request: FastifyRequest) => string[];
}

/**
 * Fixed-window counters kept in the database, so every server instance shares them. One atomic
 * upsert per key: no read-modify-write race.
 */
export async function hit(db: Db, key: string, windowMs: number, now: Date): Promise<{ count: number; resetAt: Date }> {
  const reset = new Date(now.getTime() + windowMs);
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: reset })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then ${reset.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return rows[0]!;
}

/** A preHandler refusing with 429 and a French message once a rule's limit is passed. */
export function rateLimit(rule: Rule): preHandlerAsyncHookHandler {
  return async function (request, reply) {
    const { db, clock } = request.server;
    const keys = rule.keys ? rule.keys(request) : [`ip:${request.ip}`];
    for (const key of keys) {
      const { count, resetAt } = await hit(db, `${rule.name}:${key}`, rule.windowMs, clock.now());
      if (count > rule.max * request.server.env.RATE_LIMIT_FACTOR) {
        reply.header('retry-after', Math.max(1, Math.ceil((resetAt.getTime() - clock.now().getTime()) / 1000)));
        throw new AppError(429, ERROR_CODES.rateLimited, MESSAGES.rateLimited);
      }
    }
  };
}
