import { createFileRoute } from '@tanstack/react-router';
import { CgvPage } from '../features/legal/components/cgv-page';

export const Route = createFileRoute('/conditions-generales-de-vente')({
  head: () => ({ meta: [{ title: 'Conditions générales de vente — Popote' }] }),
  component: CgvPage,
});
