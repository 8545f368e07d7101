import { and, asc, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { staff, staffPasswordTokens, staffRecoveryCodes, staffSessions, type StaffRole } from '../../db/schema';

type Conn = Db | Tx;
export type StaffRow = typeof staff.$inferSelect;

export async function staffByEmail(db: Conn, email: string): Promise<StaffRow | null> {
  const [row] = await db.select().from(staff).where(eq(staff.email, email.trim().toLowerCase())).limit(1);
  return row ?? null;
}

export async function staffById(db: Conn, id: number, lock = false): Promise<StaffRow | null> {
  const query = db.select().from(staff).where(eq(staff.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function listStaff(db: Conn): Promise<StaffRow[]> {
  return db.select().from(staff).orderBy(asc(staff.name), asc(staff.id));
}

/** A new member, or null when the address is taken (the unique index decides between two at once). */
export async function insertStaff(db: Conn, values: { email: string; name: string; roles: StaffRole[]; passwordHash?: string | null; demo?: boolean }): Promise<StaffRow | null> {
  const [row] = await db
    .insert(staff)
    .values({ ...values, email: values.email.trim().toLowerCase() })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function updateStaff(
  db: Conn,
  id: number,
  values: Partial<Pick<StaffRow, 'roles' | 'disabledAt' | 'passwordHash' | 'name' | 'totpSecret' | 'totpEnabledAt' | 'totpLastStep'>>,
): Promise<StaffRow> {
  const [row] = await db.update(staff).set(values).where(eq(staff.id, id)).returning();
  return row!;
}

/**
 * Active admins, their rows locked (in id order): two admins taking the role from each other at
 * once wait for one another, so the last one able to log in is never removed.
 */
export async function lockActiveAdmins(tx: Tx): Promise<StaffRow[]> {
  return tx
    .select()
    .from(staff)
    .where(and(isNull(staff.disabledAt), sql`${staff.roles} @> '["admin"]'::jsonb`))
    .orderBy(asc(staff.id))
    .for('update');
}

export async function deleteStaffSession(db: Conn, id: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.id, id));
}

export async function deleteSessionsOf(db: Conn, staffId: number): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}

/** A new link for a member replaces their earlier ones: only the latest link sent works. */
export async function replacePasswordToken(db: Conn, tokenHash: string, staffId: number, expiresAt: Date): Promise<void> {
  await db.delete(staffPasswordTokens).where(eq(staffPasswordTokens.staffId, staffId));
  await db.insert(staffPasswordTokens).values({ tokenHash, staffId, expiresAt });
}

/** The member of a live one-time link (unspent, in time), without spending it: their password is judged first. */
export async function staffOfLiveToken(db: Conn, tokenHash: string, now: Date): Promise<StaffRow | null> {
  const [row] = await db
    .select({ member: staff })
    .from(staffPasswordTokens)
    .innerJoin(staff, eq(staff.id, staffPasswordTokens.staffId))
    .where(and(eq(staffPasswordTokens.tokenHash, tokenHash), isNull(staffPasswordTokens.usedAt), gt(staffPasswordTokens.expiresAt, now)))
    .limit(1);
  return row?.member ?? null;
}

/** Spends a one-time link, once (a conditional UPDATE): its member's id, or null when spent, unknown or late. */
export async function spendPasswordToken(db: Conn, tokenHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .update(staffPasswordTokens)
    .set({ usedAt: now })
    .where(and(eq(staffPasswordTokens.tokenHash, tokenHash), isNull(staffPasswordTokens.usedAt), gt(staffPasswordTokens.expiresAt, now)))
    .returning({ staffId: staffPasswordTokens.staffId });
  return row?.staffId ?? null;
}

/** The TOTP secret being enrolled in a pending session (sealed), drawn again on each new QR code. */
export async function setPendingTotpSecret(db: Conn, sessionId: string, sealed: string): Promise<void> {
  await db.update(staffSessions).set({ pendingTotpSecret: sealed }).where(eq(staffSessions.id, sessionId));
}

/**
 * Records the step of the code just accepted, only when it is later than the last one (one
 * conditional UPDATE on the locked row): the same code sent twice at once is accepted once.
 */
export async function acceptTotpStep(db: Conn, staffId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, staffId), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
    .returning({ id: staff.id });
  return rows.length === 1;
}

/** A member's recovery codes replaced by new ones (their hashes). */
export async function replaceRecoveryCodes(db: Conn, staffId: number, hashes: string[]): Promise<void> {
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  if (hashes.length) await db.insert(staffRecoveryCodes).values(hashes.map((codeHash) => ({ staffId, codeHash })));
}

/** Spends one of a member's recovery codes, once (a conditional UPDATE): whether it was theirs and unused. */
export async function spendRecoveryCode(db: Conn, staffId: number, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(staffRecoveryCodes.staffId, staffId), eq(staffRecoveryCodes.codeHash, codeHash), isNull(staffRecoveryCodes.usedAt)))
    .returning({ id: staffRecoveryCodes.id });
  return rows.length === 1;
}

export async function unusedRecoveryCodes(db: Conn, staffId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(staffRecoveryCodes).where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}
