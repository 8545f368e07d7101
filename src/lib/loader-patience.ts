import { wait } from './wait';

/**
 * How long a page's loader waits for its data in the browser before the page is shown anyway,
 * its parts saying they load (then offering to try again). On lie-fi a read may hang until its
 * deadline and its retries, some 30 s: the navigation must not stand still that long. The server
 * renders with the data, always (its reads are its own functions, never the network).
 */
export const LOADER_PATIENCE_MS = 3000;

/** Waits for a loader's reads: whole on the server, at most LOADER_PATIENCE_MS in the browser. */
export async function loadWithin(reads: Promise<unknown>): Promise<void> {
  const settled = reads.then(
    () => undefined,
    () => undefined,
  );
  await (typeof window === 'undefined' ? settled : Promise.race([settled, wait(LOADER_PATIENCE_MS)]));
}
