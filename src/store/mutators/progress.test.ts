import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apply, EARLIER, gameRow, ME, NOW, openLocalDb } from '../../../tests/support/local-db.ts';
import type { CheckpointDb } from '../db.ts';

let db: CheckpointDb;
beforeEach(async () => {
  db = openLocalDb();
  await db.games.put(gameRow(10, 1942, 'The Witcher 3'));
});
afterEach(() => db.delete());

const progress = () => db.progress.where('[user_id+igdb_id]').equals([ME, 1942]).first();

describe('progress.set', () => {
  it('marks a game started, creating the progress row', async () => {
    await apply(db, 'progress.set', { igdb_id: 1942, started: true });
    expect(await progress()).toMatchObject({
      user_id: ME,
      game_id: 10,
      igdb_id: 1942,
      started: true,
      completed: false,
      started_date: NOW,
      completed_date: null,
      created_at: NOW,
      updated_at: NOW,
    });
  });

  it('takes finished to imply started, with the time given', async () => {
    await apply(db, 'progress.set', { igdb_id: 1942, completed: true, at: EARLIER });
    expect(await progress()).toMatchObject({
      started: true,
      completed: true,
      started_date: EARLIER,
      completed_date: EARLIER,
    });
  });

  it('only ever adds marks, keeping the dates already set', async () => {
    await apply(db, 'progress.set', { igdb_id: 1942, started: true, at: EARLIER });
    const first = await progress();
    await apply(db, 'progress.set', { igdb_id: 1942, completed: true });
    await apply(db, 'progress.set', { igdb_id: 1942, started: false, completed: false });
    expect(await progress()).toMatchObject({
      id: first?.id,
      started: true,
      completed: true,
      started_date: EARLIER,
      completed_date: NOW,
      created_at: NOW,
    });
  });

  it('takes the game out of the wishlist and the collection', async () => {
    await db.wishlist.put({
      id: 1,
      user_id: ME,
      igdb_id: 1942,
      game_id: 10,
      priority: 0,
      notes: null,
      added_at: EARLIER,
    });
    await db.collection.put({ id: 2, user_id: ME, igdb_id: 1942, game_id: 10, added_at: EARLIER });
    await apply(db, 'progress.set', { igdb_id: 1942, started: true });
    expect(await db.wishlist.count()).toBe(0);
    expect(await db.collection.count()).toBe(0);
  });

  it('with no mark, records an empty row and leaves the lists alone', async () => {
    await db.wishlist.put({
      id: 1,
      user_id: ME,
      igdb_id: 1942,
      game_id: 10,
      priority: 0,
      notes: null,
      added_at: EARLIER,
    });
    await apply(db, 'progress.set', { igdb_id: 1942 });
    expect(await progress()).toMatchObject({ started: false, completed: false, started_date: null });
    expect(await db.wishlist.count()).toBe(1);
  });

  it('adds a described game, and refuses an unknown one with the status message', async () => {
    await apply(db, 'progress.set', { igdb_id: 72, started: true, game: { name: 'Portal 2' } });
    expect(await db.progress.where('[user_id+igdb_id]').equals([ME, 72]).first()).toMatchObject({ game_id: -72 });
    await expect(apply(db, 'progress.set', { igdb_id: 999, started: true })).rejects.toMatchObject({
      code: 'game_not_found',
      message: 'Game must be added to database first',
    });
  });
});
