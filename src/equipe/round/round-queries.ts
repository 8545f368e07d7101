import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-call';
import { ROUNDS } from '../../shared/api/routes/rounds';

/**
 * The courier's round, read from the server and kept on the phone (round-persistence.ts): once
 * opened online on a day it opens offline. Read again every 20 s while online, so two phones on
 * one round see each other's actions.
 */

export const ROUND_REFRESH_MS = 20_000;
/** As long as the persisted copy lives: a restored copy must not be collected before it is shown. */
export const ROUND_KEPT_MS = 2 * 24 * 3600 * 1000;

const kept = { gcTime: ROUND_KEPT_MS, networkMode: 'always' } as const;

export const roundsQuery = (date: string) =>
  queryOptions({
    queryKey: ['staff', 'rounds', date],
    queryFn: ({ signal }) => call(ROUNDS.getStaffRounds, { query: { date }, signal }),
    ...kept,
  });

export const roundQuery = (tourId: number, date: string) =>
  queryOptions({
    queryKey: ['staff', 'round', tourId, date],
    queryFn: ({ signal }) => call(ROUNDS.getStaffRoundsById, { params: { id: tourId }, query: { date }, signal }),
    refetchInterval: ROUND_REFRESH_MS,
    ...kept,
  });

/** Which queries the team app keeps on the phone: who is logged in, and the rounds. */
export const isKeptTeamQuery = (key: readonly unknown[]) => key[0] === 'staff' && (key[1] === 'me' || key[1] === 'rounds' || key[1] === 'round');

/** POST …/close: the round settled; its answer is the closed round. */
export function useCloseRound(tourId: number, date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(ROUNDS.postStaffRoundsByIdClose, { params: { id: tourId }, query: { date } }),
    onSuccess: (round) => queryClient.setQueryData(roundQuery(tourId, date).queryKey, round),
    // Refused (a bag without an outcome, closed meanwhile by another phone): the round is read
    // again, so the page shows why.
    onError: () => queryClient.invalidateQueries({ queryKey: roundQuery(tourId, date).queryKey }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff', 'rounds', date] }),
  });
}

/** The tour last opened on this phone for a day, so the page opens it again. */
const TOUR_KEY = (date: string) => `popote-round-tour:${date}`;
export function rememberedTour(date: string): number | null {
  try {
    const value = Number(localStorage.getItem(TOUR_KEY(date)));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}
export function forgetTour(date: string): void {
  try {
    localStorage.removeItem(TOUR_KEY(date));
  } catch {
    // A refused storage kept nothing to forget.
  }
}
export function rememberTour(date: string, tourId: number): void {
  try {
    localStorage.setItem(TOUR_KEY(date), String(tourId));
  } catch {
    // A full or refused storage only costs the choice next time.
  }
}
