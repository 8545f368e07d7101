import { describe, expect, it } from 'vitest';
import { currentDeliveryDate, isLocationTooLate, isShopOpen, isTooLate, normalizeTime } from '#shared/delivery-rules';

const TODAY = '2026-11-23';

describe('too late', () => {
  it('a slot today is too late once the tour cut-off has passed', () => {
    expect(isTooLate(TODAY, '10:30:00', TODAY, '10:29:59')).toBe(false);
    expect(isTooLate(TODAY, '10:30:00', TODAY, '10:30:00')).toBe(false);
    expect(isTooLate(TODAY, '10:30:00', TODAY, '10:30:01')).toBe(true);
  });

  it('a slot on a later day is never too late, a past day always', () => {
    expect(isTooLate('2026-11-24', '10:30:00', TODAY, '23:59:59')).toBe(false);
    expect(isTooLate('2026-11-20', '10:30:00', TODAY, '00:00:00')).toBe(true);
  });

  it('a location is too late when all its slots are', () => {
    const slots = [
      { date: TODAY, orderTimeLimit: '10:00:00' },
      { date: TODAY, orderTimeLimit: '11:00:00' },
    ];
    expect(isLocationTooLate(slots, TODAY, '10:30:00')).toBe(false);
    expect(isLocationTooLate(slots, TODAY, '11:00:01')).toBe(true);
  });
});

describe('current delivery date and shop opening', () => {
  const days = [
    { date: TODAY, lastOrderTimeLimit: '11:00:00' },
    { date: '2026-11-24', lastOrderTimeLimit: '11:00:00' },
  ];

  it('is today until the last cut-off, then the next delivery day', () => {
    expect(currentDeliveryDate(days, TODAY, '10:59:00')).toBe(TODAY);
    expect(currentDeliveryDate(days, TODAY, '11:00:01')).toBe('2026-11-24');
    expect(currentDeliveryDate([], TODAY, '10:00:00')).toBeNull();
  });

  it('closes after the last cut-off until the opening hour', () => {
    expect(isShopOpen(days, TODAY, '10:00:00', '15:00')).toBe(true);
    expect(isShopOpen(days, TODAY, '12:00:00', '15:00')).toBe(false);
    expect(isShopOpen(days, TODAY, '15:00:00', '15h')).toBe(true);
  });

  it('is open on a day without deliveries when a later one exists', () => {
    expect(isShopOpen(days, '2026-11-22', '08:00:00', '15:00')).toBe(true);
    expect(isShopOpen([], '2026-11-22', '08:00:00', '15:00')).toBe(false);
  });

  it('reads opening hours written several ways', () => {
    expect(normalizeTime('15:00')).toBe('15:00:00');
    expect(normalizeTime('9h30')).toBe('09:30:00');
    expect(normalizeTime('18')).toBe('18:00:00');
    expect(normalizeTime('n/a')).toBe('00:00:00');
  });
});
