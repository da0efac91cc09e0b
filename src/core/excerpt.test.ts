import { describe, expect, it } from 'vitest';
import { excerpt, excerptKeepingSpoilers, REVIEW_PAGE_EXCERPT_LENGTH } from './excerpt.ts';

it('keeps text up to the limit whole and cuts longer text at the limit', () => {
  const exact = 'a'.repeat(REVIEW_PAGE_EXCERPT_LENGTH);
  expect(excerpt(exact, REVIEW_PAGE_EXCERPT_LENGTH)).toEqual({ text: exact, cut: false });
  const long = `${'b'.repeat(REVIEW_PAGE_EXCERPT_LENGTH)}tail`;
  expect(excerpt(long, REVIEW_PAGE_EXCERPT_LENGTH)).toEqual({
    text: 'b'.repeat(REVIEW_PAGE_EXCERPT_LENGTH),
    cut: true,
  });
});

it('never splits an emoji and drops the spaces before the cut', () => {
  expect(excerpt('ab 🎮🎮', 4)).toEqual({ text: 'ab 🎮', cut: true });
  expect(excerpt('abc   defg', 6)).toEqual({ text: 'abc', cut: true });
});

describe('excerptKeepingSpoilers', () => {
  it('never cuts a spoiler in half: the cut moves before it', () => {
    const text = `${'a'.repeat(490)} ||the twist is the butler|| and more`;
    const cut = excerptKeepingSpoilers(text, REVIEW_PAGE_EXCERPT_LENGTH);
    expect(cut.cut).toBe(true);
    expect(cut.text).toBe('a'.repeat(490));
    expect(cut.text).not.toContain('twist');
  });
  it('keeps a spoiler that opens the text whole, and cuts like excerpt() elsewhere', () => {
    const text = `||${'s'.repeat(20)}|| ${'b'.repeat(30)}`;
    expect(excerptKeepingSpoilers(text, 10)).toEqual({ text: `||${'s'.repeat(20)}||`, cut: true });
    expect(excerptKeepingSpoilers('plain words here', 5)).toEqual(excerpt('plain words here', 5));
    expect(excerptKeepingSpoilers('short ||x||', 500)).toEqual({ text: 'short ||x||', cut: false });
  });
});
