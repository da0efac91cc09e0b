import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  apply,
  commentRow,
  EARLIER,
  gameRow,
  ME,
  NOW,
  openLocalDb,
  OTHER,
  reviewRow,
  snapshot,
} from '../../../tests/support/local-db.ts';
import type { CheckpointDb } from '../db.ts';

let db: CheckpointDb;
const game = gameRow(10, 1942, 'The Witcher 3');

beforeEach(async () => {
  db = openLocalDb();
  await db.reviews.bulkPut([
    reviewRow(5, OTHER, game, { like_count: 3 }),
    reviewRow(6, ME, gameRow(11, 72, 'Portal 2')),
  ]);
  await db.comments.put(commentRow(20, OTHER, 5, { like_count: 1 }));
});
afterEach(() => db.delete());

const reviewLikes = async (id = 5) => (await db.reviews.get(id))?.like_count;
const commentLikes = async (id = 20) => (await db.comments.get(id))?.like_count;

describe('review_like.set', () => {
  it('likes once, however often it is set, and counts it', async () => {
    await apply(db, 'review_like.set', { rating_id: 5, liked: true });
    await apply(db, 'review_like.set', { rating_id: 5, liked: true });
    expect(await db.likes.toArray()).toMatchObject([
      { user_id: ME, rating_id: 5, comment_id: null, is_like: true, created_at: NOW },
    ]);
    expect(await reviewLikes()).toBe(4);
  });

  it('unlikes once, however often it is set', async () => {
    await db.likes.put({ id: 30, user_id: ME, rating_id: 5, comment_id: null, is_like: true, created_at: EARLIER });
    await apply(db, 'review_like.set', { rating_id: 5, liked: false });
    await apply(db, 'review_like.set', { rating_id: 5, liked: false });
    expect(await db.likes.count()).toBe(0);
    expect(await reviewLikes()).toBe(2);
  });

  it('never takes the count below 0', async () => {
    await db.reviews.update(5, { like_count: 0 });
    await db.likes.put({ id: 30, user_id: ME, rating_id: 5, comment_id: null, is_like: true, created_at: EARLIER });
    await apply(db, 'review_like.set', { rating_id: 5, liked: false });
    expect(await reviewLikes()).toBe(0);
  });

  it('lets members like their own review', async () => {
    await apply(db, 'review_like.set', { rating_id: 6, liked: true });
    expect(await reviewLikes(6)).toBe(1);
  });

  it('refuses a review that is not there', async () => {
    const before = await snapshot(db);
    await expect(apply(db, 'review_like.set', { rating_id: 404, liked: true })).rejects.toMatchObject({
      code: 'review_not_found',
      message: 'Review not found',
    });
    expect(await snapshot(db)).toEqual(before);
  });
});

describe('comment_like.set', () => {
  it('likes and unlikes a comment by id, keeping its count', async () => {
    await apply(db, 'comment_like.set', { comment_id: 20, liked: true });
    expect(await db.likes.toArray()).toMatchObject([{ user_id: ME, rating_id: null, comment_id: 20, is_like: true }]);
    expect(await commentLikes()).toBe(2);
    await apply(db, 'comment_like.set', { comment_id: 20, liked: false });
    expect(await db.likes.count()).toBe(0);
    expect(await commentLikes()).toBe(1);
  });

  it('likes a comment written offline, by its key', async () => {
    const key = randomUUID();
    await apply(db, 'comment.add', { key, rating_id: 5, content: 'pending' });
    await apply(db, 'comment_like.set', { comment_key: key, liked: true });
    const comment = await db.comments.where('client_key').equals(key).first();
    expect(comment?.like_count).toBe(1);
    expect(
      await db.likes
        .where('comment_id')
        .equals(comment?.id ?? 0)
        .count(),
    ).toBe(1);
  });

  it('refuses a comment that is not there, and a like without a target', async () => {
    await expect(apply(db, 'comment_like.set', { comment_id: 404, liked: true })).rejects.toMatchObject({
      code: 'comment_not_found',
      message: 'Comment not found',
    });
    await expect(apply(db, 'comment_like.set', { liked: true })).rejects.toMatchObject({
      message: 'Invalid comment ID',
    });
  });
});
