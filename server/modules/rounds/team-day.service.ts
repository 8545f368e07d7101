import { addDays, parisDate, parisTime } from '#shared/time';
import type { Db } from '../../db/client';
import { roundsOn } from './courier-round.repo';
import { GONE_STATES, roundsOfDate } from './rounds.service';
import { allTours, nextDeliveryDate, slotsOfDate } from './rounds.repo';

/**
 * The day the team works on now (docs/product/team.md, "The working day"): today while today is a
 * delivery day whose work is not done, that is before its last tour's cut-off (orders still come)
 * or while a round of today carrying a bag to hand over is not closed, whatever the customers'
 * cut-off says; once every such round is closed, or on a day without deliveries, the next delivery
 * day (else tomorrow). Every team page opens on it.
 */
export async function workingDay(db: Db, now: Date): Promise<string> {
  const today = parisDate(now);
  const [slots, tours] = await Promise.all([slotsOfDate(db, today), allTours(db)]);
  if (slots.length) {
    const cutOffs = tours.filter((t) => slots.some((s) => s.tourId === t.id)).map((t) => t.orderTimeLimit);
    const lastCutOff = cutOffs.reduce((a, b) => (a > b ? a : b), '00:00:00');
    if (parisTime(now) <= lastCutOff) return today;
    const [rounds, existing] = await Promise.all([roundsOfDate(db, today), roundsOn(db, today)]);
    const closed = new Set(existing.filter((r) => r.closedAt).map((r) => r.tourId));
    const open = rounds.some((t) => !closed.has(t.id) && t.stops.some((s) => s.bags.some((b) => !GONE_STATES.includes(b.state))));
    if (open) return today;
  }
  return (await nextDeliveryDate(db, today)) ?? addDays(today, 1);
}
