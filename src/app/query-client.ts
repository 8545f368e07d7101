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
        // The browser's own flag counts too: a page opened offline starts with the query library
        // believing it is online, and a retry it scheduled would then be paused, not failed.
        retry: (count, error) => browserOnline() && onlineManager.isOnline() && !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;
