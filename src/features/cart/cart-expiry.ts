import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { expirySchedule } from './cart-rules';
import { cartState } from './cart-store';

/**
 * Schedules the expiry notices of the cart in the mirror (docs/product/cart.md): `onWarning` 120 s before the
 * server releases it (when that is still ahead), `onTimeout` at expiry. Every cart change moves both.
 */
export function useCartExpiry(onWarning: () => void, onTimeout: () => void, onRenewed: () => void) {
  const { expiresAt } = useSnapshot(cartState);
  useEffect(() => {
    onRenewed();
    const schedule = expirySchedule(expiresAt, Date.now());
    if (!schedule) return;
    const timers = [setTimeout(onTimeout, schedule.timeoutIn)];
    if (schedule.warningIn !== null) timers.push(setTimeout(onWarning, schedule.warningIn));
    return () => timers.forEach(clearTimeout);
    // The callbacks are the shell's stable actions; only a new expiry reschedules.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expiresAt]);
}
