import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { compress, pickEncoding } from '../lib/content-encoding';

/** Below this an answer goes as it is: compressing it would save a few bytes for a little CPU. */
export const API_COMPRESS_MIN_BYTES = 1024;

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
 * client holding either form (`holdsEtag`).
 */
export default fp(async function apiCompression(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/') || reply.hasHeader('content-encoding')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    if (Buffer.byteLength(payload) < API_COMPRESS_MIN_BYTES) return payload;
    // Whoever caches the answer keeps one per encoding, whatever this client accepts.
    reply.header('vary', varyWithEncoding(reply.getHeader('vary')));
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const etag = reply.getHeader('etag');
    if (typeof etag === 'string' && !etag.startsWith('W/')) reply.header('etag', `W/${etag}`);
    reply.header('content-encoding', encoding).removeHeader('content-length');
    return compress(typeof payload === 'string' ? payload : payload.toString('utf8'), encoding);
  });
});
