import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { buildApp, type BuildOptions } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import * as t from '../../server/db/schema';
import { seed } from '../../server/db/seed';
import { loadEnv } from '../../server/env';
import { createClock, type Clock } from '../../server/lib/clock';
import type { ErrorBody } from '#shared/api/errors';
import { parisInstant } from '#shared/time';
import { customerMoney, recordCorrection } from '../../server/modules/ledger/ledger.service';
import { checkLedger } from '../../server/modules/ledger/ledger-check.service';
import { verifyAuditChain } from '../../server/lib/audit-chain';
import { SEED_TEMPLATE_PREFIX } from './database-images';

/** Monday 23 November 2026, 09:00 in Paris: before every cut-off of the seeded tours. */
export const MONDAY = '2026-11-23';
export const at = (date: string, time: string) => parisInstant(date, time);

/**
 * A database of the test file's own, migrated and seeded for the clock's start `now` (with the
 * demo's rows or not): in-memory PGlite, or (project api-postgres) a fresh database created on the
 * PostgreSQL of TEST_DATABASE_URL and dropped afterwards, so runs never see each other's rows.
 *
 * Migrating and seeding took 3 to 7 s a file on PGlite on a loaded 2-core machine (1 to 2 s on
 * PostgreSQL): most of the API phase. So a worker migrates and seeds once for each seed it is
 * asked for, on a database of its own (from the run's empty PGlite cluster,
 * tests/api/database-images.ts, or a new PostgreSQL database), and each file gets a copy of that one:
 * PGlite opened from its dump, PostgreSQL created from it as a template. Migrations and seed still
 * run in every run, in each worker; a copy is the database they made, byte for byte.
 */
async function openTestDatabase(now: Date, demo: boolean): Promise<{ database: Database; url: string | null; drop: () => Promise<void> }> {
  const key = `${now.toISOString()} ${demo}`;
  let made = seeded.get(key);
  if (!made) {
    made = seedOnce(now, demo);
    seeded.set(key, made);
    made.catch(() => seeded.delete(key));
  }
  const source = await made;
  if (source.image) return { database: await openDatabase('memory://', undefined, source.image), url: null, drop: async () => {} };
  const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'popote_test', source.template);
  return { database: await openDatabase(created.url), url: created.url, drop: created.drop };
}

/** This worker's migrated and seeded databases, by seed: a PGlite dump, or a PostgreSQL template's name. */
const seeded = new Map<string, Promise<{ image: Blob; template?: never } | { image?: never; template: string }>>();

async function seedOnce(now: Date, demo: boolean) {
  if (!onPostgres) {
    const database = await openDatabase('memory://', undefined, new Blob([readFileSync(inject('pgliteImage'))]));
    try {
      await migrate(database);
      await seed(database.db, now, { demo });
      return { image: await database.dump!() };
    } finally {
      await database.close();
    }
  }
  // Named for the run (tests/api/database-images.ts drops the run's templates when it ends).
  const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, `${SEED_TEMPLATE_PREFIX}${inject('runId')}`);
  const database = await openDatabase(created.url);
  try {
    await migrate(database);
    await seed(database.db, now, { demo });
  } finally {
    // A template must have no connection when it is copied.
    await database.close();
  }
  return { template: created.name };
}

/** Whether this run's API tests are on PostgreSQL (project api-postgres), where several processes may share a database. */
export const onPostgres = process.env.API_TEST_DATABASE === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

/**
 * A new database on the PostgreSQL server of `serverUrl` (any database of it), named
 * `<prefix>_<random>`, empty or a copy of `template`: its URL, and `drop` (forced, so connections
 * left open do not stop it).
 */
