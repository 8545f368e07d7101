import { useShopOpen } from '../lib/app-state';
import { parisDate } from '../shared/time';

/** A team page's day, in its address (`?date=2026-11-30`): a link or a reload shows the same day. */
export interface DateSearch {
  date?: string;
}

/**
 * The address's day when it is one. Checked by hand, not with the API's zod field: route options
 * load with the app's first script, and zod stays off the shop's first screen.
 */
export function validateDateSearch(search: Record<string, unknown>): DateSearch {
  return typeof search.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(search.date) ? { date: search.date } : {};
}

/**
 * The day a team page shows: the address's, else the shop's next delivery day (the one customers
 * order for now, as the server says), else today in Paris.
 */
export function useTeamDate(search: DateSearch): string {
  // The public answer the page came with, never the customer's state (a team member is no customer).
  const delivery = useShopOpen()?.current_delivery_date;
  return search.date ?? delivery ?? parisDate(new Date());
}
