/**
 * Europe/Paris calendar arithmetic. Every "today", cut-off and delivery date is computed in Paris
 * time whatever the machine's zone; dates travel as 'YYYY-MM-DD', times of day as 'HH:MM:SS'.
 */
export const SHOP_TIME_ZONE = 'Europe/Paris';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The instant a month's last Sunday begins, in UTC (`month` counted from 0). */
function lastSundayUtc(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0);
  return lastDay - new Date(lastDay).getUTCDay() * DAY_MS;
}

/**
 * Paris's offset from UTC at an instant, by the European Union's rule (in force since 1996): one
 * hour, two from the last Sunday of March at 01:00 UTC to the last Sunday of October at 01:00 UTC.
 * Written out rather than asked of Intl: a page's first Intl formatter costs 15 to 40 ms of the
 * main thread (its locale and zone data being set up), four times that on a phone, on the path of
 * the app's start. A test holds the rule to the platform's time zone database over 2000–2040: a
 * change of the rule there fails it.
 */
function parisOffsetMs(ms: number): number {
  const year = new Date(ms).getUTCFullYear();
  const summer = ms >= lastSundayUtc(year, 2) + HOUR_MS && ms < lastSundayUtc(year, 9) + HOUR_MS;
  return summer ? 2 * HOUR_MS : HOUR_MS;
}

/** Paris wall-clock time of an instant as an ISO string without zone: '2026-11-22T10:42:05'. */
const parisWall = (date: Date) => new Date(date.getTime() + parisOffsetMs(date.getTime())).toISOString().slice(0, 19);

/** The Paris calendar date of an instant: '2026-11-22'. */
export function parisDate(date: Date): string {
  return parisWall(date).slice(0, 10);
}

/** The Paris wall-clock time of an instant: '10:42:05'. */
export function parisTime(date: Date): string {
  return parisWall(date).slice(11);
}

/**
 * Whether 'YYYY-MM-DD' names a day of the calendar: '2026-02-30' or '2026-13-01' do not, and the
 * date arithmetic below would turn them into an invalid Date (a RangeError far from the input).
 */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Adds days to a 'YYYY-MM-DD' date (calendar arithmetic, no time zone involved). */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, for a 'YYYY-MM-DD' date. */
export function weekday(isoDate: string): number {
  return new Date(`${isoDate}T12:00:00Z`).getUTCDay();
}

const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];
const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

/**
 * 'lundi 23 novembre' for a 'YYYY-MM-DD' date (a calendar date: no time zone involved), with the
 * year on paper ('lundi 23 novembre 2026'). Written out, not with Intl: a page's first Intl
 * formatter costs 15 to 40 ms of the main thread.
 */
export function frenchLongDate(isoDate: string, options: { year?: boolean } = {}): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  // The first of the month is an ordinal in French: « 1er décembre ».
  return `${WEEKDAYS[weekday(isoDate)]} ${day === 1 ? '1er' : day} ${MONTHS[month! - 1]}${options.year ? ` ${year}` : ''}`;
}

/**
 * The instant of a Paris wall-clock time on a Paris date, e.g. the end of a delivery day
 * ('2026-11-23', '23:59:59') for a cookie's expiry. Handles both DST offsets.
 */
export function parisInstant(isoDate: string, time: string): Date {
  const guess = new Date(`${isoDate}T${time}Z`);
  for (let i = 0; i < 2; i++) {
    const shown = new Date(`${parisDate(guess)}T${parisTime(guess)}Z`);
    const drift = shown.getTime() - new Date(`${isoDate}T${time}Z`).getTime();
    if (drift === 0) break;
    guess.setTime(guess.getTime() - drift);
  }
  return guess;
}

/** 'HH:MM:SS' or 'HH:MM' to 'HH:MM'. */
export function hhmm(time: string): string {
  return time.slice(0, 5);
}

/** The 'HH:MM' of an API date-time 'YYYY-MM-DD HH:MM:SS' (delivery windows). */
export function timeOf(dateTime: string): string {
  return hhmm(dateTime.slice(11));
}

// French typography keeps a time on one line: no-break spaces inside '11 h 45' and before the dash.
const NBSP = '\u00a0';

/**
 * A time of day as the shop writes it: '11 h 45', whole hours '12 h' (no leading zero). Takes
 * 'HH:MM', 'HH:MM:SS' or an API date-time 'YYYY-MM-DD HH:MM:SS'. Every time a customer reads goes
 * through here (docs/product/wording.md).
 */
export function frenchTime(time: string): string {
  const clock = time.length > 8 ? timeOf(time) : hhmm(time);
  const [h = '0', m = '00'] = clock.split(':');
  const hour = String(Number(h));
  return m === '00' ? `${hour}${NBSP}h` : `${hour}${NBSP}h${NBSP}${m}`;
}

/** A time window: '11 h 45 – 12 h 15' (en dash). */
export function frenchTimeRange(start: string, end: string): string {
  return `${frenchTime(start)}${NBSP}– ${frenchTime(end)}`;
}

/**
 * A delivery slot's time, in the same words on every screen, mail and paper: a company site is
 * delivered before its start ("avant 11 h 30"), a street stop within its window ("11 h 30 – 12 h").
 */
export function slotTime(start: string, end: string, companySite: boolean): string {
  return companySite ? `avant ${frenchTime(start)}` : frenchTimeRange(start, end);
}

/** The Paris time of an instant, as the shop writes it: '15 h 28'. */
export function frenchClock(date: Date): string {
  return frenchTime(parisTime(date));
}
