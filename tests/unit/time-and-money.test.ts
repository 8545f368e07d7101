import { describe, expect, it } from 'vitest';
import { formatAmount, formatEuros } from '#shared/money';
import { addDays, parisDate, parisInstant, parisTime, weekday } from '#shared/time';
import { ageOf, formatDataAge, formatLongDate } from '../../src/lib/format';

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

describe('the age of a copy kept offline', () => {
  it('says the day with its month and how long ago the server produced it', () => {
    const at = new Date('2026-11-24T13:59:00Z');
    expect(formatDataAge('Menus', at, at.getTime() + 2 * 3_600_000 + 5 * 60_000)).toBe('Menus du mardi 24 novembre à 14:59, il y a 2 h');
    expect(ageOf(30_000)).toBe('à l’instant');
    expect(ageOf(9 * 60_000)).toBe('il y a 9 min');
    expect(ageOf(3 * 86_400_000)).toBe('il y a 3 j');
    // A clock behind the server's never gives a negative age.
    expect(ageOf(-60_000)).toBe('à l’instant');
  });
});
