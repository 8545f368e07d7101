import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { customers, passwordResets, sessions } from '../../db/schema';

type Conn = Db | Tx;

export async function customerByEmail(db: Conn, email: string) {
  const [row] = await db.select().from(customers).where(eq(customers.email, email.toLowerCase())).limit(1);
  return row ?? null;
}

export async function sponsorCodeTaken(db: Conn, code: string) {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.sponsorCode, code)).limit(1);
  return Boolean(row);
}

export async function insertCustomer(tx: Tx, values: typeof customers.$inferInsert) {
  const [row] = await tx.insert(customers).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function deleteSession(db: Conn, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Every session of a customer but `keep` (after a password change). */
export async function deleteCustomerSessions(db: Conn, customerId: number, keep?: string) {
  await db.delete(sessions).where(keep ? and(eq(sessions.customerId, customerId), ne(sessions.id, keep)) : eq(sessions.customerId, customerId));
}

export async function insertPasswordReset(tx: Tx, tokenHash: string, customerId: number, expiresAt: Date) {
  await tx.insert(passwordResets).values({ tokenHash, customerId, expiresAt });
}

/** Marks a live, unused token used and answers its customer; null when it is not (any more). */
export async function consumePasswordReset(tx: Tx, tokenHash: string, now: Date): Promise<number | null> {
  const [row] = await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .returning({ customerId: passwordResets.customerId });
  return row?.customerId ?? null;
}

/** Ends the customer's other live reset links: once the password is reset, older mails open nothing. */
export async function endPasswordResets(tx: Tx, customerId: number, now: Date) {
  await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.customerId, customerId), isNull(passwordResets.usedAt)));
}

export async function setPassword(tx: Tx, customerId: number, passwordHash: string) {
  await tx.update(customers).set({ passwordHash }).where(eq(customers.id, customerId));
}
