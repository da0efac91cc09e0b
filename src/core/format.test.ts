import { expect, it } from 'vitest';
import { formatRating } from './format.ts';

it('shows ratings with one decimal except 10', () => {
  expect(formatRating(10)).toBe('10');
  expect(formatRating(7)).toBe('7.0');
  expect(formatRating(8.5)).toBe('8.5');
});
