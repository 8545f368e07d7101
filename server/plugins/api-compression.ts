import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '#shared/api/route-table';
import { compress, pickEncoding, type Encoding } from '../lib/content-encoding';

/** Below this an answer goes as it is: compressing it would save a few bytes for a little CPU. */
export const API_COMPRESS_MIN_BYTES = 1024;
/** How many compressed public answers are kept (the day's catalog, points and settings, in both encodings). */
const KEPT_MAX = 200;

/** A Vary header with `accept-encoding` added to what a route said (`cookie`). */
function varyWithEncoding(vary: unknown): string {
  const names = String(vary ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names.some((name) => name.toLowerCase() === 'accept-encoding')) names.push('accept-encoding');
  return names.join(', ');
}

/**
 * JSON answers of the API compressed as the client accepts (brotli, else gzip): the day's menus
 * are 50 KB of JSON, 4 KB in brotli, on a phone's connection. Pages and the build's files are
 * compressed by their own plugins; streams (invoices, attachments) go as they are. A compressed
 * answer's ETag is weakened, as a compressing proxy would: the same tag still answers 304 to a
 * client holding either form (`holdsEtag`). A public answer's tag is its content's hash
 * (server/lib/http-cache.ts): its compressed bytes are kept by route, tag and encoding, so the
 * lunch rush does not compress the same menus (about a millisecond each) for every customer.
 * After idempotency (a dependency, so Fastify checks the order): its onSend hook runs after that
 * one, which keeps the answer as the route made it for a replay to any client.
 */
export default fp(async function apiCompression(app: FastifyInstance) {
  const kept = new Map<string, Promise<Buffer>>();
  const compressedOnce = (key: string | null, payload: string | Buffer, encoding: Encoding) => {
    const known = key ? kept.get(key) : undefined;
    if (known) return known;
    const bytes = compress(payload, encoding);
    if (key) {
      // The oldest goes first: yesterday's menus are not asked for again.
      if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value!);
      kept.set(key, bytes);
      bytes.catch(() => kept.delete(key));
    }
    return bytes;
  };

  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith(API_PREFIX) || reply.hasHeader('content-encoding')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    if (Buffer.byteLength(payload) < API_COMPRESS_MIN_BYTES) return payload;
    // Whoever caches the answer keeps one per encoding, whatever this client accepts.
    reply.header('vary', varyWithEncoding(reply.getHeader('vary')));
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const etag = reply.getHeader('etag');
    const strong = typeof etag === 'string' && !etag.startsWith('W/') ? etag : null;
    if (strong) reply.header('etag', `W/${strong}`);
    reply.header('content-encoding', encoding).removeHeader('content-length');
    return compressedOnce(strong && `${request.routeOptions.url} ${strong} ${encoding}`, payload, encoding);
  });
}, { name: 'api-compression', dependencies: ['idempotency'] });
