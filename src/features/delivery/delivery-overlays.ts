import { lazyOverlay } from '../../lib/lazy-overlay';

const panels = () => import('./components/delivery-panels');

/** The delivery's panels, by their name in the address. */
export const deliveryOverlays = {
  livraison: lazyOverlay(() => panels().then((m) => m.DeliverySelectorPanel)),
  'ou-dejeuner': lazyOverlay(() => panels().then((m) => m.DeliverySuggestionPanel)),
};
