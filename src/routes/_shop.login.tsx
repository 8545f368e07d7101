import { pageHead } from '../app/page-head';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { LoginForm } from '../features/account/components/login-form';
import { LoginPage } from '../features/account/components/login-page';
import { SignupForm } from '../features/account/components/signup-form';
import { useEffect } from 'react';
import { appStateQuery, useAppState } from '../lib/app-state';
import { openPanel } from '../lib/panel-history';
import { notify } from '../lib/snackbar-store';

export const Route = createFileRoute('/_shop/login')({
  head: ({ match }) => pageHead({ origin: match.context.origin, path: '/login', title: 'Connexion — Popote', description: 'Connectez-vous à votre compte Popote ou créez-le pour commander vos déjeuners.' }),
  // Guest-only: a logged-in customer goes home. Not on the server (its page knows no one) nor at
  // hydration (loaders of the server's page do not run again): the page itself sends them then.
  beforeLoad: async ({ context }) => {
    if (typeof window === 'undefined') return;
    const state = await context.queryClient.ensureQueryData(appStateQuery).catch(() => null);
    if (state?.customer?.id) throw redirect({ to: '/' });
  },
  component: LoginRoute,
});

function LoginRoute() {
  const navigate = useNavigate();
  const customerId = useAppState().data?.customer?.id;
  useEffect(() => {
    if (customerId) void navigate({ to: '/', replace: true });
  }, [customerId, navigate]);
  const done = () => {
    notify({ title: 'Bienvenue !', message: 'Vous êtes connecté à votre compte Popote.', type: 'success' });
    void navigate({ to: '/' });
  };
  return <LoginPage login={<LoginForm onLoggedIn={done} onForgotPassword={() => openPanel('passwordReset')} />} signup={<SignupForm onSignedUp={done} />} />;
}
