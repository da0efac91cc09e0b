import { expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.ts';

const NOW = Date.UTC(2026, 10, 21, 12);
const ago = (ms: number) => formatRelativeTime(NOW - ms, NOW);
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

it("uses the spec's steps", () => {
  expect(ago(0)).toBe('just now');
  expect(ago(59_999)).toBe('just now');
  expect(ago(MIN)).toBe('1m ago');
  expect(ago(59 * MIN)).toBe('59m ago');
  expect(ago(60 * MIN)).toBe('1h ago');
  expect(ago(DAY)).toBe('1d ago');
  expect(ago(6 * DAY)).toBe('6d ago');
  expect(ago(7 * DAY)).toBe('1w ago');
  expect(ago(29 * DAY)).toBe('4w ago');
  expect(ago(30 * DAY)).toBe('1mo ago');
  expect(ago(400 * DAY)).toBe('1y ago');
});

it('reads ISO strings and Dates, and says recently for an invalid date', () => {
  expect(formatRelativeTime(new Date(NOW - 5 * MIN).toISOString(), NOW)).toBe('5m ago');
  expect(formatRelativeTime(new Date(NOW - 2 * MIN), NOW)).toBe('2m ago');
  expect(formatRelativeTime('not a date', NOW)).toBe('recently');
});
