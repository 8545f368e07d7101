import { createFileRoute } from '@tanstack/react-router';
import { ToursPage } from '../equipe/components/tours-page';
import { RoleGate } from '../equipe/components/team-shell';
import { DayLoading } from '../equipe/components/day-picker';
import { useTeamDate } from '../equipe/team-date';
import { validateDateSearch } from '../equipe/date-search';

export const Route = createFileRoute('/equipe/tournees')({
  validateSearch: validateDateSearch,
  head: () => ({ meta: [{ title: 'Tournées — Popote Équipe' }] }),
  component: ToursRoute,
});

function ToursRoute() {
  const date = useTeamDate(Route.useSearch());
  return (
    <RoleGate roles={['livreur']}>
      {date ? <ToursPage date={date} /> : <DayLoading />}
    </RoleGate>
  );
}
