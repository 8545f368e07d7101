import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../app/page-head';
import { menusQuery } from '../features/catalog/api/menus';
import { dayProductsQuery } from '../features/catalog/api/products';
import { loadDeliveryDate } from '../lib/app-state';
import { loadWithin } from '../lib/loader-patience';
import { OrderRoute } from './-components/order-route';

export const Route = createFileRoute('/_shop/passer-commande')({
  head: ({ match }) =>
    pageHead({
      origin: match.context.origin,
      path: '/passer-commande',
      title: 'Passer commande — Popote',
      description: 'Composez votre formule du jour, choisissez vos plats et votre point de livraison à Lyon : livraison gratuite en triporteur.',
    }),
  loader: ({ context: { queryClient } }) =>
    loadWithin(
      (async () => {
        const date = await loadDeliveryDate(queryClient);
        if (date) await Promise.allSettled([queryClient.ensureQueryData(menusQuery(date)), queryClient.ensureQueryData(dayProductsQuery(date))]);
      })(),
    ),
  component: OrderRoute,
});
