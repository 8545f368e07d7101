import { cpus } from 'node:os';
import type { ApiResults, ApiRun } from './api';
import type { Target } from './targets';
import type { WebPage, WebResults } from './web';

export interface BenchResults {
  date: string;
  machine: { cpus: number; cpu: string; node: string };
  api?: ApiResults & { targets: Target[] };
  web?: WebResults & { targets: Target[] };
  seconds: number;
}

export function machine() {
  return { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version };
}

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const errorsOf = (r: ApiRun) => r.result.non2xx + r.result.socketErrors;

function apiTable(api: ApiResults): string[] {
  return [
    row(['engine', 'endpoint', 'req/s', '× floor', 'p50 ms', 'p99 ms', 'errors', 'RSS MB']),
    row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:']),
    ...api.runs.map((r) =>
      row([r.engine, r.endpoint, r.result.requestsPerSecond, r.floorRatio === undefined ? '' : r.floorRatio.toFixed(2), r.result.latencyP50Ms, r.result.latencyP99Ms, errorsOf(r), r.rssMb ?? '?']),
    ),
  ];
}

function scalingTable(api: ApiResults): string[] {
  const ratio = (x: number | undefined) => (x === undefined ? '' : x.toFixed(2));
  return [
    row(['engine', 'processes', 'connections', 'req/s', '÷ floor req/s', 'p50 ms', 'p99 ms', 'p99 ÷ floor p99', 'errors', 'status codes', 'RSS MB']),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---', '---:']),
    ...api.scaling.map((r) =>
      row([r.engine, r.processes, r.connections, r.result.requestsPerSecond, ratio(r.floorRatio), r.result.latencyP50Ms, r.result.latencyP99Ms, ratio(r.floorP99Ratio), errorsOf(r), codesOf(r), r.rssMb ?? '?']),
    ),
  ];
}

const codesOf = (r: ApiRun) =>
  Object.entries(r.result.statusCodes)
    .map(([code, n]) => `${code}: ${n}`)
    .join(', ') + (r.result.socketErrors ? `, socket errors: ${r.result.socketErrors}` : '');

function floorTable(api: ApiResults): string[] {
  return [
    row(['database', 'connections', 'req/s', 'p50 ms', 'p99 ms', 'errors']),
    row(['---', '---:', '---:', '---:', '---:', '---:']),
    ...api.floors.map((r) => row([r.database ?? '?', r.connections, r.result.requestsPerSecond, r.result.latencyP50Ms, r.result.latencyP99Ms, errorsOf(r)])),
  ];
}

const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;

function webRow(page: WebPage): string {
  const m = page.median;
  const repeat = page.repeat ? `${page.repeat.lcpMs} ms${page.repeat.documentFromServiceWorker ? ' (SW)' : page.repeat.documentFromServiceWorker === false ? ' (network)' : ''}` : '';
  return row([page.name, m.score.toFixed(2), `${m.lcpMs} ms`, `${m.tbtMs} ms`, m.cls, kib(m.scriptBytes), page.floorRatio === undefined ? '' : page.floorRatio.toFixed(2), repeat]);
}

function webTable(web: WebResults): string[] {
  return [
    row(['page', 'score', 'LCP', 'TBT', 'CLS', 'JS transferred', '× floor LCP', 'repeat visit LCP']),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    webRow(web.floor),
    ...web.pages.map(webRow),
  ];
}

export type Section = 'api' | 'web';

/** Where each half of results.md begins: a run of one half keeps the other's last report. */
const marker = (section: Section) => `<!-- bench:${section} -->`;

/** One half of an earlier results.md, from its marker to the next; null when it has none. */
export function sectionOf(markdown: string, section: Section): string | null {
  const start = markdown.indexOf(marker(section));
  if (start < 0) return null;
  const next = markdown.indexOf('<!-- bench:', start + marker(section).length);
  return markdown.slice(start, next < 0 ? undefined : next).trimEnd();
}

/** The report of this run; a half it did not run is the earlier report's (`kept`), as it was. */
export function toMarkdown(results: BenchResults, kept: Partial<Record<Section, string>> = {}): string {
  const ran = `Run ${results.date} on ${results.machine.cpus} × ${results.machine.cpu}, Node ${results.machine.node}.`;
  const lines: string[] = [];
  const api = results.api;
  if (api) {
    lines.push(
      marker('api'),
      ran,
      '',
      `### API: ${api.connections} connections, ${api.durationSeconds} s per run (autocannon, loopback)`,
      '',
      ...apiTable(api),
      '',
      '### The database floor: node:http, one UPDATE … RETURNING per request (pg pool of 10, or PGlite)',
      '',
      ...floorTable(api),
      '',
      '### Scaling: the cart loop, against the database floor of the same engine and connections',
      '',
      ...scalingTable(api),
      '',
      '### Targets',
      '',
      row(['target', 'measured', 'met']),
      row(['---', '---', '---']),
      ...api.targets.map((t) => row([t.target, t.measured, t.met ? 'yes' : '**no**'])),
      '',
      ...api.notes.map((n) => `- ${n}`),
    );
  } else if (kept.api) {
    lines.push(kept.api);
  }
  const web = results.web;
  lines.push('');
  if (web) {
    lines.push(
      marker('web'),
      ran,
      '',
      `### Web: Lighthouse ${web.lighthouse}, simulated mobile, median of ${web.runsPerPage} runs (${web.chromium})`,
      '',
      ...webTable(web),
      '',
      '### Web targets',
      '',
      row(['target', 'measured', 'met']),
      row(['---', '---', '---']),
      ...web.targets.map((t) => row([t.target, t.measured, t.met ? 'yes' : '**no**'])),
      '',
      ...web.notes.map((n) => `- ${n}`),
    );
  } else if (kept.web) {
    lines.push(kept.web);
  }
  return `${lines.join('\n').trim()}\n`;
}
