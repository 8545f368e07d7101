import { isPublicReadKey } from '../shared/api/public-reads';

/**
 * What stays readable offline (docs/offline.md): the catalog, the delivery points,
 * the shop's opening and its settings. Their queries are persisted to IndexedDB, never personal data.
 */
export const OFFLINE_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

/**
 * Options of those queries: tried on the network even offline (the service worker answers from its
 * cache), and kept in memory as long as they are persisted (gcTime ≥ the persister's maxAge, or the
 * restored cache would be dropped).
 */
export const offlineReadable = { networkMode: 'offlineFirst', gcTime: OFFLINE_MAX_AGE_MS } as const;

/** Whether a query is persisted: the public reads (src/shared/api/public-reads.ts); never the state (customer, cart), nor the account. */
export const isPersistedQuery = isPublicReadKey;
