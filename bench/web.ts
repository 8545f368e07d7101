import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags, type Result, type RunnerResult } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { build } from 'vite';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium';
import { precompress } from '../scripts/precompress';
import { parisInstant } from '../src/shared/time';
import { MAP_HOST, startMapFixtures } from './map-fixtures';
import { median } from './load';
import { POPOTE_SERVER, ROOT, startServer, type ServerProcess } from './processes';

/*
 * The web half of `npm run bench`: Lighthouse 13 through its Node API, its default configuration
 * (mobile, simulated throttling), on the system Chromium, against the production build served by
 * the real server process on a fresh seeded in-memory database. The floor is an empty Vite + React
 * page (bench/floor-web) built in the same run and served by the same static-file plugin
 * (server/plugins/static.ts, bench/floor-web-server.ts): same headers, same precompressed files.
 */

export interface WebMetrics {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Bytes transferred for script resources. */
  scriptBytes: number;
}

/** Where the median run's time went, from its LHR (what explains a missed target). */
export interface WebDiagnostics {
  lcpElement: string | null;
  /** LCP phases (ms): time to first byte, resource load delay and duration, render delay. */
  lcpPhases: Record<string, number>;
  renderBlocking: { url: string; wastedMs: number }[];
  longTasks: { url: string; durationMs: number }[];
  /** The heaviest scripts: transferred bytes. */
  scripts: { url: string; bytes: number }[];
  /** Lighthouse's own list of what would save the most (audits with savings). */
  opportunities: { id: string; title: string; savingsMs: number }[];
}

export interface WebPage {
  name: string;
  path: string;
  runs: WebMetrics[];
  median: WebMetrics;
  /** LCP ÷ the floor's LCP. */
  floorRatio?: number;
  diagnostics: WebDiagnostics;
  /** A second navigation on the same profile, the service worker installed by a first one. */
  repeat?: { lcpMs: number; score: number; documentFromServiceWorker: boolean | null };
}

export interface WebResults {
  runsPerPage: number;
  build: string;
  chromium: string;
  lighthouse: string;
  floor: WebPage;
  pages: WebPage[];
  notes: string[];
}

export interface WebOptions {
  runsPerPage: number;
  log: (line: string) => void;
}

/** Ports of the bench's web servers: 4400–4499 (the range this machine gives the bench). */
export async function portFrom(first: number, last: number, taken: Set<number>): Promise<number> {
  for (let port = first; port <= last; port++) {
    if (taken.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) {
      taken.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${first}–${last}`);
}

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/**
 * The production build: dist/ is reused when it is newer than every input of the build (src, sw,
 * public, the configuration and the lock file), otherwise rebuilt with `vite build` (what
 * `npm run build` runs); the server's renderer always. BENCH_BUILD=1 always rebuilds.
 */
async function productionBuild(log: (line: string) => void): Promise<string> {
  const dist = join(ROOT, 'dist');
  const inputs = ['src', 'sw', 'public', 'scripts', 'vite.config.ts', 'manifest.webmanifest', 'package-lock.json', 'tsconfig.json'];
  let builtAt = 0;
  try {
    builtAt = statSync(join(dist, 'index.html')).mtimeMs;
  } catch {
    // No build yet.
  }
  const newestInput = Math.max(...inputs.map((p) => newestMtime(join(ROOT, p))));
  const started = Date.now();
  const configFile = join(ROOT, 'vite.config.ts');
  // The pages' renderer (vite build --ssr) goes to dist-server/, which this run's server compile
  // has just emptied: it is built each run (a few seconds), whatever dist/'s age.
  const renderer = () => build({ configFile, logLevel: 'warn', mode: 'production', build: { ssr: join(ROOT, 'src/entry-server.tsx') } });
  if (process.env.BENCH_BUILD !== '1' && builtAt > newestInput) {
    await renderer();
    return 'dist/ reused (newer than every input of the build), renderer built';
  }
  log('  building the app (vite build, then its renderer)…');
  await build({ configFile, logLevel: 'warn', mode: 'production' });
  await renderer();
  return `built in this run (vite build, ${Math.round((Date.now() - started) / 1000)} s)`;
}

/** The floor page, built with Vite (React, and the app's precompression) into a temporary directory. */
async function floorBuild(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'popote-floor-web-'));
  await build({
    configFile: false,
    root: join(ROOT, 'bench/floor-web'),
    logLevel: 'warn',
    mode: 'production',
    plugins: [react(), precompress()],
    build: { outDir, emptyOutDir: true, target: 'es2022', sourcemap: false },
  });
  // The static plugin serves a folder only when it holds a build, which it knows by its service
  // worker: the floor has none to register, so an empty one marks it.
  writeFileSync(join(outDir, 'sw.js'), '');
  return outDir;
}

function cookiesOf(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(';')[0]!);
}

/**
 * The shop open, as in the browser tests: 9:00 in Paris on its delivery day. Past the last cut-off
 * (11:00) the "commandes terminées" pop-in opens on every page after hydration and becomes their
 * largest paint: the bench measured the time of day, not the pages.
 */
export async function openTheShop(url: string) {
  const { current_delivery_date: date } = (await (await fetch(`${url}/api/state/shop-open`)).json()) as { current_delivery_date: string | null };
  if (!date) throw new Error('the seed plans no delivery day');
  const now = parisInstant(date, '09:00').toISOString();
  const set = await fetch(`${url}/__sandbox/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ now }) });
  if (!set.ok) throw new Error(`setting the sandbox clock: ${set.status} ${await set.text()}`);
}

