import { pageHead } from '../app/page-head';
import { createFileRoute } from '@tanstack/react-router';
import { PlateauxPage } from '../features/marketing/components/plateaux-page';

export const Route = createFileRoute('/_shop/plateaux-repas')({
  head: ({ match }) => pageHead({ origin: match.context.origin, path: '/plateaux-repas', title: 'Plateaux repas — Popote', description: 'Des plateaux repas faits maison pour vos réunions et séminaires à Lyon, livrés en triporteur.' }),
  component: PlateauxPage,
});
