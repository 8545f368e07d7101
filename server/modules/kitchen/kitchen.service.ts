import type { KitchenSheet } from '#shared/api/staff';
import { parisInstant } from '#shared/time';
import type { Db } from '../../db/client';
import { countSheet } from './kitchen-sheet';
import { closedSince, dishesByIds, isCooked, lastCutOff, lastPrint, linesOf, ordersOfDate, recordPrint } from './kitchen.repo';

/**
 * The kitchen's production sheet of a delivery date for one member: the totals of every order to
 * cook, final once the day's last cut-off has passed, and what changed since this member last
 * printed it.
 */
export async function kitchenSheet(db: Db, date: string, staffId: number, now: Date): Promise<KitchenSheet> {
  const [orders, cutOff, printedAt] = await Promise.all([ordersOfDate(db, date), lastCutOff(db, date), lastPrint(db, staffId, date)]);
  const ids = orders.map((o) => o.id);
  const [lines, closed] = await Promise.all([linesOf(db, ids), printedAt ? closedSince(db, ids, printedAt) : Promise.resolve([])]);
  const productIds = [...new Set(lines.map((l) => l.productId).filter((id): id is number => id !== null))];
  const dishes = await dishesByIds(db, productIds);
  const closedAt = new Map(closed.map((c) => [c.orderId, c.at]));
  const counted = countSheet(
    orders.map((o) => ({ id: o.id, invoiceNumber: o.invoiceNumber, cooked: isCooked(o.state), tour: o.tour, createdAt: o.createdAt, closedAt: closedAt.get(o.id) ?? null })),
    lines,
    dishes,
    printedAt,
  );
  // Without deliveries that day, the sheet is final once the day has begun.
  const closes = parisInstant(date, cutOff ?? '00:00:00');
  return { date, final: now >= closes, cut_off: cutOff ? cutOff.slice(0, 5) : null, generated_at: now.toISOString(), ...counted };
}

/** This member printed the day's sheet now: later orders and cancellations show as changes. */
export const sheetPrinted = (db: Db, staffId: number, date: string, now: Date) => recordPrint(db, staffId, date, now);
