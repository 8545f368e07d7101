import { lazyOverlay } from '../../lib/lazy-overlay';

/** The catalog's panel, by its name in the address: the formula composer; the app gives it the way to the cart. */
export const catalogOverlays = {
  formule: lazyOverlay(() => import('./components/formula-composer').then((m) => m.ComposerPanel)),
};
