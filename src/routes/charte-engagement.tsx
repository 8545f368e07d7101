import { createFileRoute } from '@tanstack/react-router';
import { CharterPage } from '../features/marketing/components/charter-page';

export const Route = createFileRoute('/charte-engagement')({
  head: () => ({ meta: [{ title: 'Notre charte d’engagement — Popote' }] }),
  component: CharterPage,
});
