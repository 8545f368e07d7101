/**
 * The audit trail with two server processes on one PostgreSQL, each serving as the runtime role
 * (DATABASE_URL) and migrating through the owner's address (DATABASE_OWNER_URL), as production
 * runs: the role may add lines but may neither change, delete nor truncate them; team actions
 * sent to both servers at once keep one valid hash chain; `npm run audit:verify`, run as the
 * runtime role, says so, and names the entry the owner changed afterwards.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, POSTGRES_URL, ROOT, ServerProcess, allAtOnce, customerWithCart, deliveryMorning, notify, providerMarksPaid, startCard, stressDatabase, type StressDatabase } from './harness';

let db: StressDatabase;
let a: ServerProcess;
let b: ServerProcess;
let date: string;
const role = `popote_rt_${randomBytes(4).toString('hex')}`;
let runtimeUrl: string;

async function onServer(sql: string) {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

beforeAll(async () => {
  db = await stressDatabase();
  await onServer(`create role ${role} login password 'runtime'`);
  const url = new URL(db.url);
  url.username = role;
  url.password = 'runtime';
  runtimeUrl = url.toString();
  const env = { DATABASE_OWNER_URL: db.url };
  // The first migrates; the second finds the migrations applied and grants the runtime role again.
  a = await ServerProcess.start({ databaseUrl: runtimeUrl, env });
  const morning = await deliveryMorning(a);
  await a.setClock(morning);
  b = await ServerProcess.start({ databaseUrl: runtimeUrl, env, frozenAt: morning });
  date = ((await (await fetch(`${a.url}/api/state`)).json()) as { current_delivery_date: string }).current_delivery_date;
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
  await onServer(`drop role if exists ${role}`);
});

/** A team member logged in on one server: their cookies, and the team's anti-forgery token echoed. */
async function staffOn(server: ServerProcess, email: string) {
  const client = new Client(server.url);
  const res = await client.post('/api/staff/login', { email, password: 'popote-demo' });
  expect(res.status, res.body).toBe(200);
  return {
    request: (method: string, path: string, body?: unknown) => client.request(method, path, body, { headers: { 'x-xsrf-token': decodeURIComponent(client.cookie('XSRF-STAFF') ?? '') } }),
  };
}

function verify(databaseUrl: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'server/lib/audit-verify-cli.ts'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl, DATABASE_OWNER_URL: '' } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('two servers as the runtime role', () => {
  it('serve through the runtime role, which may add audit lines but may not change, delete or truncate them', async () => {
    await staffOn(a, 'admin@popote.fr');
    // The servers' pools are the runtime role's; the owner's connection was closed after migrating.
    expect(await db.one<number>('select count(*)::int from pg_stat_activity where datname = $1 and usename = $2', [db.name, role])).toBeGreaterThan(0);
    expect(await db.one<number>('select count(*)::int from audit_log where action = $1', ['staff.login'])).toBe(1);
    const runtime = new pg.Client({ connectionString: runtimeUrl });
    await runtime.connect();
    try {
      for (const statement of [
        `update audit_log set action = 'rien'`,
        `delete from audit_log`,
        `truncate audit_log`,
        `alter table audit_log disable trigger audit_log_append_only`,
        `update audit_chain_head set seq = 0`,
        `insert into audit_chain (seq, entry_id, prev_hash, hash, sealed) values (999999, 1, 'x', 'y', 'z')`,
      ]) {
        await expect(runtime.query(statement), statement).rejects.toMatchObject({ code: '42501' });
      }
      // Every other table as the shop needs it: read and written.
      expect(await db.one<boolean>(`select has_table_privilege($1, 'carts', 'update') and has_table_privilege($1, 'sessions', 'delete')`, [role])).toBe(true);
    } finally {
      await runtime.end();
    }
  });

  it('the shop works as the runtime role: a card order placed (its locks and writes), cancelled by an admin (refunded, audited)', async () => {
    const { client, customerId } = await customerWithCart(a.url);
    const po = await startCard(client, a.url);
    await providerMarksPaid(a.url, po);
    expect(await notify(b.url, po)).toEqual({ status: 200, json: { received: true, status: 'success' } });
    const [order] = await db.rows<{ id: number }>('select id from orders where customer_id = $1', [customerId]);
    expect(order).toBeDefined();
    const admin = await staffOn(b, 'admin@popote.fr');
    const cancelled = await admin.request('POST', `/api/staff/orders/${order!.id}/cancel`, { reason: 'Test du rôle du serveur' });
    expect(cancelled.status, cancelled.body).toBe(200);
    expect(await db.one<number>(`select count(*)::int from audit_log where action = 'order.cancel' and order_id = $1`, [order!.id])).toBe(1);
  });

  it('team actions on both at once keep one valid chain; audit:verify says so, then names the entry the owner changed', async () => {
    const cook = await staffOn(a, 'cuisine@popote.fr');
    const admin = await staffOn(b, 'admin@popote.fr');
    const dishes = (await cook.request('GET', `/api/staff/stock?date=${date}`)).json.dishes as { product_id: number; reserved: number }[];
    expect(dishes.length).toBeGreaterThan(5);
    const started = Date.now();
    const answers = await allAtOnce(dishes.length * 4, (i) => {
      const dish = dishes[i % dishes.length]!;
      return (i % 2 ? cook : admin).request('PUT', `/api/staff/stock/${date}/${dish.product_id}`, { quantity: dish.reserved + 10 + i });
    });
    const elapsed = Date.now() - started;
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    const lines = await db.one<number>('select count(*)::int from audit_log');
    expect(await db.one<number>('select count(*)::int from audit_chain')).toBe(lines);
    expect(await db.one<number>('select max(seq) from audit_chain')).toBe(lines);

    let run = await verify(runtimeUrl);
    expect(run, `${run.stdout}${run.stderr}`).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain(`Journal d’audit intact : ${lines} entrées`);
    // A bound, not a benchmark: the chain's lock is held at commit only (docs/operations.md gives the figures).
    expect(elapsed).toBeLessThan(60_000);

    // The owner, who may switch the guard off, changes a line: the chain names it.
    const [line] = await db.rows<{ id: number; seq: number }>(`select a.id, c.seq from audit_log a join audit_chain c on c.entry_id = a.id where a.action = 'stock.cap' order by a.id limit 1`);
    const client = await db.pool.connect();
    try {
      await client.query('begin');
      await client.query('alter table audit_log disable trigger audit_log_append_only');
      await client.query('update audit_log set amount_cents = 1 where id = $1', [line!.id]);
      await client.query('alter table audit_log enable trigger audit_log_append_only');
      await client.query('commit');
    } finally {
      client.release();
    }
    run = await verify(runtimeUrl);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`entrée n° ${line!.id} (maillon ${line!.seq}) : entrée modifiée après son scellement — montant (centimes) : vide scellé, « 1 » aujourd’hui.`);
  });
});
