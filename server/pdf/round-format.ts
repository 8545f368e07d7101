import { formatEuros } from '#shared/money';
import { frenchLongDate, frenchTimeRange } from '#shared/time';
import type { Bag, RoundStop, VouchersToCollect } from './round-types';


/** 'lundi 23 novembre 2026' for a 'YYYY-MM-DD' delivery date. */
export const longDate = (isoDate: string): string => frenchLongDate(isoDate, { year: true });

/** '11 h 45 – 12 h 15', or '' without a window. */
export const windowOf = (stop: Pick<RoundStop, 'start' | 'end'>) => (stop.start && stop.end ? frenchTimeRange(stop.start, stop.end) : '');

/** '2 × 9,25 €', '2 × 9,25 € + 1 × 8 €', or the total alone when the vouchers' values are unknown. */
export function vouchersText(vouchers: VouchersToCollect): string {
  if (!vouchers.rows.length) return formatEuros(vouchers.totalCents);
  return vouchers.rows.map((r) => `${r.count}\u00a0×\u00a0${formatEuros(r.unitCents)}`).join(' + ');
}

/** A bag's line, short: '2 × Formule Complète : Salade lyonnaise, Quenelle de brochet'. */
export function lineText(line: Bag['lines'][number]): string {
  const head = line.quantity > 1 ? `${line.quantity}\u00a0×\u00a0${line.name}` : line.name;
  return line.children.length ? `${head} : ${line.children.join(', ')}` : head;
}

/** What else goes in the bag: '2 couverts, 1 sac'. */
export function extrasText(bag: Pick<Bag, 'cutlery' | 'toteBags'>): string {
  const parts: string[] = [];
  if (bag.cutlery) parts.push(`${bag.cutlery} couvert${bag.cutlery > 1 ? 's' : ''}`);
  if (bag.toteBags) parts.push(`${bag.toteBags} sac${bag.toteBags > 1 ? 's' : ''} réutilisable${bag.toteBags > 1 ? 's' : ''}`);
  return parts.join(', ');
}
