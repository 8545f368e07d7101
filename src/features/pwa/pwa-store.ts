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

/** An offer made before the app was interactive, kept aside (not in `pwa`, which the first render reads). */
let earlyOffer: InstallPromptEvent | null = null;

/**
 * Listens from the page's first script: a page loaded under an installed worker is installable at
 * once, and Chromium may make its offer before hydration, when nothing else listens yet.
 */
export function keepEarlyInstallPrompt(target: Window = window) {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    earlyOffer = event as InstallPromptEvent;
  });
}

/** Keeps the install offer (Chromium, Edge, Samsung Internet) for the install button, an early one too. */
export function watchInstallPrompt(target: Window = window) {
  if (earlyOffer) pwa.installPrompt = ref(earlyOffer);
  earlyOffer = null;
  target.addEventListener('beforeinstallprompt', (event) => {
    // The browser's own mini-bar would compete with our button: the customer installs from ours.
    event.preventDefault();
    pwa.installPrompt = ref(event as InstallPromptEvent);
  });
  target.addEventListener('appinstalled', () => {
    pwa.installPrompt = null;
  });
}
