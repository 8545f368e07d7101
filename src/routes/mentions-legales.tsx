import { createFileRoute } from '@tanstack/react-router';
import { LegalNoticesPage } from '../features/legal/components/legal-notices-page';

export const Route = createFileRoute('/mentions-legales')({
  head: () => ({ meta: [{ title: 'Mentions légales — Popote' }] }),
  component: LegalNoticesPage,
});
