import { pageHead } from '../app/page-head';
import { createFileRoute } from '@tanstack/react-router';
import { ConsignePage } from '../features/marketing/components/consigne-page';

export const Route = createFileRoute('/_shop/la-consigne')({
  head: ({ match }) => pageHead({ origin: match.context.origin, path: '/la-consigne', title: 'La consigne — Popote', description: 'Vos repas arrivent dans des contenants réutilisables : 4\u00a0€ de consigne par menu, rendus à la livraison suivante.' }),
  component: ConsignePage,
});
