import { describe, expect, it } from 'vitest';
import { buildExport, type ExportSource } from './build.ts';
import { readExportRefs, unfilledContext, wantedRefs, withRefs } from './refs.ts';

const T = '2026-11-20T12:00:00.000Z';
const comment = (id: number, ratingId: number) => ({
  id,
  client_key: null,
  user_id: 1,
  rating_id: ratingId,
  content: 'Nice',
  parent_comment_id: null,
  is_published: true,
  created_at: T,
  updated_at: T,
  like_count: 0,
});
const like = (id: number, ratingId: number | null, commentId: number | null) => ({
  id,
  rating_id: ratingId,
  comment_id: commentId,
  is_like: true,
  created_at: T,
});
const source: ExportSource = {
  me: { id: 1, username: 'ada', created_at: T },
  games: [{ id: 10, igdb_id: 1942, name: 'The Witcher 3' }],
  users: [{ id: 2, username: 'bo' }],
  // 20: held in full; 21: its game is not on the device; 22: its author is not.
  otherReviews: [
    { id: 20, user_id: 2, game_id: 10, igdb_id: 1942 },
    { id: 21, user_id: 2, game_id: 11, igdb_id: 26226 },
    { id: 22, user_id: 3, game_id: 10, igdb_id: 1942 },
  ],
  otherComments: [{ id: 50, rating_id: 24 }],
  platforms: [],
  reviews: [],
  comments: [comment(30, 20), comment(31, 21), comment(32, 22), comment(33, 23), comment(-34, -9)],
  likes: [
    like(40, 20, null),
    like(41, null, 50),
    like(42, null, 51),
    like(43, null, 30),
    { ...like(44, 25, null), is_like: false },
  ],
  follows: [],
  progress: [],
  wishlist: [],
  collection: [],
  topGames: [],
  journal: [],
  pending: new Set(),
  unsynced: 0,
};

describe('wantedRefs', () => {
  it('asks for every review the device cannot name in full, and for liked comments it does not hold', () => {
    expect(wantedRefs(source)).toEqual({ reviewIds: [21, 22, 23, 24], commentIds: [51] });
  });
});

describe('withRefs and unfilledContext', () => {
  it("fills the file from the server's answer, and counts what stays blank", () => {
    expect(unfilledContext(buildExport(source, new Date(T)), 'offline')).toEqual({
      comments: 4,
      likes: 2,
      fields: ['review_author', 'igdb_id', 'game'],
      why: 'offline',
    });
    const game = { id: 11, igdb_id: 26226, name: 'Celeste', slug: 'celeste', release_date: null, release_year: 2018 };
    const answer = readExportRefs({
      reviews: [21, 22, 23, 24].map((id) => ({ id, user_id: 3, username: 'cy', game })),
      comments: [{ id: 51, rating_id: 23 }],
    });
    const data = buildExport(withRefs(source, answer), new Date(T));
    expect(data.comments.find((c) => c.id === 33)?.on).toEqual({
      review_id: 23,
      author_id: 3,
      author_username: 'cy',
      game: { igdb_id: 26226, name: 'Celeste', release_year: 2018, slug: 'celeste' },
    });
    expect(data.likes.map((l) => l.review?.review_id ?? null)).toEqual([20, 24, 23, 20]);
    // Only the comment made offline on a review made offline stays unnamed.
    expect(unfilledContext(data, 'unknown')).toEqual({
      comments: 1,
      likes: 0,
      fields: ['review_author', 'igdb_id', 'game'],
      why: 'unknown',
    });
  });

  it('refuses an answer that is not what the server sends', () => {
    expect(() => readExportRefs({ reviews: [{ id: 1 }], comments: [] })).toThrow('unreadable answer');
  });
});
