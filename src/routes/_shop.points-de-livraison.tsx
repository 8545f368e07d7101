import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../app/page-head';
import { placesData } from '../app/structured-data';
import { DeliveryFinder } from '../features/delivery/components/delivery-finder';
import { deliveryLocationsQuery } from '../features/delivery/api/locations';
import { DeliveryPointsPage } from '../features/delivery/components/delivery-points-page';
import { knownDeliveryDate, loadDeliveryDate } from '../lib/app-state';
import { loadWithin } from '../lib/loader-patience';

export const Route = createFileRoute('/_shop/points-de-livraison')({
  // The points are in the server's page, listed, before any map.
  loader: ({ context: { queryClient } }) =>
    loadWithin((async () => queryClient.ensureQueryData(deliveryLocationsQuery(await loadDeliveryDate(queryClient))))()),
  head: ({ match: { context } }) =>
    pageHead({
      origin: context.origin,
      path: '/points-de-livraison',
      title: 'Nos points de livraison — Popote',
      description: 'Les arrêts de triporteur et les sites d’entreprise où Popote livre vos déjeuners à Lyon, avec leurs horaires.',
      jsonLd: placesData(context.queryClient.getQueryData(deliveryLocationsQuery(knownDeliveryDate(context.queryClient)).queryKey) ?? []),
    }),
  component: () => <DeliveryPointsPage finder={<DeliveryFinder />} />,
});
