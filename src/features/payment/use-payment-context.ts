import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { PaymentContext } from './payment-flow';

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
