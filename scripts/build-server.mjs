/**
 * The production server: server/index.ts compiled into one file, dist-server/index.mjs, with the
 * migrations beside it (migrate.ts finds them next to itself). Run by `npm run build`. Packages stay
 * in node_modules (imported, not bundled). Compiled, the server needs no TypeScript loader at run
 * time: tsx's loader thread and transforms cost about 80 MB of memory (docs/bench/README.md).
 * The upload check's child process is an entry of its own, dist-server/upload-check-process.mjs,
 * which server/modules/contact/upload-checkers.ts forks from beside index.mjs (the two bundles are
 * one directory, so `new URL('./upload-check-process.mjs', import.meta.url)` finds it).
 */
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('../', import.meta.url);
const out = new URL('dist-server/', root);

// Everything but dist-server/ssr/, the page renderer's (`vite build --ssr`, the last step of
// `npm run build`): `npm run bench` runs this script alone, and emptying the whole folder left a
// build whose pages all answered 404 until the next `npm run build`.
for (const name of existsSync(out) ? readdirSync(out).filter((n) => n !== 'ssr') : []) {
  rmSync(new URL(name, out), { recursive: true, force: true });
}
await build({
  entryPoints: {
    index: new URL('server/index.ts', root).pathname,
    'upload-check-process': new URL('server/modules/contact/upload-check-process.ts', root).pathname,
  },
  outdir: new URL('.', out).pathname,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync(new URL('server/db/migrations/', root), new URL('migrations/', out), { recursive: true });
// The demo dishes' photos, which the seed processes (server/db/seed-photos.ts finds them next to itself).
cpSync(new URL('server/db/demo-photos/', root), new URL('demo-photos/', out), { recursive: true });
console.log('dist-server/index.mjs and upload-check-process.mjs built');
