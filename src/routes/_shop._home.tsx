import { createFileRoute } from '@tanstack/react-router';
import { menusQuery } from '../features/catalog/api/menus';
import { shuffleQuery } from '../features/catalog/api/products';
import { loadDeliveryDate } from '../lib/app-state';
import { loadWithin } from '../lib/loader-patience';
import { HomePage } from './-components/home-page';

export const Route = createFileRoute('/_shop/_home')({
  loader: ({ context: { queryClient } }) =>
    loadWithin(
      (async () => {
        const date = await loadDeliveryDate(queryClient);
        if (date) await Promise.allSettled([queryClient.ensureQueryData(menusQuery(date)), queryClient.ensureQueryData(shuffleQuery(date))]);
      })(),
    ),
  component: HomePage,
});