export async function createPostgresDatabase(serverUrl: string, prefix = 'popote_test', template?: string): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    name,
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** What production requires beside NODE_ENV and PUBLIC_URL: the key that seals the team's second-factor secrets. */
export const PRODUCTION_KEYS = { TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') };

export interface TestApp {
  app: FastifyInstance;
  clock: Clock;
  database: Database;
  /** The PostgreSQL database's address (null on PGlite): another server may open it (`sameDatabaseAs`). */
  databaseUrl: string | null;
  close: () => Promise<void>;
}

/**
 * The real app on a migrated, seeded test database (the demo's data too unless `demo: false`), its
 * clock frozen (Monday 09:00 by default). The sandbox adapters reach this very app's emulators in
 * process, as a started server does.
 */
export async function createTestApp(
  options: {
    now?: Date;
    env?: Record<string, string>;
    distDir?: string;
    /** A page renderer (tests/api/fake-build.ts makes one) for the pages of distDir. */
    ssrEntry?: string;
    demo?: boolean;
    overload?: BuildOptions['overload'];
    /** Receives the log lines (set LOG_LEVEL in env: the tests' default is silent). */
    logStream?: BuildOptions['logStream'];
    /** The file breaks the ledger or the audit trail on purpose: they are not checked when it closes. */
    tampered?: boolean;
    /**
     * A second server process on the database of another test app (PostgreSQL only): its own
     * connections, nothing migrated or seeded; the other app checks and drops the database.
     */
    sameDatabaseAs?: TestApp;
  } = {},
): Promise<TestApp> {
  const clock = createClock(options.now ?? at(MONDAY, '09:00:00'));
  const shared = options.sameDatabaseAs;
  if (shared && !shared.databaseUrl) throw new Error('sameDatabaseAs needs an app on PostgreSQL');
  const { database, url, drop } = shared
    ? { database: await openDatabase(shared.databaseUrl!), url: shared.databaseUrl, drop: async () => {} }
    : await openTestDatabase(clock.now(), options.demo ?? true);
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...(options.env?.NODE_ENV === 'production' ? PRODUCTION_KEYS : {}), ...options.env });
  // The event-loop limit is off unless a test sets it: a test machine busy with other work lags
  // by itself, and what these tests check is not load (tests/api/overload.test.ts does).
  const overload = { eventLoopDelayMs: 0, ...options.overload };
  const app = await buildApp({
    env,
    database,
    clock,
    logger: Boolean(options.logStream),
    logStream: options.logStream,
    distDir: options.distDir ?? '/nonexistent-dist',
    ssrEntry: options.ssrEntry,
    overload,
  });
  await app.ready();
  return {
    app,
    clock,
    database,
    databaseUrl: url,
    close: async () => {
      if (shared) return void (await app.close(), await database.close());
      // Whatever the file did, the ledger must still agree with itself and with the documents: every
      // API test file is a check of it (server/modules/ledger/ledger-check.service.ts).
      const report = options.tampered ? { problems: [] } : await checkLedger(database.db).catch((err: unknown) => ({ problems: [{ where: 'ledger', problem: String(err) }] }) as const);
      // And the audit trail's chain, from its first line to its last (server/lib/audit-chain.ts).
      const chain = options.tampered ? { breaks: [] } : await verifyAuditChain(database.db).catch((err: unknown) => ({ breaks: [{ entryId: null, problem: String(err) }] }));
      await app.close();
      await database.close();
      await drop();
      if (report.problems.length) throw new Error(`The ledger does not agree after this file:\n${report.problems.map((p) => `  - ${p.where}: ${p.problem}`).join('\n')}`);
      if (chain.breaks.length) throw new Error(`The audit trail's chain breaks after this file: ${JSON.stringify(chain.breaks.slice(0, 5))}`);
    },
  };
}

/** A fetch that hands each request to the app in-process (no port), optionally counting calls by path. */
export function injectFetch(target: FastifyInstance | (() => FastifyInstance), calls: string[] = []): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const app = typeof target === 'function' ? target() : target;
    const url = new URL(String(input));
    calls.push(`${init.method ?? 'GET'} ${url.pathname}`);
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      payload: (init.body as string | undefined) ?? undefined,
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    const nullBody = [101, 204, 205, 304].includes(res.statusCode);
    return new Response(nullBody ? null : res.rawPayload, { status: res.statusCode, headers });
  }) as typeof fetch;
}

