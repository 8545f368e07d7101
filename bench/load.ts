import autocannon, { type Client, type Request } from 'autocannon';

/** One load run's figures, as the report shows them. */
export interface LoadResult {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Answers outside 2xx (a 304 would count: the runs never send If-None-Match). */
  non2xx: number;
  /** Socket errors and timeouts. */
  socketErrors: number;
  total: number;
  statusCodes: Record<string, number>;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  /** Requests each connection loops over; every connection gets its own list (its session's cookies). */
  requestsFor?: (connection: number) => Request[];
}

/** autocannon in this process against a server in another one (loopback), one request in flight per connection. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  let next = 0;
  const requestsFor = options.requestsFor;
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    pipelining: 1,
    timeout: 10,
    setupClient: requestsFor ? (client: Client) => client.setRequests(requestsFor(next++)) : undefined,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    socketErrors: result.errors,
    total: result.requests.total,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count])),
  };
}

/** Several loads at once (e.g. one per server process), added up; latencies are the worst of them. */
export async function loadTogether(runs: LoadOptions[]): Promise<LoadResult> {
  const results = await Promise.all(runs.map(load));
  const statusCodes: Record<string, number> = {};
  for (const r of results) for (const [code, n] of Object.entries(r.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  return {
    requestsPerSecond: results.reduce((sum, r) => sum + r.requestsPerSecond, 0),
    latencyP50Ms: Math.max(...results.map((r) => r.latencyP50Ms)),
    latencyP99Ms: Math.max(...results.map((r) => r.latencyP99Ms)),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    socketErrors: results.reduce((sum, r) => sum + r.socketErrors, 0),
    total: results.reduce((sum, r) => sum + r.total, 0),
    statusCodes,
  };
}

/** The median of some figures (the mean of the two middle ones for an even count). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
