import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

const strongEtag = (text: string) => `"${createHash('sha1').update(text).digest('base64url')}"`;

/**
 * Whether the client already holds the answer tagged `etag`: its If-None-Match names the tag, in a
 * list or weakened (a proxy that compresses an answer may weaken its tag).
 */
export function holdsEtag(request: FastifyRequest, etag: string): boolean {
  const match = request.headers['if-none-match'];
  return Boolean(match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));
}

function answer<T>(request: FastifyRequest, reply: FastifyReply, etag: string, maxAgeSeconds: number, body: () => T): T | FastifyReply {
  reply.header('cache-control', `public, max-age=${maxAgeSeconds}`).header('etag', etag).header('vary', 'cookie');
  if (holdsEtag(request, etag)) return reply.code(304).send();
  return body();
}

/**
 * Answers a public, briefly cacheable body with a strong ETag, or 304 when the client (browser,
 * service worker) already holds it.
 */
export function sendCacheable<T>(request: FastifyRequest, reply: FastifyReply, body: T, maxAgeSeconds = 60): T | FastifyReply {
  return answer(request, reply, strongEtag(JSON.stringify(body)), maxAgeSeconds, () => body);
}

/** An answer serialized once, to be sent many times (read-cache.ts keeps it). */
export interface SerializedBody {
  json: string;
  etag: string;
}

/** Encodes with the route's response schema, as fastify-type-provider-zod's serializer does per request. */
export function serializeBody<S extends z.core.$ZodType>(schema: S, body: z.input<S>): SerializedBody {
  const json = JSON.stringify(z.encode(schema, body as z.output<S>));
  return { json, etag: strongEtag(json) };
}

/**
 * sendCacheable for a body serialized beforehand: no hashing nor serializing per request (a string
 * with a JSON content type goes out as it is).
 */
export function sendSerialized(request: FastifyRequest, reply: FastifyReply, body: SerializedBody, maxAgeSeconds = 60): FastifyReply {
  answer(request, reply, body.etag, maxAgeSeconds, () => reply.type('application/json; charset=utf-8').send(body.json));
  return reply;
}
