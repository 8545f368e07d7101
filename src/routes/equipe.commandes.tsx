import { createFileRoute } from '@tanstack/react-router';
import { OrdersBoard } from '../equipe/components/orders-board';
import { RoleGate } from '../equipe/components/team-shell';
import { DayLoading } from '../equipe/components/day-picker';
import { useTeamDate } from '../equipe/team-date';
import { validateDateSearch } from '../equipe/date-search';

export const Route = createFileRoute('/equipe/commandes')({
  validateSearch: validateDateSearch,
  head: () => ({ meta: [{ title: 'Commandes — Popote Équipe' }] }),
  component: OrdersRoute,
});

function OrdersRoute() {
  const date = useTeamDate(Route.useSearch());
  return (
    <RoleGate roles={['admin']}>
      {date ? <OrdersBoard date={date} /> : <DayLoading />}
    </RoleGate>
  );
}
