/** Money is integer cents everywhere; these format it at the edge. */

/*
 * Written out as Intl's fr-FR formats write them (a test holds them to Intl): a page's first Intl
 * formatter costs 15 to 40 ms of the main thread, four times that on a phone, on the path of the
 * app's start, and prices are drawn on every page.
 */

/** Between groups of thousands, fr-FR puts a narrow no-break space. */
const GROUP = '\u202f';
/** Before the currency sign, a no-break space: "25 €" never splits across two lines. */
const NBSP = '\u00a0';
/**
 * The minus sign of a negative amount on screen and paper: U+2212 « − », the same everywhere (the
 * hyphen « - » is not a minus; Intl writes it, the shop does not). The PDFs' standard fonts draw
 * it as a hyphen (server/pdf/page-frame.ts).
 */
export const MINUS = '\u2212';

function decimal(cents: number, grouped: boolean, minus: string): string {
  const whole = Math.round(Math.abs(cents));
  const units = String(Math.floor(whole / 100));
  const fraction = String(whole % 100).padStart(2, '0');
  return `${cents < 0 && whole > 0 ? minus : ''}${grouped ? units.replace(/\B(?=(\d{3})+$)/g, GROUP) : units},${fraction}`;
}

/** '12,90 €' for display ('1 234,50 €' with thin no-break spaces, '−4,00 €' below zero). */
export function formatEuros(cents: number): string {
  return `${decimal(cents, true, MINUS)}${NBSP}€`;
}

/** '25 €': a whole number of euros in a sentence (a cap, a deposit), its sign held to the number. */
export const wholeEuros = (euros: number | string) => `${euros}${NBSP}€`;

/** '12,90': the formatted-string fields of the API (final_price, formatted_pool…), read by programs: a hyphen-minus. */
export function formatAmount(cents: number): string {
  return decimal(cents, false, '-');
}
