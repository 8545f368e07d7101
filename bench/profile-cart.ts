/**
 * Where the cart loop's time goes in the server: Popote on PostgreSQL under the bench's cart loop
 * (+1, −1, 50 connections), with V8's sampling profiler on, then the samples summed by package and
 * by function. `TEST_DATABASE_URL=postgres://… node --import tsx bench/profile-cart.ts` after a
 * build; BENCH_DURATION sets the seconds of load (10). The profile is kept in bench/.profiles/.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { cartLoop, makeVisitors, popoteEnv } from './api';
import { load } from './load';
import { createBenchDatabase, postgresUrl } from './postgres';
import { freePort, POPOTE_SERVER, ROOT, startServer } from './processes';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const CONNECTIONS = 50;
const seconds = Number(process.env.BENCH_DURATION ?? 10);
const base = postgresUrl();
if (!base) throw new Error('profile-cart needs PostgreSQL: set TEST_DATABASE_URL');
const dir = join(ROOT, 'bench/.profiles');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

const database = await createBenchDatabase(base);
const port = await freePort();
const server = await startServer('popote (profiled)', POPOTE_SERVER, port, popoteEnv(database.url, port), '/api/health', [
  '--cpu-prof',
  `--cpu-prof-dir=${dir}`,
]);
try {
  const visitors = await makeVisitors(server.url, CONNECTIONS);
  const result = await load({ url: server.url, connections: CONNECTIONS, durationSeconds: seconds, requestsFor: (c) => cartLoop(visitors[c % visitors.length]!) });
  console.log(`cart loop, ${CONNECTIONS} connections, ${seconds} s: ${result.requestsPerSecond} req/s, p50 ${result.latencyP50Ms} ms, p99 ${result.latencyP99Ms} ms, non-2xx ${result.non2xx}`);
} finally {
  await server.stop();
  await database.drop();
}

// The profile covers start-up and seeding too: they are a small share of a 10 s run.
const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error('no profile written (the server did not exit cleanly?)');
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

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
    const k = key(byId.get(id)!);
    totals.set(k, (totals.get(k) ?? 0) + time);
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
};
const pct = (t: number) => `${((100 * t) / total).toFixed(1).padStart(5)} %`;
console.log(`\nself time by owner (${(total / 1e6).toFixed(1)} s sampled):`);
for (const [owner, time] of sum((n) => ownerOf(n.callFrame)).slice(0, 20)) console.log(`${pct(time)}  ${owner}`);
console.log('\nself time by function:');
for (const [fn, time] of sum((n) => `${n.callFrame.functionName || '(anonymous)'}  ${ownerOf(n.callFrame)}:${n.callFrame.lineNumber + 1}`).slice(0, 25)) {
  console.log(`${pct(time)}  ${fn}`);
}
