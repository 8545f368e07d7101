import { createRouter } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import type { QueryClient } from '@tanstack/react-query';
import { bindPanelRouter } from '../lib/panel-history';
import { closePopins } from '../lib/popins-store';
import { routeTree } from './route-tree.gen';

export interface AppRouterOptions {
  /** The site's origin (the server passes its public address; the browser's is its own). */
  origin?: string;
  /** The nonce of the page's scripts (the server gives one per answer; its CSP allows no other). */
  nonce?: string;
  /** The server renders the root only (the offline shell); the browser renders the route. */
  isShell?: boolean;
}

/**
 * The router, made the same way by the server (one per request) and by the browser: the Query cache
 * the server filled is sent with the page and hydrated, so nothing is fetched twice.
 */
export function createAppRouter(queryClient: QueryClient, options: AppRouterOptions = {}) {
  const router = createRouter({
    routeTree,
    context: { queryClient, origin: options.origin ?? window.location.origin },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    isShell: options.isShell,
    ssr: options.nonce ? { nonce: options.nonce } : undefined,
  });
  setupRouterSsrQueryIntegration({ router, queryClient });
  // Changing page closes the pop-ins (the panels go with the address). At the start of the
  // navigation: once resolved (after its loaders) would also close one opened meanwhile.
  router.subscribe('onBeforeNavigate', ({ pathChanged }) => {
    if (pathChanged) closePopins();
  });
  if (typeof window !== 'undefined') bindPanelRouter(router);
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
