import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageSchema, userSchema, type LoginBody, type RegisterBody } from '../../../shared/api/auth';
import { customerSummarySchema } from '../../../shared/api/state';

/** GET /api/me: the logged-in customer's space (never persisted offline: personal data). */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: ({ signal }) => api('/api/me', { schema: userSchema, signal }),
  staleTime: 30_000,
});

/** After login, signup, logout or reset: the app state (customer, cart) and the account are reloaded. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: ['state'] });
    queryClient.removeQueries({ queryKey: ['me'] });
  };
}

export function useLogin() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: LoginBody) => api('/api/login', { method: 'POST', body, schema: customerSummarySchema }),
    onSuccess: refresh,
  });
}

/** Sign-up, then a login with the same e-mail and password. */
export function useRegister() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: async (body: RegisterBody) => {
      await api('/api/register', { method: 'POST', body, schema: customerSummarySchema });
      return api('/api/login', { method: 'POST', body: { email: body.email, password: body.password, remember: false }, schema: customerSummarySchema });
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
