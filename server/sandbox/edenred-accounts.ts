import { eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db, Tx } from '../db/client';
import { sandboxEdenredAccounts } from '../db/schema';
import { sameString } from './edenred-tokens';

type App = Parameters<FastifyPluginAsyncZod>[0];
export type Account = typeof sandboxEdenredAccounts.$inferSelect;

/** Created on first use when missing. The passwords are on the login page: this is the sandbox. */
export const SANDBOX_EDENRED_ACCOUNTS = [
  { username: 'marie@edenred.test', password: 'demo', firstname: 'Marie', lastname: 'Dupont', balanceCents: 4500 },
  { username: 'paul@edenred.test', password: 'demo', firstname: 'Paul', lastname: 'Martin', balanceCents: 800 },
  { username: 'vide@edenred.test', password: 'demo', firstname: 'Victor', lastname: 'Vide', balanceCents: 0 },
] as const satisfies readonly Account[];

/**
 * The Edenred emulator's accounts, in the database so that every server instance shares them: the
 * demo ones seeded when the server is ready, found by username, their password checked.
 */
export function edenredAccounts(app: App) {
  async function ensureDemoAccounts(db: Db | Tx = app.db) {
    await db
      .insert(sandboxEdenredAccounts)
      .values(SANDBOX_EDENRED_ACCOUNTS.map((a) => ({ ...a })))
      .onConflictDoNothing();
  }
  // Once, when the server is ready, so the emulator's reads stay reads; a server started while its
  // database is away seeds them on first use instead.
  let seeded: Promise<void> | null = null;
  const demoAccountsReady = () =>
    (seeded ??= ensureDemoAccounts().catch((err: unknown) => {
      seeded = null;
      throw err;
    }));
  app.addHook('onReady', async () => {
    await demoAccountsReady().catch((err: unknown) => app.log.warn({ err }, 'sandbox edenred: demo accounts not seeded yet'));
  });

  async function findAccount(username: string): Promise<Account | undefined> {
    await demoAccountsReady();
    const [row] = await app.db.select().from(sandboxEdenredAccounts).where(eq(sandboxEdenredAccounts.username, username.trim().toLowerCase()));
    return row;
  }

  async function authenticate(username: string, password: string): Promise<Account | null> {
    const account = await findAccount(username);
    return account && sameString(account.password, password) ? account : null;
  }

  async function demoAccounts(): Promise<Account[]> {
    await demoAccountsReady();
    const names = SANDBOX_EDENRED_ACCOUNTS.map((a) => a.username);
    const rows = await app.db.select().from(sandboxEdenredAccounts).where(inArray(sandboxEdenredAccounts.username, names));
    return names.map((n) => rows.find((r) => r.username === n)).filter((r): r is Account => Boolean(r));
  }

  return { ensureDemoAccounts, findAccount, authenticate, demoAccounts };
}

export type EdenredAccounts = ReturnType<typeof edenredAccounts>;
