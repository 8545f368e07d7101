import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq, sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { grantRuntimeRole } from '../../server/db/open';
import * as t from '../../server/db/schema';
import { EnvError, loadEnv } from '../../server/env';
import { audit, type Actor } from '../../server/lib/audit';
import { formatChainReport, GENESIS_HASH, linkHash, verifyAuditChain } from '../../server/lib/audit-chain';
import { staffMembersSchema } from '#shared/api/staff';
import type { AuditChangeItem } from '#shared/audit-changes';
import { MONDAY, at, createPostgresDatabase, createTestApp, onPostgres, rowsOf, type TestApp } from './helpers';
import { TEAM, staffLoggedIn, type StaffBrowser } from './staff-helpers';

/**
 * These tests start other processes (the command-line tools, a second server), each compiling its
 * TypeScript and opening the database: a bound against a hang, not a speed (on a loaded 2-core
 * machine one took 30 s, the default bound).
 */
const PROCESSES_TIMEOUT = 120_000;

/**
 * The audit trail nobody can rewrite: every change of a price, a VAT rate, a stock or a role
 * keeps its values before and after; the table refuses UPDATE, DELETE and TRUNCATE; each line is
 * sealed in a hash chain that `npm run audit:verify` replays, naming the entry where it breaks.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

let app: TestApp;
let admin: StaffBrowser;
let cook: StaffBrowser;
/** The PostgreSQL role a test made: dropped once the file's database (holding its privileges) is. */
let runtimeRole: string | null = null;
beforeAll(async () => {
  // This file tampers with the trail on purpose (behind its triggers): its own chain is not checked at the end.
  app = await createTestApp({ tampered: true });
  admin = await staffLoggedIn(app.app);
  cook = await staffLoggedIn(app.app, TEAM.cuisine);
});
afterAll(async () => {
  await app.close();
  if (runtimeRole) {
    const server = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await server.connect();
    await server.query(`drop role if exists ${runtimeRole}`);
    await server.end();
  }
});

const db = () => app.database.db;
type Line = { id: number; action: string; staff: string | null; product_id: number | null; details: Record<string, unknown> };
const trail = async (date = MONDAY) => (await admin.request('GET', `/api/staff/audit?date=${date}`)).json().entries as Line[];
const lastOf = async (action: string) => (await trail()).filter((e) => e.action === action).at(-1)!;

/** The page's request: the catalog file in `catalog`. */
async function importCatalog(browser: StaffBrowser, catalog: unknown) {
  const form = new FormData();
  form.set('catalog', JSON.stringify(catalog));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await browser.request('POST', '/api/staff/catalog-import', Buffer.from(await request.arrayBuffer()), { 'content-type': request.headers.get('content-type')! });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}
/** A dish of the catalog file as the database holds it, prices aside. */
const fileDish = (p: typeof t.products.$inferSelect, extra: Record<string, unknown> = {}) => ({
  slug: p.slug,
  name: p.name,
  short_description: p.shortDescription,
  description: p.description,
  ingredients: p.ingredients,
  allergens: p.allergens,
  category: p.category,
  price_cents: p.priceCents,
  vat_rate: p.vatRateBp / 100,
  ...extra,
});
const newDish = (slug: string) => ({ slug, name: `Plat ${slug}`, short_description: 'Un plat.', description: 'Un plat du jour.', ingredients: ['amour'], allergens: [], category: 'main', price_cents: 990, vat_rate: 10 });

