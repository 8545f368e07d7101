import { lazyOverlay } from '../../lib/lazy-overlay';

/** The cart's code: loaded once the cart holds something (src/features/cart/components/cart-sync.tsx), or on its first opening. */
export const loadCartPanel = () => import('./components/cart-panel');

/** The cart's panel, by its name in the address; the app gives it the parts of other features it shows. */
export const cartOverlays = {
  panier: lazyOverlay(() => loadCartPanel().then((m) => m.CartPanel)),
};
