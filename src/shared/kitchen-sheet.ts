import type { KitchenSheet } from './api/staff';
import { frenchClock } from './time';

/** "définitive", or "provisoire, mise à jour à 9 h 12": the sheet's state, on screen and on paper alike. */
export function sheetStatus(sheet: Pick<KitchenSheet, 'final' | 'generated_at'>): string {
  return sheet.final ? 'définitive' : `provisoire, mise à jour à ${frenchClock(new Date(sheet.generated_at))}`;
}
