import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EARLIER, gameRow, NOW, openLocalDb, reviewRow, userRow } from '../../../tests/support/local-db.ts';
import type { CheckpointDb } from '../../store/db.ts';
import { loadLibrary } from './library.ts';

let db: CheckpointDb;
const celeste = gameRow(20, 26226, 'Celeste', {
  release_date: '2018-01-25',
  platforms: ['Nintendo Switch', 'PC (Microsoft Windows)'],
});
const hades = gameRow(21, 113112, 'Hades', { first_release_date: 1600300800 });
const outer = gameRow(22, 11737, 'Outer Wilds');

beforeEach(async () => {
  db = openLocalDb();
  await db.users.bulkPut([userRow(1, 'me'), userRow(2, 'alice')]);
  await db.games.bulkPut([celeste, hades, outer]);
  await db.platforms.bulkPut([{ id: 6, name: 'PC (Microsoft Windows)' }]);
  await db.progress.bulkPut([
    {
      id: 1,
      user_id: 1,
      game_id: 20,
      igdb_id: 26226,
      started: true,
      completed: true,
      started_date: EARLIER,
      completed_date: EARLIER,
      created_at: EARLIER,
      updated_at: EARLIER,
    },
    {
      id: 2,
      user_id: 2,
      game_id: 21,
      igdb_id: 113112,
      started: true,
      completed: false,
      started_date: EARLIER,
      completed_date: null,
      created_at: EARLIER,
      updated_at: EARLIER,
    },
  ]);
  await db.collection.put({ id: 1, user_id: 1, game_id: 20, igdb_id: 26226, added_at: EARLIER });
  await db.wishlist.put({
    id: 1,
    user_id: 1,
    game_id: 22,
    igdb_id: 11737,
    priority: 0,
    notes: null,
    added_at: EARLIER,
  });
  await db.reviews.bulkPut([
    reviewRow(10, 1, hades, { rating: 9.5, review: '  ', playtime_hours: 2, updated_at: NOW, platform_id: 6 }),
    reviewRow(11, 1, celeste, { rating: 8, is_draft: true }),
  ]);
  await db.journal.put({
    id: 1,
    client_key: 'k',
    user_id: 1,
    game_id: 21,
    igdb_id: 113112,
    played_on: '2026-11-02',
    minutes: 90,
    platform_id: null,
    note: null,
    is_private: false,
    created_at: EARLIER,
    updated_at: EARLIER,
  });
});
afterEach(() => db.delete());

describe('loadLibrary', () => {
  it('gathers one item per game from progress, lists, counted reviews and the journal', async () => {
    const items = new Map((await loadLibrary(db, 1)).map((i) => [i.name, i]));
    expect([...items.keys()].sort()).toEqual(['Celeste', 'Hades', 'Outer Wilds']);
    expect(items.get('Celeste')).toMatchObject({
      statuses: ['finished', 'collection'],
      rating: null,
      reviewed: false,
      year: 2018,
      platforms: ['Switch', 'PC'],
    });
    // A rating with blank text is not a review; the journal's minutes win over the review's hours.
    expect(items.get('Hades')).toMatchObject({
      statuses: [],
      rating: 9.5,
      reviewed: false,
      year: 2020,
      releaseDate: '2020-09-17',
      platforms: ['PC'],
      minutesPlayed: 90,
      updatedAt: NOW,
    });
    expect(items.get('Outer Wilds')).toMatchObject({ statuses: ['wishlist'], year: null, key: '11737' });
  });

  it("reads another member's rows, not the viewer's", async () => {
    expect((await loadLibrary(db, 2)).map((i) => [i.name, i.statuses])).toEqual([['Hades', ['started']]]);
  });
});
