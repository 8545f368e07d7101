import { sql } from 'drizzle-orm';
import { databaseUser, type Env } from '../env';
import { openDatabase, rowsOf, type Database, type Db } from './client';
import { migrate } from './migrate';

/*
 * One role or two (docs/operations.md, "Two roles"). By default the role of DATABASE_URL applies
 * the migrations and serves. With DATABASE_OWNER_URL, the owner of the tables applies them, and
 * the server serves as DATABASE_URL's role, which may read and write the tables but may not
 * change, delete or truncate the audit trail, nor drop or switch off its triggers (only an owner
 * may): a bug, an injected query or a stolen team account cannot rewrite history.
 */

/**
 * The audit trail's tables, whose privileges are set here whatever guards them: the lines may be
 * added and read, never changed; the chain and its head are written by the sealing trigger alone
 * (SECURITY DEFINER, as their owner), so only read.
 */
const SEALED_TABLES: Record<string, 'select, insert' | 'select'> = { audit_log: 'select, insert', audit_chain: 'select', audit_chain_head: 'select' };


/**
 * The privileges of the server's runtime role, set again after every migration (a new table gets
 * them at the next start), in one transaction (no moment where a table is writable that should
 * not be):
 * - every table read and written, every sequence used; TRUNCATE, REFERENCES and TRIGGER never;
 * - a table a popote_append_only trigger guards loses what the trigger refuses (DELETE, UPDATE:
 *   its events, read from the catalog), except UPDATE of its primary key: locking a row
 *   (SELECT … FOR UPDATE, the ledger's accounts) needs UPDATE on one column, and the trigger
 *   still refuses any update;
 * - the audit trail's tables get exactly SEALED_TABLES' privileges.
 */
export async function grantRuntimeRole(db: Db, role: string): Promise<void> {
  const who = sql.identifier(role);
  await db.transaction(async (tx) => {
    await tx.execute(sql`grant usage on schema public to ${who}`);
    await tx.execute(sql`grant select, insert, update, delete on all tables in schema public to ${who}`);
    await tx.execute(sql`revoke truncate, references, trigger on all tables in schema public from ${who}`);
    await tx.execute(sql`grant usage, select on all sequences in schema public to ${who}`);
    // pg_trigger.tgtype: 8 a DELETE trigger, 16 an UPDATE one.
    const guarded = rowsOf<{ name: string; update: boolean; delete: boolean; keys: string[] | null }>(
      await tx.execute(sql`
        select c.relname as name, bool_or(t.tgtype & 16 <> 0) as update, bool_or(t.tgtype & 8 <> 0) as delete,
          (select array_agg(a.attname::text order by a.attnum) from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
            where i.indrelid = c.oid and i.indisprimary) as keys
        from pg_trigger t
        join pg_class c on c.oid = t.tgrelid
        join pg_namespace n on n.oid = c.relnamespace
        join pg_proc p on p.oid = t.tgfoid
        where p.proname = 'popote_append_only' and n.nspname = 'public' and not t.tgisinternal
        group by c.oid, c.relname
        order by 1`),
    );
    for (const table of guarded) {
      if (table.name in SEALED_TABLES) continue;
      const name = sql.identifier(table.name);
      if (table.delete) await tx.execute(sql`revoke delete on ${name} from ${who}`);
      if (table.update) {
        await tx.execute(sql`revoke update on ${name} from ${who}`);
        if (table.keys?.length) await tx.execute(sql`grant update (${sql.join(table.keys.map((k) => sql.identifier(k)), sql`, `)}) on ${name} to ${who}`);
      }
    }
    for (const [table, privileges] of Object.entries(SEALED_TABLES)) {
      await tx.execute(sql`revoke all on ${sql.identifier(table)} from ${who}`);
      await tx.execute(sql`grant ${sql.raw(privileges)} on ${sql.identifier(table)} to ${who}`);
    }
  });
}

/** A PostgreSQL error's SQLSTATE, wrapped by drizzle or not. */
const sqlState = (err: unknown) => (err as { cause?: { code?: unknown } }).cause?.code ?? (err as { code?: unknown }).code;

/**
 * The configured database, migrated, for the server or a command: through the owner's address
 * when DATABASE_OWNER_URL is set (`setup`, the seeds, runs there too, then that connection is
 * closed), else through DATABASE_URL itself. Answers the database to serve with.
 */
export async function openMigratedDatabase(env: Pick<Env, 'DATABASE_URL' | 'DATABASE_OWNER_URL' | 'DATA_DIR'>, setup?: (db: Db) => Promise<void>): Promise<Database> {
  if (env.DATABASE_OWNER_URL) {
    const owner = await openDatabase(env.DATABASE_OWNER_URL, env.DATA_DIR);
    try {
      await migrate(owner);
      // loadEnv checked that DATABASE_URL names a role, another one.
      await grantRuntimeRole(owner.db, databaseUser(env.DATABASE_URL)!);
      await setup?.(owner.db);
    } finally {
      await owner.close();
    }
    return openDatabase(env.DATABASE_URL, env.DATA_DIR);
  }
  const database = await openDatabase(env.DATABASE_URL, env.DATA_DIR);
  try {
    try {
      await migrate(database);
    } catch (err) {
      // The runtime role of a two-role setup, started without the owner's address.
      if (sqlState(err) === '42501') {
        throw new Error(`The role of DATABASE_URL may not apply the migrations (permission denied): set DATABASE_OWNER_URL to the address of the tables' owner (docs/operations.md, "Two roles")`, { cause: err });
      }
      throw err;
    }
    await setup?.(database.db);
    return database;
  } catch (err) {
    await database.close();
    throw err;
  }
}
