import type { QueryClient } from '@tanstack/react-query';
import { persistQueryClient, type PersistedClient } from '@tanstack/query-persist-client-core';
import { del, get, set } from 'idb-keyval';
import { isPersistedQuery, OFFLINE_MAX_AGE_MS } from '../lib/offline-queries';

const KEY = 'popote-queries';

/**
 * IndexedDB may be missing or refused (strict privacy settings, some private modes; its very getter
 * may throw): the offline copy is then not kept, and nothing is reported as an error.
 */
async function quietly<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch {
    return undefined;
  }
}

/**
 * Keeps the catalog, the delivery points, the shop's opening and the settings in IndexedDB, so a
 * customer opening the app offline sees them at once. A new build busts the copy (its shapes may
 * have changed). Loaded after the first render: it is not needed to draw the page online.
 */
export function persistOfflineQueries(queryClient: QueryClient) {
  const [unsubscribe, restored] = persistQueryClient({
    queryClient,
    persister: {
      persistClient: (client: PersistedClient) => quietly(() => set(KEY, client)),
      restoreClient: () => quietly(() => get<PersistedClient>(KEY)),
      removeClient: () => quietly(() => del(KEY)),
    },
    maxAge: OFFLINE_MAX_AGE_MS,
    buster: import.meta.env.VITE_BUILD_ID ?? 'dev',
    dehydrateOptions: { shouldDehydrateQuery: (query) => query.state.status === 'success' && isPersistedQuery(query.queryKey) },
  });
  return { unsubscribe, restored };
}
