import { pageHead } from '../app/page-head';
import { createFileRoute } from '@tanstack/react-router';
import { CharterPage } from '../features/marketing/components/charter-page';

export const Route = createFileRoute('/_shop/charte-engagement')({
  head: ({ match }) => pageHead({ origin: match.context.origin, path: '/charte-engagement', title: 'Notre charte d’engagement — Popote', description: 'Produits locaux et de saison, zéro jetable, livraison décarbonée : les engagements de Popote.' }),
  component: CharterPage,
});
