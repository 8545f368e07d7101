/**
 * The stress suite's tools: real server processes (`node --import tsx server/index.ts`) on a
 * PostgreSQL database of the test file's own, HTTP clients that keep cookies and echo the XSRF
 * token as a browser does, a TCP proxy to cut the database link, and a real SMTP listener.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { hashToken, randomToken } from '../../server/lib/tokens';
import { parisInstant } from '#shared/time';
import { openDatabase } from '../../server/db/client';
import { createPostgresDatabase, setMoney } from '../api/helpers';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The PostgreSQL server the suite runs on; no fallback: without one the suite fails and says so. */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every `every` ms until it answers truthy; throws `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T> | T, timeoutMs = 15_000, every = 50): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
    await sleep(every);
  }
}

/** A port of the suite's range (4300–4399) that nothing listens on right now. */
export async function freePort(): Promise<number> {
  const start = 4300 + Math.floor(Math.random() * 100);
  for (let i = 0; i < 100; i++) {
    const port = 4300 + ((start - 4300 + i) % 100);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free && !usedPorts.has(port)) {
      usedPorts.add(port);
      return port;
    }
  }
  throw new Error('no free port in 4300–4399');
}
const usedPorts = new Set<number>();

/** A database of the test file's own on POSTGRES_URL, a pool to look into it, and its drop. */
export async function stressDatabase() {
  try {
    const probe = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
    await probe.connect();
    await probe.end();
  } catch (err) {
    throw new Error(`The stress suite needs PostgreSQL at ${POSTGRES_URL} (set TEST_DATABASE_URL): ${String(err)}`, { cause: err });
  }
  const created = await createPostgresDatabase(POSTGRES_URL, 'popote_stress');
  const pool = new pg.Pool({ connectionString: created.url, max: 4 });
  pool.on('error', () => {});
  return {
    url: created.url,
    name: created.name,
    pool,
    /** One value of the first row of a query. */
    async one<T = unknown>(sql: string, params: unknown[] = []): Promise<T> {
      const res = await pool.query(sql, params);
      return Object.values(res.rows[0] ?? {})[0] as T;
    },
    async rows<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
      return (await pool.query(sql, params)).rows as T[];
    },
    /** A transaction held open on its own connection (row locks), rolled back by `release`. */
    async hold(sql: string, params: unknown[] = []) {
      const client = await pool.connect();
      await client.query('begin');
      const res = await client.query(sql, params);
      let released = false;
      return {
        rows: res.rows,
        release: async () => {
          if (released) return;
          released = true;
          await client.query('rollback').catch(() => {});
          client.release();
        },
      };
    },
    async drop() {
      await pool.end();
      await created.drop();
    },
  };
}
export type StressDatabase = Awaited<ReturnType<typeof stressDatabase>>;

export interface ServerOptions {
  databaseUrl: string;
  port?: number;
  /** More environment (SMTP_URL, RATE_LIMIT_FACTOR…); `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
  /** The instant the server's clock is frozen at (sandbox clock), set after every start. */
  frozenAt?: Date | null;
}

/**
 * One server process. `start` waits until /api/health answers 200 and freezes its clock;
 * `kill` sends a signal and waits for the exit; the same port is kept across restarts.
 */
export class ServerProcess {
  readonly port: number;
  readonly url: string;
  child: ChildProcess | null = null;
  /** The process's output (stdout and stderr), kept to explain a failure. */
  output = '';
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | null = null;

  private constructor(
    private readonly options: ServerOptions,
    port: number,
  ) {
    this.port = port;
    this.url = `http://127.0.0.1:${port}`;
  }

  static async start(options: ServerOptions): Promise<ServerProcess> {
    const server = new ServerProcess(options, options.port ?? (await freePort()));
    await server.start();
    return server;
  }