/** A session whose cart has a delivery chosen (tests/e2e/checkout-steps.ts): its cookies. */
async function sessionWithDelivery(url: string): Promise<{ name: string; value: string }[]> {
  const cookies = cookiesOf(await fetch(`${url}/api/state`));
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  const locations = (await (await fetch(`${url}/api/delivery-locations`)).json()) as { is_private: boolean; deliveries: { id: number }[] }[];
  const location = locations.find((l) => !l.is_private && l.deliveries.length > 0);
  if (!location) throw new Error('no public delivery point with a delivery in the seed');
  const chosen = await fetch(`${url}/api/deliveries`, {
    method: 'POST',
    headers: { cookie: cookies.join('; '), 'x-xsrf-token': xsrf, 'content-type': 'application/json' },
    body: JSON.stringify({ id: location.deliveries.at(-1)!.id }),
  });
  if (!chosen.ok) throw new Error(`choosing a delivery: POST /api/deliveries answered ${chosen.status} ${await chosen.text()}`);
  const merged = new Map(cookies.map((c) => [c.split('=')[0]!, c] as const));
  for (const c of cookiesOf(chosen)) merged.set(c.split('=')[0]!, c);
  return [...merged.values()].map((c) => ({ name: c.slice(0, c.indexOf('=')), value: c.slice(c.indexOf('=') + 1) }));
}

export async function aDishSlug(url: string): Promise<string> {
  const products = (await (await fetch(`${url}/api/products`)).json()) as { slug: string; category: string; sold_out: boolean }[];
  const dish = products.find((p) => p.category === 'main' && !p.sold_out) ?? products[0];
  if (!dish) throw new Error('no dish in the seed');
  return dish.slug;
}

export { median };

type Details = { items?: Record<string, unknown>[] } | undefined;
const itemsOf = (lhr: Result, id: string) => ((lhr.audits[id]?.details as Details)?.items ?? []) as Record<string, unknown>[];

export function metricsOf(lhr: Result): WebMetrics {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scripts = itemsOf(lhr, 'network-requests').filter((r) => r.resourceType === 'Script');
  return {
    score: lhr.categories.performance?.score ?? 0,
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: Number(value('cumulative-layout-shift').toFixed(3)),
    fcpMs: Math.round(value('first-contentful-paint')),
    scriptBytes: scripts.reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0),
  };
}

const shortUrl = (url: unknown) => String(url).replace(/^https?:\/\/127\.0\.0\.1:\d+/, '');

