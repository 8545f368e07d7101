import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The Prometheus metrics of this process (GET /metrics, server/plugins/metrics.ts), in one registry.
 * The business counters are counted where the thing happens (checkout, payments, mail, stock)
 * through the functions below, so no module imports prom-client itself. One process runs one app;
 * the tests build several in a process and read differences, never absolute values.
 */
export const metricsRegistry = new Registry();

// Process, heap, GC and event-loop delay (nodejs_eventloop_lag_* and its percentiles).
collectDefaultMetrics({ register: metricsRegistry });

export const httpRequests = new Counter({
  name: 'popote_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpDuration = new Histogram({
  name: 'popote_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** The node-postgres pools to report (PGlite has none). */
const pools = new Set<() => { total: number; idle: number; waiting: number }>();

new Gauge({
  name: 'popote_db_pool_connections',
  help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const stats of pools) {
      const { total, idle, waiting } = stats();
      this.inc({ state: 'total' }, total);
      this.inc({ state: 'idle' }, idle);
      this.inc({ state: 'waiting' }, waiting);
    }
  },
});

/** Reports a database pool until the returned function is called (when the database closes). */
export function watchPool(stats: () => { total: number; idle: number; waiting: number }): () => void {
  pools.add(stats);
  return () => void pools.delete(stats);
}

/** The upload checks' lanes (server/modules/contact/upload-check.ts), read when scraped. */
let uploadChecks: () => { waiting: number; quick: number; slow: number } = () => ({ waiting: 0, quick: 0, slow: 0 });

new Gauge({
  name: 'popote_upload_checks',
  help: 'Uploaded files being checked: waiting for a quick lane, in a quick lane, in a slow lane',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    const { waiting, quick, slow } = uploadChecks();
    this.set({ state: 'waiting' }, waiting);
    this.set({ state: 'quick' }, quick);
    this.set({ state: 'slow' }, slow);
  },
});

/** Reports the upload checks' lanes (one set of lanes per process). */
export function watchUploadChecks(stats: typeof uploadChecks): void {
  uploadChecks = stats;
}

const ordersPlaced = new Counter({ name: 'popote_orders_placed_total', help: 'Orders placed (committed)', registers: [metricsRegistry] });

const payments = new Counter({
  name: 'popote_payments_total',
  help: 'Payments by means (card, edenred, pool, free) and outcome (success, pending, refused, error)',
  labelNames: ['means', 'outcome'] as const,
  registers: [metricsRegistry],
});

const mails = new Counter({
  name: 'popote_mails_total',
  help: 'Mail queued (in a transaction, counted whether or not it committed), sent, and failed tries',
  labelNames: ['event'] as const,
  registers: [metricsRegistry],
});

const soldOut = new Counter({
  name: 'popote_sold_out_refusals_total',
  help: 'Refusals because a dish was sold out, by stage (cart, checkout)',
  labelNames: ['stage'] as const,
  registers: [metricsRegistry],
});

export type PaymentMeans = 'card' | 'edenred' | 'pool' | 'free';
export type PaymentOutcome = 'success' | 'pending' | 'refused' | 'error';

/** What the last replay of the ledger found wrong (server/modules/ledger/ledger-check.service.ts): 0 when it agrees to the cent. */
/** The open pages' news streams of this process (server/modules/events/), read when scraped. */
const eventStreams = new Set<() => number>();
new Gauge({
  name: 'popote_event_streams',
  help: 'Open pages listening to the news (server-sent events streams) on this process',
  registers: [metricsRegistry],
  collect() {
    this.set([...eventStreams].reduce((sum, count) => sum + count(), 0));
  },
});
/** Reports a hub's open streams until the returned function is called. */
export function watchEventStreams(count: () => number): () => void {
  eventStreams.add(count);
  return () => void eventStreams.delete(count);
}

const ledgerProblems = new Gauge({ name: 'popote_ledger_problems', help: 'Differences the last ledger check found (0: the ledger and the documents agree)', registers: [metricsRegistry] });
export const setLedgerProblems = (n: number) => ledgerProblems.set(n);

export const countOrderPlaced = () => ordersPlaced.inc();
export const countPayment = (means: PaymentMeans, outcome: PaymentOutcome) => payments.inc({ means, outcome });
export const countMail = (event: 'queued' | 'sent' | 'failed', n = 1) => void (n > 0 && mails.inc({ event }, n));
export const countSoldOut = (stage: 'cart' | 'checkout') => soldOut.inc({ stage });
