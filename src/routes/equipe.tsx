import { createFileRoute } from '@tanstack/react-router';
import { TeamShell } from '../equipe/components/team-shell';

/**
 * Popote Équipe, the team's app: its own frame (the root draws no shop around it), never
 * indexed; its pages hold nothing until the member's session answers in the browser.
 */
export const Route = createFileRoute('/equipe')({
  head: () => ({
    meta: [
      { title: 'Popote Équipe' },
      { name: 'robots', content: 'noindex, nofollow' },
      { name: 'theme-color', content: '#2b2118' },
    ],
  }),
  component: TeamShell,
});
