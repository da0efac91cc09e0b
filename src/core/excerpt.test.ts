import { expect, it } from 'vitest';
import { excerpt, REVIEW_PAGE_EXCERPT_LENGTH } from './excerpt.ts';

it('keeps text up to the limit whole and cuts longer text at the limit', () => {
  const exact = 'a'.repeat(REVIEW_PAGE_EXCERPT_LENGTH);
  expect(excerpt(exact, REVIEW_PAGE_EXCERPT_LENGTH)).toEqual({ text: exact, cut: false });
  const long = `${'b'.repeat(REVIEW_PAGE_EXCERPT_LENGTH)}tail`;
  expect(excerpt(long, REVIEW_PAGE_EXCERPT_LENGTH)).toEqual({ text: 'b'.repeat(REVIEW_PAGE_EXCERPT_LENGTH), cut: true });
});

it('never splits an emoji and drops the spaces before the cut', () => {
  expect(excerpt('ab 🎮🎮', 4)).toEqual({ text: 'ab 🎮', cut: true });
  expect(excerpt('abc   defg', 6)).toEqual({ text: 'abc', cut: true });
});
