import { useOnline } from './connection-store';
import { formatLongDate } from './format';

const ONLINE = { formulas: 'Impossible de charger les formules.', dishes: 'Impossible de charger les plats.' };

/**
 * What a list of the day says when it could not load. Offline, the day is named: the device's clock
 * may have moved on to a delivery day whose menus were never kept, and yesterday's copy is not shown
 * as today's.
 */
export function useUnloadedDay(what: 'formulas' | 'dishes', date: string | null): string {
  const online = useOnline();
  if (online || !date) return ONLINE[what];
  const day = formatLongDate(date);
  return what === 'formulas' ? `La carte du ${day} n’est pas encore enregistrée sur cet appareil.` : `Les plats du ${day} ne sont pas encore enregistrés sur cet appareil.`;
}
