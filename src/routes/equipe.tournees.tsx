import { createFileRoute } from '@tanstack/react-router';
import { ToursPage } from '../equipe/components/tours-page';
import { RoleGate } from '../equipe/components/team-shell';
import { DayLoading } from '../equipe/components/day-picker';
import { useTeamDate, validateDateSearch } from '../equipe/team-date';

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
