import { setCallWatcher } from '../lib/api-client';
import { callWatcher } from '../lib/connection-store';

let started = false;

/**
 * What the team app starts once it has taken the server's page over: the connection notices of
 * the shared API client, the service worker (the same one as the shop's: it keeps this app's shell
 * and pages for the courier's offline round), and the mark the browser tests wait for.
 */
export function startTeamApp(): void {
  if (started) return;
  started = true;
  setCallWatcher(callWatcher);
  // Registered as the shop registers it (same script, same scope): one worker serves both apps and
  // keeps each one's offline shell. A new version waits for the team's own notice (team-shell.tsx);
  // the shop's catalog is not fetched for a team phone.
  if (import.meta.env.PROD && 'serviceWorker' in navigator) void import('../lib/sw-updates').then((m) => m.startServiceWorker({ warm: false }));
  document.documentElement.dataset.hydrated = '';
}
