import { and, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { events, idempotencyKeys, loginFailures, mailOutbox, passwordResets, rateLimits, sessions, staffPasswordTokens } from '../db/schema';
import { IDEMPOTENCY_TTL_MS } from '../plugins/idempotency';
import { LOGIN_FAILURE_MEMORY_MS } from './login-throttle';

/** Rows deleted per statement: short statements, short locks, whatever the backlog. */
export const PURGE_BATCH = 500;
/**
 * How long a sent mail holding a secret link stays in the outbox: the sandbox's mailbox shows it
 * that long (the demo reads its links there), then nobody with the database can read the link.
 */
export const SECRET_MAIL_KEEP_MS = 60 * 60 * 1000;

/** Batches per table and run: a huge backlog is worked off over several runs. */
const MAX_BATCHES = 20;

/**
 * Deletes the rows of `table` matching `where`, PURGE_BATCH at a time (by their physical row id,
 * whatever the table's key), until none is left or MAX_BATCHES ran. Answers how many went.
 */
async function purgeTable(db: Db, table: PgTable, key: PgColumn, where: SQL): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const rows = await db
      .delete(table)
      .where(sql`ctid in (select ctid from ${table} where ${where} limit ${PURGE_BATCH})`)
      .returning({ key });
    total += rows.length;
    if (rows.length < PURGE_BATCH) break;
  }
  return total;
}

/**
 * What only grows otherwise: expired sessions (one per anonymous visitor), ended rate-limit
 * windows, forgotten login failures, reset and team links used or expired, idempotency keys past
 * their day, and sent mails that held a secret link. A cart whose session goes
 * keeps its row (set null) until the cart sweep gives its portions back.
 */
export async function purgeExpired(db: Db, now: Date): Promise<Record<string, number>> {
  return {
    sessions: await purgeTable(db, sessions, sessions.id, lte(sessions.expiresAt, now)),
    rateLimits: await purgeTable(db, rateLimits, rateLimits.key, lte(rateLimits.resetAt, now)),
    loginFailures: await purgeTable(db, loginFailures, loginFailures.key, lte(loginFailures.lastFailedAt, new Date(now.getTime() - LOGIN_FAILURE_MEMORY_MS))),
    passwordResets: await purgeTable(db, passwordResets, passwordResets.tokenHash, or(isNotNull(passwordResets.usedAt), lte(passwordResets.expiresAt, now))!),
    idempotencyKeys: await purgeTable(db, idempotencyKeys, idempotencyKeys.key, lte(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))),
    // The news told to open pages (server/modules/events/), two days by the database's own clock
    // (the lines' time): a page cut for longer is told to read everything again.
    events: await purgeTable(db, events, events.id, lte(events.at, sql`now() - interval '2 days'`)),
    staffLinks: await purgeTable(db, staffPasswordTokens, staffPasswordTokens.tokenHash, or(isNotNull(staffPasswordTokens.usedAt), lte(staffPasswordTokens.expiresAt, now))!),
    // A mail holding a live link is a key to an account for whoever reads the table or a backup:
    // gone an hour after it left, or once its link is dead anyway.
    secretMails: await purgeTable(
      db,
      mailOutbox,
      mailOutbox.id,
      and(isNotNull(mailOutbox.secretUntil), or(lte(mailOutbox.sentAt, new Date(now.getTime() - SECRET_MAIL_KEEP_MS)), lte(mailOutbox.secretUntil, now)))!,
    ),
  };
}
