import { proxy } from 'valtio';

/**
 * A new version of the app waiting (a new service worker installed), its apply step kept aside until
 * someone asks for it. Shared by both apps: the worker is one, each app shows its own notice.
 */
export const appUpdate = proxy({ ready: false });

let apply: (() => void) | null = null;

/** Called by the registration when a new worker is installed and waiting. */
export function offerUpdate(applyUpdate: () => void) {
  apply = applyUpdate;
  appUpdate.ready = true;
  // Readable on the page (QA, browser tests): the page knows, whether or not the notice may show yet.
  document.documentElement.dataset.updateReady = '';
}

/** "Mettre à jour": the waiting worker takes over, and the page reloads under it. */
export function applyUpdate() {
  apply?.();
}
