import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '../../src/shared/api/errors';
import { MESSAGES } from '../../src/shared/api/messages';
import { isServerPath } from '../../src/shared/paths';

/** Files that must be revalidated on every load so a new deploy is seen at once. */
const NEVER_CACHED = new Set(['/index.html', '/sw.js', '/manifest.webmanifest']);

function cacheControl(urlPath: string): string {
  if (NEVER_CACHED.has(urlPath)) return 'no-cache';
  // Vite names built assets by content hash: they never change under the same name.
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=86400';
}

/**
 * Serves the built PWA from dist/ beside /api: hashed assets immutable, the shell and the service
 * worker never cached, and every other GET for a page falls back to index.html (deep links).
 * Text files go out as the .br or .gz the build wrote beside them (scripts/precompress.ts) when the
 * browser accepts it. Unknown /api paths answer a JSON 404.
 */
export default fp(async function staticFiles(app: FastifyInstance, opts: { root: string }) {
  const hasBuild = existsSync(join(opts.root, 'index.html'));
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

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0]!;
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(path) && !/\.[a-z0-9]+$/i.test(path);
    if (hasBuild && wantsPage) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send({ message: MESSAGES.notFound, code: ERROR_CODES.notFound });
  });
});
