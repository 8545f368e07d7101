import { CHUNK_RELOAD_GUARD_MS } from '../../shared/constants';

const KEY = 'popote:chunk-reload-at';

/**
 * A chunk that fails to load (a deploy replaced it) reloads the page once, and not more than once
 * per 60 s, so a broken deploy cannot loop. Offline, a chunk never fetched (the map) is simply
 * missing: no reload, the caller falls back (the list without the map).
 */
export function reloadOnChunkFailure(storage: Storage = sessionStorage, now: () => number = Date.now, reload = () => location.reload(), online = () => navigator.onLine) {
  const onError = (event: Event) => {
    if (!online()) return;
    const last = Number(storage.getItem(KEY) ?? 0);
    if (now() - last < CHUNK_RELOAD_GUARD_MS) return;
    event.preventDefault();
    storage.setItem(KEY, String(now()));
    reload();
  };
  window.addEventListener('vite:preloadError', onError);
  return () => window.removeEventListener('vite:preloadError', onError);
}
