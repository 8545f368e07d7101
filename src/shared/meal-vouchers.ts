import { DEPOSIT_PER_MENU_CENTS } from './constants';
import { formatEuros } from './money';
import { addDays, weekday } from './time';

/**
 * The legal limits of meal vouchers (titres-restaurant), paper and card alike (docs/product/payments.md):
 * they pay for food, not for the 4 € container deposit, which is money given back; a person may
 * use at most 25 € of them a day (Code du travail, R3262-10); and not on a Sunday or a public
 * holiday unless their employer allows it (R3262-8).
 */
export const MEAL_VOUCHER_DAILY_LIMIT_CENTS = 2500;

/** Why the panel offers less than the rest to pay to meal vouchers: the issue's own words. */
export const MEAL_VOUCHER_CAP_NOTE = 'Les titres-restaurant sont plafonnés à 25\u00a0€ par jour ; la consigne se règle par carte ou cagnotte.';

/** The refusal of a meal-voucher amount over what the delivery day and the order still allow. */
export function mealVoucherCapMessage(leftCents: number): string {
  return leftCents > 0
    ? `${MEAL_VOUCHER_CAP_NOTE} Vous pouvez encore régler ${formatEuros(leftCents)} en titres-restaurant sur cette commande.`
    : `${MEAL_VOUCHER_CAP_NOTE} Vous ne pouvez plus régler cette commande en titres-restaurant.`;
}

/**
 * The part of an order meal vouchers may pay: its total less the deposits it takes (containers
 * added, less those given back). Containers given back lower the total: all of it is food then.
 */
export function mealPartCents(finalCents: number, depositsAdded: number, depositsReturned: number): number {
  return Math.max(0, finalCents - Math.max(0, depositsAdded - depositsReturned) * DEPOSIT_PER_MENU_CENTS);
}

/**
 * What meal vouchers may pay on an order: its meal part, within what the day's cap leaves after
 * the customer's other orders delivered that day.
 */
export function mealVoucherRoom(mealPart: number, usedByOtherOrders: number): number {
  return Math.max(0, Math.min(mealPart, MEAL_VOUCHER_DAILY_LIMIT_CENTS - usedByOtherOrders));
}

/** Easter Sunday of a year (the Gregorian computus, Meeus/Jones/Butcher), 'YYYY-MM-DD'. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The public holidays of metropolitan France (Code du travail, L3133-1), by date, with their names. */
export function frenchPublicHolidays(year: number): Map<string, string> {
  const easter = easterSunday(year);
  const fixed: [string, string][] = [
    ['01-01', 'le jour de l’An'],
    ['05-01', 'le 1er mai'],
    ['05-08', 'le 8 mai'],
    ['07-14', 'le 14 juillet'],
    ['08-15', 'l’Assomption'],
    ['11-01', 'la Toussaint'],
    ['11-11', 'le 11 novembre'],
    ['12-25', 'Noël'],
  ];
  return new Map([
    ...fixed.map(([day, name]): [string, string] => [`${year}-${day}`, name]),
    [addDays(easter, 1), 'le lundi de Pâques'],
    [addDays(easter, 39), 'l’Ascension'],
    [addDays(easter, 50), 'le lundi de Pentecôte'],
  ]);
}

/**
 * What the panel says of a delivery day on which meal vouchers need the employer's leave: a
 * Sunday or a public holiday; null on any other day.
 */
export function mealVoucherRestDay(isoDate: string): string | null {
  const holiday = frenchPublicHolidays(Number(isoDate.slice(0, 4))).get(isoDate);
  const day = holiday ? `un jour férié (${holiday})` : weekday(isoDate) === 0 ? 'un dimanche' : null;
  return day && `Votre livraison tombe ${day} : les titres-restaurant ne sont acceptés ce jour-là que si votre employeur l’autorise.`;
}