/** The rows of a raw SQL query, on PGlite (an array) or node-postgres (`{rows}`) alike. */
export async function rowsOf<T>(database: Database, query: SQL): Promise<T[]> {
  const res: unknown = await database.db.execute(query);
  return (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
}

/** A refusal: its status, its error code when given, and its body for more checks. */
export function refused(res: LightMyRequestResponse, status: number, code?: string): ErrorBody {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as ErrorBody;
  if (code) expect(body.code).toBe(code);
  return body;
}

/** Cookies from a response, as a Cookie header value merged over previous ones. */
export function cookieJar() {
  const jar = new Map<string, string>();
  return {
    store(res: LightMyRequestResponse) {
      for (const c of res.cookies) jar.set(c.name, c.value);
    },
    get: (name: string) => jar.get(name),
    set: (name: string, value: string) => void jar.set(name, value),
    header: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
  };
}

let visitorCount = 0;
/**
 * A visitor: a session and its anti-forgery token, sending both like the browser does, from an
 * address of its own (a device), unless given one: limits per address then bite only where a test
 * means them to.
 */
export async function visitor(app: FastifyInstance, remoteAddress = `10.77.${Math.floor(++visitorCount / 250) % 250}.${(visitorCount % 250) + 1}`) {
  const jar = cookieJar();
  const res = await app.inject({ method: 'GET', url: '/api/state', remoteAddress });
  jar.store(res);
  return {
    jar,
    request(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) {
      return app
        .inject({
          method,
          url,
          payload: payload as never,
          remoteAddress,
          headers: { cookie: jar.header(), 'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '', ...headers },
        })
        .then((r) => {
          jar.store(r);
          return r;
        });
    },
  };
}

let ipCounter = 0;
/** A newly registered customer (own address, so rate limits never bite), logged in, with a dish in the cart, a delivery chosen and the cart validated. */
export async function customerWithCart(app: TestApp, dishCategory: 'main' | 'drink' = 'main') {
  const v = await visitor(app.app);
  const ip = `10.9.0.${++ipCounter}`;
  const email = `carte-${ipCounter}-${Date.now()}@example.fr`;
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) => v.request(method, url, payload, {});
  const send = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.app
      .inject({ method, url, payload: payload as never, remoteAddress: ip, headers: { cookie: v.jar.header(), 'x-xsrf-token': v.jar.get('XSRF-TOKEN') ?? '' } })
      .then((r) => (v.jar.store(r), r));
  await send('POST', '/api/register', { firstname: 'Jules', lastname: 'Carte', phone: '0612345678', email, password: 'secret-123', password_confirmation: 'secret-123', cgv: true });
  await send('POST', '/api/login', { email, password: 'secret-123' });
  const products = (await app.app.inject('/api/products')).json() as { id: number; category: string; price: number; sold_out: boolean }[];
  const dish = products.filter((p) => p.category === dishCategory && !p.sold_out).sort((a, b) => b.price - a.price)[0]!;
  expect((await call('POST', '/api/cart/products', { id: dish.id })).statusCode).toBe(200);
  const locations = (await app.app.inject('/api/delivery-locations')).json() as { deliveries: { id: number }[] }[];
  expect((await call('POST', '/api/deliveries', { id: locations[0]!.deliveries[0]!.id })).statusCode).toBe(200);
  const validated = await call('POST', '/api/cart/validate');
  expect(validated.statusCode, validated.body).toBe(200);
  const customer = (await app.database.db.select().from(t.customers).where(eq(t.customers.email, email)))[0]!;
  return { v, call, dish, customer, preOrder: validated.json() as { id: number; remaining_price: number } };
}

/**
 * A customer's pool (cents) and containers held, set to these values: a correction in the ledger,
 * the only place they live (server/modules/ledger).
 */
export async function setMoney(database: Database, customerId: number, money: { poolCents?: number; deposits?: number }): Promise<void> {
  await database.db.transaction(async (tx) => {
    const now = await customerMoney(tx, customerId);
    const when = new Date();
    if (money.poolCents !== undefined) await recordCorrection(tx, { customerId, what: 'pool', delta: money.poolCents - now.pool, at: when, code: 'test' });
    if (money.deposits !== undefined) await recordCorrection(tx, { customerId, what: 'containers', delta: money.deposits - now.containers, at: when, code: 'test' });
  });
}

/** A customer's pool, what is promised to it, their containers (held, less those declared given back) and the pool's history, newest first. */
export const moneyOf = (database: Database, customerId: number) => customerMoney(database.db, customerId, { history: true });
