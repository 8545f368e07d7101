import { watchInstallPrompt } from './pwa-store';

/**
 * Starts the installable app's side of the page: keeps the browser's install offer (it may come
 * at once), and registers the service worker of the production build, which precaches the shell
 * and serves navigations offline. workbox-window loads in its own chunk: not in the home page's
 * JavaScript, and nothing the first paint waits for.
 */
export function registerServiceWorker(): void {
  watchInstallPrompt();
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void import('../../lib/sw-updates').then((m) => m.startServiceWorker({ warm: true }));
}
