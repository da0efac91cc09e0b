import { describe, expect, it } from 'vitest';
import {
  changedFields,
  clampRating,
  EMPTY_REVIEW_FORM,
  formProblems,
  isDirty,
  parsePlaytime,
  playtimeDigits,
  ratingFromInput,
  textLength,
  type ReviewFormValues,
} from './review-form.ts';

describe('rating', () => {
  it('clamps to 1..10 and rounds to the nearest 0.5', () => {
    expect(clampRating(0)).toBe(1);
    expect(clampRating(-3)).toBe(1);
    expect(clampRating(11)).toBe(10);
    expect(clampRating(7.3)).toBe(7.5);
    expect(clampRating(7.2)).toBe(7);
    expect(clampRating(7.25)).toBe(7.5);
    expect(clampRating(9.76)).toBe(10);
    expect(clampRating(Number.NaN)).toBe(5);
  });

  it('a cleared box returns to 5; typed text is read as a number', () => {
    expect(ratingFromInput('')).toBe(5);
    expect(ratingFromInput('   ')).toBe(5);
    expect(ratingFromInput('8,4')).toBe(8.5);
    expect(ratingFromInput('100')).toBe(10);
    expect(ratingFromInput('abc')).toBe(5);
  });
});

describe('playtime', () => {
  it('keeps only digits, at most five', () => {
    expect(playtimeDigits('12h')).toBe('12');
    expect(playtimeDigits('-3.5e2')).toBe('352');
    expect(playtimeDigits('1234567')).toBe('12345');
  });

  it('is optional, whole hours from 1 to 99999', () => {
    expect(parsePlaytime('')).toBeNull();
    expect(parsePlaytime('1')).toBe(1);
    expect(parsePlaytime('99999')).toBe(99999);
    expect(parsePlaytime('0')).toBe('invalid');
    expect(parsePlaytime('100000')).toBe('invalid');
    expect(parsePlaytime('007')).toBe(7);
  });
});

describe('what stops Submit', () => {
  const rules = { platformRequired: true, alreadyFinished: false };

  it('needs a platform when the game has known platforms, and the finished answer', () => {
    expect(formProblems(EMPTY_REVIEW_FORM, rules)).toEqual(['platform', 'finished']);
    expect(formProblems({ ...EMPTY_REVIEW_FORM, platform: 'PC', finished: false }, rules)).toEqual([]);
  });

  it('asks no platform when none is known, and no finished answer when already finished', () => {
    expect(formProblems(EMPTY_REVIEW_FORM, { platformRequired: false, alreadyFinished: true })).toEqual([]);
  });

  it('refuses a playtime outside the range and text over 10000 characters', () => {
    const values = { ...EMPTY_REVIEW_FORM, platform: 'PC', finished: true, playtime: '0', text: 'x'.repeat(10_001) };
    expect(formProblems(values, rules)).toEqual(['playtime', 'text']);
    expect(textLength('🎮'.repeat(10_000))).toBe(10_000);
    expect(formProblems({ ...values, playtime: '12', text: '🎮'.repeat(10_000) }, rules)).toEqual([]);
  });
});

describe('edit mode', () => {
  const loaded: ReviewFormValues = {
    rating: 8,
    platform: 'PC',
    finished: false,
    recommended: true,
    playtime: '40',
    text: 'Good.',
  };

  it('is clean until a field differs from the loaded values', () => {
    expect(isDirty(loaded, { ...loaded })).toBe(false);
    expect(changedFields(loaded, { ...loaded, rating: 8.5 })).toEqual(['rating']);
    expect(changedFields(loaded, { ...loaded, platform: 'PS5', recommended: false })).toEqual([
      'platform',
      'recommended',
    ]);
    expect(changedFields(loaded, { ...loaded, finished: true })).toEqual(['finished']);
  });

  it('ignores changes that save the same thing', () => {
    expect(isDirty(loaded, { ...loaded, playtime: '040', text: ' Good. ' })).toBe(false);
    expect(isDirty(loaded, { ...loaded, playtime: '' })).toBe(true);
  });
});
