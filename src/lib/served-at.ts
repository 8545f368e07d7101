import { hashKey, type QueryKey } from '@tanstack/react-query';

/**
 * When the server produced each catalog answer (its Date header): offline, the service worker
 * answers with a copy kept from an earlier visit, and the customer is told how old it is — the
 * query's own dataUpdatedAt would say "now".
 */
const served = new Map<string, number>();

export function recordServedAt(queryKey: QueryKey) {
  return (response: Response) => {
    // A page rendered on the server is the current copy: nothing to remember there, for anyone.
    if (typeof window === 'undefined') return;
    const at = Date.parse(response.headers.get('date') ?? '');
    if (Number.isFinite(at)) served.set(hashKey(queryKey), at);
  };
}

/** The server time of the data a query holds: its Date header when known, else when it was fetched. */
export function servedAt(queryKey: QueryKey, dataUpdatedAt: number): number {
  return served.get(hashKey(queryKey)) ?? dataUpdatedAt;
}
