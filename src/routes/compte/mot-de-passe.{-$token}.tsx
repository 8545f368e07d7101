import { createFileRoute } from '@tanstack/react-router';
import { PasswordResetPage } from '../../features/account/components/password-reset-page';

export const Route = createFileRoute('/compte/mot-de-passe/{-$token}')({
  head: () => ({ meta: [{ title: 'Mot de passe — Popote' }] }),
  component: PasswordResetRoute,
});

function PasswordResetRoute() {
  const { token } = Route.useParams();
  return <PasswordResetPage hasToken={Boolean(token)} />;
}
