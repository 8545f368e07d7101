import { frenchClock, frenchLongDate, parisDate } from '../shared/time';

/*
 * fr-FR display formats for the client (money formatting lives in src/shared/money). Written out
 * as Intl writes them (a test holds them to Intl): a page's first Intl formatter costs 15 to 40 ms
 * of the main thread, on the path of the app's start.
 */

/** 'lundi 23 novembre' for a 'YYYY-MM-DD' delivery date (a calendar date: no time zone involved). */
export const formatLongDate = (isoDate: string): string => frenchLongDate(isoDate);

/** '27/11/2026 à 8 h 05': an instant as a short date and the time, in Paris (a history's lines). */
export function formatShortDateTime(at: Date): string {
  const [year, month, day] = parisDate(at).split('-');
  return `${day}/${month}/${year} à ${frenchClock(at)}`;
}

/**
 * 'Menus enregistrés le jeudi 12 novembre à 10 h 42, il y a 2 h': how old a copy kept for offline
 * reading is, from when the server produced it (never from the reload that shows it), in Paris time.
 * It says when the copy was saved, never "Menus du jeudi…", which reads as the menu of that day
 * while the delivery may be on another. `label` is a masculine plural ('Menus', 'Points de livraison').
 */
export function formatDataAge(label: string, at: Date, now: number = Date.now()): string {
  return `${label} enregistrés le ${formatLongDate(parisDate(at))} à ${frenchClock(at)}, ${ageOf(now - at.getTime())}`;
}

/** 'à l’instant', 'il y a 5 min', 'il y a 2 h', 'il y a 3 j'. */
export function ageOf(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'à l’instant';
  if (minutes < 60) return `il y a ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `il y a ${hours} h`;
  return `il y a ${Math.floor(hours / 24)} j`;
}

export { plural } from '../shared/plural';
