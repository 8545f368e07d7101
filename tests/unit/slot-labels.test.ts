import { describe, expect, it } from 'vitest';
import { cutOffLabel, slotLabel } from '../../src/features/delivery/slot-labels';

const delivery = { id: 1, starts_at: '2026-11-23 11:45:00', ends_at: '2026-11-23 12:15:00', tour: { id: 1, name: 'T', order_time_limit: '10:30:00' } };

describe('slot labels', () => {
  it('says "Livraison : start - end" for public points and "Livraison avant start" for private ones', () => {
    expect(slotLabel(delivery, false)).toBe('Livraison : 11:45 - 12:15');
    expect(slotLabel(delivery, true)).toBe('Livraison avant 11:45');
  });

  it('gives the tour cut-off', () => {
    expect(cutOffLabel(delivery)).toBe('Fin des commandes à 10:30');
  });
});
