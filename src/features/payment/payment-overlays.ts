import { lazyOverlay } from '../../lib/lazy-overlay';

/** The payment's panel, by its name in the address (`?volet=paiement`). */
export const paymentOverlays = {
  paiement: lazyOverlay(() => import('./components/payment-modal').then((m) => m.PaymentModal)),
};
