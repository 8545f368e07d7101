import { pageHead } from '../app/page-head';
import { createFileRoute } from '@tanstack/react-router';
import { ConceptPage } from '../features/marketing/components/concept-page';

export const Route = createFileRoute('/_shop/notre-concept')({
  head: ({ match }) => pageHead({ origin: match.context.origin, path: '/notre-concept', title: 'Notre concept — Popote', description: 'Des plats cuisinés le matin même à Lyon avec des produits de saison, livrés en triporteur électrique dans des contenants consignés.' }),
  component: ConceptPage,
});