describe('old and new values in the audit line', () => {
  it('a catalog import: each changed dish with its price and VAT rate before and after, each day’s cap and menu changes', async () => {
    const menu = (await app.app.inject(`/__sandbox/catalog-availability?date=${MONDAY}`)).json() as { slug: string; stock: number | null }[];
    const [dish] = await db().select().from(t.products).where(eq(t.products.slug, menu[0]!.slug));
    const capped = menu[1]!;
    // The cook's slip of the issue: 5,50 € → 0,01 €, VAT 10 % → 20 %, and a cap raised.
    await importCatalog(cook, {
      dates: [MONDAY],
      products: [fileDish(dish!, { price_cents: 1, vat_rate: 20, description: 'Autrement dit.' }), newDish('plat-audite')],
      availability: [...menu.map((a) => (a.slug === capped.slug ? { slug: a.slug, stock: (a.stock ?? 50) + 7 } : a)), { slug: 'plat-audite', stock: 5 }],
    });
    const line = await lastOf('catalog.import');
    expect(line.staff).toBe(TEAM.cuisine);
    const products = line.details.products as AuditChangeItem[];
    expect(products).toContainEqual({
      product_id: dish!.id,
      slug: dish!.slug,
      name: dish!.name,
      changes: { price: { from: dish!.priceCents, to: 1 }, vat: { from: dish!.vatRateBp, to: 2000 } },
      also: ['description'],
    });
    expect(products).toContainEqual(expect.objectContaining({ slug: 'plat-audite', created: true, changes: { price: { to: 990 }, vat: { to: 1000 }, name: { to: 'Plat plat-audite' } } }));
    const stock = line.details.stock as AuditChangeItem[];
    expect(stock).toContainEqual(expect.objectContaining({ slug: capped.slug, date: MONDAY, changes: { stock: { from: capped.stock, to: (capped.stock ?? 50) + 7 } } }));
    expect(stock).toContainEqual(expect.objectContaining({ slug: 'plat-audite', date: MONDAY, changes: { on_menu: { from: false, to: true }, stock: { to: 5 } } }));
    expect(line.details).toMatchObject({ products_omitted: 0, stock_omitted: 0 });

    // Put back as it was; the removal of the new dish from the day is itself a change with its values.
    await importCatalog(cook, { dates: [MONDAY], products: [fileDish(dish!)], availability: menu });
    const back = await lastOf('catalog.import');
    expect(back.details.products).toEqual([expect.objectContaining({ product_id: dish!.id, changes: { price: { from: 1, to: dish!.priceCents }, vat: { from: 2000, to: dish!.vatRateBp } } })]);
    expect(back.details.stock).toContainEqual(expect.objectContaining({ slug: 'plat-audite', changes: { on_menu: { from: true, to: false }, stock: { from: 5 } } }));
  });

  it('a catalog import of many dishes keeps the first 100 changes of each kind with their values and counts the rest', async () => {
    const date = '2027-03-01';
    const dishes = Array.from({ length: 130 }, (_, i) => newDish(`plat-en-serie-${i}`));
    await importCatalog(cook, { dates: [date], products: dishes, availability: dishes.map((d) => ({ slug: d.slug, stock: 3 })) });
    const line = await lastOf('catalog.import');
    expect(line.details.products).toHaveLength(100);
    expect(line.details.stock).toHaveLength(100);
    expect(line.details).toMatchObject({ products_omitted: 30, stock_omitted: 30 });
    expect(JSON.stringify(line.details).length).toBeLessThan(64 * 1024);
  });

  it('a stock change: the cap before and after, and the "épuisé" mark when it moves', async () => {
    const dishes = (await cook.request('GET', `/api/staff/stock?date=${MONDAY}`)).json().dishes as { product_id: number; name: string; reserved: number; stock: number | null; sold_out: boolean }[];
    const dish = dishes.find((d) => !d.sold_out && d.stock !== null)!;
    expect((await cook.request('PUT', `/api/staff/stock/${MONDAY}/${dish.product_id}`, { quantity: dish.reserved + 9 })).statusCode).toBe(200);
    expect(await lastOf('stock.cap')).toMatchObject({ product_id: dish.product_id, details: { date: MONDAY, name: dish.name, changes: { stock: { from: dish.stock, to: dish.reserved + 9 } } } });
    expect((await cook.request('PUT', `/api/staff/stock/${MONDAY}/${dish.product_id}`, { sold_out: true })).statusCode).toBe(200);
    expect((await lastOf('stock.sold_out')).details.changes).toEqual({ stock: { from: dish.reserved + 9, to: dish.reserved }, sold_out: { from: false, to: true } });
    expect((await cook.request('PUT', `/api/staff/stock/${MONDAY}/${dish.product_id}`, { sold_out: false })).statusCode).toBe(200);
    expect((await lastOf('stock.on_sale')).details.changes).toEqual({ stock: { from: dish.reserved, to: dish.reserved + 9 }, sold_out: { from: true, to: false } });
  });

  it('a team member’s roles, account disabled and enabled again: before and after', async () => {
    const invited = await admin.request('POST', '/api/staff/members', { email: 'roles@popote.fr', name: 'Rôles', roles: ['cuisine'] });
    expect(invited.statusCode, invited.body).toBe(201);
    const id = (invited.json() as { member: { id: number } }).member.id;
    expect((await lastOf('staff.invite')).details).toEqual({ member: 'roles@popote.fr', changes: { roles: { to: ['cuisine'] } }, mailed: true });
    const promoted = await admin.request('PATCH', `/api/staff/members/${id}`, { roles: ['cuisine', 'admin'] });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((await lastOf('staff.roles')).details).toEqual({ member: 'roles@popote.fr', changes: { roles: { from: ['cuisine'], to: ['cuisine', 'admin'] } } });
    expect((await admin.request('PATCH', `/api/staff/members/${id}`, { active: false })).statusCode).toBe(200);
    expect((await lastOf('staff.disable')).details).toEqual({ member: 'roles@popote.fr', changes: { active: { from: true, to: false } } });
    expect((await admin.request('PATCH', `/api/staff/members/${id}`, { active: true })).statusCode).toBe(200);
    expect((await lastOf('staff.enable')).details).toEqual({ member: 'roles@popote.fr', changes: { active: { from: false, to: true } } });
    expect(staffMembersSchema.parse((await admin.request('GET', '/api/staff/members')).json()).find((m) => m.id === id)).toMatchObject({ active: true });
  });
});

