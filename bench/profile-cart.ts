/**
 * Where the cart loop's time goes in the server, beside the database floor of the same run.
 * `TEST_DATABASE_URL=postgres://… node --import tsx bench/profile-cart.ts` after a build.
 *
 * 1. the database floor (bench/floor-db-server.ts) at 50 connections, on Popote's bench database;
 * 2. Popote under the bench's cart loop (+1, −1, 50 connections), as `npm run serve` runs it;
 * 3. the same with V8's sampling profiler on: only the samples taken while the load ran are
 *    counted (start-up and seeding are left out), summed by package and by function, and divided
 *    by the requests answered meanwhile (µs of the server's CPU per request).
 *
 * BENCH_DURATION sets the seconds of each load (10), PROFILE_CONNECTIONS its connections (50), PROFILE_ONE_ADDRESS=1 the visitors’ address, PROFILE_RUNS the plain runs of each build (1:
 * the median is shown), PROFILE_BUILDS the builds compared (below), PROFILE_SKIP=1 leaves the
 * profile out. The profile is kept in bench/.profiles/.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import pg from 'pg';
import { join } from 'node:path';
import { cartLoop, floorLoop, getAs, makeVisitors, ownAddress, popoteEnv, type Visitor } from './api';
import { cpuDuring } from './cpu-time';
import { load, median, type LoadResult } from './load';
import { createBenchDatabase, postgresUrl } from './postgres';
import { freePort, POPOTE_SERVER, ROOT, startServer } from './processes';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

/** PROFILE_CONNECTIONS: the load's connections (50, as the bench's cart loop); 1 measures a request's CPU without contention. */
const CONNECTIONS = Number(process.env.PROFILE_CONNECTIONS ?? 50);
const seconds = Number(process.env.BENCH_DURATION ?? 10);
const plainRuns = Number(process.env.PROFILE_RUNS ?? 1);
/** PROFILE_ONE_ADDRESS=1: every visitor from 127.0.0.1 (an office behind one address), not each from its own (as `npm run bench`'s cart loop). */
const oneAddress = process.env.PROFILE_ONE_ADDRESS === '1';
/** PROFILE_LOOP=state: the visitors read GET /api/state instead of changing their carts. */
const loopOf = process.env.PROFILE_LOOP === 'state' ? getAs('/api/state') : cartLoop;
/**
 * The builds measured without the profiler: PROFILE_BUILDS='before=/path/to/dist-server/index.mjs,…'
 * (another checkout's build, say), else this one's. The profile is always this checkout's build.
 */
const builds: [string, string][] = process.env.PROFILE_BUILDS
  ? process.env.PROFILE_BUILDS.split(',').map((b) => b.split('=') as [string, string])
  : [['popote, cart loop', POPOTE_SERVER]];
const base = postgresUrl();
if (!base) throw new Error('profile-cart needs PostgreSQL: set TEST_DATABASE_URL');
const dir = join(ROOT, 'bench/.profiles');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

/** A run, and when measured the CPU per request of the server process and of the database's backends. */
type Run = LoadResult & { serverUs?: number; databaseUs?: number; commits?: number };
const line = (name: string, r: Run) =>
  console.log(
    `${name.padEnd(24)} ${String(r.requestsPerSecond).padStart(6)} req/s, p50 ${r.latencyP50Ms} ms, p99 ${r.latencyP99Ms} ms, non-2xx ${r.non2xx}, errors ${r.socketErrors}` +
      (r.serverUs !== undefined ? `; CPU per request: server ${r.serverUs} µs, PostgreSQL ${r.databaseUs} µs; ${r.commits} commits` : ''),
  );

