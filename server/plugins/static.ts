import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Files that must be revalidated on every load so a new deploy is seen at once. */
const NEVER_CACHED = new Set(['/sw.js', '/manifest.webmanifest']);

function cacheControl(urlPath: string): string {
  if (NEVER_CACHED.has(urlPath)) return 'no-cache';
  // Vite names built assets by content hash: they never change under the same name.
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=86400';
}

/**
 * Serves the built PWA's files from dist/ beside /api: hashed assets immutable, the service worker
 * and the web manifest never cached. Text files go out as the .br or .gz the build wrote beside
 * them (scripts/precompress.ts) when the browser accepts it. Pages are the server's to render
 * (plugins/pages.ts).
 */
export default fp(async function staticFiles(app: FastifyInstance, opts: { root: string }) {
  const hasBuild = existsSync(join(opts.root, 'sw.js'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // The rules are the file's, whichever of its encodings is sent.
        const urlPath = filePath.slice(opts.root.length).split('\\').join('/').replace(/\.(br|gz)$/, '');
        reply.header('cache-control', cacheControl(urlPath));
      },
    });
  }

}, { name: 'static' });
