import { createFileRoute } from '@tanstack/react-router';
import { menusQuery } from '../features/catalog/api/menus';
import { dayProductsQuery } from '../features/catalog/api/products';
import { loadDeliveryDate } from '../lib/app-state';
import { OrderRoute } from './-components/order-route';

export const Route = createFileRoute('/passer-commande')({
  head: () => ({ meta: [{ title: 'Passer commande — Popote' }] }),
  loader: async ({ context: { queryClient } }) => {
    const date = await loadDeliveryDate(queryClient);
    if (date) await Promise.allSettled([queryClient.ensureQueryData(menusQuery(date)), queryClient.ensureQueryData(dayProductsQuery(date))]);
  },
  component: OrderRoute,
});
