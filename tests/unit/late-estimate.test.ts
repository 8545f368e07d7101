import { describe, expect, it } from 'vitest';
import { LEG_MAX_MS, lateMinutes, lateText, usualLegMs } from '../../server/modules/rounds/late-estimate';

/** How late the tricycle is said to be (docs/product/notifications.md, "Late"). */

const min = (n: number) => n * 60_000;
const start = new Date('2026-11-23T11:00:00Z');
const after = (n: number) => new Date(start.getTime() + min(n));

describe('the usual time of a leg', () => {
  it('is the median of past rounds: one bad day does not move it', () => {
    expect(usualLegMs([min(12), min(14), min(50)])).toBe(min(14));
    expect(usualLegMs([min(12), min(16)])).toBe(min(14));
    expect(usualLegMs([min(9)])).toBe(min(9));
  });

  it('leaves out legs not positive (stops served the other way round) and too long to be a leg', () => {
    expect(usualLegMs([-min(5), 0, min(10), LEG_MAX_MS + 1])).toBe(min(10));
    expect(usualLegMs([-min(5), LEG_MAX_MS + 1])).toBeNull();
    expect(usualLegMs([])).toBeNull();
  });
});

describe('the minutes of delay', () => {
  it('are the previous stop’s arrival plus the usual leg, against the window’s start, by 5 minutes', () => {
    // 10:58 + 15 min = 11:13, now 11:05: 13 min late, said 15.
    expect(lateMinutes({ windowStart: start, now: after(5), previousArrival: after(-2), usualLeg: min(15) })).toBe(15);
    // 11:02 + 9 = 11:11: 11 min, said 10.
    expect(lateMinutes({ windowStart: start, now: after(5), previousArrival: after(2), usualLeg: min(9) })).toBe(10);
  });

  it('are never before now: the tricycle is not there yet', () => {
    // Expected at 11:03 by the usual leg, but it is 11:21.
    expect(lateMinutes({ windowStart: start, now: after(21), previousArrival: after(-7), usualLeg: min(10) })).toBe(20);
  });

  it('are at least 5', () => {
    expect(lateMinutes({ windowStart: start, now: after(5), previousArrival: after(-20), usualLeg: min(10) })).toBe(5);
    expect(lateMinutes({ windowStart: start, now: start, previousArrival: after(-20), usualLeg: min(10) })).toBe(5);
  });

  it('are not estimated without the previous stop’s arrival or a usual leg', () => {
    expect(lateMinutes({ windowStart: start, now: after(5), previousArrival: null, usualLeg: min(10) })).toBeNull();
    expect(lateMinutes({ windowStart: start, now: after(5), previousArrival: after(-2), usualLeg: null })).toBeNull();
  });
});

describe('the notice’s text', () => {
  it('says the estimate when there is one, and plainly otherwise', () => {
    expect(lateText('Gerland', '12\u00a0h\u00a0– 12\u00a0h\u00a030', 15)).toBe('Le triporteur aura environ 15\u00a0min de retard à Gerland (12\u00a0h\u00a0– 12\u00a0h\u00a030).');
    expect(lateText('Gerland', 'avant 12\u00a0h', null)).toBe('Le triporteur a du retard à Gerland (avant 12\u00a0h).');
  });
});
