import { createFileRoute } from '@tanstack/react-router';
import { WelcomePage } from '../equipe/components/welcome-page';

export const Route = createFileRoute('/equipe/bienvenue')({
  head: () => ({ meta: [{ title: 'Bienvenue — Popote Équipe' }] }),
  component: WelcomePage,
});
