import { createFileRoute } from '@tanstack/react-router';
import { DeliveryPointsPage } from '../features/delivery/components/delivery-points-page';
import { DeliveryFinder } from '../app/delivery-finder';

export const Route = createFileRoute('/points-de-livraison')({
  head: () => ({ meta: [{ title: 'Nos points de livraison — Popote' }] }),
  component: () => <DeliveryPointsPage finder={<DeliveryFinder />} />,
});
