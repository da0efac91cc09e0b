import { describe, expect, it } from 'vitest';
import {
  compareMoments,
  differentMoments,
  formatDate,
  formatMoment,
  formatMonthYear,
  formatRelativeTime,
  formatRelease,
  epochMicros,
  releaseYearOf,
} from './dates.ts';

const NOW = Date.UTC(2026, 10, 21, 12);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const ago = (ms: number) => formatRelativeTime(NOW - ms, NOW);

describe('formatRelativeTime', () => {
  it("steps through the spec's units at their boundaries", () => {
    expect(ago(0)).toBe('just now');
    expect(ago(MIN - 1)).toBe('just now');
    expect(ago(MIN)).toBe('1m ago');
    expect(ago(59 * MIN + 59_000)).toBe('59m ago');
    expect(ago(HOUR)).toBe('1h ago');
    expect(ago(23 * HOUR)).toBe('23h ago');
    expect(ago(DAY)).toBe('1d ago');
    expect(ago(7 * DAY - 1)).toBe('6d ago');
    expect(ago(7 * DAY)).toBe('1w ago');
    expect(ago(29 * DAY)).toBe('4w ago');
    expect(ago(30 * DAY)).toBe('1mo ago');
    expect(ago(364 * DAY)).toBe('12mo ago');
    expect(ago(365 * DAY)).toBe('1y ago');
    expect(ago(3 * 365 * DAY)).toBe('3y ago');
  });

  it('reads ISO strings, Dates and epoch milliseconds', () => {
    expect(formatRelativeTime(new Date(NOW - 5 * MIN).toISOString(), NOW)).toBe('5m ago');
    expect(formatRelativeTime(new Date(NOW - 2 * HOUR), NOW)).toBe('2h ago');
    expect(formatRelativeTime('2026-11-19T12:00:00+00:00', NOW)).toBe('2d ago');
  });

  it("says 'recently' for anything that is not a date", () => {
    for (const bad of ['not a date', '', null, undefined, Number.NaN])
      expect(formatRelativeTime(bad, NOW)).toBe('recently');
  });

  it('never looks forward: a timestamp ahead of this clock is just now', () => {
    expect(formatRelativeTime(NOW + 3 * MIN, NOW)).toBe('just now');
  });
});

describe('formatDate', () => {
  it('shows the year of a release known only to the year, not TBA or January 1st', () => {
    expect(formatDate('1998', NOW)).toBe('1998');
    expect(formatDate('2030', NOW)).toBe('2030 (Upcoming)');
    expect(formatDate(null, NOW)).toBe('TBA');
  });
  it('writes a past date in full', () => {
    expect(formatDate('2017-03-03', NOW)).toBe('Mar 3, 2017');
    expect(formatDate(new Date(Date.UTC(2020, 0, 15, 12)), NOW)).toBe('Jan 15, 2020');
  });

  it("adds ' (Upcoming)' to a future date, and not to today", () => {
    expect(formatDate('2027-02-01', NOW)).toBe('Feb 1, 2027 (Upcoming)');
    expect(formatDate('2026-11-22', NOW)).toBe('Nov 22, 2026 (Upcoming)');
    expect(formatDate('2026-11-21', NOW)).toBe('Nov 21, 2026');
    expect(formatDate(NOW + DAY * 40, NOW)).toMatch(/\(Upcoming\)$/);
  });

  it("says 'TBA' for anything that is not a date", () => {
    for (const bad of ['soon', '', null, undefined]) expect(formatDate(bad, NOW)).toBe('TBA');
  });

  it("writes every day as Intl's en-US short date does, calendar days in UTC and moments in the reader's zone", () => {
    const utc = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    const local = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    const future = Date.UTC(9999, 0, 1);
    // Every 7th day and 13 hours from 1970 to 2030: each month, day and both sides of midnight.
    for (let time = 0; time < Date.UTC(2030, 0, 1); time += 7 * DAY + 13 * 3_600_000) {
      const day = new Date(time).toISOString().slice(0, 10);
      expect(formatDate(day, future)).toBe(utc.format(Date.parse(`${day}T00:00:00Z`)));
      expect(formatDate(new Date(time), future)).toBe(local.format(time));
    }
  });
});

