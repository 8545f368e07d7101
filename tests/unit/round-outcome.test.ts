import { describe, expect, it } from 'vitest';
import { outcomesOf, receivedCents, receivedCount, type OutcomeEvent } from '#shared/round-outcome';

let n = 0;
const ev = (fields: Omit<OutcomeEvent, 'id' | 'order_id'> & { id?: string; order_id?: number }): OutcomeEvent => ({ id: `e${++n}`, order_id: 1, ...fields });

describe('what a round’s events say of an order', () => {
  it('is nothing without events', () => {
    expect(outcomesOf([]).get(1)).toBeUndefined();
  });

  it('takes the latest by the phone’s clock, whatever the order they arrived in', () => {
    const outcomes = outcomesOf([ev({ type: 'handed_over', at: '2026-11-23T11:10:00Z' }), ev({ type: 'absent', reason: 'no_one', at: '2026-11-23T11:05:00Z' })]);
    expect(outcomes.get(1)).toMatchObject({ outcome: 'handed_over', at: '2026-11-23T11:10:00Z', reason: null });
  });

  it('breaks a tie by the order of arrival', () => {
    const outcomes = outcomesOf([ev({ type: 'handed_over', at: '2026-11-23T11:00:00Z' }), ev({ type: 'absent', reason: 'refused', at: '2026-11-23T11:00:00Z' })]);
    expect(outcomes.get(1)).toMatchObject({ outcome: 'absent', reason: 'refused' });
  });

  it('keeps the vouchers and containers apart from the hand-over, the latest of each', () => {
    const outcomes = outcomesOf([
      ev({ type: 'vouchers_received', rows: [{ issuer: 'up', count: 2, unit_cents: 925 }], at: '2026-11-23T11:00:01Z' }),
      ev({ type: 'containers_returned', count: 2, at: '2026-11-23T11:00:02Z' }),
      ev({ type: 'containers_returned', count: 3, at: '2026-11-23T11:00:03Z' }),
      ev({ type: 'handed_over', at: '2026-11-23T11:00:00Z' }),
    ]);
    expect(outcomes.get(1)).toEqual({ outcome: 'handed_over', at: '2026-11-23T11:00:00Z', reason: null, rows: [{ issuer: 'up', count: 2, unit_cents: 925 }], containers: 3 });
  });

  it('forgets an undone event as if it had never been, the undo’s own time aside', () => {
    const wrong = ev({ type: 'containers_returned', count: 9, at: '2026-11-23T11:00:05Z' });
    const outcomes = outcomesOf([
      ev({ type: 'containers_returned', count: 2, at: '2026-11-23T11:00:01Z' }),
      wrong,
      ev({ type: 'undo', undoes: wrong.id, at: '2026-11-23T10:00:00Z' }),
      ev({ type: 'absent', reason: 'no_one', order_id: 2, at: '2026-11-23T11:00:00Z' }),
    ]);
    expect(outcomes.get(1)?.containers).toBe(2);
    expect(outcomes.get(2)).toMatchObject({ outcome: 'absent', containers: null });
  });

  it('counts received vouchers and their total', () => {
    const rows = [
      { count: 2, unit_cents: 925 },
      { count: 1, unit_cents: 800 },
    ];
    expect(receivedCents(rows)).toBe(2650);
    expect(receivedCount(rows)).toBe(3);
    expect(receivedCents(null)).toBe(0);
  });
});
