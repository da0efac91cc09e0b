import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apply, EARLIER, ME, NOW, openLocalDb, OTHER, snapshot, userRow } from '../../../tests/support/local-db.ts';
import type { CheckpointDb } from '../db.ts';

let db: CheckpointDb;
beforeEach(async () => {
  db = openLocalDb();
  await db.users.bulkPut([userRow(ME, 'me', { following_count: 0 }), userRow(OTHER, 'other', { follower_count: 5 })]);
});
afterEach(() => db.delete());

const counts = async () => ({
  following: (await db.users.get(ME))?.following_count,
  followers: (await db.users.get(OTHER))?.follower_count,
});

describe('follow.set', () => {
  it('follows once however often it is set, counting on both members', async () => {
    await apply(db, 'follow.set', { user_id: OTHER, following: true });
    await apply(db, 'follow.set', { user_id: OTHER, following: true });
    expect(await db.follows.toArray()).toMatchObject([{ follower_id: ME, following_id: OTHER, created_at: NOW }]);
    expect(await counts()).toEqual({ following: 1, followers: 6 });
  });

  it('unfollows once however often it is set', async () => {
    await db.follows.put({ id: 9, follower_id: ME, following_id: OTHER, created_at: EARLIER });
    await db.users.update(ME, { following_count: 1 });
    await apply(db, 'follow.set', { user_id: OTHER, following: false });
    await apply(db, 'follow.set', { user_id: OTHER, following: false });
    expect(await db.follows.count()).toBe(0);
    expect(await counts()).toEqual({ following: 0, followers: 4 });
  });

  it('never takes a count below 0', async () => {
    await db.follows.put({ id: 9, follower_id: ME, following_id: OTHER, created_at: EARLIER });
    await db.users.update(OTHER, { follower_count: 0 });
    await apply(db, 'follow.set', { user_id: OTHER, following: false });
    expect(await counts()).toEqual({ following: 0, followers: 0 });
  });

  it('follows a member this client has not cached, counting only what it holds', async () => {
    await apply(db, 'follow.set', { user_id: 77, following: true });
    expect(await db.follows.where('[follower_id+following_id]').equals([ME, 77]).count()).toBe(1);
    expect((await db.users.get(ME))?.following_count).toBe(1);
  });

  it('refuses following oneself', async () => {
    const before = await snapshot(db);
    await expect(apply(db, 'follow.set', { user_id: ME, following: true })).rejects.toMatchObject({
      code: 'self_follow',
      message: 'You cannot follow yourself',
    });
    expect(await snapshot(db)).toEqual(before);
  });
});
