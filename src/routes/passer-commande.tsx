import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { OrderPage } from '../features/catalog/components/order-page';
import { DeliverySummary } from '../features/delivery/components/delivery-summary';
import { appStateQuery } from '../lib/app-state';
import { formatLongDate } from '../lib/format';

export const Route = createFileRoute('/passer-commande')({
  head: () => ({ meta: [{ title: 'Passer commande — Popote' }] }),
  loader: ({ context }) => context.queryClient.ensureQueryData(appStateQuery),
  component: OrderRoute,
});

function OrderRoute() {
  const { data: state } = useQuery(appStateQuery);
  const date = state?.current_delivery_date ?? null;
  return <OrderPage delivery={<DeliverySummary delivery={state?.current_delivery ?? null} dateLabel={date ? formatLongDate(date) : null} />} />;
}
