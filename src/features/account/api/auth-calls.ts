import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoginBody, RegisterBody } from '../../../shared/api/auth';
import type { CartMergeNotice } from '../../../shared/api/state';
import { notify } from '../../../lib/snackbar-store';
import { call } from '../../../lib/api-call';
import { ACCOUNT } from '../../../shared/api/routes/account';
import { AUTH } from '../../../shared/api/routes/auth';
import { BALANCE_DUE } from '../../../shared/api/routes/balance-due';

/** GET /api/me: the logged-in customer's space (never persisted offline: personal data). */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: ({ signal }) => call(ACCOUNT.getMe, { signal }),
  staleTime: 30_000,
});

/** One of the customer's orders changed (news from the server): their account is read again. */
export const customerOrdersChanged = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: meQuery.queryKey });

/** After login, signup, logout or reset: the app state (customer, cart) and the account are reloaded. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: ['state'] });
    queryClient.removeQueries({ queryKey: ['me'] });
  };
}

/** Says what logging in did to the cart filled before (merged with the account's, or kept). */
function tellCartNotice(notice: CartMergeNotice | null | undefined) {
  if (notice) notify({ title: notice.title, message: notice.message, type: 'info' });
}

export function useLogin() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: LoginBody) => call(AUTH.postLogin, { body }),
    onSuccess: async (answer) => {
      tellCartNotice(answer.cart_notice);
      await refresh();
    },
  });
}

/** Sign-up, then a login with the same e-mail and password. */
export function useRegister() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: async (body: RegisterBody) => {
      await call(AUTH.postRegister, { body });
      return call(AUTH.postLogin, { body: { email: body.email, password: body.password, remember: false } });
    },
    onSuccess: refresh,
  });
}

export function useLogout() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: () => call(AUTH.postLogout),
    // Not awaited: the caller closes the account first, so its guest forms never flash meanwhile.
    onSuccess: () => void refresh(),
  });
}

export function useRequestReset() {
  return useMutation({
    mutationFn: (email: string) => call(AUTH.postAuthPasswordEmail, { body: { email } }),
  });
}

export function useResetPassword() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: { token: string; email: string; password: string; password_confirmation: string }) =>
      call(AUTH.postAuthPasswordReset, { body }),
    onSuccess: refresh,
  });
}

/** POST /api/orders/{id}/balance: what is still due on an order, settled from the pool (as much as it holds). */
export function useSettleDue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => call(BALANCE_DUE.postOrdersByIdBalance, { params: { id: orderId } }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}

/**
 * POST /api/orders/{id}/balance/card: what is still due on an order, paid by card on PayGreen's
 * page, which sends the customer back to the account panel (src/shared/api/balance-due.ts).
 */
export function usePayDueByCard() {
  return useMutation({
    mutationFn: (orderId: number) => call(BALANCE_DUE.postOrdersByIdBalanceCard, { params: { id: orderId }, body: {} }),
    onSuccess: ({ hosted_payment_url }) => window.location.assign(hosted_payment_url),
  });
}

/**
 * Back from PayGreen's page: what the card payment of the due came to (GET), or given up ("Annuler
 * et revenir": canceled at PayGreen, POST …/cancel). The account is read again either way.
 */
export function useDueCardOutcome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, poId, canceled }: { orderId: number; poId: string; canceled: boolean }) =>
      call(canceled ? BALANCE_DUE.postOrdersByIdBalanceCardByPoCancel : BALANCE_DUE.getOrdersByIdBalanceCardByPo, { params: { id: orderId, po: poId } }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
