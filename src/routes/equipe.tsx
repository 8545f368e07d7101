import { createFileRoute } from '@tanstack/react-router';
import { TeamNotFound, TeamShell } from '../equipe/components/team-shell';

/**
 * Popote Équipe, the team's app: its own layout (frame, head, manifest, update notice), none of
 * the shop's reads, never indexed; its pages hold nothing until the member's session answers in the browser.
 */
export const Route = createFileRoute('/equipe')({
  head: () => ({
    meta: [
      { title: 'Popote Équipe' },
      { name: 'robots', content: 'noindex, nofollow' },
      { name: 'theme-color', content: '#2b2118' },
    ],
    // Installed as its own app, with its own icons: whatever page of it is open, kept or not.
    links: [
      { rel: 'apple-touch-icon', href: '/icons/equipe-apple-touch-icon.png' },
      { rel: 'manifest', href: '/equipe/manifest.webmanifest' },
    ],
  }),
  component: TeamShell,
  notFoundComponent: TeamNotFound,
});
