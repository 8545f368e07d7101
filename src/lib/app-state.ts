import { onlineManager, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { shopOpenSchema, stateSchema, type Settings } from '../shared/api/state';
import { api } from './api-client';
import { OFFLINE_MAX_AGE_MS, offlineReadable } from './offline-queries';

/** GET /api/state: customer, delivery, cart, settings and contact types (refreshed after changes). */
export const appStateQuery = queryOptions({
  queryKey: ['state'],
  queryFn: ({ signal }) => api('/api/state', { schema: stateSchema, signal }),
  staleTime: 30_000,
});

export const shopOpenQuery = queryOptions({
  queryKey: ['state', 'shop-open'],
  queryFn: ({ signal }) => api('/api/state/shop-open', { schema: shopOpenSchema, signal }),
  staleTime: 60_000,
  ...offlineReadable,
});

/**
 * The settings of the last state seen, kept apart from it so they can be persisted for offline
 * reading; filled by the app shell, never fetched.
 */
export const lastSettingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: (): Promise<Settings> => Promise.reject(new Error('Filled from the app state only.')),
  enabled: false,
  staleTime: Infinity,
  gcTime: OFFLINE_MAX_AGE_MS,
});

/**
 * The current delivery date: the state's; offline, before the state ever answered, the shop-open
 * answer's (the service worker and the persisted cache keep it; the state is personal and is not).
 */
export function useDeliveryDate(): string | null {
  const state = useQuery(appStateQuery).data;
  const shop = useQuery(shopOpenQuery).data;
  return state?.current_delivery_date ?? shop?.current_delivery_date ?? null;
}

/**
 * Loaders: the delivery date, or null when it cannot be had (the page shows its own error).
 * Offline, no loader waits for the state: its query would pause until the network returns.
 */
export async function loadDeliveryDate(queryClient: QueryClient): Promise<string | null> {
  const known = queryClient.getQueryData(appStateQuery.queryKey);
  if (known) return known.current_delivery_date;
  try {
    if (onlineManager.isOnline()) return (await queryClient.ensureQueryData(appStateQuery)).current_delivery_date;
  } catch {
    // The shop-open answer below may still be there.
  }
  try {
    return (await queryClient.ensureQueryData({ ...shopOpenQuery, retry: false })).current_delivery_date;
  } catch {
    return null;
  }
}
