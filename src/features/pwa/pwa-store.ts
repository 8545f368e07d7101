import { proxy, ref } from 'valtio';

/** Chromium's install offer (`beforeinstallprompt`), kept until the customer uses it. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * The installable app's client state: the browser's install offer while it lasts (a new version
 * waiting is both apps' business: src/lib/app-update.ts).
 */
export const pwa = proxy({
  installPrompt: null as InstallPromptEvent | null,
});

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
