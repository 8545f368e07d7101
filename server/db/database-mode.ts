import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { customers, databaseMode, discounts, orders, productAvailabilities, staff } from './schema';

/**
 * What a database has served, the demo or the real shop (docs/operations.md, "A database that
 * ran the demo"). The demo's team accounts are public (anyone logs in as its admin), its mailbox
 * is open and its payments are simulated: whatever was made there (a team member invited by
 * anyone, a pending invitation, a customer, a pool credited with nothing) must never carry over
 * into production. So a database records its mode at the first start; production refuses one
 * that ran the demo until what the demo made is removed (`npm run db:forget-demo`), and the
 * demo refuses one that served production (its public admin would read real customers).
 * Production is never started on a database before the demo's rows are gone, and the demo never
 * after: every row a removal deletes was made by the demo, and nothing of production's is ever
 * touched.
 */

export type DatabaseMode = 'demo' | 'production';

/** A start refused: the database served the other mode. Its message says what to do, in French. */
export class DatabaseModeError extends Error {}

/**
 * The tables of what people made (accounts, sessions, invitations, customers, carts, pools,
 * orders and their money, mails, counters): all the demo's on a database that only ran the
 * demo. What is kept: the reference data (catalog, points, tours, slots, settings) and the
 * audit trail, which is append-only by design (its demo lines stay as history; they hold no
 * secret and open nothing).
 */
/** The ledger's tables, append-only for every role but this command's owner (docs/operations.md). */
const LEDGER_TABLES = ['ledger_transfers', 'ledger_accounts', 'ledger_opening'];

const PEOPLE_TABLES = [
  'customers',
  'sessions',
  'carts',
  'cart_lines',
  'orders',
  'order_products',
  'order_events',
  'payments',
  'pre_orders',
  'ledger_transfers',
  'ledger_accounts',
  'ledger_opening',
  'password_resets',
  'mail_outbox',
  'newsletter_subscriptions',
  'rate_limits',
  'login_failures',
  'edenred_accounts',
  'edenred_logins',
  'contact_messages',
  'contact_attachments',
  'company_requests',
  'idempotency_keys',
  'staff',
  'staff_recovery_codes',
  'staff_sessions',
  'staff_password_tokens',
  'kitchen_sheet_prints',
  'credit_notes',
  'refunds',
  'rounds',
  'round_events',
  'round_arrivals',
  'late_notices',
  'push_subscriptions',
  'push_outbox',
  // The demo's own VAPID keys: production's come from the environment.
  'vapid_keys',
  'day_closings',
  'voucher_remittances',
  'voucher_remittance_items',
  // The demo's invoices and credit notes took numbers: production's series start again at 1.
  'invoice_counters',
  'credit_note_counters',
  'sandbox_paygreen_orders',
  'sandbox_edenred_accounts',
  'sandbox_edenred_grants',
  'sandbox_edenred_transactions',
  'sandbox_edenred_widget_sessions',
  'sandbox_push_messages',
  'sandbox_push_refusals',
] as const;

async function readMode(db: Db) {
  const [row] = await db.select().from(databaseMode).where(eq(databaseMode.id, 1));
  return row ?? null;
}

/**
 * A database from before the mode was recorded: the demo's seed left rows marked `demo` (every
 * demo start seeds them); without them, people's rows mean it served production.
 */
async function guessMode(db: Db): Promise<DatabaseMode | null> {
  const [row] = await db
    .select({
      demo: sql<boolean>`exists (select 1 from ${customers} where ${customers.demo}) or exists (select 1 from ${staff} where ${staff.demo}) or exists (select 1 from ${discounts} where ${discounts.demo})`,
      people: sql<boolean>`exists (select 1 from ${customers}) or exists (select 1 from ${staff}) or exists (select 1 from ${orders})`,
    })
    .from(sql`(select 1) as one`);
  if (row?.demo) return 'demo';
  return row?.people ? 'production' : null;
}

const day = (at: Date) => at.toISOString().slice(0, 10);

export const FORGET_DEMO_COMMAND = 'npm run db:forget-demo -- --yes';

/**
 * Records the mode of a first start, and refuses a start of the other mode (DatabaseModeError).
 * Called before anything is seeded or served, by the server and by every command that writes.
 */
