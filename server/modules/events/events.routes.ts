import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nonJsonAnswer } from '#shared/api/documents';
import { EVENTS_HEARTBEAT_MS, EVENTS_RETRY_MS, type LiveEvent } from '#shared/api/events';
import { AppError } from '../../lib/errors';
import { watchEventStreams } from '../../lib/metrics';
import { EventsHub, type Audience } from './events-hub';
import { EVENTS } from '#shared/api/routes/events';
import { serve } from '../../lib/table-route';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer is a stream that ends when the page leaves (the routes below). */
    stream?: boolean;
  }
  interface FastifyInstance {
    /** The news of open pages (server/modules/events/). */
    eventsHub: EventsHub;
    /** How to end each stream open on this server (at its shutdown). */
    eventStreamEnds: Set<() => void>;
  }
}

/** Streams one process holds at most: past it a page reads again instead (it falls back by itself). */
export const MAX_STREAMS = 2_000;
/**
 * A stream ends after this long, and the browser opens it again at once with the position it had
 * (nothing is missed): a session that ended is noticed then, and no connection is held for ever.
 */
export const STREAM_MAX_MS = 15 * 60_000;

export const STREAMS_BUSY = 'events_busy';
const STREAMS_BUSY_MESSAGE = 'Les nouvelles en direct sont momentanément indisponibles : la page se met à jour en relisant.';

const STREAM_ANSWER = nonJsonAnswer('text/event-stream', 'Server-sent events: each message’s data is one event of src/shared/api/events.ts as JSON, its id the position to reconnect from (Last-Event-ID).');

/** The hub of this process, started with the server and stopped with it (the open streams end then). */
export const eventsPlugin = fp(
  async function events(app: FastifyInstance) {
    const hub = new EventsHub(app.database, (err) => app.log.warn({ err }, 'events read failed'));
    const ends = new Set<() => void>();
    app.decorate('eventsHub', hub);
    app.decorate('eventStreamEnds', ends);
    const unwatch = watchEventStreams(() => hub.streams);
    app.addHook('onReady', () => hub.start());
    // Before the server waits for its connections to end: a stream would hold it for ever.
    app.addHook('preClose', async () => {
      ends.forEach((end) => end());
      hub.close();
      unwatch();
    });
  },
  { name: 'events', dependencies: ['db'] },
);

/** The position a reconnecting browser sends back (Last-Event-ID), or the page's own (`since`). */
const lastEventId = (request: FastifyRequest<{ Querystring: { since?: string } }>) => {
  const header = request.headers['last-event-id'];
  return typeof header === 'string' && header.length > 0 ? header : (request.query.since ?? null);
};

/**
 * Answers `request` with the stream of `audience`: what it missed since its Last-Event-ID first,
 * then the news as it comes, a comment every EVENTS_HEARTBEAT_MS, until the page leaves or
 * STREAM_MAX_MS passes. The answer is written by hand (text/event-stream, never compressed or
 * buffered by a proxy).
 */
async function stream(app: FastifyInstance, request: FastifyRequest<{ Querystring: { since?: string } }>, reply: FastifyReply, audience: Audience): Promise<void> {
  const ends = app.eventStreamEnds;
  if (app.eventsHub.streams >= MAX_STREAMS) throw new AppError(503, STREAMS_BUSY, STREAMS_BUSY_MESSAGE, undefined, { 'retry-after': '30' });
  const raw = reply.raw;
  // Live news arriving while the missed lines are read waits behind them: a dish's "sold out" and
  // "back on sale" must reach the page in the order they happened.
  let pending: string[] | null = [];
  const write = (text: string) => (pending ? pending.push(text) : raw.write(text));
  const message = (events: LiveEvent[], position: string) => events.map((event) => `id: ${position}\ndata: ${JSON.stringify(event)}\n\n`).join('');
  const { missed, position, unsubscribe } = await app.eventsHub.subscribe({ audience, send: (events, at) => write(message(events, at)) }, lastEventId(request));

  reply.hijack();
  if (raw.destroyed) return unsubscribe();
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  raw.write(`retry: ${EVENTS_RETRY_MS}\n\n`);
  raw.write(missed === 'reset' ? message([{ kind: 'reset' }], position) : missed.length ? message(missed, position) : `id: ${position}\n\n`);
  for (const text of pending) raw.write(text);
  pending = null;

  const heartbeat = setInterval(() => raw.write(': ♥\n\n'), EVENTS_HEARTBEAT_MS);
  const end = () => {
    clearInterval(heartbeat);
    clearTimeout(limit);
    unsubscribe();
    ends.delete(end);
    if (!raw.writableEnded) raw.end();
  };
  const limit = setTimeout(end, STREAM_MAX_MS);
  ends.add(end);
  raw.on('close', end);
}

/** GET /api/events: the shop's stream (the customer's delivery day, the customer's own orders). */
export const shopEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  await serve(app, EVENTS.getEvents, { config: { stream: true, refusals: { 503: [STREAMS_BUSY] } }, schema: { response: { 200: STREAM_ANSWER } } }, (request, reply) => stream(app, request, reply, { kind: 'shop', date: request.query.date ?? null, customerId: request.session?.customerId ?? null }));
};

/** GET /api/staff/events: the team's stream of a working day (any member). */
export const teamEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  await serve(app, EVENTS.getStaffEvents, { config: { staff: 'any', stream: true, refusals: { 503: [STREAMS_BUSY] } }, schema: { response: { 200: STREAM_ANSWER } } }, (request, reply) => stream(app, request, reply, { kind: 'team', date: request.query.date }));
};
