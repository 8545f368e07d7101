import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { edenredAccounts, edenredLogins, payments } from '../../db/schema';

type AccountRow = typeof edenredAccounts.$inferSelect;
type AccountValues = Omit<typeof edenredAccounts.$inferInsert, 'customerId' | 'createdAt'>;

// --- Logins under way (the OAuth state, nonce and PKCE verifier of a popup) -----------------------

export async function deleteExpiredLogins(db: Db, now: Date): Promise<void> {
  await db.delete(edenredLogins).where(lt(edenredLogins.expiresAt, now));
}

export async function insertLogin(db: Db, values: typeof edenredLogins.$inferInsert): Promise<void> {
  await db.insert(edenredLogins).values(values);
}

/** Takes the login of a state out, whatever comes next: a replay finds nothing. */
export async function consumeLogin(db: Db, stateHash: string) {
  const [login] = await db.delete(edenredLogins).where(eq(edenredLogins.stateHash, stateHash)).returning();
  return login;
}

// --- Linked accounts (their tokens, sealed) -------------------------------------------------------

/** Saves (or replaces) the customer's account and tokens. */
export async function saveAccount(db: Db, customerId: number, values: AccountValues, createdAt: Date): Promise<void> {
  await db
    .insert(edenredAccounts)
    .values({ customerId, ...values, createdAt })
    .onConflictDoUpdate({ target: edenredAccounts.customerId, set: values });
}

export async function isLinked(db: Db, customerId: number): Promise<boolean> {
  const [row] = await db.select({ id: edenredAccounts.customerId }).from(edenredAccounts).where(eq(edenredAccounts.customerId, customerId));
  return Boolean(row);
}

export async function accountOf(db: Db, customerId: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(edenredAccounts).where(eq(edenredAccounts.customerId, customerId));
  return row;
}

export async function deleteAccount(db: Db, customerId: number): Promise<void> {
  await db.delete(edenredAccounts).where(eq(edenredAccounts.customerId, customerId));
}

/** Forgets the account only while it is as read (`updatedAt`): a refresh that won meanwhile keeps it. */
export async function deleteAccountAsRead(db: Db, customerId: number, updatedAt: Date): Promise<void> {
  await db.delete(edenredAccounts).where(and(eq(edenredAccounts.customerId, customerId), eq(edenredAccounts.updatedAt, updatedAt)));
}

// --- What was paid with Edenred -------------------------------------------------------------------

/** Edenred payments holding or having taken money (a widget session counts once it succeeded). */
const SPENDING = ['authorized', 'captured', 'succeeded'];

/** The customer's Edenred payments holding or having taken money, made from `start` until before `end`. */
export function edenredSpending(db: Db, customerId: number, start: Date, end: Date) {
  return db
    .select({ amount: payments.amountCents, createdAt: payments.createdAt })
    .from(payments)
    .where(
      and(
        eq(payments.customerId, customerId),
        inArray(payments.provider, ['edenred', 'edenred_widget']),
        inArray(payments.status, SPENDING),
        gte(payments.createdAt, start),
        lt(payments.createdAt, end),
      ),
    );
}
