import { EDENRED_ERRORS } from '#shared/api/edenred';
import { MEAL_VOUCHER_DAILY_LIMIT_CENTS } from '#shared/meal-vouchers';
import { formatEuros } from '#shared/money';
import { parisDate, parisInstant } from '#shared/time';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { edenredSpending } from './edenred.repo';

/** What the customer paid from Edenred here today (Paris day of `now`), held or taken. */
export async function edenredSpentToday(db: Db, customerId: number, now: Date): Promise<number> {
  const today = parisDate(now);
  const start = parisInstant(today, '00:00:00');
  const end = new Date(start.getTime() + 26 * 3600 * 1000);
  const rows = await edenredSpending(db, customerId, start, end);
  return rows.filter((r) => parisDate(r.createdAt) === today).reduce((n, r) => n + r.amount, 0);
}

/** What Edenred can still take today: the balance within the daily cap, less today's payments here. */
export const usableToday = (balance: number, spentToday: number) => Math.max(0, Math.min(balance, MEAL_VOUCHER_DAILY_LIMIT_CENTS - spentToday));

/**
 * Refuses beforehand (402, in the customer's words) an amount over what the day's cap leaves, so
 * Edenred is never asked for what it must refuse.
 */
export async function checkDailyLimit(db: Db, customerId: number, amount: number, now: Date): Promise<void> {
  const spent = await edenredSpentToday(db, customerId, now);
  if (amount <= MEAL_VOUCHER_DAILY_LIMIT_CENTS - spent) return;
  const left = Math.max(0, MEAL_VOUCHER_DAILY_LIMIT_CENTS - spent);
  const already = spent ? ` ; vous avez déjà payé ${formatEuros(spent)} avec Edenred aujourd’hui` : '';
  throw new AppError(
    402,
    EDENRED_ERRORS.limitExceeded,
    `Les titres-restaurant sont plafonnés à ${formatEuros(MEAL_VOUCHER_DAILY_LIMIT_CENTS)} par jour${already} : vous pouvez encore payer ${formatEuros(left)} avec Edenred.`,
  );
}
