import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { restoreStoredCart, shareCartWithOtherTabs } from '../features/cart/cart-store';
import { registerServiceWorker } from '../features/pwa/register-sw';
import { setBusyNotice } from '../lib/api-client';
import { watchConnection } from '../lib/connection-store';
import { restoreKeptState } from '../lib/kept-state';
import { markHydrated } from '../lib/use-hydrated';
import { notify } from '../lib/snackbar-store';
import { wait } from '../lib/wait';
import { interceptInternalLinks } from './internal-links';

let started = false;

/**
 * What the browser does once the server's page is interactive, never before: nothing here may
 * change what the first render drew, or hydration would not match. Each step in its own task
 * (after hydration's own effects, which are one task already): a tap between them is answered.
 */
function startAfterHydration(queryClient: QueryClient): void {
  if (started) return;
  started = true;
  void inTurns([
    // What waited for the page to be the app's (the visitor's state) is applied from here.
    markHydrated,
    () => {
      // A saturated server: the call waits a moment and tries once more; the customer is told why.
      setBusyNotice((message) => notify({ title: 'Patience', message, type: 'info' }));
      // Back online: everything shown is asked again (state, cart, menus, points), stale copies replaced.
      watchConnection(() => void queryClient.invalidateQueries());
    },
    // The last cart seen, until the server answers (offline, it is all there is); the same for who
    // the visitor is and their chosen point. Neither replaces what the server has answered since.
    () => void restoreStoredCart(),
    () => void restoreKeptState(),
    shareCartWithOtherTabs,
    registerServiceWorker,
    // What stays readable offline comes back from IndexedDB (not needed to draw the page online).
    () => void import('./query-persistence').then((m) => m.persistOfflineQueries(queryClient)),
    // Said on the document for whoever waits for an interactive page (the browser tests).
    () => (document.documentElement.dataset.hydrated = ''),
  ]);
}

async function inTurns(steps: (() => void)[]): Promise<void> {
  for (const step of steps) {
    await wait(0);
    step();
  }
}

/** Starts the above once the app has taken the page over; links are the router's from then on. */
export function AfterHydration() {
  const queryClient = useQueryClient();
  const router = useRouter();
  useEffect(() => startAfterHydration(queryClient), [queryClient]);
  useEffect(() => interceptInternalLinks((href) => void router.history.push(href)), [router]);
  return null;
}
