import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Request } from 'autocannon';
import { load, loadTogether, median, type LoadResult } from './load';
import { createBenchDatabase, postgresUrl } from './postgres';
import { POPOTE_SERVER, freePort, startServer, type ServerProcess } from './processes';

/*
 * The API half of `npm run bench`: autocannon in this process, each server in its own process on
 * loopback. The floor is a bare Fastify answering Popote's own bytes from memory (floor-server.ts).
 */

export type Engine = 'floor' | 'pglite' | 'postgres';

export interface ApiRun {
  engine: Engine;
  endpoint: string;
  connections: number;
  /** Server processes sharing the load (and, on PostgreSQL, one database). */
  processes: number;
  result: LoadResult;
  /** The server's resident memory right after the run (the largest when several processes). */
  rssMb: number | null;
  /** req/s ÷ the floor's req/s on the same path (catalog endpoints), or the database floor's (cart, state). */
  floorRatio?: number;
  /** p99 ÷ the database floor's p99 at the same connections (the cart loop). */
  floorP99Ratio?: number;
  /** For a database floor run: the engine it ran on. */
  database?: Exclude<Engine, 'floor'>;
}

export interface ApiOptions {
  durationSeconds: number;
  connections: number;
  /** Connection counts of the scaling table (the cart loop). */
  scaling: number[];
  /** Runs of each measure; the figures are their medians. */
  repeats: number;
  log: (line: string) => void;
}

export interface ApiResults {
  durationSeconds: number;
  connections: number;
  runs: ApiRun[];
  scaling: ApiRun[];
  /** The database floor per engine and connection count. */
  floors: ApiRun[];
  notes: string[];
}

/** The catalog endpoints compared with the floor. */
export const CATALOG_PATHS = ['/api/menus', '/api/delivery-locations'];
export const CART_LOOP = 'cart loop (+1, −1)';
/** The same loop by guests who all come from one address (an office behind one router): the guests' cap per address is theirs to share. */
export const CART_LOOP_ONE_ADDRESS = 'cart loop, one address';
export const DATABASE_FLOOR = 'database floor (UPDATE … RETURNING)';

export interface Visitor {
  index: number;
  headers: Record<string, string>;
  dishId: number;
}

function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
}

/** fetch as the app's client does: an overloaded answer (503, Retry-After) is tried again after the wait it asks. */
async function politeFetch(input: string, init?: RequestInit, tries = 5): Promise<Response> {
  const res = await fetch(input, init);
  if (res.status !== 503 || tries <= 1) return res;
  await new Promise((resolve) => setTimeout(resolve, 1000 * Number(res.headers.get('retry-after') ?? 1)));
  return politeFetch(input, init, tries - 1);
}