function diagnosticsOf(lhr: Result): WebDiagnostics {
  const lcpItems = itemsOf(lhr, 'lcp-breakdown-insight');
  // The insight's details are a list of tables: the phases, then the element.
  const phases: Record<string, number> = {};
  let lcpElement: string | null = null;
  for (const part of lcpItems) {
    const rows = (part as { items?: Record<string, unknown>[] }).items ?? [];
    for (const row of rows) {
      if (typeof row.subpart === 'string' && typeof row.duration === 'number') phases[row.subpart] = Math.round(row.duration);
      const node = row.node as { snippet?: string } | undefined;
      if (node?.snippet) lcpElement = node.snippet;
    }
    const node = (part as { node?: { snippet?: string }; type?: string }).node;
    if (node?.snippet) lcpElement = node.snippet;
  }
  const scripts = itemsOf(lhr, 'network-requests')
    .filter((r) => r.resourceType === 'Script')
    .map((r) => ({ url: shortUrl(r.url), bytes: Number(r.transferSize ?? 0) }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 6);
  const opportunities = Object.values(lhr.audits)
    .map((a) => ({ id: a.id, title: a.title, savingsMs: Math.round(a.metricSavings?.LCP ?? 0) }))
    .filter((a) => a.savingsMs > 0)
    .sort((a, b) => b.savingsMs - a.savingsMs)
    .slice(0, 5);
  return {
    lcpElement,
    lcpPhases: phases,
    renderBlocking: itemsOf(lhr, 'render-blocking-insight').map((r) => ({ url: shortUrl(r.url), wastedMs: Math.round(Number(r.wastedMs ?? 0)) })),
    longTasks: itemsOf(lhr, 'long-tasks').map((t) => ({ url: shortUrl(t.url), durationMs: Math.round(Number(t.duration ?? 0)) })),
    scripts,
    opportunities,
  };
}

/** Did the main document come from the service worker? (the DevTools log of the run) */
function documentFromServiceWorker(result: RunnerResult, url: string): boolean | null {
  const log = (result.artifacts as { DevtoolsLog?: { method: string; params: { type?: string; response?: { url: string; fromServiceWorker?: boolean } } }[] }).DevtoolsLog;
  if (!log) return null;
  const doc = log.find((e) => e.method === 'Network.responseReceived' && e.params.type === 'Document' && e.params.response?.url === url);
  return doc ? Boolean(doc.params.response?.fromServiceWorker) : null;
}

/**
 * The demo (sandbox, demo data) on a fresh in-memory database, as the e2e server: production has
 * no sandbox. NODE_ENV is said: a Vite build in the bench's process sets it to production, and the
 * server refuses the sandbox with it.
 */
export function demoServerEnv(port: number): Record<string, string> {
  return { NODE_ENV: 'development', DATABASE_URL: 'memory://', SANDBOX: '1', SEED_ON_START: '1', LOG_LEVEL: 'warn', RATE_LIMIT_FACTOR: '50', PUBLIC_URL: `http://127.0.0.1:${port}` };
}

/**
 * A first visit: besides Lighthouse's default (caches, service workers), IndexedDB and local
 * storage go too (the app keeps its offline copies and the cart there).
 */
export const FIRST_VISIT: Flags = { clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'indexeddb', 'local_storage'] };

/** One Lighthouse run (performance only) in the Chromium listening on `port`. */
export async function lighthouseOf(port: number, url: string, flags: Flags, log: (line: string) => void, attempt = 1): Promise<RunnerResult> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...flags });
  const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse gave no result' };
  if (!error) return result!;
  // A trace now and then comes back without its navigation (NO_NAVSTART on a busy machine): once more.
  if (attempt < 3) {
    log(`  (Lighthouse on ${url}: ${error.code}, again)`);
    return lighthouseOf(port, url, flags, log, attempt + 1);
  }
  throw new Error(`Lighthouse on ${url}: ${error.code} ${error.message}`);
}

