import { storageOrNull } from '../../lib/stored';
import { CHUNK_RELOAD_GUARD_MS } from '../../shared/constants';

// The page's first script notes its own reload here too (reloadAfterFailedLoad, src/app/first-paint.ts).
const KEY = 'popote:chunk-reload-at';
/** How long after the connection returns a failed chunk still counts as the network's fault. */
const RECONNECT_GRACE_MS = 5000;

/**
 * A chunk that fails to load (a deploy replaced it) reloads the page once, and not more than once
 * per 60 s, so a broken deploy cannot loop. Offline, and for a few seconds after the connection
 * returns, a chunk never fetched (the map) is simply missing: no reload, the caller falls back
 * (the list without the map).
 */
export function reloadOnChunkFailure(storage: Storage | null = storageOrNull('session'), now: () => number = Date.now, reload = () => location.reload(), online = () => navigator.onLine) {
  // Leaving the page cancels its pending chunk loads: those failures are no deploy, and a reload
  // then would cancel the navigation under way (a customer clicking to another page).
  let leaving = false;
  window.addEventListener('pagehide', () => (leaving = true));
  window.addEventListener('beforeunload', () => (leaving = true));
  window.addEventListener('pageshow', () => (leaving = false));
  // A load started offline may fail just after the connection returns (the browser already says
  // online): a failure of the network, not a deploy, and a reload then would wipe the page's
  // "connection is back" for nothing.
  let backAt = -Infinity;
  const onBack = () => (backAt = now());
  window.addEventListener('online', onBack);
  const onError = (event: Event) => {
    if (leaving || !online() || now() - backAt < RECONNECT_GRACE_MS) return;
    // Without a storage to note the reload in (site data blocked), it could loop: none then.
    try {
      if (!storage) return;
      const last = Number(storage.getItem(KEY) ?? 0);
      if (now() - last < CHUNK_RELOAD_GUARD_MS) return;
      storage.setItem(KEY, String(now()));
    } catch {
      return;
    }
    event.preventDefault();
    reload();
  };
  window.addEventListener('vite:preloadError', onError);
  return () => {
    window.removeEventListener('vite:preloadError', onError);
    window.removeEventListener('online', onBack);
  };
}
