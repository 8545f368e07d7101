import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { staff, staffPasswordTokens, staffSessions, type StaffRole } from '../../db/schema';

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

export async function updateStaff(db: Conn, id: number, values: Partial<Pick<StaffRow, 'roles' | 'disabledAt' | 'passwordHash' | 'name'>>): Promise<StaffRow> {
  const [row] = await db.update(staff).set(values).where(eq(staff.id, id)).returning();
  return row!;
}

/**
 * Active admins, their rows locked: two admins taking the role from each other at once wait for
 * one another, so the last one is never removed.
 */
export async function lockActiveAdmins(tx: Tx): Promise<number[]> {
  const rows = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(isNull(staff.disabledAt), sql`${staff.roles} @> '["admin"]'::jsonb`))
    .for('update');
  return rows.map((r) => r.id);
}

export async function deleteStaffSession(db: Conn, id: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.id, id));
}

export async function deleteSessionsOf(db: Conn, staffId: number): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}

export async function insertPasswordToken(db: Conn, tokenHash: string, staffId: number, expiresAt: Date): Promise<void> {
  await db.insert(staffPasswordTokens).values({ tokenHash, staffId, expiresAt });
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
