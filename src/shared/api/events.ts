import { z } from 'zod/mini';
import { dateQuerySchema, isoDateField } from './fields';
import { ORDER_STATES } from './staff';

/*
 * News pushed to open pages (docs/architecture.md, "News to open pages"): GET /api/events for the
 * shop's pages, GET /api/staff/events for the team's, each a text/event-stream. Each message is
 * one of the events below, as JSON in its `data`; its `id` is the position to ask from after a cut
 * (the browser sends it back as Last-Event-ID).
 */

/**
 * Where a page reopening its stream stands (the last id it was told): what a browser's reconnect
 * sends as Last-Event-ID, for a stream opened anew by the page. Digits, as the server wrote them.
 */
const sinceField = z.optional(z.string().check(z.regex(/^\d{1,20}$/, { error: 'Position inconnue.' })));

/** The shop's stream: the news of one delivery day (the customer's), and of the customer's own orders. */
export const shopEventsQuerySchema = z.extend(dateQuerySchema, { since: sinceField });
/** The team's stream: the news of one working day. */
export const teamEventsQuerySchema = z.object({ date: isoDateField, since: sinceField });

/** A dish sold out or on sale again on `date`. */
export const stockEventSchema = z.object({ kind: z.literal('stock'), date: isoDateField, product_id: z.int(), sold_out: z.boolean() });
/** Dishes put on or taken off the menu of `date`: the day's catalog is to read again. */
export const catalogEventSchema = z.object({ kind: z.literal('catalog'), date: isoDateField });
/** An order placed or its state changed (its customer's stream, the team's of its day). */
export const orderEventSchema = z.object({ kind: z.literal('order'), date: z.nullable(isoDateField), order_id: z.int(), state: z.enum(ORDER_STATES), status: z.int() });
/** A round opened or closed (the team's). */
export const roundEventSchema = z.object({ kind: z.literal('round'), date: isoDateField, tour_id: z.int(), closed: z.boolean() });
/**
 * The tricycle arrived at the stop of one of the customer's orders (the courier's "Arrivé", its
 * customer's stream only): `message` is what the page says, as the push does.
 */
export const arrivalEventSchema = z.object({ kind: z.literal('arrival'), date: isoDateField, order_id: z.int(), location: z.string(), until: z.string(), message: z.string() });
/**
 * What was missed cannot be told (the position asked from is unknown or too old, or too much
 * happened): everything shown is to be read again.
 */
export const resetEventSchema = z.object({ kind: z.literal('reset') });

export const liveEventSchema = z.discriminatedUnion('kind', [stockEventSchema, catalogEventSchema, orderEventSchema, roundEventSchema, arrivalEventSchema, resetEventSchema]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** How long a browser waits before reconnecting a cut stream (the stream's `retry`), in ms. */
export const EVENTS_RETRY_MS = 3_000;
/** A comment line is sent this often on a quiet stream: proxies cut a connection idle for a minute. */
export const EVENTS_HEARTBEAT_MS = 25_000;
