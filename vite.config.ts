import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress';
import { SHELL_PATH, TEAM_SHELL_PATH } from './src/shared/paths';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Emits the top-level manifest.webmanifest into the build (the PWA plugin's own manifest is off). */
function webManifest(): Plugin {
  return {
    name: 'popote-web-manifest',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: readFileSync(`${root}manifest.webmanifest`, 'utf8') });
    },
  };
}

/**
 * The route table's one-line summaries (src/shared/api/routes/) are the API reference's words,
 * which the server serves; the browser only calls the routes. Its build empties them (some 0.5
 * KiB gzip of the first screen's script). Each entry writes it `summary: '…'` in single quotes on
 * one line; one written otherwise is merely kept.
 */
const ROUTE_SUMMARY = /\bsummary: '(?:[^'\\\n]|\\.)*'/g;
function routeSummariesLeftOut(): Plugin {
  return {
    name: 'popote-route-summaries-left-out',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/shared\/api\/routes\/[^/]+\.ts$/.test(id)) return null;
      return { code: code.replace(ROUTE_SUMMARY, "summary: ''"), map: null };
    },
  };
}

/** One id per build: the persisted offline cache of an older build is not restored into a newer one. */
const BUILD_ID = Date.now().toString(36);

/**
 * TanStack Store (the router's state) reads it through `use-sync-external-store/shim/with-selector`,
 * the version for React 17 and older, which carries a copy of `useSyncExternalStore` and the code
 * choosing between it and React's. React 19 has its own: the package's `with-selector` uses it.
 */
const resolve = { alias: [{ find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' }] };

const routerPlugin = () =>
  tanstackRouter({
    target: 'react',
    autoCodeSplitting: true,
    routesDirectory: `${root}src/routes`,
    generatedRouteTree: `${root}src/app/route-tree.gen.ts`,
  });

/**
 * Two builds: the browser's (dist/: the entry that hydrates, its chunks, the service worker, and a
 * manifest telling the server which files each route needs), and with --ssr the server's renderer
 * (dist-server/ssr/entry-server.js), the same components compiled for Node.
 */
export default defineConfig(({ isSsrBuild }) => isSsrBuild ? {
  // React's production build whatever the server's NODE_ENV (which says demo or production shop):
  // its packages are bundled in, so this replacement reaches them too.
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(BUILD_ID), 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  resolve,
  root: `${root}src`,
  publicDir: false,
  envDir: root,
  build: { outDir: `${root}dist-server/ssr`, emptyOutDir: true, target: 'node20', sourcemap: true, ssr: `${root}src/entry-server.tsx` },
  plugins: [routerPlugin(), react()],
} : {
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(BUILD_ID) },
  resolve,
  root: `${root}src`,
  publicDir: `${root}public`,
  envDir: root,
  build: { outDir: `${root}dist`, emptyOutDir: true, target: 'es2022', sourcemap: false, manifest: true,
    // The page's first script (boot), which loads the app (main) once the page is painted.
    rollupOptions: {
      input: { boot: `${root}src/boot.ts`, main: `${root}src/main.tsx` },
      output: { codeSplitting: { groups: [{ name: 'app', test: /src\/main\.tsx$/, includeDependenciesRecursively: true }] } },
    },
    // Only the lazily loaded map chunk (maplibre) is this large.
    chunkSizeWarningLimit: 1100,
    // The team's pages are another app: a page of it comes from the server with its scripts listed
    // (server/ssr/route-manifest.ts), so the shop's first script need not carry what each of the
    // team's route chunks imports, for a navigation between them (their imports then follow the
    // chunk, mostly loaded already by the team's first page).
    modulePreload: { resolveDependencies: (file, deps) => (/^assets\/equipe[.-]/.test(file) ? [] : deps) } },
  server: { proxy: { '/api': 'http://localhost:3000', '/__sandbox': 'http://localhost:3000' } },
  plugins: [
    routeSummariesLeftOut(),
    routerPlugin(),
    react(),
    webManifest(),
    precompress(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: `${root}sw`,
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The page registers the worker as a classic script: an ES-module worker fails to evaluate.
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,svg,png,webmanifest}'],
        // The offline shells (the root rendered alone by the server with each app's head: the
        // shop's, the team's), new with each build: what a navigation falls back to offline when
        // no copy of that page was kept.
        additionalManifestEntries: [SHELL_PATH, TEAM_SHELL_PATH].map((url) => ({ url, revision: BUILD_ID })),
        // The map (maplibre and its worker, ~600 KiB gzip) is listed but stays out of the install:
        // the worker fetches it with the map's tiles after the catalog (sw/map-warm.ts). Dish and
        // page pictures are cached as they are seen.
        globIgnores: ['images/dishes/**', 'images/marketing/**'],
      },
    }),
  ],
});
