import { createFileRoute } from '@tanstack/react-router';
import { ClosingPage } from '../equipe/components/closing-page';
import { RoleGate } from '../equipe/components/team-shell';
import { DayLoading } from '../equipe/components/day-picker';
import { useTeamDate } from '../equipe/team-date';
import { validateDateSearch } from '../equipe/date-search';

export const Route = createFileRoute('/equipe/cloture')({
  validateSearch: validateDateSearch,
  head: () => ({ meta: [{ title: 'Clôture — Popote Équipe' }] }),
  component: ClosingRoute,
});

function ClosingRoute() {
  const date = useTeamDate(Route.useSearch());
  return (
    <RoleGate roles={['admin']}>
      {date ? <ClosingPage date={date} /> : <DayLoading />}
    </RoleGate>
  );
}
