import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server renders and during the browser's first render (hydration), true after:
 * what depends on the browser (its user agent, storage, the clock's "now") waits for it, so both
 * sides draw the same first screen.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
