import { createFileRoute } from '@tanstack/react-router';
import { HeldReceiptsPage } from '../equipe/components/held-receipts-page';
import { RoleGate } from '../equipe/components/team-shell';

export const Route = createFileRoute('/equipe/a-valider')({
  head: () => ({ meta: [{ title: 'À valider — Popote Équipe' }] }),
  component: () => (
    <RoleGate roles={['admin']}>
      <HeldReceiptsPage />
    </RoleGate>
  ),
});
