import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gameRow, openLocalDb, reviewRow, userRow } from '../../../tests/support/local-db.ts';
import type { CheckpointDb } from '../../store/db.ts';
import { isFollowing, loadFollowList, loadUserReviews } from './profile.ts';

let db: CheckpointDb;
const at = (day: number) => new Date(Date.UTC(2026, 10, day)).toISOString();
const celeste = gameRow(20, 26226, 'Celeste');
const hades = gameRow(21, 113112, 'Hades');

beforeEach(async () => {
  db = openLocalDb();
  await db.users.bulkPut([userRow(1, 'me'), userRow(2, 'alice'), userRow(3, 'bob'), userRow(4, 'carol')]);
  await db.follows.bulkPut([
    { id: 1, follower_id: 2, following_id: 3, created_at: at(1) },
    { id: 2, follower_id: 4, following_id: 3, created_at: at(3) },
    { id: 3, follower_id: 1, following_id: 4, created_at: at(2) },
    { id: 4, follower_id: 3, following_id: 2, created_at: at(2) },
    // A follower the device holds no member row for.
    { id: 5, follower_id: 99, following_id: 3, created_at: at(4) },
  ]);
  await db.games.bulkPut([celeste, hades]);
  await db.reviews.bulkPut([
    reviewRow(10, 3, celeste, { rating: 9, post_date_time: at(1) }),
    reviewRow(11, 3, hades, { rating: 10, review: null, post_date_time: at(5) }),
    reviewRow(12, 2, hades, { rating: 7, post_date_time: at(6) }),
  ]);
});
afterEach(() => db.delete());

describe('loadFollowList', () => {
  it("lists a member's followers newest first, each with whether the viewer follows them, leaving out unknown members", async () => {
    const followers = await loadFollowList(db, 3, 'followers', 1);
    expect(followers.map((e) => [e.user.username, e.i_follow])).toEqual([
      ['carol', true],
      ['alice', false],
    ]);
  });

  it('lists whom a member follows, and answers no follow state to a visitor', async () => {
    expect((await loadFollowList(db, 3, 'following', null)).map((e) => [e.user.username, e.i_follow])).toEqual([
      ['alice', false],
    ]);
    expect(await loadFollowList(db, 1, 'followers', 1)).toEqual([]);
  });
});

describe('isFollowing', () => {
  it('reads the viewer’s own follow rows', async () => {
    expect(await isFollowing(db, 1, 4)).toBe(true);
    expect(await isFollowing(db, 1, 3)).toBe(false);
  });
});

describe('loadUserReviews', () => {
  it("answers only the member's reviews, newest first, with their games", async () => {
    const reviews = await loadUserReviews(db, 3);
    expect(reviews.map((r) => [r.review.id, r.game?.name])).toEqual([
      [11, 'Hades'],
      [10, 'Celeste'],
    ]);
  });
});
