import { createFileRoute } from '@tanstack/react-router';
import { KitchenSheetPage } from '../equipe/components/kitchen-sheet-page';
import { RoleGate } from '../equipe/components/team-shell';
import { DayLoading } from '../equipe/components/day-picker';
import { useTeamDate } from '../equipe/team-date';
import { validateDateSearch } from '../equipe/date-search';

export const Route = createFileRoute('/equipe/cuisine/')({
  validateSearch: validateDateSearch,
  head: () => ({ meta: [{ title: 'Fiche de production — Popote Équipe' }] }),
  component: KitchenRoute,
});

function KitchenRoute() {
  const date = useTeamDate(Route.useSearch());
  return (
    <RoleGate roles={['cuisine']}>
      {date ? <KitchenSheetPage date={date} /> : <DayLoading />}
    </RoleGate>
  );
}
