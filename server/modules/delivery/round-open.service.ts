import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { deliveries, rounds } from '../../db/schema';

/**
 * Whether an order may still be placed on the round of its slot (checkout, at placement): never on
 * a closed round, whose courier has settled it and whose bags nobody would deliver. The round (a
 * tour on a date) is held for share until the placement commits, so a closing (the rounds module,
 * which locks it for update) waits for it and then carries the order, or closes first and the
 * placement is refused. Here, below checkout and rounds both: the rounds module places nothing, and
 * checkout reads no round otherwise.
 */
export async function roundTakesOrders(tx: Tx, deliveryId: number, date: string): Promise<boolean> {
  const [slot] = await tx.select({ tourId: deliveries.tourId }).from(deliveries).where(eq(deliveries.id, deliveryId));
  if (!slot?.tourId) return true;
  await tx.insert(rounds).values({ tourId: slot.tourId, date }).onConflictDoNothing();
  const [round] = await tx
    .select({ closedAt: rounds.closedAt })
    .from(rounds)
    .where(and(eq(rounds.tourId, slot.tourId), eq(rounds.date, date)))
    .for('share');
  return !round!.closedAt;
}
