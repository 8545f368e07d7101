import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { OVERLOADED } from '#shared/api/error-codes';
import { API_PREFIX } from '#shared/api/route-table';
import { HEALTH } from '#shared/api/routes/health';

/** When the server stops taking new API requests (see docs/reliability.md, "Overload"). */
export interface OverloadLimits {
  /** Mean event-loop delay over the last sample, in ms: past it the process cannot keep up. */
  eventLoopDelayMs: number;
  /** How often that delay is sampled, in ms. */
  sampleIntervalMs: number;
  /** Calls waiting for the database (Database.waiting): a pool's queue, PGlite's one session. */
  databaseWaiting: number;
  /** What the refusal tells the client to wait, in seconds. */
  retryAfterSeconds: number;
}

/*
 * An overloaded server should say so at once rather than let requests queue past the client's
 * deadline (10 s for a read, 20 s for a change, src/lib/api-client.ts): a 503 with Retry-After
 * costs a few microseconds and no database round trip, a timeout costs the customer 10 s and a
 * retry that lands in the same queue. The database limit is far above what a busy lunch queues
 * (about one waiting call per connection of the bench at 200 connections): it only cuts a queue
 * that no longer drains.
 */
export const OVERLOAD_LIMITS: OverloadLimits = { eventLoopDelayMs: 1000, sampleIntervalMs: 500, databaseWaiting: 500, retryAfterSeconds: 2 };


/** Shed: API calls. Health must tell the truth to a load balancer, and pages and files need no database. */
const sheds = (request: FastifyRequest) => request.url.startsWith(API_PREFIX) && !request.url.startsWith(HEALTH.getHealth.path);

/**
 * Refuses new API requests with 503, `Retry-After` and the French envelope while the event loop
 * lags (@fastify/under-pressure samples its delay) or too many calls wait for the database (read
 * on every request: a queue can grow within one sample).
 */
export default fp(async function overload(app: FastifyInstance, opts: { limits?: Partial<OverloadLimits> }) {
  const limits = { ...OVERLOAD_LIMITS, ...opts.limits };
  /** Sets the refusal's status and headers and answers its body (for the caller to send). */
  const refusal = (reply: FastifyReply) => {
    reply.code(503).header('retry-after', String(limits.retryAfterSeconds)).header('cache-control', 'no-store');
    return { message: OVERLOADED.message, code: OVERLOADED.code };
  };

  // Starting (compiling the routes' schemas) holds the loop for a moment on a busy machine: the
  // delay sampled across it says nothing of the requests to come, so it counts from the second
  // sample after the server is ready. Process time, not the shop's clock.
  let readyAt = Infinity;
  app.addHook('onReady', async () => {
    readyAt = performance.now();
  });
  const warm = () => performance.now() - readyAt > 2 * limits.sampleIntervalMs;

  await app.register(underPressure, {
    maxEventLoopDelay: limits.eventLoopDelayMs,
    sampleInterval: limits.sampleIntervalMs,
    retryAfter: limits.retryAfterSeconds,
    // A body returned is sent as the answer (its README; its types say void); nothing lets the
    // request through (pages, files, health).
    pressureHandler: (request, reply) => (sheds(request) && warm() ? (refusal(reply) as unknown as void) : undefined),
  });

  app.addHook('onRequest', async (request, reply) => {
    if (sheds(request) && app.database.waiting() > limits.databaseWaiting) {
      request.log.warn({ waiting: app.database.waiting() }, 'overloaded: database queue');
      return reply.send(refusal(reply));
    }
  });
}, { name: 'overload', dependencies: ['db'] });