export async function runWebBench(options: WebOptions): Promise<WebResults> {
  const { log } = options;
  const notes: string[] = [];
  const taken = new Set<number>();
  const servers: ServerProcess[] = [];
  let chrome: LaunchedChrome | undefined;
  let browser: Browser | undefined;
  const mapPort = await portFrom(4400, 4499, taken);
  const map = await startMapFixtures(mapPort);
  const lhrDir = join(ROOT, 'bench/.lighthouse');
  mkdirSync(lhrDir, { recursive: true });
  try {
    log('Web (Lighthouse)');
    const buildNote = await productionBuild(log);
    log(`  ${buildNote}`);
    const floorDist = await floorBuild();

    const popotePort = await portFrom(4400, 4499, taken);
    const popote = await startServer(
      'popote-web',
      POPOTE_SERVER,
      popotePort,
      demoServerEnv(popotePort),
      '/api/health',
    );
    servers.push(popote);
    const floor = await startServer('floor-web', 'bench/floor-web-server.ts', await portFrom(4400, 4499, taken), { FLOOR_WEB_ROOT: floorDist }, '/');
    servers.push(floor);

    await openTheShop(popote.url);
    const session = await sessionWithDelivery(popote.url);
    const dish = await aDishSlug(popote.url);

    chrome = await launch({
      chromePath: chromiumPath(),
      chromeFlags: ['--headless', ...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${MAP_HOST} 127.0.0.1:${mapPort}`, '--ignore-certificate-errors'],
      logLevel: 'silent',
    });
    const port = chrome.port;
    // Cookies go in the browser's own jar (Lighthouse keeps cookies across its storage reset): with
    // a Cookie header given to Lighthouse (extraHeaders) the order page still showed no delivery
    // (likely: those headers do not reach the requests the service worker makes).
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
    const jar = browser;
    const setCookies = async (cookies: { name: string; value: string }[]) => {
      const old = await jar.cookies();
      if (old.length) await jar.deleteCookie(...old);
      if (cookies.length) await jar.setCookie(...cookies.map((c) => ({ ...c, domain: '127.0.0.1', path: '/' })));
    };

    const lighthouseRun = (url: string, flags: Flags = {}) => lighthouseOf(port, url, flags, log);


    const measurePage = async (name: string, base: string, path: string, cookies: { name: string; value: string }[] = [], repeat = true): Promise<WebPage> => {
      const url = base + path;
      const flags: Flags = FIRST_VISIT;
      const runs: { metrics: WebMetrics; lhr: Result }[] = [];
      for (let i = 0; i < options.runsPerPage; i++) {
        // Every run starts with the page's cookies only (none but the session for /passer-commande).
        await setCookies(cookies);
        const { lhr } = await lighthouseRun(url, flags);
        runs.push({ metrics: metricsOf(lhr), lhr });
      }
      const med: WebMetrics = {
        score: median(runs.map((r) => r.metrics.score)),
        lcpMs: median(runs.map((r) => r.metrics.lcpMs)),
        tbtMs: median(runs.map((r) => r.metrics.tbtMs)),
        cls: median(runs.map((r) => r.metrics.cls)),
        fcpMs: median(runs.map((r) => r.metrics.fcpMs)),
        scriptBytes: median(runs.map((r) => r.metrics.scriptBytes)),
      };
      // The diagnostics of the run whose LCP is the median one.
      const byLcp = [...runs].sort((a, b) => a.metrics.lcpMs - b.metrics.lcpMs);
      const typical = byLcp[Math.floor(byLcp.length / 2)]!;
      writeFileSync(join(lhrDir, `${name.replace(/[^a-z0-9]+/gi, '-')}.json`), JSON.stringify(typical.lhr));
      const page: WebPage = { name, path, runs: runs.map((r) => r.metrics), median: med, diagnostics: diagnosticsOf(typical.lhr) };
      if (repeat) {
        // The last run's clean-up cleared the origin: a first navigation installs the service
        // worker (storage kept), then the measured one on the same profile.
        await setCookies(cookies);
        await lighthouseRun(url, { ...flags, disableStorageReset: true });
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const second = await lighthouseRun(url, { ...flags, disableStorageReset: true });
        const m = metricsOf(second.lhr);
        page.repeat = { lcpMs: m.lcpMs, score: m.score, documentFromServiceWorker: documentFromServiceWorker(second, second.lhr.finalDisplayedUrl) };
      }
      log(
        `  ${name.padEnd(30)} score ${med.score.toFixed(2)}, LCP ${med.lcpMs} ms, TBT ${med.tbtMs} ms, CLS ${med.cls}, JS ${Math.round(med.scriptBytes / 1024)} KiB` +
          (page.repeat ? `, repeat LCP ${page.repeat.lcpMs} ms (document from SW: ${page.repeat.documentFromServiceWorker})` : ''),
      );
      return page;
    };

    const floorPage = await measurePage('floor (empty Vite + React)', floor.url, '/', [], false);
    const pages: WebPage[] = [];
    pages.push(await measurePage('/', popote.url, '/'));
    pages.push(await measurePage('/passer-commande (delivery chosen)', popote.url, '/passer-commande', session));
    pages.push(await measurePage('/points-de-livraison (map)', popote.url, '/points-de-livraison'));
    pages.push(await measurePage('dish detail (/$slug)', popote.url, `/${dish}`));
    for (const page of pages) page.floorRatio = page.median.lcpMs / floorPage.median.lcpMs;

    notes.push(
      `Map page: the style and vector tiles of ${MAP_HOST} answered by a local HTTPS fixture server (bench/map-fixtures.ts), ${map.served()} requests served.`,
      `Production build: ${buildNote}.`,
      `Lighthouse reports of the median runs: bench/.lighthouse/*.json (not committed).`,
    );
    return {
      runsPerPage: options.runsPerPage,
      build: buildNote,
      chromium: (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json() as { Browser: string }).Browser,
      lighthouse: (JSON.parse(readFileSync(join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version,
      floor: floorPage,
      pages,
      notes,
    };
  } finally {
    await browser?.disconnect();
    chrome?.kill();
    await Promise.all(servers.map((s) => s.stop()));
    await map.close();
  }
}
