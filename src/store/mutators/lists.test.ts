import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apply, EARLIER, gameRow, ME, NOW, openLocalDb, snapshot } from '../../../tests/support/local-db.ts';
import type { CheckpointDb } from '../db.ts';

let db: CheckpointDb;
beforeEach(async () => {
  db = openLocalDb();
  await db.games.put(gameRow(10, 1942, 'The Witcher 3'));
});
afterEach(() => db.delete());

const wished = () => db.wishlist.where('[user_id+igdb_id]').equals([ME, 1942]).first();
const owned = () => db.collection.where('[user_id+igdb_id]').equals([ME, 1942]).first();
const start = () =>
  db.progress.put({
    id: 3,
    user_id: ME,
    game_id: 10,
    igdb_id: 1942,
    started: true,
    completed: false,
    started_date: EARLIER,
    completed_date: null,
    created_at: EARLIER,
    updated_at: EARLIER,
  });

async function refuses(
  name: 'wishlist.set' | 'collection.set' | 'collection.move',
  args: object,
  code: string,
  message: string,
) {
  const before = await snapshot(db);
  await expect(apply(db, name, { igdb_id: 1942, ...args })).rejects.toMatchObject({ code, message });
  expect(await snapshot(db)).toEqual(before);
}

describe('wishlist.set', () => {
  it('adds with priority 0 and trimmed notes, then changes only what is given', async () => {
    await apply(db, 'wishlist.set', { igdb_id: 1942, in: true, notes: '  after exams ' });
    expect(await wished()).toMatchObject({
      user_id: ME,
      game_id: 10,
      priority: 0,
      notes: 'after exams',
      added_at: NOW,
    });
    await apply(db, 'wishlist.set', { igdb_id: 1942, in: true, priority: 7 });
    expect(await wished()).toMatchObject({ priority: 7, notes: 'after exams' });
    await apply(db, 'wishlist.set', { igdb_id: 1942, in: true, notes: null });
    expect(await wished()).toMatchObject({ priority: 7, notes: null });
    expect(await db.wishlist.count()).toBe(1);
  });

  it('removes, even a started game, and removing twice is fine', async () => {
    await db.wishlist.put({
      id: 1,
      user_id: ME,
      igdb_id: 1942,
      game_id: 10,
      priority: 0,
      notes: null,
      added_at: EARLIER,
    });
    await start();
    await apply(db, 'wishlist.set', { igdb_id: 1942, in: false });
    await apply(db, 'wishlist.set', { igdb_id: 1942, in: false });
    expect(await wished()).toBeUndefined();
  });

  it('refuses a started or finished game', async () => {
    await start();
    await refuses(
      'wishlist.set',
      { in: true },
      'game_started',
      'Cannot add to wishlist: game already started or completed',
    );
  });

  it('refuses a game in the collection', async () => {
    await db.collection.put({ id: 2, user_id: ME, igdb_id: 1942, game_id: 10, added_at: EARLIER });
    await refuses('wishlist.set', { in: true }, 'in_collection', 'Game is already in your collection');
  });
});

describe('collection.set', () => {
  it('adds once, taking the game out of the wishlist', async () => {
    await db.wishlist.put({
      id: 1,
      user_id: ME,
      igdb_id: 1942,
      game_id: 10,
      priority: 0,
      notes: null,
      added_at: EARLIER,
    });
    await apply(db, 'collection.set', { igdb_id: 1942, in: true });
    await apply(db, 'collection.set', { igdb_id: 1942, in: true });
    expect(await db.collection.toArray()).toMatchObject([{ user_id: ME, igdb_id: 1942, game_id: 10, added_at: NOW }]);
    expect(await wished()).toBeUndefined();
  });

  it('removes', async () => {
    await db.collection.put({ id: 2, user_id: ME, igdb_id: 1942, game_id: 10, added_at: EARLIER });
    await apply(db, 'collection.set', { igdb_id: 1942, in: false });
    expect(await owned()).toBeUndefined();
  });

  it('refuses a started or finished game', async () => {
    await start();
    await refuses(
      'collection.set',
      { in: true },
      'game_started',
      'Cannot add to collection: game already started or completed',
    );
  });
});

describe('collection.move', () => {
  it('moves a wished game into the collection', async () => {
    await db.wishlist.put({
      id: 1,
      user_id: ME,
      igdb_id: 1942,
      game_id: 10,
      priority: 4,
      notes: 'n',
      added_at: EARLIER,
    });
    await apply(db, 'collection.move', { igdb_id: 1942, to: 'collection' });
    expect(await wished()).toBeUndefined();
    expect(await owned()).toMatchObject({ added_at: NOW });
  });

  it('moves an owned game back to the wishlist', async () => {
    await db.collection.put({ id: 2, user_id: ME, igdb_id: 1942, game_id: 10, added_at: EARLIER });
    await apply(db, 'collection.move', { igdb_id: 1942, to: 'wishlist' });
    expect(await owned()).toBeUndefined();
    expect(await wished()).toMatchObject({ priority: 0, notes: null, added_at: NOW });
  });

  it('refuses a started or finished game, naming where it was going', async () => {
    await db.collection.put({ id: 2, user_id: ME, igdb_id: 1942, game_id: 10, added_at: EARLIER });
    await start();
    await refuses(
      'collection.move',
      { to: 'wishlist' },
      'game_started',
      'Cannot move to wishlist: game already started or completed',
    );
    await refuses(
      'collection.move',
      { to: 'collection' },
      'game_started',
      'Cannot move to collection: game already started or completed',
    );
  });
});
