import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
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

const RATE_LIMITED = Symbol.for('popote.rate-limited');

/** Marks a route hook that may refuse with 429, so the API reference lists that refusal. */
export function markRateLimited<T extends object>(hook: T): T {
  return Object.assign(hook, { [RATE_LIMITED]: true });
}

/** Whether a route's hook (or one of its hooks) may refuse with 429. */
export function isRateLimited(hooks: unknown): boolean {
  return [hooks].flat().some((hook) => typeof hook === 'function' && RATE_LIMITED in hook);
}

/** A preHandler refusing with 429 and a French message once a rule's limit is passed. */
export function rateLimit(rule: Rule): (request: FastifyRequest) => Promise<void> {
  return markRateLimited(async function (request: FastifyRequest) {
    const { db, clock } = request.server;
    const keys = rule.keys ? rule.keys(request) : [`ip:${request.ip}`];
    for (const key of keys) {
      const { count, resetAt } = await hit(db, `${rule.name}:${key}`, rule.windowMs, clock.now());
      if (count > rule.max * request.server.env.RATE_LIMIT_FACTOR) throw tooMany(resetAt, clock.now());
    }
  });
}

interface Slot {
  key: string;
  /** The window the slot was taken in: a slot is given back to that window only. */
  resetAt: Date;
}

/**
 * Takes one slot under every key of `limits` (key → its maximum), in one conditional statement: a
 * key is counted up only while its window holds fewer than its maximum (or its window has ended,
 * and a new one starts at 1). PostgreSQL locks each key's row as it counts it and judges the
 * condition on the row as the last writer left it, so slots taken at once by any number of server
 * processes never exceed a maximum. Answers the slots taken: fewer than the keys when one was full.
 *
 *   insert into rate_limits (key, count, reset_at) values ($k1, 1, $reset), ($k2, 1, $reset)
 *   on conflict (key) do update set
 *     count = case when rate_limits.reset_at <= $now then 1 else rate_limits.count + 1 end,
 *     reset_at = case when rate_limits.reset_at <= $now then $reset else rate_limits.reset_at end
 *   where rate_limits.reset_at <= $now
 *      or rate_limits.count < case rate_limits.key when $k1 then $max1 when $k2 then $max2 end
 *   returning key, reset_at
 *
 * The keys go in sorted, so two claims sharing keys lock their rows in the same order.
 */
async function claimSlots(db: Db, limits: Map<string, number>, windowMs: number, now: Date): Promise<Slot[]> {
  const keys = [...limits.keys()].sort();
  const at = now.toISOString();
  const reset = new Date(now.getTime() + windowMs);
  const ended = sql`${rateLimits.resetAt} <= ${at}::timestamptz`;
  const maxOfKey = sql`case ${rateLimits.key} ${sql.join(
    keys.map((key) => sql`when ${key} then ${limits.get(key)}::int`),
    sql` `,
  )} end`;
  return db
    .insert(rateLimits)
    .values(keys.map((key) => ({ key, count: 1, resetAt: reset })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${ended} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${ended} then ${reset.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
      },
      setWhere: sql`${ended} or ${rateLimits.count} < ${maxOfKey}`,
    })
    .returning({ key: rateLimits.key, resetAt: rateLimits.resetAt });
}

/** Gives slots back to the windows they were taken in (a window ended since has nothing to give back). */
async function giveBack(db: Db, slots: Slot[]): Promise<void> {
  if (!slots.length) return;
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(or(...slots.map((slot) => and(eq(rateLimits.key, slot.key), eq(rateLimits.resetAt, slot.resetAt)))));
}

/**
 * A limit on failures only (wrong promo or sponsor codes, wrong staff tokens). Each try takes its
 * slot under every key (per visitor, per address…) before it is judged (`claimSlots`), so tries
 * sent at once all count: past a key's maximum in its window a try is refused (429) without being
 * judged, and a right guess past the limit is refused like a wrong one. A try that turns out not to
 * be a failure (a right code, a right token, or another error) gives its slots back, so only
 * failures stay counted. A try refused because one key was full gives back what it took of the
 * others: a refused try is not counted. Between the two statements a key may read one slot too
 * many, which can only refuse, never let one more through.
 */
export function failureLimit(rule: { name: string; windowMs: number; limits: (request: FastifyRequest) => Record<string, number> }) {
  return {
    /** Runs `attempt` in a slot; `failed` tells which of its errors are failures (they keep their slot). */
    async judge<T>(request: FastifyRequest, attempt: () => Promise<T>, failed: (error: unknown) => boolean): Promise<T> {
      const { db, clock } = request.server;
      const now = clock.now();
      const factor = request.server.env.RATE_LIMIT_FACTOR;
      const limits = new Map(Object.entries(rule.limits(request)).map(([key, max]) => [`${rule.name}:${key}`, max * factor]));
      const slots = await claimSlots(db, limits, rule.windowMs, now);
      if (slots.length < limits.size) {
        await giveBack(db, slots);
        throw tooMany(await fullUntil(db, limits, now), now);
      }
      let result: T;
      try {
        result = await attempt();
      } catch (error) {
        if (!failed(error)) await giveBack(db, slots);
        throw error;
      }
      await giveBack(db, slots);
      return result;
    },
  };
}

/** When the last full key of a refused try frees a slot (for Retry-After); a second at least. */
async function fullUntil(db: Db, limits: Map<string, number>, now: Date): Promise<Date> {
  const rows = await db
    .select()
    .from(rateLimits)
    .where(and(inArray(rateLimits.key, [...limits.keys()]), gt(rateLimits.resetAt, now)));
  const full = rows.filter((row) => row.count >= limits.get(row.key)!);
  return new Date(Math.max(now.getTime() + 1000, ...full.map((row) => row.resetAt.getTime())));
}
