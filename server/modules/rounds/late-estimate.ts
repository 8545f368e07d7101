/**
 * How late the tricycle is at a stop (docs/product/notifications.md, "Late"): pure rules, from
 * stop-level times only (when the courier said "Arrivé" at a stop), never a position.
 */

const MINUTE = 60 * 1000;

/**
 * A stop is late once its window started this long ago without an "Arrivé": a tricycle two
 * minutes behind is on time to anyone waiting, and the least delay said is 5 minutes anyway.
 */
export const LATE_GRACE_MS = 5 * MINUTE;
/** A leg longer than this between two stops is not a leg (a stop served between, a tap forgotten): left out. */
export const LEG_MAX_MS = 60 * MINUTE;
/** The rounds a leg's usual time is taken from, latest first: a stop order or roadworks of long ago weigh nothing. */
export const LEG_ROUNDS = 10;
/** The delay is said in steps of 5 minutes, at least 5: "environ 10 min", not "8 min". */
const STEP_MS = 5 * MINUTE;

/**
 * The usual time of a leg (from one stop's "Arrivé" to the next's) in past rounds: their median.
 * A median, not a mean: one bad day (a puncture, an "Arrivé" tapped late) would pull a mean of a
 * few rounds by tens of minutes, and everyone would be told of a delay that is not there. Legs not
 * positive (the stops served the other way round that day) or over LEG_MAX_MS are left out; null
 * without any left.
 */
export function usualLegMs(legs: readonly number[]): number | null {
  const kept = legs.filter((ms) => ms > 0 && ms <= LEG_MAX_MS).sort((a, b) => a - b);
  if (!kept.length) return null;
  const mid = Math.floor(kept.length / 2);
  return kept.length % 2 ? kept[mid]! : Math.round((kept[mid - 1]! + kept[mid]!) / 2);
}

/**
 * The minutes of delay to announce at a stop, or null when no estimate can be made (no previous
 * stop, or it is not arrived yet, or no usual time for the leg): the previous stop's "Arrivé"
 * today plus the leg's usual time, never before now (the tricycle is not there yet), against the
 * window's start; in steps of 5 minutes, at least 5.
 */
export function lateMinutes(input: { windowStart: Date; now: Date; previousArrival: Date | null; usualLeg: number | null }): number | null {
  if (!input.previousArrival || input.usualLeg === null) return null;
  const expected = Math.max(input.previousArrival.getTime() + input.usualLeg, input.now.getTime());
  const steps = Math.round((expected - input.windowStart.getTime()) / STEP_MS);
  return (Math.max(steps, 1) * STEP_MS) / MINUTE;
}

/** The title of a late notice: the arrival's notice replaces it (same tag), and an unsent one is withdrawn by it. */
export const LATE_TITLE = 'Votre Popote a du retard';

/** A late notice's text: with the estimate when there is one, else plainly. `slot` as slotTime writes it. */
export function lateText(point: string, slot: string, minutes: number | null): string {
  return minutes === null ? `Le triporteur a du retard à ${point} (${slot}).` : `Le triporteur aura environ ${minutes}\u00a0min de retard à ${point} (${slot}).`;
}
