import { describe, expect, it } from 'vitest';
import { commentProblem } from './reviews/comments.ts';
import { journalFormProblems, noteProblem } from './journal/journal.ts';
import { parseMutation } from './mutations.ts';
import { profileChanges } from './profile.ts';
import { formProblems } from './reviews/review-form.ts';
import { INVALID_TEXT_MESSAGE, isStorableText, isStorableValue, storableTextProblem } from './storable-text.ts';

const NUL = '\u0000';
const LONE_HIGH = '\ud83d';
const LONE_LOW = '\ude00';
const key = '00000000-0000-4000-8000-000000000001';

describe('isStorableText', () => {
  it('refuses U+0000 and a surrogate without its other half, wherever they are', () => {
    for (const bad of [
      NUL,
      `a${NUL}b`,
      `${LONE_HIGH}`,
      `x${LONE_HIGH}`,
      `${LONE_HIGH}x`,
      `x${LONE_LOW}`,
      `${LONE_LOW}${LONE_HIGH}`,
      '😀'.slice(0, 1),
      `😀${'😀'.slice(1)}`,
    ])
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
  });

  it('keeps every other text, emoji pairs, joiners and other controls included', () => {
    for (const good of [
      '',
      'hello',
      '😀',
      '👨‍👩‍👧',
      '🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}',
      '\u0001\u001f\u007f',
      '\ufffd',
      'שלום\u200f',
    ])
      expect(isStorableText(good), JSON.stringify(good)).toBe(true);
  });

  it('checks every string of a value, keys included', () => {
    expect(isStorableValue({ a: [1, 'ok', { b: null }], c: true })).toBe(true);
    expect(isStorableValue({ a: [1, `ok${NUL}`] })).toBe(false);
    expect(isStorableValue({ [`k${LONE_LOW}`]: 1 })).toBe(false);
    expect(isStorableValue(JSON.parse('{"note":"a\\u0000b"}'))).toBe(false);
    expect(storableTextProblem(null)).toBeNull();
    expect(storableTextProblem(`x${NUL}`)).toBe(INVALID_TEXT_MESSAGE);
  });
});

describe('the mutations refuse text the server cannot store, with the one message', () => {
  const cases: Array<[string, unknown]> = [
    ['review.create', { igdb_id: 1, rating: 8, review: `great${NUL}` }],
    ['review.update', { igdb_id: 1, review: `a${LONE_HIGH}`, draft: true }],
    ['review.create', { igdb_id: 1, rating: 8, platform: `PC${NUL}` }],
    ['comment.add', { key, rating_id: 1, content: `hi ${LONE_LOW}` }],
    ['comment.edit', { id: 1, content: `${NUL}` }],
    ['profile.update', { bio: `me${NUL}` }],
    ['profile.update', { name: `Jo${LONE_HIGH}` }],
    ['profile.update', { website: `https://a.example/${NUL}` }],
    ['journal.add', { key, igdb_id: 1, played_on: '2024-01-01', minutes: 30, note: `n${NUL}` }],
    ['journal.update', { id: 1, note: `${LONE_HIGH}` }],
    ['wishlist.set', { igdb_id: 1, in: true, notes: `x${NUL}` }],
    ['game.ensure', { igdb_id: 1, name: `Game${NUL}` }],
    ['review.create', { igdb_id: 1, rating: 8, game: { name: 'G', genres: [`a${NUL}`] } }],
  ];
  it.each(cases)('%s %j', (name, args) => {
    expect(() => parseMutation(name as never, args)).toThrow(INVALID_TEXT_MESSAGE);
  });

  it('still takes the same text without the character', () => {
    expect(parseMutation('comment.add', { key, rating_id: 1, content: 'hi 😀' }).content).toBe('hi 😀');
    expect(parseMutation('profile.update', { bio: 'me' }).bio).toBe('me');
  });
});

describe('the forms say so before anything is queued', () => {
  it('the comment box, the journal note, the review form and the profile form', () => {
    expect(commentProblem(`hi${NUL}`)).toBe(INVALID_TEXT_MESSAGE);
    expect(commentProblem(`hi${LONE_HIGH}`, 'edit')).toBe(INVALID_TEXT_MESSAGE);
    expect(noteProblem(`n${LONE_LOW}`)).toBe(INVALID_TEXT_MESSAGE);
    expect(
      journalFormProblems(
        { played_on: '2024-01-01', minutes: '30', platform_id: null, note: `x${NUL}`, is_private: false },
        Date.now(),
      ).note,
    ).toBe(INVALID_TEXT_MESSAGE);
    const review = { rating: 8, platform: null, finished: true, playtime: '', text: `ok${NUL}`, recommended: null };
    expect(formProblems(review, { platformRequired: false, alreadyFinished: false })).toEqual(['unstorable']);
    const saved = { username: 'jo_1', bio: '', avatar_url: '', location: '', website: '', platforms: [] };
    expect(profileChanges(saved, { ...saved, bio: `hello${NUL}` })).toEqual({
      ok: false,
      errors: { bio: INVALID_TEXT_MESSAGE },
    });
  });
});
