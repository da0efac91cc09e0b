import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  apply,
  commentRow,
  CTX,
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
const witcher = gameRow(10, 1942, 'The Witcher 3');
const celeste = gameRow(11, 26226, 'Celeste');

beforeEach(async () => {
  db = openLocalDb();
  await db.games.bulkPut([witcher, celeste]);
  await db.platforms.bulkPut([
    { id: 1, name: 'PC' },
    { id: 2, name: 'PS5' },
  ]);
});
afterEach(() => db.delete());

const mine = (igdbId = 1942) => db.reviews.where('[user_id+igdb_id]').equals([ME, igdbId]).first();

describe('review.create', () => {
  it('adds the review with a temporary id, zero counts and the time of writing', async () => {
    await apply(db, 'review.create', {
      igdb_id: 1942,
      rating: 8.5,
      review: '  Superb.  ',
      is_recommended: true,
      playtime_hours: 120,
    });
    const review = await mine();
    expect(review?.id).toBeLessThan(-1e12 + 1);
    expect(review).toMatchObject({
      user_id: ME,
      game_id: 10,
      igdb_id: 1942,
      rating: 8.5,
      review: 'Superb.',
      is_recommended: true,
      playtime_hours: 120,
      platform_id: null,
      slug: witcher.slug,
      like_count: 0,
      comment_count: 0,
      post_date_time: NOW,
      updated_at: NOW,
    });
  });

  it('stores blank text as no text and missing answers as null', async () => {
    await apply(db, 'review.create', { igdb_id: 1942, rating: 5, review: '   ' });
    expect(await mine()).toMatchObject({ review: null, is_recommended: null, playtime_hours: null });
  });

  it('keeps the time a review was written offline within the last 30 days, else uses now', async () => {
    await apply(db, 'review.create', { igdb_id: 1942, rating: 5, post_date_time: EARLIER });
    expect(await mine()).toMatchObject({ post_date_time: EARLIER, updated_at: EARLIER });
    await apply(db, 'review.create', { igdb_id: 26226, rating: 5, post_date_time: '2025-01-01T00:00:00Z' });
    expect(await mine(26226)).toMatchObject({ post_date_time: NOW });
  });

  it('finds the platform by id, or by name whatever its case; an unknown name is left to the server', async () => {
    await apply(db, 'review.create', { igdb_id: 1942, rating: 5, platform: 'ps5' });
    expect((await mine())?.platform_id).toBe(2);
    await apply(db, 'review.create', { igdb_id: 26226, rating: 5, platform_id: 1, platform: 'PS5' });
    expect((await mine(26226))?.platform_id).toBe(1);
    await apply(db, 'review.create', { igdb_id: 72, rating: 5, platform: 'Amiga', game: { name: 'Portal 2' } });
    expect((await mine(72))?.platform_id).toBeNull();
  });

  it('adds a game found only externally with the review', async () => {
    await apply(db, 'review.create', { igdb_id: 72, rating: 9, game: { name: 'Portal 2' } });
    expect(await mine(72)).toMatchObject({ game_id: -72, slug: 'portal-2' });
  });

  it('refuses a second review of the same game, leaving everything as it was', async () => {
    await db.reviews.put(reviewRow(5, ME, witcher));
    const before = await snapshot(db);
    await expect(apply(db, 'review.create', { igdb_id: 1942, rating: 6 })).rejects.toMatchObject({
      code: 'already_reviewed',
      message: 'You have already reviewed this game',
    });
    expect(await snapshot(db)).toEqual(before);
  });

  it('refuses a game that is not known and not described', async () => {
    await expect(apply(db, 'review.create', { igdb_id: 999, rating: 6 })).rejects.toMatchObject({
      code: 'game_not_found',
      message: 'Game not found in database. Please select a game from the search results.',
    });
  });

  it('refuses ratings and playtimes outside the spec', async () => {
    await expect(apply(db, 'review.create', { igdb_id: 1942, rating: 7.3 })).rejects.toMatchObject({
      message: 'Rating must be from 1 to 10 in steps of 0.5',
    });
    await expect(
      apply(db, 'review.create', { igdb_id: 1942, rating: 7, playtime_hours: 100_000 }),
    ).rejects.toMatchObject({
      message: 'Playtime must be whole hours from 1 to 99999',
    });
  });
});

