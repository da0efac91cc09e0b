// Private review drafts on the device: the local applies mirror app.m_review_* and rating_guard of
// supabase/schema/tables/public.rating.sql (a draft is saved, edited and published, dated when published; a review with
// likes or comments stays published; likes and comments wait for publishing), and the screen
// repositories leave drafts out of everything but their author's own views.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  apply,
  EARLIER,
  gameRow,
  ME,
  NOW,
  openLocalDb,
  OTHER,
  reviewRow,
  snapshot,
  userRow,
} from '../../../tests/support/local-db.ts';
import type { CheckpointDb } from '../../store/db.ts';
import { loadGamePage } from '../repos/game-page.ts';
import { loadRecentReviews } from '../repos/home.ts';
import { countRated, loadTopTen } from '../repos/lists.ts';
import { loadProfile, loadUserReviews } from '../repos/profile.ts';

let db: CheckpointDb;
const hades = gameRow(21, 113112, 'Hades');
const celeste = gameRow(20, 26226, 'Celeste');
const LATER = '2026-11-20T13:30:00.000Z';

beforeEach(async () => {
  db = openLocalDb();
  await db.users.bulkPut([userRow(ME, 'me'), userRow(OTHER, 'other')]);
  await db.games.bulkPut([hades, celeste]);
});
afterEach(() => db.delete());

const mine = (igdbId = hades.igdb_id) => db.reviews.where('[user_id+igdb_id]').equals([ME, igdbId]).first();

describe('local apply of drafts', () => {
  it('saves a new review as a draft, and one without the flag as published', async () => {
    await apply(db, 'review.create', { igdb_id: hades.igdb_id, rating: 8, review: 'Not done yet', draft: true });
    expect(await mine()).toMatchObject({ is_draft: true, rating: 8, post_date_time: NOW });
    await apply(db, 'review.create', { igdb_id: celeste.igdb_id, rating: 9 });
    expect(await mine(celeste.igdb_id)).toMatchObject({ is_draft: false });
  });

  it('edits a draft without publishing it and without moving its date', async () => {
    await db.reviews.put(reviewRow(5, ME, hades, { is_draft: true }));
    await apply(db, 'review.update', { igdb_id: hades.igdb_id, rating: 6.5 });
    expect(await mine()).toMatchObject({ is_draft: true, rating: 6.5, post_date_time: EARLIER, updated_at: NOW });
  });

  it('publishes a draft dated when it was published, as the server will', async () => {
    await db.reviews.put(reviewRow(5, ME, hades, { is_draft: true }));
    await apply(
      db,
      'review.update',
      { igdb_id: hades.igdb_id, draft: false, post_date_time: NOW },
      { me: ME, now: LATER },
    );
    expect(await mine()).toMatchObject({ is_draft: false, post_date_time: NOW, updated_at: NOW });
    // Without a time (or one outside the last 30 days) the publish is dated now.
    await db.reviews.put(reviewRow(6, ME, celeste, { is_draft: true }));
    await apply(db, 'review.update', {
      igdb_id: celeste.igdb_id,
      draft: false,
      post_date_time: '2020-01-01T00:00:00.000Z',
    });
    expect(await mine(celeste.igdb_id)).toMatchObject({ is_draft: false, post_date_time: NOW });
  });

  it('keeps the date of a published review whatever time an update carries', async () => {
    await db.reviews.put(reviewRow(5, ME, hades));
    await apply(db, 'review.update', { igdb_id: hades.igdb_id, rating: 4, post_date_time: NOW });
    expect(await mine()).toMatchObject({ is_draft: false, rating: 4, post_date_time: EARLIER });
  });

  it('takes a review back to draft only while nobody has liked or commented on it', async () => {
    await db.reviews.bulkPut([reviewRow(5, ME, hades), reviewRow(6, ME, celeste, { like_count: 1 })]);
    await apply(db, 'review.update', { igdb_id: hades.igdb_id, draft: true });
    expect(await mine()).toMatchObject({ is_draft: true });
    const before = await snapshot(db);
    await expect(apply(db, 'review.update', { igdb_id: celeste.igdb_id, draft: true })).rejects.toMatchObject({
      code: 'review_has_replies',
      message: 'A review with likes or comments cannot go back to being a draft',
    });
    expect(await snapshot(db)).toEqual(before);
  });

  it('refuses it for a comment as for a like, with the server’s code and message', async () => {
    await db.reviews.put(reviewRow(6, ME, celeste, { comment_count: 1 }));
    const before = await snapshot(db);
    await expect(
      apply(db, 'review.update', { igdb_id: celeste.igdb_id, draft: true, rating: 3 }),
    ).rejects.toMatchObject({
      code: 'review_has_replies',
      message: 'A review with likes or comments cannot go back to being a draft',
    });
    expect(await snapshot(db)).toEqual(before);
    // Edits that keep it published are still fine.
    await apply(db, 'review.update', { igdb_id: celeste.igdb_id, rating: 3 });
    expect(await mine(celeste.igdb_id)).toMatchObject({ is_draft: false, rating: 3 });
  });

  it('goes back to draft with the form’s edits in one write, keeping its date (Unpublish)', async () => {
    await db.reviews.put(reviewRow(5, ME, hades, { rating: 8, review: 'Loved it' }));
    await apply(
      db,
      'review.update',
      { igdb_id: hades.igdb_id, draft: true, review: 'Second thoughts' },
      { me: ME, now: LATER },
    );
    expect(await mine()).toMatchObject({
      is_draft: true,
      rating: 8,
      review: 'Second thoughts',
      post_date_time: EARLIER,
      updated_at: LATER,
    });
    // Nobody else's screens show it any more.
    expect((await loadGamePage(db, 'hades', OTHER))?.reviews ?? []).toEqual([]);
    expect((await loadRecentReviews(db)).map((r) => r.id)).toEqual([]);
  });

  it('refuses likes and comments on a draft, leaving no trace', async () => {
    await db.reviews.put(reviewRow(5, ME, hades, { is_draft: true }));
    const before = await snapshot(db);
    await expect(apply(db, 'review_like.set', { rating_id: 5, liked: true })).rejects.toMatchObject({
      code: 'review_is_draft',
      message: 'This review is a draft: it can be liked once it is published',
    });
    await expect(
      apply(db, 'comment.add', { key: crypto.randomUUID(), rating_id: 5, content: 'hm' }),
    ).rejects.toMatchObject({
      code: 'review_is_draft',
      message: 'This review is a draft: it can be commented on once it is published',
    });
    expect(await snapshot(db)).toEqual(before);
  });

  it('refuses a draft flag that is not a boolean', async () => {
    await expect(apply(db, 'review.create', { igdb_id: hades.igdb_id, rating: 5, draft: 'yes' })).rejects.toMatchObject(
      {
        code: 'invalid_args',
        message: 'Draft must be true or false',
      },
    );
  });
});

