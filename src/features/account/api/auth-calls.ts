import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageSchema, userSchema, type LoginBody, type RegisterBody } from '../../../shared/api/auth';
import { customerSummarySchema, loginAnswerSchema, type CartMergeNotice } from '../../../shared/api/state';
import { dueAnswerSchema } from '../../../shared/api/staff-ledger';
import { dueCardAnswerSchema } from '../../../shared/api/balance-due';
import { cardPaymentStartSchema } from '../../../shared/api/checkout';
import { notify } from '../../../lib/snackbar-store';

/** GET /api/me: the logged-in customer's space (never persisted offline: personal data). */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: ({ signal }) => api('/api/me', { schema: userSchema, signal }),
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
    mutationFn: (body: LoginBody) => api('/api/login', { method: 'POST', body, schema: loginAnswerSchema }),
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
      await api('/api/register', { method: 'POST', body, schema: customerSummarySchema });
      return api('/api/login', { method: 'POST', body: { email: body.email, password: body.password, remember: false }, schema: loginAnswerSchema });
    },
    onSuccess: refresh,
  });
}

export function useLogout() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: () => api('/api/logout', { method: 'POST', schema: messageSchema }),
    // Not awaited: the caller closes the account first, so its guest forms never flash meanwhile.
    onSuccess: () => void refresh(),
  });
}

export function useRequestReset() {
  return useMutation({
    mutationFn: (email: string) => api('/api/auth/password/email', { method: 'POST', body: { email }, schema: messageSchema }),
  });
}

export function useResetPassword() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: { token: string; email: string; password: string; password_confirmation: string }) =>
      api('/api/auth/password/reset', { method: 'POST', body, schema: messageSchema }),
    onSuccess: refresh,
  });
}

/** POST /api/orders/{id}/balance: what is still due on an order, settled from the pool (as much as it holds). */
export function useSettleDue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => api(`/api/orders/${orderId}/balance`, { method: 'POST', schema: dueAnswerSchema }),
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
    mutationFn: (orderId: number) => api(`/api/orders/${orderId}/balance/card`, { method: 'POST', body: {}, schema: cardPaymentStartSchema }),
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
      api(`/api/orders/${orderId}/balance/card/${encodeURIComponent(poId)}${canceled ? '/cancel' : ''}`, { method: canceled ? 'POST' : 'GET', schema: dueCardAnswerSchema }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
