import { createFileRoute } from '@tanstack/react-router';
import { StockTable } from '../equipe/components/stock-table';
import { RoleGate } from '../equipe/components/team-shell';
import { DayLoading } from '../equipe/components/day-picker';
import { useTeamDate } from '../equipe/team-date';
import { validateDateSearch } from '../equipe/date-search';

export const Route = createFileRoute('/equipe/cuisine/stock')({
  validateSearch: validateDateSearch,
  head: () => ({ meta: [{ title: 'Stock — Popote Équipe' }] }),
  component: StockRoute,
});

function StockRoute() {
  const date = useTeamDate(Route.useSearch());
  return (
    <RoleGate roles={['cuisine']}>
      {date ? <StockTable date={date} /> : <DayLoading />}
    </RoleGate>
  );
}
