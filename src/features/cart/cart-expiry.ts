import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { expirySchedule } from './cart-rules';
import { cartState } from './cart-store';

/**
 * Schedules the expiry notices of the cart in the mirror (docs/product/cart.md): `onWarning` 120 s before the
 * server releases it (when that is still ahead), `onTimeout` at expiry. Every cart change moves both.
 * A phone asleep holds its timers back (they count the time it was awake): when the page shows
 * again, the notices are worked out anew from the clock, so a cart that expired meanwhile says so.
 */
export function useCartExpiry(onWarning: () => void, onTimeout: () => void, onRenewed: () => void) {
  const { expiresAt } = useSnapshot(cartState);
  useEffect(() => {
    onRenewed();
    let timers: ReturnType<typeof setTimeout>[] = [];
    // The warning is given once per expiry, however often the page shows again.
    let warned = false;
    const plan = () => {
      timers.forEach(clearTimeout);
      const schedule = expirySchedule(expiresAt, Date.now());
      if (!schedule) return;
      timers = [setTimeout(onTimeout, schedule.timeoutIn)];
      if (schedule.warningIn !== null && !warned) {
        timers.push(
          setTimeout(() => {
            warned = true;
            onWarning();
          }, schedule.warningIn),
        );
      }
    };
    const onShown = () => {
      if (document.visibilityState === 'visible') plan();
    };
    plan();
    document.addEventListener('visibilitychange', onShown);
    window.addEventListener('pageshow', onShown);
    return () => {
      timers.forEach(clearTimeout);
      document.removeEventListener('visibilitychange', onShown);
      window.removeEventListener('pageshow', onShown);
    };
    // The callbacks are the notice's stable actions; only a new expiry reschedules.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expiresAt]);
}
