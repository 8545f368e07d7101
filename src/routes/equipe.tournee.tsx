import { createFileRoute } from '@tanstack/react-router';
import { RoundPage } from '../equipe/components/round-page';
import { RoleGate } from '../equipe/components/team-shell';
import { DayLoading } from '../equipe/components/day-picker';
import { useTeamDate } from '../equipe/team-date';
import { validateDateSearch, type DateSearch } from '../equipe/date-search';

interface RoundSearch extends DateSearch {
  tour?: number;
}

/** The day and the tour in the address (`?date=2026-11-30&tour=2`), checked by hand like the day. */
function validateRoundSearch(search: Record<string, unknown>): RoundSearch {
  const tour = Number(search.tour);
  return { ...validateDateSearch(search), ...(Number.isInteger(tour) && tour > 0 ? { tour } : {}) };
}

export const Route = createFileRoute('/equipe/tournee')({
  validateSearch: validateRoundSearch,
  head: () => ({ meta: [{ title: 'Ma tournée — Popote Équipe' }] }),
  component: RoundRoute,
});

function RoundRoute() {
  const search = Route.useSearch();
  const date = useTeamDate(search);
  return (
    <RoleGate roles={['livreur']}>
      {date ? <RoundPage date={date} tour={search.tour} /> : <DayLoading />}
    </RoleGate>
  );
}
