/** Money is integer cents everywhere; these format it at the edge. */

/*
 * Written out as Intl's fr-FR formats write them (a test holds them to Intl): a page's first Intl
 * formatter costs 15 to 40 ms of the main thread, four times that on a phone, on the path of the
 * app's start, and prices are drawn on every page.
 */

/** Between groups of thousands, fr-FR puts a narrow no-break space. */
const GROUP = '\u202f';
/** Before the currency sign, a no-break space. */
const NBSP = '\u00a0';

function decimal(cents: number, grouped: boolean): string {
  const whole = Math.round(Math.abs(cents));
  const units = String(Math.floor(whole / 100));
  const fraction = String(whole % 100).padStart(2, '0');
  return `${cents < 0 && whole > 0 ? '-' : ''}${grouped ? units.replace(/\B(?=(\d{3})+$)/g, GROUP) : units},${fraction}`;
}

/** '12,90 €' for display ('1 234,50 €' with thin no-break spaces). */
export function formatEuros(cents: number): string {
  return `${decimal(cents, true)}${NBSP}€`;
}

/** '12,90': the formatted-string fields of the API (final_price, formatted_pool…). */
export function formatAmount(cents: number): string {
  return decimal(cents, false);
}
