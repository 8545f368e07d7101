import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers a public, briefly cacheable body with a strong ETag, or 304 when the client (browser,
 * service worker) already holds it.
 */
export function sendCacheable<T>(request: FastifyRequest, reply: FastifyReply, body: T, maxAgeSeconds = 60): T | FastifyReply {
  const etag = `"${createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"`;
  reply.header('cache-control', `public, max-age=${maxAgeSeconds}`).header('etag', etag).header('vary', 'cookie');
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  return body;
}
