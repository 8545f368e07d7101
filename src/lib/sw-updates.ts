import { Workbox } from 'workbox-window';
import { offerUpdate } from './app-update';

/** How often an open app asks the server for a new worker (navigations ask too). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the worker and follows its updates: a new version waits until someone asks for it (each
 * app's update notice), then takes over and the page reloads under it. `warm`: the worker is asked
 * to keep the day's catalog for offline reading (the shop's pages; the team's app keeps its own).
 */
export function startServiceWorker({ warm }: { warm: boolean }): Workbox {
  const wb = new Workbox('/sw.js', { scope: '/' });
  let requested = false;
  let takenOver = false;
  // Also fired at load when a worker was already waiting (a version found on an earlier visit).
  wb.addEventListener('waiting', () =>
    offerUpdate(() => {
      // Another tab may have applied it already: this page only needs to reload.
      if (takenOver) return location.reload();
      requested = true;
      wb.messageSkipWaiting();
    }),
  );
  wb.addEventListener('controlling', (event) => {
    if (requested) return location.reload();
    // Not the first install claiming the page: a new version took over from another tab.
    if (event.isUpdate || event.isExternal) takenOver = true;
  });
  wb.register()
    .then(() => {
      // The page's data came inside it: the worker fetches the day's catalog for offline use itself.
      if (warm) void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: 'WARM', pixelRatio: devicePixelRatio }));
      setInterval(() => void wb.update().catch(() => undefined), UPDATE_CHECK_MS);
    })
    // Refused where site data is blocked: the shop works, only not offline.
    .catch((err: unknown) => console.warn('Service worker registration refused: no offline use.', err));
  return wb;
}
