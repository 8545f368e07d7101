import { createFileRoute } from '@tanstack/react-router';
import { AuditPage } from '../equipe/components/audit-page';
import { RoleGate } from '../equipe/components/team-shell';
import { DayLoading } from '../equipe/components/day-picker';
import { useTeamDate } from '../equipe/team-date';
import { validateDateSearch } from '../equipe/date-search';

export const Route = createFileRoute('/equipe/journal')({
  validateSearch: validateDateSearch,
  head: () => ({ meta: [{ title: 'Journal — Popote Équipe' }] }),
  component: AuditRoute,
});

function AuditRoute() {
  const date = useTeamDate(Route.useSearch());
  return (
    <RoleGate roles={['admin']}>
      {date ? <AuditPage date={date} /> : <DayLoading />}
    </RoleGate>
  );
}
