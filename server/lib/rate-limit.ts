import { and, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '#shared/api/errors';
import { MESSAGES } from '#shared/api/messages';
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

/** The 429 of a limit reached, saying when to come back. */
export function tooMany(resetAt: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  return new AppError(429, ERROR_CODES.rateLimited, MESSAGES.rateLimited, undefined, { 'retry-after': String(seconds) });
}

/** A preHandler refusing with 429 and a French message once a rule's limit is passed. */
export function rateLimit(rule: Rule): (request: FastifyRequest) => Promise<void> {
  return async function (request) {
    const { db, clock } = request.server;
    const keys = rule.keys ? rule.keys(request) : [`ip:${request.ip}`];
    for (const key of keys) {
      const { count, resetAt } = await hit(db, `${rule.name}:${key}`, rule.windowMs, clock.now());
      if (count > rule.max * request.server.env.RATE_LIMIT_FACTOR) throw tooMany(resetAt, clock.now());
    }
  };
}

/**
 * A limit on failures only (wrong promo codes): `check` refuses once the window holds a key's
 * `max` failures, before anything is tried, so a right guess past the limit is refused like a
 * wrong one; `record` counts a failure under every key. The keys (per visitor, per address…) are
 * read in one query: `check` is on the way of every code entered.
 */
export function failureLimit(rule: { name: string; windowMs: number; limits: (request: FastifyRequest) => Record<string, number> }) {
  const limitsOf = (request: FastifyRequest) => new Map(Object.entries(rule.limits(request)).map(([key, max]) => [`${rule.name}:${key}`, max]));
  return {
    async check(request: FastifyRequest): Promise<void> {
      const { db, clock } = request.server;
      const now = clock.now();
      const limits = limitsOf(request);
      const rows = await db
        .select()
        .from(rateLimits)
        .where(and(inArray(rateLimits.key, [...limits.keys()]), gt(rateLimits.resetAt, now)));
      const full = rows.filter((row) => row.count >= limits.get(row.key)! * request.server.env.RATE_LIMIT_FACTOR);
      if (full.length) throw tooMany(new Date(Math.max(...full.map((row) => row.resetAt.getTime()))), now);
    },
    async record(request: FastifyRequest): Promise<void> {
      const { db, clock } = request.server;
      for (const key of limitsOf(request).keys()) await hit(db, key, rule.windowMs, clock.now());
    },
  };
}