describe('append-only', () => {
  it('UPDATE, DELETE and TRUNCATE of the audit trail and its chain are refused by the database, to its owner too', async () => {
    const lines = await db().select().from(t.auditLog);
    expect(lines.length).toBeGreaterThan(0);
    const refusedBy = async (statement: Promise<unknown>, what: string) => {
      const err = await statement.then(
        () => null,
        (e: unknown) => e as { cause?: { message?: string }; message: string },
      );
      expect(err, 'the statement went through').not.toBeNull();
      expect(err!.cause?.message ?? err!.message).toBe(`${what}: the table is append-only, its rows are never changed, deleted nor truncated`);
    };
    await refusedBy(db().update(t.auditLog).set({ action: 'rien' }), 'UPDATE refused on audit_log');
    await refusedBy(db().delete(t.auditLog).where(eq(t.auditLog.id, lines[0]!.id)), 'DELETE refused on audit_log');
    // CASCADE: the chain's link to the lines would otherwise refuse it before the trigger is asked.
    await refusedBy(db().execute(sql`truncate audit_log cascade`), 'TRUNCATE refused on audit_log');
    await refusedBy(db().update(t.auditChain).set({ sealed: '[]' }), 'UPDATE refused on audit_chain');
    await refusedBy(db().delete(t.auditChain), 'DELETE refused on audit_chain');
    await refusedBy(db().execute(sql`truncate audit_chain`), 'TRUNCATE refused on audit_chain');
    await refusedBy(db().delete(t.auditChainHead), 'DELETE refused on audit_chain_head');
    await refusedBy(db().execute(sql`truncate audit_chain_head`), 'TRUNCATE refused on audit_chain_head');
    expect(await db().select().from(t.auditLog)).toHaveLength(lines.length);
  });

  it('on PostgreSQL the server’s runtime role may write lines but may not change, delete, truncate them, nor touch the chain or the triggers', async () => {
    if (!onPostgres) {
      // PGlite has one user, its owner: the triggers above are what hold there.
      expect(app.database.kind).toBe('pglite');
      return;
    }
    const role = `popote_rt_${Date.now().toString(36)}`;
    await db().execute(sql.raw(`create role ${role} login`));
    runtimeRole = role;
    // Another append-only table, as the ledger's accounts are: its rows are locked, never changed.
    await db().execute(sql`create table append_only_probe (id serial primary key, v integer not null)`);
    await db().execute(sql`create trigger probe_append_only before update or delete on append_only_probe for each row execute function popote_append_only()`);
    await db().execute(sql`create trigger probe_no_truncate before truncate on append_only_probe for each statement execute function popote_append_only()`);
    await grantRuntimeRole(db(), role);
    {
      const name = ((await rowsOf<{ name: string }>(app.database, sql`select current_database() as name`))[0]!).name;
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.username = role;
      url.password = '';
      url.pathname = `/${name}`;
      const runtime = new pg.Client({ connectionString: url.toString() });
      await runtime.connect();
      try {
        const insert = `insert into audit_log (at, action, details) values (now(), 'runtime.test', '{}')`;
        await runtime.query(insert);
        for (const statement of [
          `update audit_log set action = 'rien'`,
          `delete from audit_log`,
          `truncate audit_log`,
          `alter table audit_log disable trigger audit_log_append_only`,
          `drop trigger audit_log_seal on audit_log`,
          `insert into audit_chain (seq, entry_id, prev_hash, hash, sealed) values (1000000, 1, 'x', 'y', 'z')`,
          `update audit_chain_head set seq = 0`,
          `delete from audit_chain`,
        ]) {
          await expect(runtime.query(statement), statement).rejects.toMatchObject({ code: '42501' });
        }
        // A guarded table's rows may be added and locked (SELECT … FOR UPDATE), never changed nor deleted.
        await runtime.query(`insert into append_only_probe (v) values (1)`);
        await runtime.query('begin');
        expect((await runtime.query(`select v from append_only_probe for update`)).rows).toEqual([{ v: 1 }]);
        await runtime.query('commit');
        for (const statement of [`update append_only_probe set v = 2`, `update append_only_probe set id = id`, `delete from append_only_probe`, `truncate append_only_probe`]) {
          await expect(runtime.query(statement), statement).rejects.toMatchObject({ code: '42501' });
        }
        // It still reads the chain (npm run audit:verify as the runtime role), and the line it wrote is sealed.
        expect((await runtime.query(`select count(*)::int as n from audit_chain c join audit_log a on a.id = c.entry_id where a.action = 'runtime.test'`)).rows[0].n).toBe(1);
      } finally {
        await runtime.end();
      }
    }
  });
});

