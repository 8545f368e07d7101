import { onlineManager, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
/**
 * The state's schemas load with the answers (no zod on the first screen), in two tasks: zod's own
 * code with the shared fields, then the schemas built on them. Together they hold a mid-range
 * phone's main thread for longer than a tap should wait. (Importing `zod/mini` itself here made
 * the bundler move zod out with the team's schemas, which the shop then loaded.)
 */
const stateSchemas = () =>
  import('../shared/api/fields')
    .then(() => wait(0))
    .then(() => import('../shared/api/state'));
import { useSnapshot } from 'valtio';
import { useMemo } from 'react';
import { PUBLIC_READS, publicReadUrl } from '../shared/api/public-reads';
import type { AppState, Settings, ShopOpen } from '../shared/api/state';
import { shopOpenAt } from '../shared/delivery-rules';
import { parisDate, parisTime } from '../shared/time';
import { api } from './api-client';
import { connection, useOnline } from './connection-store';
import { keepState, keptState } from './kept-state';
import { offlineReadable } from './offline-queries';
import { pageHydrated, useHydratedValue } from './use-hydrated';
import { wait } from './wait';
import { STATE } from '../shared/api/routes/state';

/** GET /api/state: customer, delivery, cart, settings and contact types (refreshed after changes). */
export const appStateQuery = queryOptions({
  queryKey: ['state'],
  queryFn: async ({ signal }) => {
    stateRequestedAt = Date.now();
    // The path from the table, the schema loaded in two tasks (above) rather than the table's one import.
    const state = await api(STATE.getState.path, { schema: () => stateSchemas().then((m) => m.stateSchema), signal });
    // An answer that comes while the page hydrates is applied once hydration has ended, in a task
    // of its own: applied before hydration's effects subscribe, it would have every part that
    // shows it drawn again synchronously inside them, one long task (docs/bench/README.md).
    await pageHydrated;
    keepState(state);
    return state;
  },
  staleTime: 30_000,
});

let stateRequestedAt = 0;
/** When the app state was last asked for (ms): its cart is as the server held it then. */
export const lastStateRequestAt = () => stateRequestedAt;

export const shopOpenQuery = queryOptions({
  queryKey: PUBLIC_READS.shopOpen.key,
  queryFn: ({ signal }) => api(publicReadUrl('shopOpen'), { schema: () => stateSchemas().then((m) => m.shopOpenSchema), signal }),
  staleTime: PUBLIC_READS.shopOpen.staleMs,
  ...offlineReadable,
});

/**
 * GET /api/settings: the shop's settings, public, so they are in the server's page and persisted for
 * offline reading (the state carries them too, but it is personal and never persisted).
 */
export const settingsQuery = queryOptions({
  queryKey: PUBLIC_READS.settings.key,
  queryFn: ({ signal }) => api(publicReadUrl('settings'), { schema: () => stateSchemas().then((m) => m.settingsSchema), signal }),
  staleTime: PUBLIC_READS.settings.staleMs,
  ...offlineReadable,
});

/**
 * The app state (customer, cart, chosen point): personal, so never in the server's page. It shows
 * once the page is hydrated, in every part of it at once, late-hydrating parts included: drawn
 * earlier, a part hydrated after the state arrived would not match the server's HTML.
 */
export function useAppState() {
  const query = useQuery(appStateQuery);
  return { data: useAnswerOrKept(query, (state) => state), query };
}

/**
 * One part of the app state (the customer's id, the chosen point…), for the parts of every page:
 * each is drawn again only when its own part changes, not at each answer of the state. `select`
 * never answers `undefined` (that means "no answer").
 */
export function useAppStateOf<T>(select: (state: AppState) => T): T | undefined {
  return useAnswerOrKept(useQuery({ ...appStateQuery, select }), select);
}

/**
 * The server's answer (the last one kept when a later read failed); with no answer at all, offline
 * or after an error, the visitor as last known (identity, chosen point), a delivery chosen for a
 * day now past not shown as the current one. The connection and the kept copy are read only then:
 * a part is not drawn again each time the state is kept. Nothing until hydrated.
 */
function useAnswerOrKept<T>(query: { data: T | undefined; isPending: boolean; isError: boolean }, select: (state: AppState) => T): T | undefined {
  const connectionNow = useSnapshot(connection);
  const kept = useSnapshot(keptState);
  const unanswered = query.isPending || (query.isError && query.data === undefined);
  let value = query.data;
  if (unanswered && (!connectionNow.online || query.isError)) {
    const state = kept.state as AppState | null;
    value = state ? select(withoutPastDelivery(state)) : undefined;
  }
  return useHydratedValue(value, undefined);
}

function withoutPastDelivery(state: AppState): AppState {
  const day = state.current_delivery?.starts_at.slice(0, 10);
  return day && day < parisDate(new Date()) ? { ...state, current_delivery: null } : state;
}

/**
 * The shop's settings: public, so in the server's page and offline too; the state's once it has
 * answered (the same, maybe newer).
 */
export function useSettings(): Settings {
  const { data: state } = useAppState();
  const pageCopy = usePublicSettings();
  // The page's copy while the state's says the same: the state's answer redraws no part for them.
  if (state && !sameSettings(state.settings, pageCopy)) return state.settings;
  return pageCopy;
}

const NO_SETTINGS: Settings = {};

/**
 * The public settings alone (the page's copy), for the parts that show nothing more (the footer's
 * links, the home page's alert, the map's default centre): the state's answer does not redraw them.
 */
export function usePublicSettings(): Settings {
  return useQuery(settingsQuery).data ?? NO_SETTINGS;
}

function sameSettings(a: Settings, b: Settings): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * Whether the shop takes orders, and for which date: the server's answer online. Offline that
 * answer is a kept copy, maybe from yesterday: the opening is worked out again from its delivery
 * days and the device's clock, never shown as it was when kept.
 */
export function useShopOpen(): ShopOpen | undefined {
  const { data } = useQuery(shopOpenQuery);
  const online = useOnline();
  return useMemo(() => {
    if (!data || online) return data;
    const now = new Date();
    return shopOpenAt(data, parisDate(now), parisTime(now));
  }, [data, online]);
}

/**
 * The current delivery date: the state's; offline, the one worked out from the shop-open answer
 * (the service worker and the persisted cache keep it; the state is personal and is not).
 */
export function useDeliveryDate(): string | null {
  const stateDate = useAppStateOf((state) => state.current_delivery_date);
  const shop = useShopOpen();
  if (!useOnline() && shop) return shop.current_delivery_date;
  return stateDate ?? shop?.current_delivery_date ?? null;
}

/**
 * Loaders: the delivery date, or null when it cannot be had (the page shows its own error).
 * Offline, no loader waits for the state: its query would pause until the network returns.
 */
export async function loadDeliveryDate(queryClient: QueryClient): Promise<string | null> {
  const known = queryClient.getQueryData(appStateQuery.queryKey);
  if (known) return known.current_delivery_date;
  try {
    // The server's page never reads the state (it is personal): the shop-open answer has the date.
    // Once, never retried: a retry falling after the app learnt it is offline would be paused until
    // the network returns, and the page would wait for it ("Chargement de la page" offline).
    if (typeof window !== 'undefined' && navigator.onLine && onlineManager.isOnline()) {
      return (await queryClient.ensureQueryData({ ...appStateQuery, retry: false })).current_delivery_date;
    }
  } catch {
    // The shop-open answer below may still be there.
  }
  try {
    return (await queryClient.ensureQueryData({ ...shopOpenQuery, retry: false })).current_delivery_date;
  } catch {
    return null;
  }
}

/** The delivery date already known to the cache (a route's head runs after its loader fetched it). */
export function knownDeliveryDate(queryClient: QueryClient): string | null {
  return queryClient.getQueryData(appStateQuery.queryKey)?.current_delivery_date ?? queryClient.getQueryData(shopOpenQuery.queryKey)?.current_delivery_date ?? null;
}