  async start(): Promise<void> {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries({
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(this.port),
      PUBLIC_URL: this.url,
      DATABASE_URL: this.options.databaseUrl,
      SANDBOX: '1',
      SEED_ON_START: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_FACTOR: '1',
      SMTP_URL: undefined,
      ...this.options.env,
    })) {
      if (v !== undefined && v !== '') env[k] = v;
    }
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.exit = once(child, 'exit').then(([code, signal]) => ({ code: code as number | null, signal: signal as NodeJS.Signals | null }));
    let exited = false;
    void this.exit.then(() => (exited = true));
    await waitFor(
      `the server on ${this.url} to answer /api/health`,
      async () => {
        if (exited) throw new Error(`the server exited during start:\n${this.output}`);
        const res = await fetch(`${this.url}/api/health`).catch(() => null);
        return res?.status === 200;
      },
      60_000,
      100,
    ).catch((err: unknown) => {
      if (!exited) child.kill('SIGKILL');
      throw new Error(`${String(err)}\n--- server output ---\n${this.output}`);
    });
    if (this.options.frozenAt) await this.setClock(this.options.frozenAt);
  }

  async setClock(instant: Date | null) {
    const res = await fetch(`${this.url}/__sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: instant ? instant.toISOString() : null }),
    });
    if (res.status !== 200) throw new Error(`clock not set: ${res.status} ${await res.text()}`);
  }

  /** Sends `signal` and waits for the process to end; answers its exit code and signal. */
  async kill(signal: NodeJS.Signals = 'SIGKILL') {
    if (!this.child || !this.exit) throw new Error('not started');
    this.child.kill(signal);
    return this.exit;
  }

  async restart(): Promise<void> {
    await this.start();
  }

  /** Stops the process if it still runs (teardown). */
  async stop(): Promise<void> {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGKILL');
      await this.exit;
    }
  }
}

/** The frozen instant every server of a file uses: 09:00 in Paris on the shop's current delivery date (before every cut-off). */
export async function deliveryMorning(server: ServerProcess): Promise<Date> {
  const state = (await (await fetch(`${server.url}/api/state`)).json()) as { current_delivery_date: string | null };
  if (!state.current_delivery_date) throw new Error('the shop has no delivery date');
  return parisInstant(state.current_delivery_date, '09:00:00');
}

/**
 * The frame most stress files share: a database of their own and one server on it, its clock frozen
 * at the delivery morning; both gone after the file. Its fields are set once `beforeAll` has run.
 */
export function oneServerPerFile(env?: Record<string, string>) {
  const file = {} as { db: StressDatabase; server: ServerProcess; morning: Date };
  beforeAll(async () => {
    file.db = await stressDatabase();
    file.server = await ServerProcess.start({ databaseUrl: file.db.url, env });
    file.morning = await deliveryMorning(file.server);
    await file.server.setClock(file.morning);
  });
  afterAll(async () => {
    await file.server?.stop();
    await file.db?.drop();
  });
  return file;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: string;
  /** The body parsed as JSON (undefined when it is not JSON). */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Requests of every Client in flight now, and the most there were at once since `peak` was reset. */
export const traffic = { inFlight: 0, peak: 0 };

/**
 * A browser-like client: keeps the cookies the servers set (whichever instance answers) and echoes
 * the XSRF-TOKEN cookie in X-XSRF-TOKEN on every non-GET request. `base` picks the instance.
 */
export class Client {
  readonly jar = new Map<string, string>();

  constructor(public base: string) {}

  cookie(name: string) {
    return this.jar.get(name);
  }

  async request(method: string, path: string, body?: unknown, options: { base?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.jar.get('XSRF-TOKEN');
    if (method !== 'GET' && xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    Object.assign(headers, options.headers);
    let payload: string | undefined;
    if (typeof body === 'string') payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    traffic.inFlight++;
    traffic.peak = Math.max(traffic.peak, traffic.inFlight);
    let res: Response;
    try {
      res = await fetch(`${options.base ?? this.base}${path}`, { method, headers, body: payload, redirect: 'manual' });
    } finally {
      traffic.inFlight--;
    }
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, body: text, json };
  }

  get(path: string, options?: { base?: string }) {
    return this.request('GET', path, undefined, options);
  }

  post(path: string, body?: unknown, options?: { base?: string; headers?: Record<string, string> }) {
    return this.request('POST', path, body, options);
  }
}

let customerCounter = 0;

/**
 * The HTTP twin of tests/api/helpers.ts' customerWithCart: a visitor signs up, logs in, adds the
 * dearest main dish, picks the first delivery and validates the cart. Answers the client and
 * what the test needs to check.
 */
export async function customerWithCart(base: string, options: { dishId?: number } = {}) {
  const client = new Client(base);
  await client.get('/api/state');
  const email = `stress-${process.pid}-${++customerCounter}-${Date.now()}@example.fr`;
  const reg = await client.post('/api/register', { firstname: 'Jules', lastname: 'Stress', phone: '0612345678', email, password: 'secret-123', password_confirmation: 'secret-123', cgv: true });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${reg.body}`);
  const login = await client.post('/api/login', { email, password: 'secret-123' });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.body}`);
  const dishId = options.dishId ?? (await dearestDish(base)).id;
  const added = await client.post('/api/cart/products', { id: dishId });
  if (added.status !== 200) throw new Error(`cart add: ${added.status} ${added.body}`);
  const delivery = await client.post('/api/deliveries', { id: await firstDeliveryId(base) });
  if (delivery.status !== 200) throw new Error(`delivery: ${delivery.status} ${delivery.body}`);
  const validated = await client.post('/api/cart/validate');
  if (validated.status !== 200) throw new Error(`validate: ${validated.status} ${validated.body}`);
  return { client, email, customerId: login.json.id as number, dishId, preOrder: validated.json as { id: number; remaining_price: number } };
}

export async function dearestDish(base: string): Promise<{ id: number; name: string; price: number }> {
  const products = (await (await fetch(`${base}/api/products`)).json()) as { id: number; name: string; category: string; price: number; sold_out: boolean }[];
  return products.filter((p) => p.category === 'main' && !p.sold_out).sort((a, b) => b.price - a.price)[0]!;
}

export async function firstDeliveryId(base: string): Promise<number> {
  const locations = (await (await fetch(`${base}/api/delivery-locations`)).json()) as { deliveries: { id: number }[] }[];
  return locations[0]!.deliveries[0]!.id;
}

/** Starts a card payment; answers the PayGreen payment order id. */
export async function startCard(client: Client, base?: string): Promise<string> {
  const res = await client.post('/api/payment/paygreen', undefined, { base });
  if (res.status !== 200) throw new Error(`card start: ${res.status} ${res.body}`);
  return new URL(res.json.hosted_payment_url as string).pathname.split('/').pop()!;
}

/** What PayGreen's side records when the buyer pays, without notifying the shop (the notification is sent later by the test). */
export async function providerMarksPaid(base: string, po: string) {
  const res = await fetch(`${base}/__sandbox/paygreen/payment-orders/${po}/outcome`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'successed', notify: false }),
  });
  if (res.status !== 200) throw new Error(`outcome: ${res.status} ${await res.text()}`);
}

/** PayGreen's notification, as its servers send it: a POST of the order id, no cookie. */
export function notify(base: string, po: string) {
  return fetch(`${base}/api/payment/paygreen/notification`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: po }),
  }).then(async (r) => ({ status: r.status, json: (await r.json()) as { received: boolean; status: string } }));
}

/** A TCP proxy on the loopback to `target`; `cut` destroys every link and refuses new ones, `restore` listens again. */
export async function tcpProxy(targetHost: string, targetPort: number) {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const listen = async () => {
    server = net.createServer((inbound) => {
      const outbound = net.connect(targetPort, targetHost);
      sockets.add(inbound).add(outbound);
      const drop = () => {
        inbound.destroy();
        outbound.destroy();
        sockets.delete(inbound);
        sockets.delete(outbound);
      };
      inbound.on('error', drop).on('close', drop);
      outbound.on('error', drop).on('close', drop);
      inbound.pipe(outbound);
      outbound.pipe(inbound);
    });
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
  };
  await listen();
  return {
    port,
    get links() {
      return sockets.size / 2;
    },
    async cut() {
      const closing = server ? new Promise<void>((resolve) => server!.close(() => resolve())) : Promise.resolve();
      for (const s of sockets) s.destroy();
      sockets.clear();
      server = null;
      await closing;
    },
    restore: listen,
    close() {
      for (const s of sockets) s.destroy();
      server?.close();
    },
  };
}

export interface ReceivedMail {
  to: string;
  subject: string;
  messageId: string;
  raw: string;
}

/** A real SMTP server on `port` (no TLS, no auth), recording every message it accepts. */
export async function smtpListener(port: number) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const header = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(raw)?.[1]?.trim() ?? '';
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), subject: header('Subject'), messageId: header('Message-ID'), raw });
        callback();
      });
    },
  });
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Runs `count` calls of `task` at once (started together, not in batches). */
export async function allAtOnce<T>(count: number, task: (i: number) => Promise<T>): Promise<T[]> {
  let go!: () => void;
  const gate = new Promise<void>((resolve) => (go = resolve));
  const runs = Array.from({ length: count }, (_, i) => gate.then(() => task(i)));
  go();
  return Promise.all(runs);
}

/**
 * `count` customers made straight in the database, each logged in (a session row, as a login
 * makes it) with `poolCents` in their pool: the many-customer scenarios test checkout, not the
 * scrypt cost of 200 sign-ups on a 2-core machine. Answers one Client per customer.
 */
export async function loggedInCustomers(db: StressDatabase, base: string, count: number, now: Date, poolCents = 0): Promise<{ client: Client; customerId: number }[]> {
  const tag = randomToken().slice(0, 8).toLowerCase();
  const customers = await db.rows<{ id: number }>(
    `insert into customers (firstname, lastname, email, phone, password_hash, sponsor_code)
     select 'Client', 'Foule ' || i, 'foule-' || $1 || '-' || i || '@example.fr', '0612345678', 'scrypt$unused', 'FOULE' || $1 || i
     from generate_series(1, $2::int) as i returning id`,
    [tag, count],
  );
  if (poolCents > 0) {
    // A pool is the ledger's (no column holds it): credited as the API tests do, a correction each.
    const database = await openDatabase(db.url);
    try {
      for (const { id } of customers) await setMoney(database, id, { poolCents });
    } finally {
      await database.close();
    }
  }
  const expires = new Date(now.getTime() + 7 * 24 * 3600 * 1000);
  return Promise.all(
    customers.map(async ({ id }) => {
      const token = randomToken();
      const csrf = randomToken();
      await db.pool.query('insert into sessions (id, customer_id, csrf_token, remember, expires_at, created_at, updated_at) values ($1, $2, $3, true, $4, $5, $5)', [hashToken(token), id, csrf, expires, now]);
      const client = new Client(base);
      client.jar.set('popote_session', token);
      client.jar.set('XSRF-TOKEN', csrf);
      return { client, customerId: id };
    }),
  );
}
