import { parisDate, parisTime } from '../shared/time';

/** fr-FR display formats for the client (money formatting lives in src/shared/money). */
const longDate = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/Paris' });

/** 'lundi 23 novembre' for a 'YYYY-MM-DD' delivery date. */
export function formatLongDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate}T12:00:00Z`));
}

const weekdayFormat = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', timeZone: 'Europe/Paris' });

/** 'Menus du jeudi 12 à 10:42': what a copy kept for offline reading dates from (Paris time). */
export function formatDataAge(label: string, at: Date): string {
  const day = Number(parisDate(at).slice(8, 10));
  return `${label} du ${weekdayFormat.format(at)} ${day} à ${parisTime(at).slice(0, 5)}`;
}
