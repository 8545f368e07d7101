import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { launch } from 'chrome-launcher';
import { build, type Plugin } from 'vite';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium';
import { changedSource, VARIANTS, type Variant } from './first-paint-variants';
import { ROOT, startServer, type ServerProcess } from './processes';
import { aDishSlug, demoServerEnv, FIRST_VISIT, lighthouseOf, median, metricsOf, openTheShop, portFrom, type WebMetrics } from './web';

/*
 * `npm run bench:first-paint`: what each mechanism of the first screen saves. Every variant of
 * bench/first-paint-variants.ts (one mechanism taken away) is built into a folder of its own and
 * served by its own server process; Lighthouse (as the bench's web half: mobile, simulated
 * throttling, a first visit) loads each page under each variant in turn, one run of each variant
 * per round, so that what else the machine does weighs on all of them alike. Medians of
 * BENCH_WEB_RUNS rounds (default 5), written to bench/first-paint.md.
 *
 * Needs `npm run build` first (the server's compiled code and the as-built app). Every page goes
 * through a small proxy, which makes a variant's change of the HTML and compresses the page again
 * as the server does (brotli, quality 5), so every variant's page crosses the same path.
 */

const runs = Number(process.env.BENCH_WEB_RUNS ?? 5);
const only = process.env.BENCH_VARIANTS?.split(',').map((s) => s.trim());
const variants = only ? VARIANTS.filter((v) => v.name === 'as built' || only.includes(v.name)) : VARIANTS;
const WORK = join(ROOT, 'bench/.first-paint');
const log = (line: string) => process.stdout.write(`${line}\n`);

/** The variant's source changes, made as Vite reads the files (both builds: the browser's and the renderer's). */
function variantSources(variant: Variant): Plugin {
  const files = new Set((variant.source ?? []).map((c) => resolve(ROOT, c.file)));
  return {
    name: 'bench-first-paint-variant',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0]!;
      return files.has(file) ? changedSource(variant, file.slice(ROOT.length), readFileSync(file, 'utf8')) : null;
    },
  };
}

/** The variant's build: the compiled server copied, the app and its renderer built with the variant's sources. */
async function buildVariant(variant: Variant, dir: string): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // The server finds the app at ../dist and its renderer at ./ssr, beside its own file.
  cpSync(join(ROOT, 'dist-server'), join(dir, 'dist-server'), { recursive: true, filter: (src) => !src.includes('/dist-server/ssr') });
  if (!variant.source) {
    cpSync(join(ROOT, 'dist'), join(dir, 'dist'), { recursive: true });
    cpSync(join(ROOT, 'dist-server/ssr'), join(dir, 'dist-server/ssr'), { recursive: true });
    return;
  }
  const configFile = join(ROOT, 'vite.config.ts');
  const plugins = [variantSources(variant)];
  await build({ configFile, logLevel: 'silent', mode: 'production', plugins, build: { outDir: join(dir, 'dist'), emptyOutDir: true } });
  await build({ configFile, logLevel: 'silent', mode: 'production', plugins, build: { ssr: join(ROOT, 'src/entry-server.tsx'), outDir: join(dir, 'dist-server/ssr'), emptyOutDir: true } });
}

const wantsPage = (req: IncomingMessage) => req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');

/** A proxy in front of a variant's server: pages changed as the variant says, everything else passed through. */
function startProxy(port: number, upstream: number, change: (html: string) => string): Promise<Server> {
  const server = createServer((req, res) => {
    const page = wantsPage(req);
    const headers = { ...req.headers };
    if (page) delete headers['accept-encoding'];
    const upstreamReq = request({ host: '127.0.0.1', port: upstream, path: req.url, method: req.method, headers }, (up) => {
      const type = String(up.headers['content-type'] ?? '');
      if (!page || !type.startsWith('text/html')) {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
        return;
      }
      const parts: Buffer[] = [];
      up.on('data', (chunk: Buffer) => parts.push(chunk));
      up.on('end', () => {
        const body = brotliCompressSync(change(Buffer.concat(parts).toString('utf8')), { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
        const out = { ...up.headers, 'content-encoding': 'br', 'content-length': String(body.length) };
        delete out.etag;
        delete out['transfer-encoding'];
        res.writeHead(up.statusCode ?? 502, out);
        res.end(body);
      });
    });
    upstreamReq.on('error', () => res.destroy());
    req.pipe(upstreamReq);
  });
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)));
}

interface Served {
  variant: Variant;
  server: ServerProcess;
  proxy: Server;
  url: string;
}

const taken = new Set<number>();
const served: Served[] = [];
const chrome = await launch({ chromePath: chromiumPath(), chromeFlags: ['--headless', ...CHROMIUM_ARGS], logLevel: 'silent' });
try {
  for (const variant of variants) {
    const dir = join(WORK, variant.name.replace(/[^a-z0-9]+/gi, '-'));
    const started = Date.now();
    await buildVariant(variant, dir);
    const serverPort = await portFrom(4400, 4499, taken);
    const server = await startServer(
      `first-paint ${variant.name}`,
      join(dir, 'dist-server/index.mjs'),
      serverPort,
      demoServerEnv(serverPort),
      '/api/health',
    );
    const proxyPort = await portFrom(4400, 4499, taken);
    const proxy = await startProxy(proxyPort, serverPort, variant.html ?? ((html) => html));
    served.push({ variant, server, proxy, url: `http://127.0.0.1:${proxyPort}` });
    await openTheShop(server.url);
    log(`built and started: ${variant.name} (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  const dish = await aDishSlug(served[0]!.server.url);
  const pages = [
    { name: '/', path: '/' },
    { name: 'dish page', path: `/${dish}` },
  ];
  const results = new Map<string, WebMetrics[]>();
  for (let round = 1; round <= runs; round++) {
    for (const page of pages) {
      for (const s of served) {
        const result = await lighthouseOf(chrome.port, s.url + page.path, FIRST_VISIT, log);
        const key = `${page.name}\u0000${s.variant.name}`;
        results.set(key, [...(results.get(key) ?? []), metricsOf(result.lhr)]);
      }
    }
    log(`round ${round} of ${runs} done`);
  }
  const lines = [
    `# The first screen's mechanisms, with and without (${new Date().toISOString().slice(0, 16)} UTC)`,
    '',
    `\`npm run bench:first-paint\`: Lighthouse (mobile, simulated throttling, a first visit), median of ${runs} runs per page and variant, the variants' runs interleaved.`,
    '',
  ];
  for (const page of pages) {
    lines.push(`## ${page.name}`, '', '| variant | without | score | LCP ms | TBT ms | FCP ms | CLS | TBT runs |', '|---|---|---:|---:|---:|---:|---:|---|');
    for (const s of served) {
      const all = results.get(`${page.name}\u0000${s.variant.name}`)!;
      const m = (pick: (w: WebMetrics) => number) => median(all.map(pick));
      lines.push(`| ${s.variant.name} | ${s.variant.without} | ${m((w) => w.score).toFixed(2)} | ${m((w) => w.lcpMs)} | ${m((w) => w.tbtMs)} | ${m((w) => w.fcpMs)} | ${m((w) => w.cls)} | ${all.map((w) => w.tbtMs).join(' ')} |`);
    }
    lines.push('');
  }
  writeFileSync(join(ROOT, 'bench/first-paint.md'), lines.join('\n'));
  log(lines.join('\n'));
} finally {
  chrome.kill();
  for (const s of served) {
    s.proxy.close();
    await s.server.stop();
  }
}
