/**
 * Bundle budget: the gzip size of the JavaScript the home page loads (the first script, the app it
 * loads once the page is painted, its static imports, and the home route's chunks) must stay
 * within BUDGET_KIB. Reads Vite's build manifest; run after `npm run build`. Prints a line per
 * chunk. The two entries' keys are those of server/ssr/route-manifest.ts (BOOT, APP).
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET_KIB = 150;
/** The chunks of the route tree that render `/`: the shop's layout, the _home layout and its index. */
const HOME_ROUTE = /^routes\/(_shop|_shop\._home|_shop\._home\.index)\.tsx/;

const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));

const files = new Set();
function visit(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
}
// The page's first script, and the app it loads once the page is painted.
visit('boot.ts');
visit('main.tsx');
for (const key of Object.keys(manifest)) if (HOME_ROUTE.test(key)) visit(key);

const rows = [...files]
  .filter((f) => f.endsWith('.js'))
  .map((file) => {
    const source = readFileSync(new URL(file, dist));
    return { file, raw: source.length, gzip: gzipSync(source, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);

const kib = (n) => (n / 1024).toFixed(1).padStart(7);
console.log('JS loaded by the home page (gzip):');
for (const r of rows) console.log(`  ${kib(r.gzip)} KiB  (${kib(r.raw)} KiB raw)  ${r.file}`);
const total = rows.reduce((n, r) => n + r.gzip, 0);
console.log(`  ${kib(total)} KiB in all — budget ${BUDGET_KIB} KiB`);

const mapChunk = rows.find((r) => /maplibre|map-base|delivery-map|round-map/i.test(r.file));
if (mapChunk) {
  console.error(`The map (${mapChunk.file}) must never be in the home page's JS.`);
  process.exit(1);
}
if (total > BUDGET_KIB * 1024) {
  console.error(`Over budget by ${kib(total - BUDGET_KIB * 1024)} KiB.`);
  process.exit(1);
}
