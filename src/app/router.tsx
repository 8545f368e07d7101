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
  // Changing route closes all modals and pop-ins (shop.md §2), without going back in history. At
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
