import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A refusal (4xx) will not change by asking again; network and server failures may. Offline,
        // a query the service worker could not answer fails at once instead of waiting for the
        // network (a page loader would otherwise hang until it returns).
        retry: (count, error) => onlineManager.isOnline() && !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
