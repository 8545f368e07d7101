import type { Tx } from '../../db/client';
import { shareRound } from './courier-round.repo';
import { tourOfDelivery } from './rounds.repo';

/**
 * Whether an order may still be placed on the round of its slot (checkout, at placement): never on
 * a closed round, whose courier has settled it and whose bags nobody would deliver. The round is
 * held for share until the placement commits, so a closing waits for it and then carries the
 * order, or closes first and the placement is refused.
 */
export async function roundTakesOrders(tx: Tx, deliveryId: number, date: string): Promise<boolean> {
  const tourId = await tourOfDelivery(tx, deliveryId);
  if (tourId === null) return true;
  return !(await shareRound(tx, tourId, date)).closedAt;
}
