import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { lastStateRequestAt, useAppState } from '../../../lib/app-state';
import type { Cart } from '../../../shared/api/cart';
import { loadCartPanel } from '../cart-overlays';
import { cartCount } from '../cart-rules';
import { cartState, replaceCart, stateCartIsCurrent } from '../cart-store';

/**
 * Keeps the cart mirror on the server's cart: each load of the app state brings it, and it replaces
 * the mirror unless a cart change answered since that load was asked for (its answer is the newer
 * cart). Once the cart holds something, its panel's code is fetched, so it opens at once.
 */
export function CartSync() {
  const { query } = useAppState();
  const filled = cartCount(useSnapshot(cartState).cart as Cart | null) > 0;
  useEffect(() => {
    // The server's answer only: a state kept on the device carries no cart.
    if (query.data && stateCartIsCurrent(lastStateRequestAt())) replaceCart(query.data.cart);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.dataUpdatedAt]);
  useEffect(() => {
    if (filled) void loadCartPanel();
  }, [filled]);
  return null;
}