describe('formatMonthYear', () => {
  it("writes every month as Intl's en-US long month and year does, in the reader's zone or in UTC", () => {
    const utc = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const local = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
    for (let time = 0; time < Date.UTC(2030, 0, 1); time += 11 * DAY + 7 * 3_600_000) {
      expect(formatMonthYear(time, { utc: true })).toBe(utc.format(time));
      expect(formatMonthYear(new Date(time))).toBe(local.format(time));
    }
    expect(formatMonthYear('2026-11-21T10:00:00Z', { locale: 'de-DE', utc: true })).toBe('November 2026');
    expect(formatMonthYear('2026-03-02T10:00:00Z', { locale: 'fr-FR', utc: true })).toBe('mars 2026');
    expect(formatMonthYear('not a date')).toBeNull();
  });
});

describe('differentMoments', () => {
  it('compares moments, not spellings', () => {
    expect(differentMoments('2026-11-21T12:00:00Z', '2026-11-21T12:00:00.000+00:00')).toBe(false);
    expect(differentMoments('2026-11-21T12:00:00Z', '2026-11-21T12:00:01Z')).toBe(true);
  });
});

describe('epochMicros', () => {
  it('keeps microseconds Date.parse would drop', () => {
    expect(epochMicros('2026-11-21T10:00:00.123456+00:00') - epochMicros('2026-11-21T10:00:00.123+00:00')).toBe(456);
    expect(epochMicros('2026-11-21T12:00:00+02:00')).toBe(epochMicros('2026-11-21T10:00:00Z'));
  });
});

describe('compareMoments', () => {
  const sign = (a: string | null, b: string | null) => Math.sign(compareMoments(a, b));

  it("orders a whole second before the same second's fractions, as Postgres writes them", () => {
    // localeCompare put '…33.001+00:00' first: demo comments seeded a millisecond apart swapped.
    expect('2026-11-27T20:15:33.001+00:00'.localeCompare('2026-11-27T20:15:33+00:00')).toBe(-1);
    expect(sign('2026-11-27T20:15:33+00:00', '2026-11-27T20:15:33.001+00:00')).toBe(-1);
    expect(sign('2026-11-27T20:15:33.001+00:00', '2026-11-27T20:15:33+00:00')).toBe(1);
    expect(sign('2026-11-27T20:15:32.999+00:00', '2026-11-27T20:15:33+00:00')).toBe(-1);
  });

  it('reads a fraction without its trailing zeros, down to the microsecond', () => {
    expect(sign('2026-11-27T20:15:33.74+00:00', '2026-11-27T20:15:33.741+00:00')).toBe(-1);
    expect(sign('2026-11-27T20:15:33.7+00:00', '2026-11-27T20:15:33.69+00:00')).toBe(1);
    expect(sign('2026-11-27T20:15:33.740001+00:00', '2026-11-27T20:15:33.74+00:00')).toBe(1);
  });

  it("weighs the device's own '…Z' rows against the server's by the instant", () => {
    expect(sign('2026-11-27T20:15:33.000Z', '2026-11-27T20:15:33+00:00')).toBe(0);
    expect(sign('2026-11-27T20:15:33.740Z', '2026-11-27T20:15:33.74+00:00')).toBe(0);
    expect(sign('2026-11-27T20:15:33.740Z', '2026-11-27T20:15:33.7401+00:00')).toBe(-1);
    expect(sign('2026-11-27T20:15:33Z', '2026-11-27T20:15:33.5Z')).toBe(-1);
  });

  it('puts none, or an unreadable one, first', () => {
    expect(sign(null, '2026-11-27T20:15:33Z')).toBe(-1);
    expect(sign('2026-11-27T20:15:33Z', '')).toBe(1);
    expect(sign('not a date', '2026-11-27T20:15:33Z')).toBe(-1);
    expect(sign(null, null)).toBe(0);
  });

  it('reads other offsets as the instant they name', () => {
    // 15:15:33-05:00 is 20:15:33 UTC: after 20:15:32 UTC although it reads earlier.
    expect(sign('2026-11-27T15:15:33.25-05:00', '2026-11-27T20:15:32+00:00')).toBe(1);
    expect(epochMicros('2026-11-27T15:15:33.250123-05:00')).toBe(Date.UTC(2026, 10, 27, 20, 15, 33) * 1000 + 250_123);
    expect(epochMicros('2026-11-27T20:15:33+00:00')).toBe(Date.UTC(2026, 10, 27, 20, 15, 33) * 1000);
  });

  it('sorts a mix of spellings into time order', () => {
    const times = [
      '2026-11-27T20:15:33.001+00:00',
      '2026-11-27T20:15:33+00:00',
      '2026-11-27T20:15:32.5Z',
      '2026-11-27T20:15:33.0005+00:00',
      '2026-11-27T21:15:32.9+01:00',
    ];
    expect([...times].sort(compareMoments)).toEqual([
      '2026-11-27T20:15:32.5Z',
      '2026-11-27T21:15:32.9+01:00',
      '2026-11-27T20:15:33+00:00',
      '2026-11-27T20:15:33.0005+00:00',
      '2026-11-27T20:15:33.001+00:00',
    ]);
  });
});

