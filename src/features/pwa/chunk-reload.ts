import { CHUNK_RELOAD_GUARD_MS } from '../../shared/constants';

const KEY = 'popote:chunk-reload-at';

/**
 * A chunk that fails to load (a deploy replaced it) reloads the page once, and not more than once
 * per 60 s, so a broken deploy cannot loop. Offline, a chunk never fetched (the map) is simply
 * missing: no reload, the caller falls back (the list without the map).
 */
export function reloadOnChunkFailure(storage: Storage = sessionStorage, now: () => number = Date.now, reload = () => location.reload(), online = () => navigator.onLine) {
  // Leaving the page cancels its pending chunk loads: those failures are no deploy, and a reload
  // then would cancel the navigation under way (a customer clicking to another page).
  let leaving = false;
  window.addEventListener('pagehide', () => (leaving = true));
  window.addEventListener('beforeunload', () => (leaving = true));
  window.addEventListener('pageshow', () => (leaving = false));
  const onError = (event: Event) => {
    if (leaving || !online()) return;
    const last = Number(storage.getItem(KEY) ?? 0);
    if (now() - last < CHUNK_RELOAD_GUARD_MS) return;
    event.preventDefault();
    storage.setItem(KEY, String(now()));
    reload();
  };
  window.addEventListener('vite:preloadError', onError);
  return () => window.removeEventListener('vite:preloadError', onError);
}
