import { createFileRoute } from '@tanstack/react-router';
import { ConsignePage } from '../features/marketing/components/consigne-page';

export const Route = createFileRoute('/la-consigne')({
  head: () => ({ meta: [{ title: 'La consigne — Popote' }] }),
  component: ConsignePage,
});
