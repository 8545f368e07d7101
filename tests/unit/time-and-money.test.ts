import { describe, expect, it } from 'vitest';
import { formatAmount, formatEuros, wholeEuros } from '#shared/money';
import { addDays, frenchClock, frenchTime, frenchTimeRange, parisDate, parisInstant, parisTime, weekday } from '#shared/time';
import { ageOf, formatDataAge, formatLongDate, formatShortDateTime } from '../../src/lib/format';

describe('money in cents, formatted the French way', () => {
  it('formats API amounts as "12,90"', () => {
    expect(formatAmount(0)).toBe('0,00');
    expect(formatAmount(1290)).toBe('12,90');
    expect(formatAmount(123456)).toBe('1234,56');
    expect(formatAmount(-400)).toBe('-4,00');
  });

  it('formats display prices as "12,90 €"', () => {
    expect(formatEuros(1290).replace(/\s/g, ' ')).toBe('12,90 €');
    expect(formatEuros(123450)).toBe('1\u202f234,50\u00a0€');
    expect(formatEuros(-0)).toBe('0,00\u00a0€');
    // One minus sign on screen and paper: U+2212, never the hyphen.
    expect(formatEuros(-400)).toBe('\u22124,00\u00a0€');
    expect(formatEuros(-123450)).toBe('\u22121\u202f234,50\u00a0€');
    expect(wholeEuros(25)).toBe('25\u00a0€');
  });

  // Written out by hand (no Intl on the app's start): held to what Intl's fr-FR writes.
  it('writes amounts exactly as Intl’s fr-FR does', () => {
    const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
    const plain = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
    const amounts = [0, 1, 5, 9, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 123_456, 1_000_000, 123_456_789, 9_007_199_254_740];
    for (let cents = 0; cents < 250_000; cents += 37) amounts.push(cents);
    // Not -0: Intl writes "-0,00 €", a sign no price should carry.
    for (const cents of [...amounts, ...amounts.filter((c) => c > 0).map((c) => -c)]) {
      // Intl's hyphen-minus, the shop's U+2212.
      expect(formatEuros(cents), String(cents)).toBe(euros.format(cents / 100).replace('-', '\u2212'));
      expect(formatAmount(cents), String(cents)).toBe(plain.format(cents / 100));
    }
  });
});

describe('Europe/Paris time whatever the machine zone', () => {
  it('gives the Paris date and time of an instant (winter, UTC+1)', () => {
    const instant = new Date('2026-11-22T23:30:00Z');
    expect(parisDate(instant)).toBe('2026-11-23');
    expect(parisTime(instant)).toBe('00:30:00');
  });

  // Worked out by the EU's rule (no Intl on the app's start): held to the platform's time zone
  // database over forty years: minute by minute around each of its changes of time, hour by hour
  // between them. Intl is asked only where it has to be (a day-by-day scan for changes, a search to
  // the minute, the minutes around each change): asking it for all 360,000 instants took 5 to 7 s
  // on a slow machine, past the default timeout. Between two changes the database's offset is
  // constant, so the hours there are held to the offset it gave for that stretch. The 360,000 calls
  // of the code under test still take 1.5 to 3 s: a budget of its own, declared, not the default.
  it('agrees with the time zone database from 2000 to 2040', { timeout: 30_000 }, () => {
    const MINUTE = 60_000;
    const HOUR = 60 * MINUTE;
    const DAY = 24 * HOUR;
    const paris = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    const database = (ms: number) => {
      const p = Object.fromEntries(paris.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
      return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
    };
    const databaseOffset = (ms: number) => Date.parse(`${database(ms).replace(' ', 'T')}Z`) - ms;
    const shown = (ms: number) => `${parisDate(new Date(ms))} ${parisTime(new Date(ms))}`;
    const wall = (ms: number, offset: number) => new Date(ms + offset).toISOString().slice(0, 19).replace('T', ' ');

    const start = Date.UTC(2000, 0, 1);
    const end = Date.UTC(2041, 0, 1);
    const changes: { at: number; offset: number }[] = [];
    let offset = databaseOffset(start);
    const firstOffset = offset;
    for (let day = start + DAY; day <= end; day += DAY) {
      const next = databaseOffset(day);
      if (next === offset) continue;
      let [before, after] = [day - DAY, day];
      while (after - before > MINUTE) {
        const middle = before + Math.floor((after - before) / 2 / MINUTE) * MINUTE;
        if (databaseOffset(middle) === offset) before = middle;
        else after = middle;
      }
      changes.push({ at: after, offset: next });
      offset = next;
    }
    expect(changes).toHaveLength(2 * 41);

    for (const { at } of changes) {
      for (let ms = at - HOUR; ms < at + 4 * HOUR; ms += MINUTE) {
        if (shown(ms) !== database(ms)) expect(shown(ms), new Date(ms).toISOString()).toBe(database(ms));
      }
    }
    let next = 0;
    offset = firstOffset;
    for (let ms = start + 1_234_000; ms < end; ms += HOUR) {
      while (next < changes.length && ms >= changes[next]!.at) offset = changes[next++]!.offset;
      if (shown(ms) !== wall(ms, offset)) expect(shown(ms), new Date(ms).toISOString()).toBe(wall(ms, offset));
    }
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

  it('writes long French dates as Intl’s fr-FR does, with the ordinal « 1er » Intl leaves out', () => {
    expect(formatLongDate('2026-11-23')).toBe('lundi 23 novembre');
    expect(formatLongDate('2026-12-01')).toBe('mardi 1er décembre');
    const long = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/Paris' });
    for (let date = '2000-01-01'; date < '2041-01-01'; date = addDays(date, 1)) {
      const expected = long.format(new Date(`${date}T12:00:00Z`)).replace(/ 1 /, ' 1er ');
      const shown = formatLongDate(date);
      if (shown !== expected) expect(shown, date).toBe(expected);
    }
  });

  it('writes an instant as a short date and the time, in Paris', () => {
    const nb = (s: string) => s.replaceAll(' ', '\u00a0');
    // Winter (UTC+1) and summer (UTC+2); past midnight in Paris, the day before in UTC.
    expect(formatShortDateTime(new Date('2026-11-27T07:05:00Z'))).toBe(`27/11/2026 à ${nb('8 h 05')}`);
    expect(formatShortDateTime(new Date('2026-07-01T10:00:00Z'))).toBe(`01/07/2026 à ${nb('12 h')}`);
    expect(formatShortDateTime(new Date('2026-12-31T23:30:00Z'))).toBe(`01/01/2027 à ${nb('0 h 30')}`);
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
