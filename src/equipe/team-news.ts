import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useLiveNews } from '../lib/live-news';
import { pathOf } from '../shared/api/route-table';
import { EVENTS } from '../shared/api/routes/events';

/**
 * The team's news of a day (GET /api/staff/events): an order placed or changed, a dish sold out, a
 * round closed or given a courier. The page showing that day reads its day again at once instead
 * of at its next slow re-read (team-api.ts, LIVE_REFRESH_MS). A burst of news (a round closed
 * changes every bag) makes one read, not one per line.
 */
const BURST_MS = 150;

/** Every team query of `date` (its key holds the date), or all of them when what was missed is unknown. */
const readDayAgain = (queryClient: QueryClient, date: string | null) =>
  queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'staff' && (date === null || query.queryKey.includes(date)) });

export function useTeamNews(date: string | null): void {
  const queryClient = useQueryClient();
  const burst = useRef<{ timer: ReturnType<typeof setTimeout>; all: boolean } | null>(null);
  const soon = (all: boolean) => {
    if (burst.current) {
      burst.current.all ||= all;
      return;
    }
    burst.current = {
      all,
      timer: setTimeout(() => {
        const everything = burst.current?.all ?? false;
        burst.current = null;
        void readDayAgain(queryClient, everything ? null : date);
      }, BURST_MS),
    };
  };
  useLiveNews(date ? pathOf(EVENTS.getStaffEvents, null, { date }) : null, {
    onEvent: (event) => soon(event.kind === 'reset'),
    onCut: () => {
      if (navigator.onLine) soon(false);
    },
  });
}
