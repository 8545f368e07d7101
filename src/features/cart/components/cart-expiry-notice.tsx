import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { isOnline } from '../../../lib/connection-store';
import { openPanel } from '../../../lib/panel-history';
import { closePopin, openPopin, usePopins } from '../../../lib/popins-store';
import { useCartExpiry } from '../cart-expiry';
import { replaceCart } from '../cart-store';

const CartExpiryPopin = lazy(() => import('./cart-expiry-popin').then((m) => ({ default: m.CartExpiryPopin })));

const close = () => closePopin('cart_expiry');

/** The cart's expiry, said in its pop-in (docs/product/cart.md): two minutes before, then once the cart is released. */
export function CartExpiryNotice() {
  const queryClient = useQueryClient();
  const { cart_expiry: open } = usePopins();
  const [mode, setMode] = useState<'warning' | 'timeout'>('warning');
  useCartExpiry(
    () => {
      setMode('warning');
      openPopin('cart_expiry');
    },
    () => {
      setMode('timeout');
      openPopin('cart_expiry');
    },
    close,
  );
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <CartExpiryPopin
        open
        mode={mode}
        onClose={close}
        onShowCart={() => {
          close();
          openPanel('cart');
        }}
        onRefresh={() => {
          close();
          // Offline the state cannot be asked (it is, on the way back): the released cart is not
          // shown as if it still held its dishes meanwhile.
          if (!isOnline()) replaceCart(null);
          void queryClient.invalidateQueries({ queryKey: ['state'] });
        }}
      />
    </Suspense>
  );
}
