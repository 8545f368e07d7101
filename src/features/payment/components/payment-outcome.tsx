import { useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { usePopins } from '../../../lib/popins-store';
import { readStored } from '../../../lib/stored';
import { KEPT_PAYMENT_KEY } from '../kept-payment-key';
import { usePaymentContext } from '../use-payment-context';

/** Payment's logic loads on the payment click or a card return: it stays out of the home page's JavaScript. */
const paymentFlow = () => import('../payment-flow');
const ValidatedOrderPopin = lazy(() => import('./validated-order-popin').then((m) => ({ default: m.ValidatedOrderPopin })));

/**
 * What comes of a payment, on any page: back from the card provider's page (payment_status and
 * po_id, read once), or a card payment left unsettled on this device (a reload, a dead connection,
 * the app closed while it was pending) checked again, quietly; then the validated order's pop-in
 * (with `afterOrder`, given by the app).
 */
export function PaymentOutcome({ afterOrder }: { afterOrder?: ReactNode }) {
  const router = useRouter();
  const ctx = usePaymentContext();
  const { validated_order: validated } = usePopins();
  useEffect(() => {
    const { pathname, search, hash } = window.location;
    if (!/[?&]payment_status=/.test(search)) {
      if (readStored(KEPT_PAYMENT_KEY) === null) return;
      void paymentFlow().then(({ handleCardReturn, keptCardPayment }) => {
        const poId = keptCardPayment();
        if (poId) void handleCardReturn({ status: 'pending', poId }, ctx, () => undefined, true);
      });
      return;
    }
    void paymentFlow().then(({ handleCardReturn, readCardReturn, withoutCardReturn }) => {
      const ret = readCardReturn(search);
      const clear = () => router.history.replace(`${pathname}${withoutCardReturn(search)}${hash}`);
      if (ret) void handleCardReturn(ret, ctx, clear);
      else clear();
    });
    // Once, on the app's start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return validated ? (
    <Suspense fallback={null}>
      <ValidatedOrderPopin offer={afterOrder} />
    </Suspense>
  ) : null;
}
