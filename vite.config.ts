import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress';

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

/** One id per build: the persisted offline cache of an older build is not restored into a newer one. */
const BUILD_ID = Date.now().toString(36);

export default defineConfig({
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(BUILD_ID) },
  // index.html lives in src/ so the top level stays lean.
  root: `${root}src`,
  publicDir: `${root}public`,
  envDir: root,
  build: { outDir: `${root}dist`, emptyOutDir: true, target: 'es2022', sourcemap: false, manifest: true,
    // Only the lazily loaded map chunk (maplibre) is this large.
    chunkSizeWarningLimit: 1100 },
  server: { proxy: { '/api': 'http://localhost:3000', '/__sandbox': 'http://localhost:3000' } },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: `${root}src/routes`,
      generatedRouteTree: `${root}src/app/route-tree.gen.ts`,
    }),
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
        // The page registers the worker as a classic script (FIELD-NOTES).
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The map (maplibre and its worker, ~600 KiB gzip) stays out of the install: it loads where
        // a map shows. Dish and page pictures are cached as they are seen.
        globIgnores: ['images/dishes/**', 'images/marketing/**', 'assets/delivery-map-*', 'assets/maplibre-gl-worker-*'],
      },
    }),
  ],
});
