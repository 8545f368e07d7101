import { inArray, sql } from 'drizzle-orm';
import { ERROR_CODES } from '#shared/api/errors';
import { MESSAGES } from '#shared/api/messages';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** Failures older than this, counted from the last one, are forgotten. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

interface Rule {
  /** Failures answered at once; each one past them doubles the wait before the next attempt. */
  free: number;
  maxDelayMs: number;
}

/**
 * Slows guessing down without locking the owner out. One address guessing one account waits
 * 1 s, 2 s, 4 s… after 3 failures, up to 15 minutes. One account guessed from many addresses is
 * slowed only after 20 failures and never for more than 30 s, so its owner, from their own
 * address, gets in after a short wait at worst. One address trying many accounts (credential
 * spraying) is slowed after 50: an office shares its address.
 */
export const LOGIN_THROTTLE = {
  pair: { free: 3, maxDelayMs: 15 * 60 * 1000 },
  email: { free: 20, maxDelayMs: 30 * 1000 },
  ip: { free: 50, maxDelayMs: 15 * 60 * 1000 },
} as const satisfies Record<string, Rule>;

type Scope = keyof typeof LOGIN_THROTTLE;

export function throttleKeys(ip: string, email: string): Record<Scope, string> {
  const normalized = email.trim().toLowerCase();
  return { pair: `pair:${ip}|${normalized}`, email: `email:${normalized}`, ip: `ip:${ip}` };
}

/** How long after the last failure the next attempt must wait, given the failures so far. */
export function delayAfter(failures: number, rule: Rule): number {
  if (failures < rule.free) return 0;
  return Math.min(2 ** (failures - rule.free) * 1000, rule.maxDelayMs);
}

/** Refuses (429, Retry-After) an attempt that comes before its wait is over. */
export async function checkLoginThrottle(db: Db, keys: Record<Scope, string>, now: Date): Promise<void> {
  const rows = await db.select().from(loginFailures).where(inArray(loginFailures.key, Object.values(keys)));
  let waitMs = 0;
  for (const scope of Object.keys(keys) as Scope[]) {
    const row = rows.find((r) => r.key === keys[scope]);
    if (!row || now.getTime() - row.lastFailedAt.getTime() >= LOGIN_FAILURE_WINDOW_MS) continue;
    waitMs = Math.max(waitMs, row.lastFailedAt.getTime() + delayAfter(row.failures, LOGIN_THROTTLE[scope]) - now.getTime());
  }
  if (waitMs > 0) {
    throw new AppError(429, ERROR_CODES.rateLimited, MESSAGES.rateLimited, undefined, { 'retry-after': String(Math.ceil(waitMs / 1000)) });
  }
}

/** Counts a failure under every key, in one statement; a failure after a quiet window starts over at 1. */
export async function recordLoginFailure(db: Db, keys: Record<Scope, string>, now: Date): Promise<void> {
  const forgotten = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS).toISOString();
  await db
    .insert(loginFailures)
    .values(Object.values(keys).map((key) => ({ key, failures: 1, lastFailedAt: now })))
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${loginFailures.lastFailedAt} <= ${forgotten}::timestamptz then 1 else ${loginFailures.failures} + 1 end`,
        lastFailedAt: now,
      },
    });
}

/** A successful login forgets the failures of that account (from anywhere) and of that address on it. */
export async function clearLoginFailures(db: Db, keys: Record<Scope, string>): Promise<void> {
  await db.delete(loginFailures).where(inArray(loginFailures.key, [keys.pair, keys.email]));
}
