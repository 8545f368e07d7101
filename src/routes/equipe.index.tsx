import { createFileRoute } from '@tanstack/react-router';
import { TeamHome } from '../equipe/components/team-home';

export const Route = createFileRoute('/equipe/')({
  head: () => ({ meta: [{ title: 'Popote Équipe' }] }),
  component: TeamHome,
});