describe('the hash chain', () => {
  it('holds after the team’s actions, and after concurrent ones: one link per line, in commit order, each on the one before', async () => {
    const dishes = (await cook.request('GET', `/api/staff/stock?date=${MONDAY}`)).json().dishes as { product_id: number; reserved: number }[];
    const answers = await Promise.all(dishes.flatMap((d) => [cook, admin].map((who, i) => who.request('PUT', `/api/staff/stock/${MONDAY}/${d.product_id}`, { quantity: d.reserved + 20 + i }))));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));

    const report = await verifyAuditChain(db());
    expect(report.breaks).toEqual([]);
    const entries = await db().select({ id: t.auditLog.id }).from(t.auditLog);
    expect(report).toMatchObject({ links: entries.length, entries: entries.length, head: { seq: entries.length } });
    const chain = await db().select().from(t.auditChain).orderBy(asc(t.auditChain.seq));
    expect(chain.map((l) => l.seq)).toEqual(entries.map((_, i) => i + 1));
    expect(chain[0]!.prevHash).toBe(GENESIS_HASH);
    chain.forEach((link, i) => {
      if (i > 0) expect(link.prevHash).toBe(chain[i - 1]!.hash);
      expect(link.hash).toBe(linkHash(link.prevHash, link.sealed));
    });
    expect(formatChainReport(report)).toMatch(/^Journal d’audit intact : \d+ entrées/);
  });

  it('seals a line only if its transaction commits: a rolled-back action leaves no link and no gap', async () => {
    const before = await verifyAuditChain(db());
    const actor: Actor = { staffId: null, staffEmail: 'test@popote.fr', requestId: null };
    await expect(
      db().transaction(async (tx) => {
        await audit(tx, actor, { action: 'test.rolled_back' }, app.clock.now());
        throw new Error('annulée');
      }),
    ).rejects.toThrow('annulée');
    await audit(db(), actor, { action: 'test.kept' }, app.clock.now());
    const after = await verifyAuditChain(db());
    expect(after.breaks).toEqual([]);
    expect(after.links).toBe(before.links + 1);
  });

  it('names the entry where it breaks: a line changed after it was sealed (and what changed), a line written without its link, a line deleted, links removed at the end', async () => {
    const line = await lastOf('stock.cap');
    // The owner switches the guard off to change a line, then on again.
    await db().transaction(async (tx) => {
      await tx.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
      await tx.update(t.auditLog).set({ action: 'rien', amountCents: 1 }).where(eq(t.auditLog.id, line.id));
      await tx.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    });
    let report = await verifyAuditChain(db());
    expect(report.breaks).toEqual([{ entryId: line.id, seq: expect.any(Number), problem: expect.stringContaining('entrée modifiée après son scellement — action : « stock.cap » scellé, « rien » aujourd’hui ; montant (centimes) : vide scellé, « 1 » aujourd’hui') }]);
    expect(formatChainReport(report)).toContain(`entrée n° ${line.id} (maillon ${report.breaks[0]!.seq}) : entrée modifiée après son scellement`);

    // A forged line, its sealing trigger switched off.
    await db().transaction(async (tx) => {
      await tx.execute(sql`alter table audit_log disable trigger audit_log_seal`);
      await tx.insert(t.auditLog).values({ at: app.clock.now(), action: 'staff.roles', staffEmail: TEAM.admin, details: { member: 'faux@popote.fr' } });
      await tx.execute(sql`alter table audit_log enable trigger audit_log_seal`);
    });
    const [forged] = await db().select().from(t.auditLog).orderBy(sql`${t.auditLog.id} desc`).limit(1);
    report = await verifyAuditChain(db());
    expect(report.breaks).toContainEqual({ entryId: forged!.id, seq: null, problem: expect.stringContaining('entrée hors chaîne') });

    // A line deleted and the last links cut, every trigger switched off (superuser).
    const [first] = await db().select().from(t.auditLog).orderBy(asc(t.auditLog.id)).limit(1);
    const [last] = await db().select().from(t.auditChain).orderBy(sql`${t.auditChain.seq} desc`).limit(1);
    await db().transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(t.auditLog).where(eq(t.auditLog.id, first!.id));
      await tx.delete(t.auditChain).where(eq(t.auditChain.seq, last!.seq));
    });
    report = await verifyAuditChain(db());
    expect(report.breaks).toContainEqual({ entryId: first!.id, seq: 1, problem: expect.stringContaining('entrée supprimée') });
    expect(report.breaks).toContainEqual({ entryId: null, seq: last!.seq, problem: expect.stringContaining(`la tête de chaîne annonce ${last!.seq} maillons`) });
    expect(report.breaks).toContainEqual({ entryId: last!.entryId, seq: null, problem: expect.stringContaining('entrée hors chaîne') });
    expect(formatChainReport(report)).toMatch(/^Journal d’audit ALTÉRÉ : 5 problèmes/);
  });
});

