import { proxy, ref } from 'valtio';

/** Chromium's install offer (`beforeinstallprompt`), kept until the customer uses it. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * The installable app's client state: a new version waiting (its apply step kept aside), and the
 * browser's install offer while it lasts.
 */
export const pwa = proxy({
  updateReady: false,
  installPrompt: null as InstallPromptEvent | null,
});

let apply: (() => void) | null = null;

/** Called by the registration when a new worker is installed and waiting for the customer. */
export function offerUpdate(applyUpdate: () => void) {
  apply = applyUpdate;
  pwa.updateReady = true;
  // Readable on the page (QA, browser tests): the page knows, whether or not the notice may show yet.
  document.documentElement.dataset.updateReady = '';
}

/** The customer's "Mettre à jour": the waiting worker takes over, and the page reloads under it. */
export function applyUpdate() {
  apply?.();
}

/**
 * Where the page's first script keeps an offer made before the app was there (src/app/first-paint.ts,
 * which cannot share a module with the app; a unit test holds the two keys together).
 */
const EARLY_OFFER_KEY = 'popote:install-offer';

/** Keeps the install offer (Chromium, Edge, Samsung Internet) for the install button, an early one too. */
export function watchInstallPrompt(target: Window = window) {
  const kept = target as unknown as Record<string, InstallPromptEvent | undefined>;
  const early = kept[EARLY_OFFER_KEY];
  delete kept[EARLY_OFFER_KEY];
  if (early) pwa.installPrompt = ref(early);
  target.addEventListener('beforeinstallprompt', (event) => {
    // The browser's own mini-bar would compete with our button: the customer installs from ours.
    event.preventDefault();
    pwa.installPrompt = ref(event as InstallPromptEvent);
  });
  target.addEventListener('appinstalled', () => {
    pwa.installPrompt = null;
  });
}
