import { queryOptions, useQuery } from '@tanstack/react-query';
import { parisDate } from '../shared/time';
import type { DateSearch } from './date-search';
import { call } from '../lib/api-call';
import { ROUNDS } from '../shared/api/routes/rounds';


/**
 * GET /api/staff/day: the day the team works on now (docs/product/team.md, "The working day"):
 * today until its rounds are closed, whatever the customers' cut-off. Read again every few minutes
 * (a page left open past the closing of the last round moves on to the next day when reopened).
 */
export const staffDayQuery = queryOptions({
  queryKey: ['staff', 'day'],
  queryFn: ({ signal }) => call(ROUNDS.getStaffDay, { signal }),
  staleTime: 60_000,
  retry: false,
  // Asked even offline, so that it fails at once and the page opens on today (below).
  networkMode: 'always',
});

/**
 * The day a team page shows: the address's, else the team's working day as the server says. While
 * the server has not answered, undefined (the page waits); when it cannot be asked (offline, the
 * courier in a dead zone), today in Paris: the working day is today until its rounds are closed.
 */
export function useTeamDate(search: DateSearch): string | undefined {
  const day = useQuery({ ...staffDayQuery, enabled: search.date === undefined });
  if (search.date) return search.date;
  if (day.data) return day.data.date;
  return day.isError ? parisDate(new Date()) : undefined;
}
