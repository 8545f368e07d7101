import { createFileRoute } from '@tanstack/react-router';
import { RemittancesPage } from '../equipe/components/remittances-page';
import { RoleGate } from '../equipe/components/team-shell';

export const Route = createFileRoute('/equipe/titres')({
  head: () => ({ meta: [{ title: 'Titres-restaurant papier — Popote Équipe' }] }),
  component: () => (
    <RoleGate roles={['admin']}>
      <RemittancesPage />
    </RoleGate>
  ),
});
