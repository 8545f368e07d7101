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
  // Registered as the shop registers it (same script, same scope): one worker serves both apps.
  // Its updates are the shop's business; a team page takes a new one at its next start.
  if (import.meta.env.PROD && 'serviceWorker' in navigator) void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  document.documentElement.dataset.hydrated = '';
}
