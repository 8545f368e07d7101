import type { QueryClient } from '@tanstack/react-query';
import { persistQueryClient, type PersistedClient } from '@tanstack/query-persist-client-core';
import { createStore, del, get, set } from 'idb-keyval';
import { roundSchema, roundsAnswerSchema } from '../../shared/api/courier-round';
import { staffMeSchema } from '../../shared/api/staff';
import { isKeptTeamQuery, ROUND_KEPT_MS } from './round-queries';

/**
 * Keeps the team's identity and the rounds read on this phone in IndexedDB (a database apart from
 * the shop's copy), so the courier's round opens offline once opened online that day. Only those
 * queries: the rest of the team's data stays online only. It holds the round's customers' first
 * names and phones, as the paper sheet does; a logout empties it (the queries are reset, and the
 * copy follows).
 *
 * A new build keeps the copy (unlike the shop's catalog copy): a deploy mid-round must not leave a
 * courier in a dead zone without their round. What a build restores is checked against its own
 * schemas instead, and a query whose kept shape it no longer reads is dropped alone. The storage
 * refused (a private mode, site data blocked): nothing is kept, and nothing is thrown either.
 */
export const TEAM_COPY_FORMAT = 'equipe-copy-1';

/** The kept queries this build can read: each checked against the answer's schema, the others left out. */
export function readableCopy(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.filter((query) => {
    const [, kind] = query.queryKey as readonly unknown[];
    const data = query.state.data;
    if (kind === 'round') return roundSchema.safeParse(data).success;
    if (kind === 'rounds') return roundsAnswerSchema.safeParse(data).success;
    if (kind === 'me') return data === null || staffMeSchema.safeParse(data).success;
    return false;
  });
  return { ...client, clientState: { ...client.clientState, queries } };
}

/** The copy's database, opened at the first use and again after a failure: a refusal once is not kept for good. */
function keptCopy() {
  let opened: ReturnType<typeof createStore> | null = null;
  const withStore = async <T>(run: (store: ReturnType<typeof createStore>) => Promise<T>): Promise<T | undefined> => {
    try {
      // createStore opens at once, and throws at once where the browser refuses IndexedDB.
      opened ??= createStore('popote-team', 'queries');
      return await run(opened);
    } catch {
      // Refused: nothing kept, the round will need the network to open.
      opened = null;
      return undefined;
    }
  };
  return {
    persistClient: async (client: PersistedClient) => void (await withStore((store) => set('queries', client, store))),
    restoreClient: async () => {
      const kept = await withStore((store) => get<PersistedClient>('queries', store));
      return kept?.clientState ? readableCopy(kept) : undefined;
    },
    removeClient: async () => void (await withStore((store) => del('queries', store))),
  };
}

export function persistTeamQueries(queryClient: QueryClient) {
  const [unsubscribe, restored] = persistQueryClient({
    queryClient,
    persister: keptCopy(),
    maxAge: ROUND_KEPT_MS,
    buster: TEAM_COPY_FORMAT,
    // A read that failed offline keeps its data: the copy must keep it too.
    dehydrateOptions: { shouldDehydrateQuery: (query) => query.state.data !== undefined && isKeptTeamQuery(query.queryKey) },
  });
  return { unsubscribe, restored: restored.catch(() => undefined) };
}
