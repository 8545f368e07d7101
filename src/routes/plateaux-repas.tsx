import { createFileRoute } from '@tanstack/react-router';
import { PlateauxPage } from '../features/marketing/components/plateaux-page';

export const Route = createFileRoute('/plateaux-repas')({
  head: () => ({ meta: [{ title: 'Plateaux repas — Popote' }] }),
  component: PlateauxPage,
});
