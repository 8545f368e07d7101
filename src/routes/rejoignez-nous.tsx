import { createFileRoute } from '@tanstack/react-router';
import { JoinPage } from '../features/marketing/components/join-page';

export const Route = createFileRoute('/rejoignez-nous')({
  head: () => ({ meta: [{ title: 'Rejoignez-nous — Popote' }] }),
  component: JoinPage,
});