describe('screens and drafts', () => {
  beforeEach(async () => {
    await db.reviews.bulkPut([
      reviewRow(5, ME, hades, { is_draft: true, rating: 2, review: 'Private thoughts', post_date_time: NOW }),
      reviewRow(6, OTHER, hades, { rating: 8, review: 'Published', post_date_time: EARLIER }),
      reviewRow(7, ME, celeste, { rating: 9, review: 'Mine, published', post_date_time: EARLIER }),
    ]);
  });

  it('the game page counts and lists no draft, but gives the author their own', async () => {
    for (const viewer of [ME, OTHER, null]) {
      const page = await loadGamePage(db, 'hades', viewer);
      expect(page?.ratings).toMatchObject({ count: 1, average: 8 });
      expect(page?.reviews.map((r) => r.id)).toEqual([6]);
    }
    expect((await loadGamePage(db, 'hades', ME))?.me?.review).toMatchObject({ id: 5, is_draft: true });
  });

  it('the home feed, profile stats and Top 10 leave drafts out', async () => {
    expect((await loadRecentReviews(db)).map((r) => r.id).sort()).toEqual([6, 7]);
    const profile = await loadProfile(db, ME, ME);
    expect(profile?.stats.reviews).toBe(1);
    expect((await loadTopTen(db, ME)).map((t) => t.review.id)).toEqual([7]);
    expect(await countRated(db, ME)).toBe(1);
  });

  it("a member's review list shows their drafts to them alone", async () => {
    expect((await loadUserReviews(db, ME, ME)).map((e) => e.review.id)).toEqual([5, 7]);
    expect((await loadUserReviews(db, ME, OTHER)).map((e) => e.review.id)).toEqual([7]);
    expect((await loadUserReviews(db, ME)).map((e) => e.review.id)).toEqual([7]);
  });
});
