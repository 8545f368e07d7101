import { pageHead } from '../app/page-head';
import { createFileRoute } from '@tanstack/react-router';
import { CgvPage } from '../features/legal/components/cgv-page';

export const Route = createFileRoute('/_shop/conditions-generales-de-vente')({
  head: ({ match }) => pageHead({ origin: match.context.origin, path: '/conditions-generales-de-vente', title: 'Conditions générales de vente — Popote', description: 'Les conditions générales de vente de Popote : commande, paiement, livraison, consigne et réclamations.' }),
  component: CgvPage,
});
