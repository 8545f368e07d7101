import { lazyOverlay } from '../../lib/lazy-overlay';

/** The shell's panel, by its name in the address: the mobile menu (`?volet=menu`). */
export const shellOverlays = {
  menu: lazyOverlay(() => import('./components/mobile-menu').then((m) => m.MobileMenu)),
};
