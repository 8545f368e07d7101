import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

let markHydrated: () => void = () => {};
/**
 * Resolves once the app has taken the server's page over (src/app/after-hydration.ts says so, in a
 * task after hydration's own; src/main.tsx at once where no shop page is hydrated). What arrives
 * meanwhile can wait for it. Never on the server.
 */
export const pageHydrated = new Promise<void>((resolve) => (markHydrated = resolve));
export { markHydrated };

/**
 * False while the server renders and during the browser's first render (hydration), true after:
 * what depends on the browser (its user agent, storage, the clock's "now") waits for it, so both
 * sides draw the same first screen. Every part using it is drawn again once hydrated: where a
 * value is known, `useHydratedValue` draws again only the parts whose value has changed.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * `value`, except while the server renders and the browser hydrates, where it is `asServed` (what
 * the server's page shows). Once hydrated, the part is drawn again only if the two differ, compared
 * with `Object.is`: pass a primitive, or the very object the browser has (a query's data, say).
 * Hydration's last task then redraws the few parts that changed, not every part that waited for it
 * (a redraw there is synchronous: React never splits it).
 */
export function useHydratedValue<T>(value: T, asServed: T): T {
  return useSyncExternalStore(
    subscribe,
    () => value,
    () => asServed,
  );
}
