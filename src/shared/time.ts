/**
 * Europe/Paris calendar arithmetic. Every "today", cut-off and delivery date is computed in Paris
 * time whatever the machine's zone; dates travel as 'YYYY-MM-DD', times of day as 'HH:MM:SS'.
 */
export const SHOP_TIME_ZONE = 'Europe/Paris';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

// formatToParts costs microseconds and a busy server asks for the current second thousands of
// times a second: the last second's parts are kept (read-only for the callers below).
let lastSecond = Number.NaN;
let lastParts: Record<string, string> = {};

function pick(date: Date): Readonly<Record<string, string>> {
  const second = Math.floor(date.getTime() / 1000);
  if (second !== lastSecond) {
    const out: Record<string, string> = {};
    for (const p of parts.formatToParts(date)) out[p.type] = p.value;
    lastSecond = second;
    lastParts = out;
  }
  return lastParts;
}

/** The Paris calendar date of an instant: '2026-11-22'. */
export function parisDate(date: Date): string {
  const p = pick(date);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The Paris wall-clock time of an instant: '10:42:05'. */
export function parisTime(date: Date): string {
  const p = pick(date);
  return `${p.hour}:${p.minute}:${p.second}`;
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

/** The Paris time of an instant, as the shop writes it: '15 h 28'. */
export function frenchClock(date: Date): string {
  return frenchTime(parisTime(date));
}
