import { Workbox } from 'workbox-window';

/**
 * Registers the service worker of the production build. The worker precaches the shell and
 * serves navigations offline; updates wait for the customer (see sw/).
 */
export function registerServiceWorker(): Workbox | null {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return null;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.register().catch((err: unknown) => console.error('Service worker registration failed', err));
  return wb;
}
