/**
 * The database floor: a bare node:http server (no framework, no session, no JSON parsing) doing one
 * `UPDATE … RETURNING` per request on a row of the visitor's own, through node-postgres with a pool
 * of 10 (Popote's pool) or through PGlite in this process (Popote's embedded engine). A cart change
 * cannot be cheaper than one such statement on the same database: Popote's cart loop is reported
 * as a fraction of it.
 *
 * FLOOR_DATABASE_URL: postgres://… or memory:// (PGlite). FLOOR_ROWS: rows made (one a connection).
 */
import { createServer } from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const url = process.env.FLOOR_DATABASE_URL ?? 'memory://';
const rows = Number(process.env.FLOOR_ROWS ?? 200);

type Result = Promise<{ rows: Record<string, unknown>[] }>;
const UPDATE = 'update bench_floor set n = n + $2 where id = $1 returning n';
let query: (text: string, values?: unknown[]) => Result;
/** The statement, prepared (node-postgres names it, once per connection), as Popote's are. */
let update: (id: number, delta: number) => Result;
let close: () => Promise<void>;
if (/^postgres(ql)?:\/\//.test(url)) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  query = (text, values) => pool.query(text, values);
  update = (id, delta) => pool.query({ name: 'bench_floor_update', text: UPDATE, values: [id, delta] });
  close = () => pool.end();
} else {
  const lite = new PGlite();
  await lite.waitReady;
  query = (text, values) => lite.query(text, values);
  update = (id, delta) => lite.query(UPDATE, [id, delta]);
  close = () => lite.close();
}

await query('create table if not exists bench_floor (id integer primary key, n integer not null)');
await query('insert into bench_floor (id, n) select g, 0 from generate_series(0, $1::integer - 1) g on conflict do nothing', [rows]);

/** POST /change?id=3&delta=1 → {"n":…}; GET /ready → ok. */
const server = createServer((request, response) => {
  const address = new URL(request.url ?? '/', 'http://floor');
  if (address.pathname === '/ready') {
    response.end('ok');
    return;
  }
  const id = Number(address.searchParams.get('id')) % rows;
  const delta = Number(address.searchParams.get('delta') ?? 1);
  // Drain the request, then answer once the statement has.
  request.resume();
  update(id, delta).then(
    (result) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ n: result.rows[0]?.n }));
    },
    (err: Error) => {
      response.writeHead(500);
      response.end(err.message);
    },
  );
});
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => server.close(() => void close().then(() => process.exit(0))));
}
