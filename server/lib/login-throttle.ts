import { inArray, sql } from 'drizzle-orm';
import { ERROR_CODES } from '#shared/api/errors';
import { MESSAGES } from '#shared/api/messages';
import type { Db } from '../db/client';
import { loginFailures } from '../db/schema';
import { AppError } from './errors';

/** A customer's failures older than this, counted from the last one, are forgotten. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 3600 * 1000;

interface Rule {
  /** Failures answered at once; each one past them doubles the wait before the next attempt. */
  free: number;
  maxDelayMs: number;
  /** How long after its last failure a key's count is forgotten. */
  forgetMs: number;
}

/**
 * Slows guessing down without locking the owner out. One address guessing one account waits
 * 1 s, 2 s, 4 s… after 3 failures, up to 15 minutes. One customer account guessed from many
 * addresses is slowed only after 20 failures and never for more than 30 s, so its owner, from
 * their own address, gets in after a short wait at worst. One address trying many accounts
 * (credential spraying) is slowed after 50: an office shares its address.
 *
 * A team account is worth more (an admin refunds money): it is judged per account whatever the
 * address, with 5 free failures, then 1 s, 2 s… up to 15 minutes between attempts, and its count
 * is kept a day after the last failure (a customer's, 15 minutes). Guessing it from any number
 * of addresses then gets about 110 tries the first day (5, then 10 over 17 minutes, then one
 * each 15 minutes) and 96 a day after, against 2,880 a day (one each 30 s) under the customers'
 * rule; its owner waits 15 minutes at most after the last failure. The second factor's codes
 * have their own count per member: 5 free, then up to an hour between tries, kept a day (about
 * 40 tries the first day and 24 a day after, each with 3 chances in a million).
 */
export const LOGIN_THROTTLE = {
  pair: { free: 3, maxDelayMs: 15 * 60 * 1000, forgetMs: LOGIN_FAILURE_WINDOW_MS },
  email: { free: 20, maxDelayMs: 30 * 1000, forgetMs: LOGIN_FAILURE_WINDOW_MS },
  ip: { free: 50, maxDelayMs: 15 * 60 * 1000, forgetMs: LOGIN_FAILURE_WINDOW_MS },
  staffAccount: { free: 5, maxDelayMs: 15 * 60 * 1000, forgetMs: DAY_MS },
  secondFactor: { free: 5, maxDelayMs: 60 * 60 * 1000, forgetMs: DAY_MS },
} as const satisfies Record<string, Rule>;

/** The longest a failure is remembered: the purge deletes rows older than this (server/lib/purge.ts). */
export const LOGIN_FAILURE_MEMORY_MS = Math.max(...Object.values(LOGIN_THROTTLE).map((rule) => rule.forgetMs));

type Scope = keyof typeof LOGIN_THROTTLE;
/** The keys an attempt counts under, by the rule each follows. */
type Keys = Partial<Record<Scope, string>>;

/** A customer's login. */
export function throttleKeys(ip: string, email: string): Keys {
  const normalized = email.trim().toLowerCase();
  return { pair: `pair:${ip}|${normalized}`, email: `email:${normalized}`, ip: `ip:${ip}` };
}

/** A team member's password: the address on that account, the account from anywhere, the address. */
export function staffThrottleKeys(ip: string, email: string): Keys {
  const normalized = email.trim().toLowerCase();
  return { pair: `pair:${ip}|staff:${normalized}`, staffAccount: `staff-account:${normalized}`, ip: `ip:${ip}` };
}

/** A team member's second-factor code (or recovery code): per member, from anywhere, and the address. */
export function secondFactorThrottleKeys(ip: string, staffId: number): Keys {
  return { secondFactor: `staff-2fa:${staffId}`, ip: `ip:${ip}` };
}

const scopesOf = (keys: Keys) => Object.keys(keys) as Scope[];

/** How long after the last failure the next attempt must wait, given the failures so far. */
export function delayAfter(failures: number, rule: Rule): number {
  if (failures < rule.free) return 0;
  return Math.min(2 ** (failures - rule.free) * 1000, rule.maxDelayMs);
}

/** Milliseconds to wait after the last failure, in SQL, for a row of `login_failures` under `rule`. */
function delaySql(rule: Rule) {
  // The exponent is capped (2^30 s is far past any maximum) so a long count never overflows.
  return sql`case when ${loginFailures.failures} < ${rule.free}::int then 0
    else least(power(2, least(${loginFailures.failures} - ${rule.free}::int, 30)) * 1000, ${rule.maxDelayMs}::int) end`;
}

