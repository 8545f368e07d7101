import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { PaymentContext } from './payment-flow';

/** Payment's logic loads on the payment click or a card return: it stays out of the home page's JavaScript. */
const paymentFlow = () => import('./payment-flow');

/** What a payment changes on the server (the cart, the pool, the orders) is read again after it; the account too, once opened. */
export function usePaymentContext(): PaymentContext {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      refresh: async () => {
        queryClient.removeQueries({ queryKey: ['me'] });
        await queryClient.invalidateQueries({ queryKey: ['state'] });
      },
    }),
    [queryClient],
  );
}

/**
 * The hand-over from the cart (docs/product/payments.md): a free cart is ordered at once, any
 * other opens the payment panel.
 */
export function useCheckout(): (cart: { final_price: string }) => Promise<void> {
  const ctx = usePaymentContext();
  return useCallback(async (cart) => (await paymentFlow()).checkout(cart, ctx), [ctx]);
}
