import { describe, expect, it } from 'vitest';
import {
  compareEntries,
  formatMinutes,
  formatPlayDay,
  groupByMonth,
  journalFormProblems,
  minutesProblem,
  noteProblem,
  playDateProblem,
  totalMinutes,
} from './journal.ts';

const NOW = Date.parse('2026-11-20T23:30:00Z');

describe('play journal rules', () => {
  it.each([
    ['2026-11-20', null],
    ['2026-11-21', null],
    ['1970-01-01', null],
    ['2026-11-22', 'Play date cannot be in the future'],
    ['1969-12-31', 'Play date cannot be before 1970'],
    ['2026-02-29', 'Play date must be a valid date'],
    ['2024-02-29', null],
    ['2026-13-01', 'Play date must be a valid date'],
    ['20261120', 'Play date must be a valid date'],
    ['', 'Play date must be a valid date'],
  ])('play date %s → %s', (day, problem) => {
    expect(playDateProblem(day, NOW)).toBe(problem);
  });

  it('minutes are whole, 1 to 1440; a note is at most 280 characters once trimmed of spaces', () => {
    expect([0, 1, 1440, 1441, 30.5, Number.NaN].map(minutesProblem)).toEqual([
      'Minutes played must be a whole number from 1 to 1440',
      null,
      null,
      'Minutes played must be a whole number from 1 to 1440',
      'Minutes played must be a whole number from 1 to 1440',
      'Minutes played must be a whole number from 1 to 1440',
    ]);
    expect(noteProblem(`  ${'x'.repeat(280)}  `)).toBeNull();
    expect(noteProblem('x'.repeat(281))).toBe('Note exceeds 280 characters');
    expect(noteProblem(null)).toBeNull();
  });

  it('formats time played in hours and minutes', () => {
    expect([0, 45, 60, 90, 750, 7800].map(formatMinutes)).toEqual([
      '0 min',
      '45 min',
      '1 h',
      '1 h 30 min',
      '12 h 30 min',
      '130 h',
    ]);
  });

  it('sorts newest first (by day, then the later logged, an offline entry first) and groups by month with totals', () => {
    const entries = [
      { id: 1, played_on: '2026-10-30', minutes: 30 },
      { id: 5, played_on: '2026-11-02', minutes: 60 },
      { id: -1e12, played_on: '2026-11-02', minutes: 15 },
      { id: 3, played_on: '2026-11-02', minutes: 45 },
      { id: 2, played_on: '2025-11-15', minutes: 120 },
    ];
    expect([...entries].sort(compareEntries).map((e) => e.id)).toEqual([-1e12, 5, 3, 1, 2]);
    expect(groupByMonth(entries).map((g) => [g.label, g.minutes, g.entries.length])).toEqual([
      ['November 2026', 120, 3],
      ['October 2026', 30, 1],
      ['November 2025', 120, 1],
    ]);
    expect(totalMinutes(entries)).toBe(270);
  });

  it('names the day of play briefly, with the year only when it is not this year', () => {
    expect(formatPlayDay('2026-11-02', NOW)).toBe('Mon, Nov 2');
    expect(formatPlayDay('2025-03-14', NOW)).toBe('Mar 14, 2025');
  });
});

describe('the log form', () => {
  const values = { played_on: '2026-11-20', minutes: '90', platform_id: null, note: '', is_private: false };
  const now = new Date(2026, 10, 20, 12).getTime();

  it("takes a day up to the reader's today and whole minutes", () => {
    expect(journalFormProblems(values, now)).toEqual({});
  });

  it('names each wrong field with its message', () => {
    expect(
      journalFormProblems({ ...values, played_on: '2026-11-21', minutes: '', note: 'x'.repeat(281) }, now),
    ).toEqual({
      played_on: 'Play date cannot be in the future',
      minutes: 'Minutes played must be a whole number from 1 to 1440',
      note: 'Note exceeds 280 characters',
    });
    expect(journalFormProblems({ ...values, played_on: '', minutes: '1.5' }, now)).toMatchObject({
      played_on: 'Play date must be a valid date',
      minutes: 'Minutes played must be a whole number from 1 to 1440',
    });
  });
});
