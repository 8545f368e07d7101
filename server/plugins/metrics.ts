import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { httpDuration, httpRequests, metricsRegistry, watchPool } from '../lib/metrics';

export const METRICS_PATH = '/metrics';

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.7`) as plain IPv4. */
const plainAddress = (address: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address);

/** Loopback always; then the addresses and CIDRs of METRICS_ALLOW (the monitoring network). */
export function scrapersAllowed(allow: readonly string[]): (address: string | undefined) => boolean {
  const list = new BlockList();
  list.addSubnet('127.0.0.0', 8, 'ipv4');
  list.addAddress('::1', 'ipv6');
  for (const entry of allow) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    if (!address) return false;
    const plain = plainAddress(address);
    const type = isIP(plain) === 6 ? 'ipv6' : isIP(plain) === 4 ? 'ipv4' : null;
    return type !== null && list.check(plain, type);
  };
}

/** Headers a reverse proxy adds: a request carrying one came through a proxy, for someone else. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * Whether the request may read the metrics: the client's address as the rate limits read it
 * (request.ip: X-Forwarded-For as far as TRUST_PROXY trusts it), loopback or METRICS_ALLOW. A
 * request a proxy forwarded whose client TRUST_PROXY does not let us read (its address is still the
 * connection's: a proxy on this machine with TRUST_PROXY=0) is refused: its client is unknown,
 * and loopback would be the proxy's address, not theirs.
 */
function mayScrape(request: FastifyRequest, allowed: (address: string | undefined) => boolean): boolean {
  const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  if (forwarded && request.ip === request.socket.remoteAddress) return false;
  return allowed(request.ip);
}

/**
 * GET /metrics in Prometheus' text format, on the app's own port, for loopback and METRICS_ALLOW
 * only, judged on the client's address as the rate limits judge it (mayScrape): through the
 * documented reverse proxy (TRUST_PROXY=1), a visitor is judged by their own address, never the
 * proxy's loopback. Anyone else gets the ordinary 404. No session, no anti-forgery (a GET), no
 * cookie.
 *
 * Every answer is counted by method, route pattern (never the raw URL, so the number of series
 * stays bounded; `unmatched` for unknown paths) and status.
 */
export default fp(async function metrics(app: FastifyInstance) {
  const allowed = scrapersAllowed(app.env.METRICS_ALLOW);

  app.addHook('onResponse', async (request: FastifyRequest, reply) => {
    // Built files are served by a route each (their names carry a hash): counted by their folder.
    const pattern = request.routeOptions.url ?? 'unmatched';
    const route = /\.[a-z0-9]+$/i.test(pattern) ? pattern.replace(/[^/]+$/, '*') : pattern;
    if (route === METRICS_PATH) return;
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
  });

  const { poolStats } = app.database;
  if (poolStats) app.addHook('onClose', watchPool(poolStats));

  app.get(METRICS_PATH, { config: { session: false } }, async (request, reply) => {
    if (!mayScrape(request, allowed)) return reply.callNotFound();
    const body = await metricsRegistry.metrics();
    return reply.type(metricsRegistry.contentType).header('cache-control', 'no-store').send(body);
  });
}, { name: 'metrics', dependencies: ['db'] });
