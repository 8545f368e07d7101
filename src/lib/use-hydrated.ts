import { startTransition, useEffect, useState } from 'react';

/** Set once the app's first render is committed: what mounts later is in the browser already. */
let appHydrated = false;

/** Called once the server's page is hydrated (src/app/after-hydration.ts). */
export function markAppHydrated(): void {
  appHydrated = true;
}

/**
 * False while the server renders and during the browser's first render (hydration), true after:
 * what depends on the browser (its user agent, storage, the clock's "now") waits for it, so both
 * sides draw the same first screen. The redraw after hydration is a transition: the components
 * that waited (every submit button, the customer's parts) are drawn again in slices the browser
 * can interrupt, not in one long task as a store's update would be.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(appHydrated);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
