import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { NewPasswordForm, ResetRequestForm } from '../features/account/components/password-reset-forms';
import { PasswordResetPage } from '../features/account/components/password-reset-page';
import { notify } from '../lib/snackbar-store';
import { AUTH_MESSAGES } from '../shared/api/auth';

export const Route = createFileRoute('/_shop/compte/mot-de-passe/{-$token}')({
  // A page of its own for each link sent: kept out of search engines.
  head: () => ({ meta: [{ title: 'Mot de passe — Popote' }, { name: 'robots', content: 'noindex' }] }),
  // The mail's link carries the address, to prefill it.
  // By hand, not with zod: the route tree is in the page's first JavaScript.
  validateSearch: (search: Record<string, unknown>): { email?: string } =>
    typeof search.email === 'string' && search.email.length <= 254 ? { email: search.email } : {},
  component: PasswordResetRoute,
});

function PasswordResetRoute() {
  const { token } = Route.useParams();
  const { email } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <PasswordResetPage
      hasToken={Boolean(token)}
      form={
        token ? (
          <NewPasswordForm
            token={token}
            email={email ?? ''}
            onDone={() => {
              notify({ title: 'Mot de passe modifié', message: AUTH_MESSAGES.resetDone, type: 'success' });
              void navigate({ to: '/' });
            }}
          />
        ) : (
          <ResetRequestForm />
        )
      }
    />
  );
}