/** A change as the visitor, whose refusal stops the bench (`doing` says what for). */
async function postAs(url: string, v: Visitor, path: string, body: object, doing: string): Promise<void> {
  const res = await politeFetch(`${url}${path}`, { method: 'POST', headers: v.headers, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${doing}: POST ${path} answered ${res.status} ${await res.text()}`);
}

/**
 * Visitors as a browser makes them: GET /api/state gives the session and XSRF-TOKEN cookies, then a
 * dish goes in the cart (so reading the state and the cart prices a real line). Dishes without a
 * daily stock, spread over the visitors, so the loop never sells out.
 */
export async function makeVisitors(url: string, count: number, addressOf?: (index: number) => string): Promise<Visitor[]> {
  const products = (await (await politeFetch(`${url}/api/products`)).json()) as { id: number; category: string }[];
  const dishes = products.filter((p) => p.category !== 'main').map((p) => p.id);
  if (dishes.length === 0) throw new Error('no dish on the menu to bench the cart with');
  const visitors: Visitor[] = [];
  for (let i = 0; i < count; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, count - i) }, async (_, j) => {
        const res = await politeFetch(`${url}/api/state`);
        const cookie = cookiesOf(res);
        const xsrf = /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '';
        // With addressOf (and a server trusting one proxy), each visitor comes from an address of its own.
        const from: Record<string, string> = addressOf ? { 'x-forwarded-for': addressOf(i + j) } : {};
        const visitor = { index: i + j, headers: { cookie, 'x-xsrf-token': xsrf, 'content-type': 'application/json', ...from }, dishId: dishes[(i + j) % dishes.length]! };
        await postAs(url, visitor, '/api/cart/products', { id: visitor.dishId }, 'preparing a visitor');
        return visitor;
      }),
    );
    visitors.push(...batch);
  }
  return visitors;
}

/** The visitor's line in its cart (its dish's, added once by makeVisitors). */
const lineIdOf = (v: Visitor) => `product-${v.dishId}`;

/**
 * Brings each visitor's line back to one portion. A load run stops where it is: a connection
 * stopped between its +1 and its −1 leaves one more portion behind, and a guest holds ten at most
 * (ANONYMOUS_CART_MAX_ITEMS), so after a dozen runs the loop measured that refusal (409). A
 * request still in flight when the run ended may land meanwhile (a −1 taking the line to none,
 * after which +1 and −1 find nothing): rounds until nothing is left to mend, for 30 s at most (on
 * PGlite, whose one connection serves a queue, five quick rounds were once not enough).
 */
async function settleVisitors(url: string, visitors: Visitor[]): Promise<void> {
  let unsettled: string[] = [];
  for (const until = Date.now() + 30_000; Date.now() < until; ) {
    unsettled = [];
    await Promise.all(
      visitors.map(async (v) => {
        const cart = (await (await politeFetch(`${url}/api/cart`, { headers: { cookie: v.headers.cookie! } })).json()) as { products: { unique_id: string; quantity: number }[] };
        const id = lineIdOf(v);
        const quantity = cart.products.find((p) => p.unique_id === id)?.quantity ?? 0;
        if (quantity !== 1) unsettled.push(`visitor ${v.index}: ${JSON.stringify(cart.products.map((p) => [p.unique_id, p.quantity]))}`);
        if (quantity === 0) await postAs(url, v, '/api/cart/products', { id: v.dishId }, 'settling a visitor');
        for (let q = quantity; q > 1; q--) await postAs(url, v, '/api/cart/decrement', { id }, 'settling a visitor');
      }),
    );
    if (!unsettled.length) return;
  }
  throw new Error(`the visitors’ lines did not settle at one portion: ${unsettled.join('; ')}`);
}

/** A GET with the visitor's cookies, as the browser sends every /api call once it has a session. */
export const getAs = (path: string) => (v: Visitor): Request[] => [{ method: 'GET', path, headers: { cookie: v.headers.cookie! } }];

/** +1, −1 on the visitor's line: two changes that leave the cart as it was, so the loop can run for ever. */
export const cartLoop = (v: Visitor): Request[] => {
  const line = JSON.stringify({ id: lineIdOf(v) });
  return [
    { method: 'POST', path: '/api/cart/increment', headers: v.headers, body: line },
    { method: 'POST', path: '/api/cart/decrement', headers: v.headers, body: line },
  ];
};

/** The database floor's loop: +1, −1 on the visitor's own row. */
export const floorLoop = (v: Visitor): Request[] => [
  { method: 'POST', path: `/change?id=${v.index}&delta=1` },
  { method: 'POST', path: `/change?id=${v.index}&delta=-1` },
];

const SCENARIOS: { endpoint: string; requests: (v: Visitor) => Request[]; oneAddress?: true }[] = [
  { endpoint: 'GET /api/state', requests: getAs('/api/state') },
  { endpoint: 'GET /api/menus', requests: getAs('/api/menus') },
  { endpoint: 'GET /api/delivery-locations', requests: getAs('/api/delivery-locations') },
  { endpoint: 'GET /api/cart', requests: getAs('/api/cart') },
  { endpoint: CART_LOOP_ONE_ADDRESS, requests: cartLoop, oneAddress: true },
  { endpoint: CART_LOOP, requests: cartLoop },
];

/** A visitor's own address (as phones on mobile networks have), sent as the one proxy in front would (TRUST_PROXY=1). */
export const ownAddress = (index: number) => `10.20.${Math.floor(index / 250)}.${(index % 250) + 1}`;

export function popoteEnv(databaseUrl: string, port: number): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Production requires a key for the team's second factors; the bench's databases are thrown away.
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    // Request logs would measure pino and the pipe, not the app.
    LOG_LEVEL: 'warn',
    SEED_ON_START: '1',
    // Every simulated visitor changes its cart many times a second, and the visitors are made from
    // 127.0.0.1: the abuse limits (new sessions per address, cart changes per visitor) would
    // measure themselves.
    RATE_LIMIT_FACTOR: '1000',
    // The visitors' own addresses come as X-Forwarded-For, as from the one proxy production has.
    TRUST_PROXY: '1',
  };
}

async function startPopote(name: string, databaseUrl: string): Promise<ServerProcess> {
  const port = await freePort();
  return startServer(name, POPOTE_SERVER, port, popoteEnv(databaseUrl, port), '/api/health');
}

/** Runs `connections` connections split evenly over the servers, each with its own visitors. */
async function measure(
  engine: Engine,
  endpoint: string,
  servers: ServerProcess[],
  connections: number,
  visitors: Visitor[],
  requests: (v: Visitor) => Request[],
  options: ApiOptions,
): Promise<ApiRun> {
  const share = Math.ceil(connections / servers.length);
  const runs = servers.map((server, s) => ({
    url: server.url,
    connections: Math.min(share, connections - s * share),
    durationSeconds: options.durationSeconds,
    requestsFor: (c: number) => requests(visitors[(s * share + c) % visitors.length]!),
  }));
  const results: LoadResult[] = [];
  for (let i = 0; i < options.repeats; i++) {
    results.push(servers.length === 1 ? await load(runs[0]!) : await loadTogether(runs));
    if (requests === cartLoop) await settleVisitors(servers[0]!.url, visitors.slice(0, connections));
  }
  const result = medianOf(results);
  const rss = servers.map((s) => s.rssMb()).filter((r): r is number => r !== null);
  const run: ApiRun = { engine, endpoint, connections, processes: servers.length, result, rssMb: rss.length ? Math.max(...rss) : null };
  options.log(
    `  ${engine.padEnd(8)} ${endpoint.padEnd(30)} ${String(connections).padStart(3)} conn × ${servers.length}: ` +
      `${result.requestsPerSecond} req/s, p50 ${result.latencyP50Ms} ms, p99 ${result.latencyP99Ms} ms, ` +
      `errors ${result.non2xx + result.socketErrors}, RSS ${run.rssMb} MB`,
  );
  return run;
}

/** Several runs as one: each figure's median, the errors of all. */
function medianOf(results: LoadResult[]): LoadResult {
  if (results.length === 1) return results[0]!;
  const statusCodes: Record<string, number> = {};
  for (const r of results) for (const [code, n] of Object.entries(r.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  return {
    requestsPerSecond: Math.round(median(results.map((r) => r.requestsPerSecond))),
    latencyP50Ms: median(results.map((r) => r.latencyP50Ms)),
    latencyP99Ms: median(results.map((r) => r.latencyP99Ms)),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    socketErrors: results.reduce((n, r) => n + r.socketErrors, 0),
    total: results.reduce((n, r) => n + r.total, 0),
    statusCodes,
  };
}

/** The floor on each catalog path, answering the bytes Popote answered there. */
async function measureFloor(popote: ServerProcess, visitors: Visitor[], options: ApiOptions): Promise<ApiRun[]> {
  const bodies: Record<string, string> = {};
  for (const path of CATALOG_PATHS) bodies[path] = await (await fetch(popote.url + path)).text();
  const file = join(mkdtempSync(join(tmpdir(), 'popote-bench-')), 'floor-bodies.json');
  writeFileSync(file, JSON.stringify(bodies));
  const floor = await startServer('floor', 'bench/floor-server.ts', await freePort(), { FLOOR_BODIES: file }, '/ready');
  try {
    const runs: ApiRun[] = [];
    for (const path of CATALOG_PATHS) {
      runs.push(await measure('floor', `GET ${path}`, [floor], options.connections, visitors, getAs(path), options));
    }
    return runs;
  } finally {
    await floor.stop();
  }
}

/**
 * The database floor on the engine's own database (a table of its own), at each connection count,
 * measured before Popote in the same run: one UPDATE … RETURNING per request, nothing else.
 */
async function measureDatabaseFloor(engine: Exclude<Engine, 'floor'>, databaseUrl: string, visitors: Visitor[], options: ApiOptions, results: ApiResults) {
  const connections = [...new Set([options.connections, ...options.scaling])].sort((a, b) => a - b);
  const env = { FLOOR_DATABASE_URL: databaseUrl, FLOOR_ROWS: String(Math.max(...connections)) };
  const floor = await startServer(`floor-${engine}`, 'bench/floor-db-server.ts', await freePort(), env, '/ready');
  try {
    for (const n of connections) {
      const run = await measure('floor', DATABASE_FLOOR, [floor], n, visitors, floorLoop, options);
      results.floors.push({ ...run, database: engine });
    }
  } finally {
    await floor.stop();
  }
}

async function benchEngine(engine: Exclude<Engine, 'floor'>, databaseUrl: string, options: ApiOptions, results: ApiResults) {
  options.log(`API on ${engine}`);
  const server = await startPopote(engine, databaseUrl);
  const servers = [server];
  try {
    const visitors = await makeVisitors(server.url, Math.max(options.connections, ...options.scaling), ownAddress);
    const office = await makeVisitors(server.url, options.connections);
    if (engine === 'pglite') results.runs.push(...(await measureFloor(server, visitors, options)));
    // PGlite's floor is an embedded database of its own; PostgreSQL's, a table in Popote's database.
    await measureDatabaseFloor(engine, engine === 'pglite' ? 'memory://' : databaseUrl, visitors, options, results);
    for (const scenario of SCENARIOS) {
      results.runs.push(await measure(engine, scenario.endpoint, servers, options.connections, scenario.oneAddress ? office : visitors, scenario.requests, options));
    }
    const loop = results.runs.at(-1)!;
    for (const connections of options.scaling) {
      results.scaling.push(
        connections === options.connections ? loop : await measure(engine, CART_LOOP, servers, connections, visitors, cartLoop, options),
      );
    }
    if (engine === 'postgres') {
      // A second stateless process on the same database, as a load balancer would spread users.
      servers.push(await startPopote('postgres-2', databaseUrl));
      for (const connections of options.scaling.filter((c) => c >= options.connections)) {
        results.scaling.push(await measure(engine, CART_LOOP, servers, connections, visitors, cartLoop, options));
      }
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

export async function runApiBench(options: ApiOptions): Promise<ApiResults> {
  const results: ApiResults = { durationSeconds: options.durationSeconds, connections: options.connections, runs: [], scaling: [], floors: [], notes: [] };
  await benchEngine('pglite', 'memory://', options, results);
  const pgUrl = postgresUrl();
  if (!pgUrl) {
    results.notes.push('PostgreSQL: skipped (neither TEST_DATABASE_URL nor DATABASE_URL is a postgres:// URL).');
    return results;
  }
  let database: Awaited<ReturnType<typeof createBenchDatabase>>;
  try {
    database = await createBenchDatabase(pgUrl);
  } catch (err) {
    results.notes.push(`PostgreSQL: skipped (${(err as Error).message}).`);
    return results;
  }
  try {
    await benchEngine('postgres', database.url, options, results);
  } finally {
    await database.drop();
  }
  return results;
}
