import { lazyOverlay } from '../../lib/lazy-overlay';

/** The contact's panel, by its name in the address. */
export const contactOverlays = {
  aide: lazyOverlay(() => import('./components/help-panel').then((m) => m.HelpPanel)),
};
