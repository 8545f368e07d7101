import type { QueryClient } from '@tanstack/react-query';

/** What every route's loader and head receive. */
export interface RouterContext {
  queryClient: QueryClient;
  /** The site's origin: the public address on the server, the page's in the browser (the same). */
  origin: string;
}
