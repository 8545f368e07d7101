/*
 * A team page's day in its address, read by the routes' options. Route options load with the app's
 * first script: this file imports nothing, so neither zod nor the team's schemas come onto the
 * shop's first screen (the home page's JavaScript budget, scripts/size-budget.mjs).
 */

/** A team page's day, in its address (`?date=2026-11-30`): a link or a reload shows the same day. */
export interface DateSearch {
  date?: string;
}

/** The address's day when it is one. Checked by hand, not with the API's zod field (above). */
export function validateDateSearch(search: Record<string, unknown>): DateSearch {
  return typeof search.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(search.date) ? { date: search.date } : {};
}
