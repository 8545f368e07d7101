import type { QueryClient } from '@tanstack/react-query';

/** What every route's loader and head receive. */
export interface RouterContext {
  queryClient: QueryClient;
  /** The site's origin: the public address on the server, the page's in the browser (the same). */
  origin: string;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * The layout's pages show the visitor's own state (/api/state: account, cart, point): the entry
     * asks for it before hydration (src/main.tsx). The shop's layout says so; the team's does not.
     */
    visitorState?: boolean;
  }
}