/**
 * Takes the attempt's slot under every key before the password is checked, in one conditional
 * statement: a key's failures are counted up in advance (the attempt is a failure until proven
 * right) only when its wait is over, judged on the row as the last writer left it (PostgreSQL
 * locks each key's row as it counts it). Attempts sent at once therefore all count, however many
 * server processes share the database: of 100 simultaneous guesses from one address on one
 * account, 3 are checked, and the others are refused (429) before any hash is compared.
 *
 *   insert into login_failures (key, failures, last_failed_at)
 *     values ($email, 1, $now), ($ip, 1, $now), ($pair, 1, $now)
 *   on conflict (key) do update set
 *     failures = case when last_failed_at <= $forgotten then 1 else failures + 1 end,
 *     last_failed_at = case when last_failed_at <= $forgotten then $now else last_failed_at end
 *   where last_failed_at <= $forgotten
 *      or last_failed_at + <the key's wait after its failures> * interval '1 ms' <= $now
 *   returning key
 *
 * The claim leaves the time of the last failure as it was (the failure, if it is one, sets it:
 * `recordLoginFailure`), so a claim given back changes nothing of any wait. Rows go in sorted by
 * key, so two claims sharing keys lock them in the same order. When one key's wait is not over the
 * attempt is refused, and what it took of the other keys is given back.
 */
export async function claimLoginAttempt(db: Db, keys: Keys, now: Date): Promise<void> {
  const at = now.toISOString();
  // A failure stamped later than now (written by a process whose clock ran ahead, or a test's own
  // time) counts as now: a clock set right again never locks an address out for the difference.
  const last = sql`least(${loginFailures.lastFailedAt}, ${at}::timestamptz)`;
  const scopes = scopesOf(keys);
  // Each key's own memory: a team account's failures are kept a day, a customer's 15 minutes.
  const forgetSince = sql`case ${loginFailures.key} ${sql.join(
    scopes.map((scope) => sql`when ${keys[scope]} then ${new Date(now.getTime() - LOGIN_THROTTLE[scope].forgetMs).toISOString()}::timestamptz`),
    sql` `,
  )} end`;
  const forgotten = sql`${last} <= ${forgetSince}`;
  const delayOfKey = sql`case ${loginFailures.key} ${sql.join(
    scopes.map((scope) => sql`when ${keys[scope]} then ${delaySql(LOGIN_THROTTLE[scope])}`),
    sql` `,
  )} end`;
  const claimed = await db
    .insert(loginFailures)
    .values((Object.values(keys) as string[]).sort().map((key) => ({ key, failures: 1, lastFailedAt: now })))
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${forgotten} then 1 else ${loginFailures.failures} + 1 end`,
        lastFailedAt: sql`case when ${forgotten} then ${at}::timestamptz else ${last} end`,
      },
      setWhere: sql`${forgotten} or ${last} + ${delayOfKey} * interval '1 millisecond' <= ${at}::timestamptz`,
    })
    .returning({ key: loginFailures.key });
  if (claimed.length === scopes.length) return;
  await giveBack(db, claimed.map((row) => row.key));
  const waitMs = await waitBeforeNext(db, keys, now);
  throw new AppError(429, ERROR_CODES.rateLimited, MESSAGES.rateLimited, undefined, { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) });
}

/** How long until every key's wait is over, from the counts as they are now (for Retry-After). */
async function waitBeforeNext(db: Db, keys: Keys, now: Date): Promise<number> {
  const rows = await db.select().from(loginFailures).where(inArray(loginFailures.key, Object.values(keys) as string[]));
  let waitMs = 0;
  for (const scope of scopesOf(keys)) {
    const row = rows.find((r) => r.key === keys[scope]);
    const last = Math.min(row?.lastFailedAt.getTime() ?? 0, now.getTime());
    if (!row || now.getTime() - last >= LOGIN_THROTTLE[scope].forgetMs) continue;
    waitMs = Math.max(waitMs, last + delayAfter(row.failures, LOGIN_THROTTLE[scope]) - now.getTime());
  }
  return waitMs;
}

/**
 * The rows of these keys, locked in key order, for a statement that changes several: the claim
 * takes them in that order, and a plain `key in (…)` would lock them in whatever order the table
 * holds them, which deadlocks against a claim under a burst (seen in CI as a 409).
 */
function inKeyOrder(db: Db, keys: string[]) {
  return inArray(
    loginFailures.key,
    db.select({ key: loginFailures.key }).from(loginFailures).where(inArray(loginFailures.key, keys)).orderBy(loginFailures.key).for('update'),
  );
}

async function giveBack(db: Db, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await db
    .update(loginFailures)
    .set({ failures: sql`greatest(${loginFailures.failures} - 1, 0)` })
    .where(inKeyOrder(db, keys));
}

/**
 * A wrong password (or unknown e-mail): its failure was counted when the attempt took its slot;
 * the next wait runs from now. A failure after a quiet window was counted as the first again.
 */
export async function recordLoginFailure(db: Db, keys: Keys, now: Date): Promise<void> {
  await db
    .update(loginFailures)
    .set({ lastFailedAt: sql`greatest(${loginFailures.lastFailedAt}, ${now.toISOString()}::timestamptz)` })
    .where(inKeyOrder(db, Object.values(keys) as string[]));
}

/**
 * A successful login forgets the failures of that account (from anywhere) and of that address on
 * it, and gives back the slot its attempt took of the address's count (over every account).
 */
export async function clearLoginFailures(db: Db, keys: Keys): Promise<void> {
  const own = scopesOf(keys).filter((scope) => scope !== 'ip').map((scope) => keys[scope]!);
  if (own.length) await db.delete(loginFailures).where(inKeyOrder(db, own));
  if (keys.ip) await giveBack(db, [keys.ip]);
}
