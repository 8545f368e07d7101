import { describe, expect, it } from 'vitest';
import { formatAmount, formatEuros } from '#shared/money';
import { addDays, parisDate, parisInstant, parisTime, weekday } from '#shared/time';
import { formatLongDate } from '../../src/lib/format';

describe('money in cents, formatted the French way', () => {
  it('formats API amounts as "12,90"', () => {
    expect(formatAmount(0)).toBe('0,00');
    expect(formatAmount(1290)).toBe('12,90');
    expect(formatAmount(123456)).toBe('1234,56');
    expect(formatAmount(-400)).toBe('-4,00');
  });

  it('formats display prices as "12,90 €"', () => {
    expect(formatEuros(1290).replace(/\s/g, ' ')).toBe('12,90 €');
  });
});

describe('Europe/Paris time whatever the machine zone', () => {
  it('gives the Paris date and time of an instant (winter, UTC+1)', () => {
    const instant = new Date('2026-11-22T23:30:00Z');
    expect(parisDate(instant)).toBe('2026-11-23');
    expect(parisTime(instant)).toBe('00:30:00');
  });

  it('finds the instant of a Paris wall-clock time in summer and winter', () => {
    expect(parisInstant('2026-07-01', '23:59:59').toISOString()).toBe('2026-07-01T21:59:59.000Z');
    expect(parisInstant('2026-11-23', '23:59:59').toISOString()).toBe('2026-11-23T22:59:59.000Z');
  });

  it('does calendar arithmetic', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(weekday('2026-11-23')).toBe(1);
  });

  it('writes long French dates', () => {
    expect(formatLongDate('2026-11-23')).toBe('lundi 23 novembre');
  });
});
