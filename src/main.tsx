import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { reloadOnChunkFailure } from './features/pwa/chunk-reload';
import { registerServiceWorker } from './features/pwa/register-sw';
import { restoreStoredCart } from './features/cart/cart-store';
import { watchConnection } from './lib/connection-store';
import './app/global.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

reloadOnChunkFailure();
registerServiceWorker();
// The last cart seen, until the server answers (offline, it is all there is).
restoreStoredCart();
// Back online: everything shown is asked again (state, cart, menus, points), stale copies replaced.
watchConnection(() => void queryClient.invalidateQueries());
// What stays readable offline comes back from IndexedDB (not needed to draw the page online).
void import('./app/query-persistence').then((m) => m.persistOfflineQueries(queryClient));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