/** A database of the test's own that another process can open: PostgreSQL's, or PGlite in a folder. */
async function reachableDatabase(): Promise<{ url: string; open: () => Promise<Database>; drop: () => Promise<void> }> {
  if (onPostgres) {
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    return { url: created.url, open: () => openDatabase(created.url), drop: created.drop };
  }
  const dir = mkdtempSync(join(tmpdir(), 'popote-audit-'));
  const url = `file:${dir}`;
  return { url, open: () => openDatabase(url), drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

function runScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, env: { ...process.env, DATABASE_OWNER_URL: '', ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run audit:verify', () => {
  it('exits 0 on the chain as written (a catalog import from the command line included, audited with its values), 1 naming the entry once one is changed', async () => {
    const target = await reachableDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'popote-audit-file-'));
    try {
      let database = await target.open();
      await migrate(database);
      const actor: Actor = { staffId: 1, staffEmail: TEAM.admin, requestId: 'req-1' };
      await audit(database.db, actor, { action: 'staff.login' }, at(MONDAY, '09:00:00'));
      await database.db.transaction(async (tx) => {
        await audit(tx, actor, { action: 'stock.cap', productId: 3, details: { date: MONDAY, changes: { stock: { from: 10, to: 12 } } } }, at(MONDAY, '09:01:00'));
        await audit(tx, actor, { action: 'staff.roles', details: { member: 'é"\\\n😀@popote.fr', changes: { roles: { from: ['cuisine'], to: ['admin'] } } } }, at(MONDAY, '09:01:00'));
      });
      // PGlite is one process's at a time.
      await database.close();
      const file = join(dir, 'carte.json');
      writeFileSync(file, JSON.stringify({ dates: [MONDAY], products: [newDish('plat-en-ligne')], availability: [{ slug: 'plat-en-ligne', stock: 4 }] }));
      const imported = await runScript('server/modules/catalog/catalog-import-cli.ts', [file], { DATABASE_URL: target.url, MEDIA_DIR: join(dir, 'media'), SEED_ON_START: '0' });
      expect(imported.stderr).toBe('');

      let run = await runScript('server/lib/audit-verify-cli.ts', [], { DATABASE_URL: target.url });
      expect(run, run.stdout).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout).toMatch(/^Journal d’audit intact : 4 entrées, chacune scellée dans la chaîne/);

      database = await target.open();
      const [cli] = await database.db.select().from(t.auditLog).where(eq(t.auditLog.action, 'catalog.import'));
      expect(cli).toMatchObject({ staffEmail: null, details: expect.objectContaining({ source: 'npm run catalog:import carte.json', products: [expect.objectContaining({ slug: 'plat-en-ligne', created: true, changes: expect.objectContaining({ price: { to: 990 } }) })] }) });
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
        await tx.update(t.auditLog).set({ details: { date: MONDAY, changes: { stock: { from: 10, to: 2 } } } }).where(eq(t.auditLog.action, 'stock.cap'));
        await tx.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
      });
      const [changed] = await database.db.select().from(t.auditLog).where(eq(t.auditLog.action, 'stock.cap'));
      await database.close();
      run = await runScript('server/lib/audit-verify-cli.ts', [], { DATABASE_URL: target.url });
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('Journal d’audit ALTÉRÉ : 1 problème');
      expect(run.stdout).toContain(`entrée n° ${changed!.id} (maillon 2) : entrée modifiée après son scellement — détails : « {"date": "${MONDAY}", "changes": {"stock": {"to": 12, "from": 10}}} » scellé, « {"date": "${MONDAY}", "changes": {"stock": {"to": 2, "from": 10}}} » aujourd’hui.`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await target.drop();
    }
  }, PROCESSES_TIMEOUT);

  it('says so when the database cannot be found or has no chain, exit 1', async () => {
    const missing = await runScript('server/lib/audit-verify-cli.ts', [], { DATABASE_URL: `file:${join(tmpdir(), 'popote-nulle-part')}` });
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toContain('Aucune base PGlite dans');
    const memory = await runScript('server/lib/audit-verify-cli.ts', [], { DATABASE_URL: 'memory://' });
    expect(memory.code).toBe(1);
    expect(memory.stderr).toContain('une base en mémoire n’existe que dans le serveur qui l’a ouverte');
  }, PROCESSES_TIMEOUT);
});