export async function claimDatabaseMode(db: Db, mode: DatabaseMode, now: Date): Promise<void> {
  let row = await readMode(db);
  if (!row) {
    const recorded = (await guessMode(db)) ?? mode;
    // Two servers starting at once record one mode: the second reads the first's.
    await db.insert(databaseMode).values({ id: 1, mode: recorded, since: now }).onConflictDoNothing();
    row = (await readMode(db))!;
  }
  if (row.mode === mode) return;
  if (mode === 'production') {
    throw new DatabaseModeError(
      [
        `Cette base de données a servi la démonstration (depuis le ${day(row.since)}) : ses comptes d’équipe publics, ses invitations, ses clients, leurs cagnottes et ses commandes passeraient dans la boutique réelle.`,
        'La production refuse de démarrer dessus. Arrêtez tout serveur de démonstration qui l’utilise, sauvegardez-la si vous le souhaitez, puis supprimez ce que la démonstration a créé (la même DATABASE_URL, NODE_ENV=production) :',
        `  ${FORGET_DEMO_COMMAND}`,
        'Le catalogue, les points de livraison, les tournées et les réglages sont gardés. Ou démarrez la production sur une base neuve.',
      ].join('\n'),
    );
  }
  throw new DatabaseModeError(
    [
      `Cette base de données sert la boutique réelle (production, depuis le ${day(row.since)}) : la démonstration refuse d’y démarrer, ses comptes publics y liraient les vrais clients.`,
      'Démarrez la démonstration sur une autre base (DATABASE_URL, ou sans elle la base intégrée de DATA_DIR), ou la production avec NODE_ENV=production.',
    ].join('\n'),
  );
}

export interface ForgetDemoResult {
  /** Whether anything was removed (false: the database already serves production, or is new). */
  forgotten: boolean;
  /** Rows per table before the removal, for the command to print. */
  counts: Record<string, number>;
}

/** How many rows each of the demo's tables holds (what a removal would delete). */
export async function demoRowCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of PEOPLE_TABLES) {
    const res: unknown = await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`);
    const rows = (Array.isArray(res) ? res : (res as { rows: { n: number }[] }).rows) as { n: number }[];
    counts[table] = rows[0]?.n ?? 0;
  }
  return counts;
}

/**
 * Removes everything the demo made from a database that ran the demo and never served production,
 * and makes it production's, in one transaction: every people's table emptied (truncated, their
 * ids left running so the audit trail's demo lines never name a production row), the demo's codes
 * deleted, the portions the demo's carts and orders held given back, the invoice and credit-note
 * series started again. Refuses nothing and removes nothing on a database that serves production.
 */
export async function forgetDemo(db: Db, now: Date): Promise<ForgetDemoResult> {
  const row = (await readMode(db)) ?? { mode: await guessMode(db) };
  if (row.mode !== 'demo') return { forgotten: false, counts: {} };
  const counts = await demoRowCounts(db);
  await db.transaction(async (tx) => {
    // The mode row first, locked: two removals at once, or a start beside, wait for this one.
    await tx.insert(databaseMode).values({ id: 1, mode: 'demo', since: now }).onConflictDoNothing();
    const [locked] = await tx.select().from(databaseMode).where(eq(databaseMode.id, 1)).for('update');
    if (locked!.mode !== 'demo') return;
    // The ledger refuses TRUNCATE to everyone (its triggers, migration 0025): the demo's money
    // goes with its people by the database owner's hand, in this transaction only.
    for (const table of LEDGER_TABLES) await tx.execute(sql`alter table ${sql.identifier(table)} disable trigger user`);
    await tx.execute(sql`truncate table ${sql.join(PEOPLE_TABLES.map((t) => sql.identifier(t)), sql`, `)} cascade`);
    for (const table of LEDGER_TABLES) await tx.execute(sql`alter table ${sql.identifier(table)} enable trigger user`);
    await tx.delete(discounts).where(eq(discounts.demo, true));
    await tx.update(discounts).set({ uses: 0 });
    await tx.update(productAvailabilities).set({ reserved: 0 }).where(sql`${productAvailabilities.reserved} <> 0`);
    await tx.update(databaseMode).set({ mode: 'production', since: now, demoForgottenAt: now }).where(eq(databaseMode.id, 1));
  });
  return { forgotten: true, counts };
}
