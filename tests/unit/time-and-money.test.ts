import { describe, expect, it } from 'vitest';
import { formatAmount, formatEuros } from '#shared/money';
import { addDays, frenchClock, frenchTime, frenchTimeRange, parisDate, parisInstant, parisTime, weekday } from '#shared/time';
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

  // One way to write a time everywhere: '11 h 45', whole hours '12 h', windows with an en dash;
  // no-break spaces keep a time on one line.
  it('writes times the French way', () => {
    const nb = (s: string) => s.replaceAll(' ', '\u00a0');
    expect(frenchTime('11:45')).toBe(nb('11 h 45'));
    expect(frenchTime('12:00:00')).toBe(nb('12 h'));
    expect(frenchTime('08:05:00')).toBe(nb('8 h 05'));
    expect(frenchTime('00:30')).toBe(nb('0 h 30'));
    expect(frenchTime('2026-11-23 11:45:00')).toBe(nb('11 h 45'));
    expect(frenchTimeRange('2026-11-23 11:45:00', '2026-11-23 12:15:00')).toBe(`${nb('11 h 45 –')} ${nb('12 h 15')}`);
    expect(frenchTimeRange('12:00', '13:30')).toBe(`${nb('12 h –')} ${nb('13 h 30')}`);
    // Paris time whatever the machine's zone (winter UTC+1, summer UTC+2).
    expect(frenchClock(new Date('2026-11-24T14:28:00Z'))).toBe(nb('15 h 28'));
    expect(frenchClock(new Date('2026-07-01T10:00:00Z'))).toBe(nb('12 h'));
  });
});

describe('the age of a copy kept offline', () => {
  it('says the day with its month and how long ago the server produced it', () => {
    const at = new Date('2026-11-24T13:59:00Z');
    expect(formatDataAge('Menus', at, at.getTime() + 2 * 3_600_000 + 5 * 60_000)).toBe('Menus enregistrés le mardi 24 novembre à 14\u00a0h\u00a059, il y a 2 h');
    expect(ageOf(30_000)).toBe('à l’instant');
    expect(ageOf(9 * 60_000)).toBe('il y a 9 min');
    expect(ageOf(3 * 86_400_000)).toBe('il y a 3 j');
    // A clock behind the server's never gives a negative age.
    expect(ageOf(-60_000)).toBe('à l’instant');
  });
});