describe('the migration', () => {
  it('chains the lines written before it, in the order of their ids, from the genesis', async () => {
    // The migrations as they were before the chain: copied, the chain's and later ones left out.
    const folder = mkdtempSync(join(tmpdir(), 'popote-migrations-'));
    const created = onPostgres ? await createPostgresDatabase(process.env.TEST_DATABASE_URL!) : null;
    const database = created ? await openDatabase(created.url) : await openDatabase('memory://', undefined, new Blob([readFileSync(inject('pgliteImage'))]));
    try {
      const source = join(root, 'server/db/migrations');
      cpSync(source, folder, { recursive: true });
      const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
      const cut = journal.entries.findIndex((e) => e.tag.endsWith('_audit_chain'));
      expect(cut).toBeGreaterThan(0);
      for (const entry of journal.entries.slice(cut)) rmSync(join(folder, `${entry.tag}.sql`));
      writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
      expect(readdirSync(folder).filter((f) => f.endsWith('.sql'))).toHaveLength(cut);
      if (database.kind === 'postgres') await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
      else await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });

      const actor: Actor = { staffId: 1, staffEmail: TEAM.admin, requestId: null };
      for (const action of ['staff.login', 'stock.cap', 'staff.logout']) await audit(database.db, actor, { action, details: { avant: 'la chaîne' } }, at(MONDAY, '10:00:00'));
      await migrate(database);
      const chain = await database.db.select().from(t.auditChain).orderBy(asc(t.auditChain.seq));
      const lines = await database.db.select().from(t.auditLog).orderBy(asc(t.auditLog.id));
      expect(chain.map((l) => l.entryId)).toEqual(lines.map((l) => l.id));
      expect(chain[0]!.prevHash).toBe(GENESIS_HASH);
      expect((await verifyAuditChain(database.db)).breaks).toEqual([]);
      // And the lines written after it are chained on them.
      await audit(database.db, actor, { action: 'staff.login' }, at(MONDAY, '11:00:00'));
      expect(await verifyAuditChain(database.db)).toMatchObject({ links: 4, entries: 4, breaks: [] });
    } finally {
      await database.close();
      await created?.drop();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('DATABASE_OWNER_URL', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadEnv(env);
      return [];
    } catch (err) {
      if (err instanceof EnvError) return err.problems;
      throw err;
    }
  };
  it('is a postgres:// address of another role than DATABASE_URL’s, which must name its own', () => {
    expect(problems({ DATABASE_URL: 'postgres://popote_app:x@db/popote', DATABASE_OWNER_URL: 'postgres://popote:y@db/popote' })).toEqual([]);
    expect(problems({ DATABASE_URL: 'postgres://popote:x@db/popote', DATABASE_OWNER_URL: 'postgres://popote:y@db/popote' }).join()).toContain('names the same role as DATABASE_URL (popote)');
    expect(problems({ DATABASE_OWNER_URL: 'postgres://popote:y@db/popote' }).join()).toContain('DATABASE_URL: must be a postgres:// address naming the server');
    expect(problems({ DATABASE_URL: 'postgres://db/popote', DATABASE_OWNER_URL: 'postgres://popote:y@db/popote' }).join()).toContain('DATABASE_URL: must be a postgres:// address naming the server');
    expect(problems({ DATABASE_URL: 'postgres://popote_app:x@db/popote', DATABASE_OWNER_URL: 'file:/tmp/x' }).join()).toContain('DATABASE_OWNER_URL');
  });
});
