import { RouterClient } from '@tanstack/react-router/ssr/client';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { reloadOnChunkFailure } from './features/pwa/chunk-reload';
import { setCallWatcher } from './lib/api-client';
import { appStateQuery } from './lib/app-state';
import { markHydrated } from './lib/use-hydrated';
import { callWatcher } from './lib/connection-store';
import { wait } from './lib/wait';
import './app/global.css';

reloadOnChunkFailure();
// Watched from the first call (the visitor's state, asked during hydration): one that stalls says
// "lente" after a few seconds, not only "ne répond pas" at its deadline. The notice itself shows
// only once hydrated (offline-banner.tsx), so the first render still matches the server's.
setCallWatcher(callWatcher);

// The main thread given back between steps: the app's start is several tasks (its modules'
// evaluation, the router's creation, the state's request, hydration's start) rather than one long
// one a tap or a scroll would wait for.
await wait(0);
const queryClient = createQueryClient();
// The page's nonce is read back by the router from the server's <meta property="csp-nonce">.
const router = createAppRouter(queryClient);
await wait(0);
// The visitor's state (personal, so never in the server's page) is asked for now, not from
// hydration's effects: it answers sooner, and a query that starts during those effects has every
// part showing it drawn again at once, in one task. Only the pages whose layout shows it (the
// shop's, staticData.visitorState): the team's app never asks for it.
const visitorState = router.matchRoutes(router.latestLocation).some((match) => match.staticData.visitorState);
if (visitorState) void queryClient.prefetchQuery(appStateQuery);
await wait(0);

// The page came from the server with its data, and is painted already (the page's first script,
// src/boot.ts, loads this one after the first paint): React takes it over where it stands.
// Whatever the first screen does not need (the service worker, the stored cart, the offline copy)
// starts once it is interactive (src/app/after-hydration.ts).
// The offline shell (the root without its route, served by the service worker for a page it never
// kept) cannot match what the browser draws: React draws the route itself, which is the shell's
// purpose, not an error to report.
const shell = document.documentElement.hasAttribute('data-shell');
// The state's answer waits for hydration's end only to keep it out of hydration's last task (it is
// drawn only after hydration either way). Where there is no shop page to hydrate (the offline
// shell, whose route the browser draws after its loaders, which may ask for the state; the team's
// pages), it does not wait.
if (shell || !visitorState) markHydrated();
// As a transition, hydration yields to the browser every few milliseconds instead of holding the
// main thread for the whole page: a tap or a scroll during it is not kept waiting.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RouterClient router={router} />
    </StrictMode>,
    { onRecoverableError: (error) => (shell ? undefined : reportError(error)) },
  );
});
