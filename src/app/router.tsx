import { createRouter } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import type { QueryClient } from '@tanstack/react-query';
import { closeAll, overlays } from '../lib/overlays-store';
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
  // Changing route closes all modals and pop-ins, without going back in history. At
  // the start of the navigation: once resolved (after its loaders) would also close a modal the
  // customer opened meanwhile, e.g. 'Mon compte' clicked right after logging in.
  router.subscribe('onBeforeNavigate', ({ pathChanged }) => {
    if (!pathChanged) return;
    overlays.redirectBack = false;
    closeAll(() => {});
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
