import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { closeAll, overlays } from '../lib/overlays-store';
import { routeTree } from './route-tree.gen';

export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
  // Changing route closes all modals and pop-ins (shop.md §2), without going back in history.
  router.subscribe('onResolved', ({ pathChanged }) => {
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
