import { createFileRoute } from '@tanstack/react-router';
import { MembersPage } from '../equipe/components/members-page';
import { RoleGate } from '../equipe/components/team-shell';

export const Route = createFileRoute('/equipe/membres')({
  head: () => ({ meta: [{ title: 'Équipe — Popote Équipe' }] }),
  component: () => (
    <RoleGate roles={['admin']}>
      <MembersPage />
    </RoleGate>
  ),
});
