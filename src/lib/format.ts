/** fr-FR display formats for the client (money formatting lives in src/shared/money). */
const longDate = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/Paris' });

/** 'lundi 23 novembre' for a 'YYYY-MM-DD' delivery date. */
export function formatLongDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate}T12:00:00Z`));
}
