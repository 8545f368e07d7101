import { describe, expect, it } from 'vitest';
import { cutOffLabel, slotLabel } from '../../src/features/delivery/slot-labels';

const delivery = { id: 1, starts_at: '2026-11-23 11:45:00', ends_at: '2026-11-23 12:15:00', tour: { id: 1, name: 'T', order_time_limit: '10:30:00' } };

describe('slot labels', () => {
  // Spaces inside a time and before the dash are no-break spaces (\u00a0).
  it('says "Livraison : start – end" for public points and "Livraison avant start" for private ones', () => {
    expect(slotLabel(delivery, false)).toBe('Livraison : 11\u00a0h\u00a045\u00a0– 12\u00a0h\u00a015');
    expect(slotLabel(delivery, true)).toBe('Livraison avant 11\u00a0h\u00a045');
  });

  it('gives the tour cut-off, a whole hour without minutes', () => {
    expect(cutOffLabel(delivery)).toBe('Fin des commandes à 10\u00a0h\u00a030');
    expect(cutOffLabel({ ...delivery, tour: { ...delivery.tour, order_time_limit: '11:00:00' } })).toBe('Fin des commandes à 11\u00a0h');
  });
});
