import { describe, expect, it } from 'vitest';
import { EMPTY_REVIEW_FORM, type ReviewFormValues } from './review-form.ts';
import { isKeptFormKey, keptFormKey, keptValues, readKeptValues, withKept } from './review-form-kept.ts';

const opened: ReviewFormValues = {
  rating: 8,
  platform: 'PC',
  finished: false,
  recommended: true,
  playtime: '40',
  text: 'Good.',
};
const open = { alreadyFinished: false };

describe('what is kept', () => {
  it('is nothing for an untouched form, or one changed back', () => {
    expect(keptValues(opened, { ...opened })).toEqual({});
    expect(keptValues(opened, { ...opened, playtime: '040', text: ' Good. ' })).toEqual({});
  });

  it('is the fields that differ, as typed', () => {
    expect(keptValues(opened, { ...opened, rating: 6.5, text: 'Good, then long.\n' })).toEqual({
      rating: 6.5,
      text: 'Good, then long.\n',
    });
    expect(keptValues(EMPTY_REVIEW_FORM, { ...EMPTY_REVIEW_FORM, platform: 'PS5', recommended: false })).toEqual({
      platform: 'PS5',
      recommended: false,
    });
    expect(keptValues(opened, { ...opened, playtime: '', finished: null })).toEqual({ playtime: '', finished: null });
  });
});

describe('opening with kept values', () => {
  it('opens as it would without any', () => {
    expect(withKept(opened, null, open)).toBe(opened);
    expect(withKept(opened, {}, open)).toEqual(opened);
  });

  it('takes the fields they hold, over what the server changed meanwhile, and only those', () => {
    // The server now has rating 9 and new text; the member had changed the text and the playtime.
    const server = { ...opened, rating: 9, text: 'Edited elsewhere.' };
    expect(withKept(server, { text: 'My longer review.', playtime: '' }, open)).toEqual({
      ...server,
      text: 'My longer review.',
      playtime: '',
    });
  });

  it('leaves the finished answer locked once the game is marked finished', () => {
    const finished = { ...opened, finished: true };
    expect(withKept(finished, { finished: false, rating: 3 }, { alreadyFinished: true })).toEqual({
      ...finished,
      rating: 3,
    });
    expect(withKept(opened, { finished: null }, open)).toEqual({ ...opened, finished: null });
  });

  it('round-trips what was kept', () => {
    const kept = keptValues(EMPTY_REVIEW_FORM, { ...opened, platform: null });
    expect(readKeptValues(JSON.parse(JSON.stringify(kept)))).toEqual(kept);
  });
});

describe('reading kept values back', () => {
  it('refuses what the form could not have kept', () => {
    expect(readKeptValues(null)).toBeNull();
    expect(readKeptValues('text')).toBeNull();
    expect(readKeptValues([])).toBeNull();
    expect(readKeptValues({ rating: 11 })).toBeNull();
    expect(readKeptValues({ rating: 7.3 })).toBeNull();
    expect(readKeptValues({ rating: '8' })).toBeNull();
    expect(readKeptValues({ playtime: '12h' })).toBeNull();
    expect(readKeptValues({ playtime: '123456' })).toBeNull();
    expect(readKeptValues({ finished: 'yes' })).toBeNull();
    expect(readKeptValues({ text: 42 })).toBeNull();
  });

  it('drops fields the form does not have', () => {
    expect(readKeptValues({ text: 'Hi', secret: 'x' })).toEqual({ text: 'Hi' });
  });
});

describe('the storage key', () => {
  it('is one per member and game, and tells itself from other keys', () => {
    expect(keptFormKey(7, 1942)).toBe('checkpoint.review-form.7.1942');
    expect(keptFormKey(7, 1942)).not.toBe(keptFormKey(8, 1942));
    expect(isKeptFormKey(keptFormKey(7, 1942))).toBe(true);
    expect(isKeptFormKey('checkpoint.recent-searches.games')).toBe(false);
  });
});