const database = await createBenchDatabase(base);
// PROFILE_SQL: statements run on the bench database once it is migrated (by the first server), to try a change of schema.
let prepared = !process.env.PROFILE_SQL;
async function prepareDatabase() {
  if (prepared) return;
  prepared = true;
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(process.env.PROFILE_SQL!);
  } finally {
    await client.end();
  }
}
/** Microseconds on the monotonic clock, as V8's profile counts them. */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);
let window = { from: 0, to: 0, requests: 0 };
try {
  const floor = await startServer('floor-postgres', 'bench/floor-db-server.ts', await freePort(), { FLOOR_DATABASE_URL: database.url, FLOOR_ROWS: String(CONNECTIONS) }, '/ready');
  let floorResult: Run;
  try {
    const cpu = await cpuDuring(floor.pid, database.url);
    floorResult = await load({
      url: floor.url,
      connections: CONNECTIONS,
      durationSeconds: seconds,
      requestsFor: (c) => floorLoop({ index: c, headers: {}, dishId: 0 }),
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const { serverMs, databaseMs, commits } = await cpu();
    floorResult = { commits: Math.round((100 * commits) / floorResult.total) / 100, ...floorResult, serverUs: Math.round((1000 * serverMs) / floorResult.total), databaseUs: Math.round((1000 * databaseMs) / floorResult.total) };
  } finally {
    await floor.stop();
  }
  line('database floor', floorResult);

  const runPopote = async (profiled: boolean, script = POPOTE_SERVER) => {
    const port = await freePort();
    const args = profiled ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
    const server = await startServer(profiled ? 'popote (profiled)' : 'popote', script, port, popoteEnv(database.url, port), '/api/health', args);
    try {
      await prepareDatabase();
      const visitors: Visitor[] = await makeVisitors(server.url, CONNECTIONS, oneAddress ? undefined : ownAddress);
      const cpu = await cpuDuring(server.pid, database.url);
      const from = nowUs();
      const result = await load({ url: server.url, connections: CONNECTIONS, durationSeconds: seconds, requestsFor: (c) => loopOf(visitors[c % visitors.length]!) });
      if (profiled) window = { from, to: nowUs(), requests: result.total };
      // The statistics of the last commits reach the view a moment later.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const { serverMs, databaseMs, commits } = await cpu();
      const perRequest = (ms: number) => Math.round((1000 * ms) / result.total);
      return { ...result, serverUs: perRequest(serverMs), databaseUs: perRequest(databaseMs), commits: Math.round((100 * commits) / result.total) / 100 };
    } finally {
      await server.stop();
    }
  };
  // Each build in turn, PROFILE_RUNS times, the rounds interleaved so that the machine's moods fall on all alike.
  const plain = new Map<string, Run[]>(builds.map(([name]) => [name, []]));
  for (let i = 0; i < plainRuns; i++) {
    for (const [name, script] of builds) {
      const r = await runPopote(false, script);
      line(`${name} (${i + 1})`, r);
      plain.get(name)!.push(r);
    }
  }
  for (const [name, runs] of plain) {
    const rate = median(runs.map((r) => r.requestsPerSecond));
    const p99 = median(runs.map((r) => r.latencyP99Ms));
    const cpu = (key: 'serverUs' | 'databaseUs') => median(runs.map((r) => r[key] ?? 0));
    console.log(
      `${name}: median ${rate} req/s, p99 ${p99} ms; ÷ floor: rate ${(rate / floorResult.requestsPerSecond).toFixed(2)}, p99 ${(p99 / floorResult.latencyP99Ms).toFixed(2)} ×; ` +
        `CPU per request: server ${cpu('serverUs')} µs, PostgreSQL ${cpu('databaseUs')} µs`,
    );
  }
  // PROFILE_BUILD: the build profiled (this checkout's by default).
  if (!process.env.PROFILE_SKIP) line('popote, profiled', await runPopote(true, process.env.PROFILE_BUILD ?? POPOTE_SERVER));
} finally {
  await database.drop();
}
// Once the database is dropped: leaving from inside the try left it behind.
if (process.env.PROFILE_SKIP) process.exit(0);

const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error('no profile written (the server did not exit cleanly?)');
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (at >= window.from && at <= window.to) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const sampled = [...self.values()].reduce((a, b) => a + b, 0);
const idle = [...self].filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)').reduce((a, [, t]) => a + t, 0);
const busy = sampled - idle;

/** A frame's owner: an npm package, a part of Popote's server, Node itself, or V8's own states. */
function ownerOf({ url, functionName }: ProfileNode['callFrame']): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  if (url.includes('dist-server')) return 'popote (dist-server)';
  return url;
}
const sum = (key: (n: ProfileNode) => string) => {
  const totals = new Map<string, number>();
  for (const [id, time] of self) {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') continue;
    const k = key(node);
    totals.set(k, (totals.get(k) ?? 0) + time);
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
};
const perRequest = (t: number) => `${(t / window.requests).toFixed(1).padStart(6)} µs ${((100 * t) / busy).toFixed(1).padStart(5)} %`;
console.log(`\nthe load's ${(sampled / 1e6).toFixed(1)} s: busy ${((100 * busy) / sampled).toFixed(0)} %, ${(busy / window.requests).toFixed(0)} µs of CPU per request (${window.requests} requests)`);
console.log('\nself time per request, by owner:');
for (const [owner, time] of sum((n) => ownerOf(n.callFrame)).slice(0, 15)) console.log(`${perRequest(time)}  ${owner}`);
console.log('\nself time per request, by function:');
for (const [fn, time] of sum((n) => `${n.callFrame.functionName || '(anonymous)'}  ${ownerOf(n.callFrame)}:${n.callFrame.lineNumber + 1}`).slice(0, 25)) {
  console.log(`${perRequest(time)}  ${fn}`);
}

// Inclusive time: each sample counts once for every function on its stack (the work done under it).
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const inclusive = new Map<string, number>();
const keyOf = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'}  ${ownerOf(n.callFrame)}:${n.callFrame.lineNumber + 1}`;
for (const [id, time] of self) {
  if (byId.get(id)!.callFrame.functionName === '(idle)') continue;
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) seen.add(keyOf(byId.get(at)!));
  for (const k of seen) inclusive.set(k, (inclusive.get(k) ?? 0) + time);
}
console.log('\ninclusive time per request (the function and what it calls), Popote\'s and its packages\' frames:');
for (const [fn, time] of [...inclusive].filter(([k]) => !k.includes('(root)') && !k.includes('node:internal')).sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PROFILE_TOP ?? 60))) {
  console.log(`${perRequest(time)}  ${fn}`);
}
