import { createFileRoute } from '@tanstack/react-router';
import { DEFAULT_DESCRIPTION, pageHead } from '../app/page-head';
import { restaurantData } from '../app/structured-data';
import { menusQuery } from '../features/catalog/api/menus';
import { knownDeliveryDate } from '../lib/app-state';

/** The home page itself is the /_home layout; without a slug nothing opens over it. */
export const Route = createFileRoute('/_shop/_home/')({
  head: ({ match: { context } }) =>
    pageHead({
      origin: context.origin,
      path: '/',
      title: 'Popote — déjeuners faits maison livrés en triporteur à Lyon',
      description: DEFAULT_DESCRIPTION,
      jsonLd: restaurantData(context.origin, context.queryClient.getQueryData(menusQuery(knownDeliveryDate(context.queryClient)).queryKey) ?? []),
    }),
  component: () => null,
});
