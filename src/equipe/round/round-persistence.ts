import type { QueryClient } from '@tanstack/react-query';
import { persistQueryClient, type PersistedClient } from '@tanstack/query-persist-client-core';
import { createStore, del, get, set } from 'idb-keyval';
import { isKeptTeamQuery, ROUND_KEPT_MS } from './round-queries';

/**
 * Keeps the team's identity and the rounds read on this phone in IndexedDB (a database apart from
 * the shop's copy), so the courier's round opens offline once opened online that day. Only those
 * queries: the rest of the team's data stays online only. A new build drops the copy (shapes may
 * change). It holds the round's customers' first names and phones, as the paper sheet does; a
 * logout empties it (the queries are reset, and the copy follows).
 */
export function persistTeamQueries(queryClient: QueryClient) {
  const store = createStore('popote-team', 'queries');
  const [unsubscribe, restored] = persistQueryClient({
    queryClient,
    persister: {
      persistClient: (client: PersistedClient) => set('queries', client, store),
      restoreClient: () => get<PersistedClient>('queries', store),
      removeClient: () => del('queries', store),
    },
    maxAge: ROUND_KEPT_MS,
    buster: import.meta.env.VITE_BUILD_ID ?? 'dev',
    // A read that failed offline keeps its data: the copy must keep it too.
    dehydrateOptions: { shouldDehydrateQuery: (query) => query.state.data !== undefined && isKeptTeamQuery(query.queryKey) },
  });
  return { unsubscribe, restored };
}
