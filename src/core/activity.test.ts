import { describe, expect, it } from 'vitest';
import {
  activitySentence,
  appendPage,
  mayHaveMore,
  nextCursor,
  orderActivity,
  parseActivity,
  type ActivityItem,
  type ActivityType,
} from './activity.ts';

const game = { id: 1, igdb_id: 100, name: 'Hades', cover_url: null };
const item = (type: ActivityType, id: number, date: string): ActivityItem => ({ type, id, date, game });
const T = '2026-11-21T10:00:00';

describe('activity order', () => {
  it('puts items within 2 seconds in kind order (review_like highest, wishlist lowest)', () => {
    const burst = [
      item('wishlist', 1, `${T}.000+00:00`),
      item('review', 2, `${T}.500+00:00`),
      item('started', 3, `${T}.900+00:00`),
      item('review_like', 4, `${T}.100+00:00`),
      item('completed', 5, `${T}.900+00:00`),
    ];
    expect(orderActivity(burst).map((i) => i.type)).toEqual([
      'review_like',
      'review',
      'completed',
      'started',
      'wishlist',
    ]);
  });

  it('orders separate moments newest first whatever their kind', () => {
    const items = [
      item('review_like', 1, '2026-11-20T10:00:00+00:00'),
      item('wishlist', 2, '2026-11-21T10:00:00+00:00'),
    ];
    expect(orderActivity(items).map((i) => i.type)).toEqual(['wishlist', 'review_like']);
  });

  it('chains a burst through items each within 2 seconds of the one before', () => {
    const items = [
      item('wishlist', 1, '2026-11-21T10:00:04+00:00'),
      item('collection', 2, '2026-11-21T10:00:02.5+00:00'),
      item('comment', 3, '2026-11-21T10:00:01+00:00'),
      item('rating', 4, '2026-11-21T09:59:50+00:00'),
    ];
    expect(orderActivity(items).map((i) => i.type)).toEqual(['comment', 'collection', 'wishlist', 'rating']);
  });
});

describe('paging', () => {
  it('continues from the oldest item of the page in (moment, kind, id) order', () => {
    const page = [
      item('review', 9, `${T}.5+00:00`),
      item('wishlist', 3, `${T}+00:00`),
      item('rating', 4, `${T}+00:00`),
    ];
    expect(nextCursor(page)).toEqual({ before: `${T}+00:00`, type: 'wishlist', id: 3 });
    expect(nextCursor([])).toBeNull();
  });

  it('appends a page without repeating what is shown', () => {
    const shown = [item('review', 1, `${T}+00:00`)];
    const next = appendPage(shown, [item('review', 1, `${T}+00:00`), item('rating', 1, '2026-11-20T00:00:00+00:00')]);
    expect(next.map((i) => `${i.type}:${i.id}`)).toEqual(['review:1', 'rating:1']);
  });

  it('expects more only after a page as long as a full source', () => {
    expect(mayHaveMore(Array.from({ length: 19 }, (_, i) => item('rating', i, `${T}+00:00`)))).toBe(false);
    expect(mayHaveMore(Array.from({ length: 20 }, (_, i) => item('rating', i, `${T}+00:00`)))).toBe(true);
  });
});

describe('reading the answer', () => {
  it('keeps known kinds with a game and the optional details', () => {
    const parsed = parseActivity([
      {
        type: 'review_like',
        id: 1,
        date: `${T}+00:00`,
        game,
        rating: 9.5,
        rating_id: 7,
        reviewed_author: { id: 2, username: 'alice', name: null },
      },
      { type: 'mystery', id: 2, date: `${T}+00:00`, game },
      { type: 'rating', id: 3, date: `${T}+00:00`, game: null },
    ]);
    expect(parsed).toEqual([
      {
        type: 'review_like',
        id: 1,
        date: `${T}+00:00`,
        game,
        rating: 9.5,
        rating_id: 7,
        reviewed_author: { id: 2, username: 'alice', name: null },
      },
    ]);
    expect(() => parseActivity({})).toThrow();
  });

  it('reads as a sentence around the game', () => {
    expect(activitySentence({ type: 'wishlist' })).toEqual({ lead: 'Added', trail: 'to Want to Play' });
    expect(activitySentence({ type: 'review_like', reviewed_author: { id: 2, username: 'alice' } })).toEqual({
      lead: "Liked alice's review of",
      trail: '',
    });
    expect(activitySentence({ type: 'comment' })).toEqual({ lead: 'Commented on a review of', trail: '' });
  });
});