describe('review.update', () => {
  beforeEach(() => db.reviews.put(reviewRow(5, ME, witcher, { platform_id: 1, playtime_hours: 10 })));

  it('changes only the fields given and moves updated_at', async () => {
    await apply(db, 'review.update', { igdb_id: 1942, rating: 9.5, review: ' Even better ' });
    expect(await db.reviews.get(5)).toMatchObject({
      rating: 9.5,
      review: 'Even better',
      is_recommended: true,
      platform_id: 1,
      playtime_hours: 10,
      updated_at: NOW,
      post_date_time: EARLIER,
    });
  });

  it('clears a field given as null, and picks a platform by name', async () => {
    await apply(db, 'review.update', { igdb_id: 1942, playtime_hours: null, is_recommended: null, platform: 'PS5' });
    expect(await db.reviews.get(5)).toMatchObject({ playtime_hours: null, is_recommended: null, platform_id: 2 });
  });

  it('leaves the review untouched when nothing differs', async () => {
    await apply(db, 'review.update', { igdb_id: 1942, rating: 8, review: 'Great' });
    expect(await db.reviews.get(5)).toMatchObject({ updated_at: EARLIER });
    expect(await db.shadows.count()).toBe(0);
  });

  it("refuses when the member has no review of the game (someone else's does not count)", async () => {
    await db.reviews.put(reviewRow(6, OTHER, celeste));
    await expect(apply(db, 'review.update', { igdb_id: 26226, rating: 2 })).rejects.toMatchObject({
      code: 'review_forbidden',
      message: 'Review not found or you do not have permission to edit it',
    });
    expect((await db.reviews.get(6))?.rating).toBe(8);
  });
});

describe('review.delete', () => {
  beforeEach(async () => {
    await db.reviews.bulkPut([
      reviewRow(5, ME, witcher, { like_count: 1, comment_count: 2 }),
      reviewRow(6, OTHER, celeste),
    ]);
    await db.comments.bulkPut([
      commentRow(20, OTHER, 5),
      commentRow(21, ME, 5, { parent_comment_id: 20 }),
      commentRow(22, ME, 6),
    ]);
    await db.likes.bulkPut([
      { id: 30, user_id: OTHER, rating_id: 5, comment_id: null, is_like: true, created_at: EARLIER },
      { id: 31, user_id: ME, rating_id: null, comment_id: 20, is_like: true, created_at: EARLIER },
      { id: 32, user_id: ME, rating_id: null, comment_id: 22, is_like: true, created_at: EARLIER },
    ]);
  });

  it('removes the review with its comments and every like on them, as the server cascades', async () => {
    await apply(db, 'review.delete', { rating_id: 5 });
    expect(await db.reviews.get(5)).toBeUndefined();
    expect((await db.comments.toArray()).map((c) => c.id)).toEqual([22]);
    expect((await db.likes.toArray()).map((l) => l.id)).toEqual([32]);
    expect(await db.shadows.get(['reviews', 5])).toMatchObject({ base: { id: 5 } });
  });

  it('deletes by game a review written offline, which has no server id yet', async () => {
    await apply(db, 'review.create', { igdb_id: celeste.igdb_id, rating: 6 });
    expect(await db.reviews.where('[user_id+igdb_id]').equals([ME, celeste.igdb_id]).count()).toBe(1);
    await apply(db, 'review.delete', { igdb_id: celeste.igdb_id });
    expect(await db.reviews.where('[user_id+igdb_id]').equals([ME, celeste.igdb_id]).count()).toBe(0);
  });

  it('is a no-op for a review already gone', async () => {
    const before = await snapshot(db);
    await apply(db, 'review.delete', { rating_id: 404 });
    expect(await snapshot(db)).toEqual(before);
  });

  it("refuses someone else's review", async () => {
    await expect(apply(db, 'review.delete', { rating_id: 6 }, CTX)).rejects.toMatchObject({
      code: 'review_forbidden',
      message: 'Review not found or you do not have permission to edit it',
    });
    expect(await db.reviews.get(6)).toBeDefined();
  });
});
