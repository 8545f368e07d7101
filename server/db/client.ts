import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

/** One type for both drivers: they share pg-core, the schema and the SQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle, usable wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The rows of a raw `db.execute(sql…)`, whichever driver answered. */
export const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The node-postgres pool's connections (for the metrics); PGlite has no pool. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * Calls waiting for the database now: for a connection of the pool (PostgreSQL), or for their
   * turn on PGlite's one session (statements and transactions queued or running). The overload
   * guard refuses new requests past a limit (server/plugins/overload.ts).
   */
  waiting(): number;
  /**
   * Calls `listener` on each committed change to the tables the in-process copies are made of
   * (catalog, delivery slots, settings: triggers of migration 0008), whoever made it. A change made
   * through this Database is told before the call that made it resolves; one made by another
   * process, as soon as the notification arrives. Answers the unsubscribe function.
   */
  onCacheInvalidation(listener: () => void): () => void;
  /**
   * Calls `listener` when lines may have been added to the events table (triggers of migration
   * 0031), by this process or another, and when a new connection starts listening (what was
   * committed while none listened was told to nobody). Answers the unsubscribe function.
   */
  onEvents(listener: () => void): () => void;
  /**
   * PGlite only: the whole database as a file, which `openDatabase(url, dir, image)` opens again as
   * it was (the API tests copy one migrated and seeded database to each file: tests/api/helpers.ts).
   */
  dump?: () => Promise<Blob>;
}

/**
 * PGlite runs each statement synchronously on this thread and hands the next waiting one over
 * through promises: with many requests queued, the event loop would not turn until the whole
 * queue had run (bench/: a turn every 0.3 to 1 s at 200 connections, some connections starved
 * past 10 s). Letting pending I/O in before each statement and transaction keeps it fair.
 */
class FairPGlite extends PGlite {
  /** Statements and transactions asked for and not yet answered. */
  pending = 0;

  override async query<T>(...args: Parameters<PGlite['query']>) {
    this.pending++;
    try {
      await new Promise((resolve) => setImmediate(resolve));
      return await super.query<T>(...args);
    } finally {
      this.pending--;
    }
  }

  override async transaction<T>(callback: Parameters<PGlite['transaction']>[0]) {
    this.pending++;
    try {
      await new Promise((resolve) => setImmediate(resolve));
      return (await super.transaction<T>(callback as never)) as T;
    } finally {
      this.pending--;
    }
  }
}

/** The channel migration 0008's triggers notify. */
export const CACHE_CHANNEL = 'popote_cache';
/** The channel migration 0031's triggers notify. */
export const EVENTS_CHANNEL = 'popote_events';

function listeners() {
  const set = new Set<() => void>();
  return {
    notify: () => set.forEach((listener) => listener()),
    subscribe: (listener: () => void) => {
      set.add(listener);
      return () => void set.delete(listener);
    },
  };
}

/*
 * PGlite's PostgreSQL (a 9 MB WebAssembly module) compiled once per process and shared by every
 * embedded database it opens. Without it each database compiled its own copy, and dropped it on
 * close: a test worker opening and closing a database per file made V8 allocate and free compiled
 * WebAssembly over and over, once to a fatal error in V8's bookkeeping of that memory
 * (`ThreadIsolation::UnregisterWasmAllocation`, docs/testing.md); shared, the code is never freed,
 * and each opening skips the compilation.
 */
let pgliteModule: Promise<WebAssembly.Module> | undefined;
/** The server's types (Node's, without the DOM's) name WebAssembly's types, not its functions. */
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }).WebAssembly;
const compiledPglite = () =>
  (pgliteModule ??= readFile(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm')).then((bytes) => wasm.compile(bytes)));

/**
 * PostgreSQL when the URL is postgres://…, otherwise the embedded PGlite: `memory://` for tests,
 * `file:PATH` or nothing (then DATA_DIR/pglite) for data kept on disk. `image`, for `memory://`:
 * a data directory dumped by PGlite (`dumpDataDir`) to start from instead of creating a cluster,
 * which takes most of an in-memory database's opening (the API tests open one per file).
 */
export async function openDatabase(url: string | undefined, dataDir = '.data', image?: Blob): Promise<Database> {
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const changes = listeners();
    const news = listeners();
    // Every pooled connection LISTENs: PostgreSQL hands a session its own notifications at commit,
    // before the commit's answer, so a change made through this pool is known before the call that
    // made it resolves (no window where this process answers a stale copy); the others' changes
    // arrive on whichever connection is idle. Idle connections are therefore kept
    // (idleTimeoutMillis 0), and onConnect runs LISTEN before a new one is handed out.
    // A new connection also drops the copies: it is made at start or after connections were lost
    // (the database restarted, the network dropped), and changes committed while no connection
    // listened were told to nobody (tests/stress/database-outage.test.ts).
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 0,
      onConnect: async (client: pg.ClientBase) => {
        client.on('notification', (message) => {
          if (message.channel === CACHE_CHANNEL) changes.notify();
          if (message.channel === EVENTS_CHANNEL) news.notify();
        });
        await client.query(`listen ${CACHE_CHANNEL}; listen ${EVENTS_CHANNEL}`);
        changes.notify();
        news.notify();
      },
    });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      waiting: () => pool.waitingCount,
      onCacheInvalidation: changes.subscribe,
      onEvents: news.subscribe,
    };
  }
  let client: FairPGlite;
  const pgliteWasmModule = await compiledPglite();
  if (url === 'memory://') {
    client = new FairPGlite(image ? { loadDataDir: image, pgliteWasmModule } : { pgliteWasmModule });
  } else {
    const dir = url?.startsWith('file:') ? url.slice('file:'.length) : join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new FairPGlite({ dataDir: dir, pgliteWasmModule });
  }
  await client.waitReady;
  const changes = listeners();
  const news = listeners();
  // PGlite is one session: its notifications come with the answer of the statement that committed.
  await client.listen(CACHE_CHANNEL, changes.notify);
  await client.listen(EVENTS_CHANNEL, news.notify);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
    waiting: () => client.pending,
    dump: () => client.dumpDataDir('none'),
    onCacheInvalidation: changes.subscribe,
    onEvents: news.subscribe,
  };
}