describe('formatMoment', () => {
  it('writes a timestamp as the browser would (toLocaleString), for a tooltip', () => {
    const at = '2026-03-05T14:07:09Z';
    expect(formatMoment(at)).toBe(new Date(at).toLocaleString());
    expect(formatMoment(Date.parse(at))).toBe(new Date(at).toLocaleString());
  });

  it('gives nothing for anything that is not a date', () => {
    for (const bad of ['soon', '', null, undefined]) expect(formatMoment(bad)).toBeUndefined();
  });
});

describe('formatRelease', () => {
  it('writes the day when the day is known, from release_date or first_release_date (its UTC day)', () => {
    expect(formatRelease({ release_date: '1998-03-03', release_year: 1998 }, NOW)).toBe('Mar 3, 1998');
    expect(formatRelease({ first_release_date: Date.UTC(1998, 2, 3) / 1000 }, NOW)).toBe('Mar 3, 1998');
    // Late in the UTC day is still that day, wherever the reader is.
    expect(formatRelease({ first_release_date: Date.UTC(1998, 10, 21, 23, 30) / 1000 }, NOW)).toBe('Nov 21, 1998');
    // The day wins over a year that disagrees with it.
    expect(formatRelease({ release_date: '2018-01-25', first_release_date: null, release_year: 2017 }, NOW)).toBe(
      'Jan 25, 2018',
    );
  });

  it('writes the year alone for a game known only to the year, never TBA or January 1st', () => {
    expect(formatRelease({ release_date: null, first_release_date: null, release_year: 1998 }, NOW)).toBe('1998');
    expect(formatRelease({ release_year: 1998 }, NOW)).toBe('1998');
    // A device row from before release_year kept the year as its release_date.
    expect(formatRelease({ release_date: '1998' }, NOW)).toBe('1998');
    expect(formatRelease({ release_year: 2026 }, NOW)).toBe('2026');
    expect(formatRelease({ release_year: 2027 }, NOW)).toBe('2027 (Upcoming)');
  });

  it("says 'TBA' when nothing is known", () => {
    expect(formatRelease({}, NOW)).toBe('TBA');
    expect(formatRelease({ release_date: null, first_release_date: null, release_year: null }, NOW)).toBe('TBA');
    expect(formatRelease({ release_date: 'soon', first_release_date: Number.NaN, release_year: Number.NaN }, NOW)).toBe(
      'TBA',
    );
  });

  it('marks a day still ahead as upcoming', () => {
    expect(formatRelease({ release_date: '2026-11-22', release_year: 2026 }, NOW)).toBe('Nov 22, 2026 (Upcoming)');
  });
});

describe('releaseYearOf', () => {
  it("is the day's year, else the year alone, else null", () => {
    expect(releaseYearOf({ release_date: '2018-01-25' })).toBe(2018);
    expect(releaseYearOf({ first_release_date: Date.UTC(2018, 0, 25) / 1000 })).toBe(2018);
    expect(releaseYearOf({ first_release_date: 1_431_993_600 })).toBe(2015);
    expect(releaseYearOf({ release_date: '1998-11-21' })).toBe(1998);
    expect(releaseYearOf({ release_date: null, release_year: 1998 })).toBe(1998);
    expect(releaseYearOf({ release_date: '1998' })).toBe(1998);
    expect(releaseYearOf({ release_year: null })).toBeNull();
    expect(releaseYearOf({ release_year: 1998.5 })).toBeNull();
  });
});
