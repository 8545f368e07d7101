import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../features/account/components/login-page';
import { appStateQuery } from '../lib/app-state';

export const Route = createFileRoute('/login')({
  head: () => ({ meta: [{ title: 'Connexion — Popote' }] }),
  // Guest-only: a logged-in customer goes home.
  beforeLoad: async ({ context }) => {
    const state = await context.queryClient.ensureQueryData(appStateQuery).catch(() => null);
    if (state?.customer?.id) throw redirect({ to: '/' });
  },
  component: LoginPage,
});
