/**
 * `npm run bench`: measures Popote against the floor of its own stack, in one run, and writes
 * bench/results.json and bench/results.md (printed too; a run of one half keeps the other half's
 * last report in results.md). Each half is its own module: api.ts
 * (autocannon) and web.ts (Lighthouse).
 *
 * BENCH_DURATION (seconds per API run, default 10), BENCH_CONNECTIONS (default 50),
 * BENCH_REPEATS (runs of each API measure, default 3; the medians are reported), BENCH_WEB_RUNS
 * (Lighthouse runs per page, default 3; the median is reported) and
 * BENCH_SECTIONS (default "api,web") shorten or pick a run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runApiBench } from './api';
import { POPOTE_SERVER, ROOT } from './processes';
import { machine, sectionOf, toMarkdown, type BenchResults } from './report';
import { apiTargets, compareWithFloor, webTargets } from './targets';
import { runWebBench } from './web';

const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const webRuns = Number(process.env.BENCH_WEB_RUNS ?? 3);
const repeats = Number(process.env.BENCH_REPEATS ?? 3);
const sections = new Set((process.env.BENCH_SECTIONS ?? 'api,web').split(',').map((s) => s.trim()));
const log = (line: string) => process.stdout.write(`${line}\n`);

const started = Date.now();
const results: BenchResults = { date: new Date().toISOString(), machine: machine(), seconds: 0 };

// The server as production runs it: compiled (about a second), whatever the sections.
execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
log(`Server: ${POPOTE_SERVER}, compiled in this run.`);

if (sections.has('api')) {
  const api = await runApiBench({ durationSeconds, connections, scaling: [10, connections, 200], repeats, log });
  compareWithFloor(api);
  results.api = { ...api, targets: apiTargets(api) };
}

if (sections.has('web')) {
  const web = await runWebBench({ runsPerPage: webRuns, log });
  results.web = { ...web, targets: webTargets(web) };
}

results.seconds = (Date.now() - started) / 1000;
// A run of one half keeps the other half's last report.
const resultsPath = join(ROOT, 'bench/results.md');
const earlier = existsSync(resultsPath) ? readFileSync(resultsPath, 'utf8') : '';
const markdown = toMarkdown(results, { api: sectionOf(earlier, 'api') ?? undefined, web: sectionOf(earlier, 'web') ?? undefined });
writeFileSync(join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(resultsPath, markdown);
log('');
log(markdown);
