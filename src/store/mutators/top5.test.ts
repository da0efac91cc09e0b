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
} from '../../../tests/support/local-db.ts';
import type { CheckpointDb } from '../db.ts';

let db: CheckpointDb;
const games = [
  gameRow(10, 1942, 'The Witcher 3'),
  gameRow(11, 72, 'Portal 2'),
  gameRow(12, 26226, 'Celeste'),
  gameRow(13, 17000, 'Stardew'),
];

beforeEach(async () => {
  db = openLocalDb();
  await db.games.bulkPut(games);
  await db.reviews.bulkPut([
    reviewRow(1, ME, games[0]!),
    reviewRow(2, ME, games[1]!),
    reviewRow(3, ME, games[2]!),
    reviewRow(4, OTHER, games[3]!),
  ]);
  await db.topGames.bulkPut([
    { id: 50, user_id: ME, game_id: 10, position: 1, created_at: EARLIER },
    { id: 51, user_id: OTHER, game_id: 13, position: 1, created_at: EARLIER },
  ]);
});
afterEach(() => db.delete());

const top = async (user = ME) =>
  (await db.topGames.where('user_id').equals(user).sortBy('position')).map((t) => [t.position, t.game_id]);

describe('top5.replace', () => {
  it("replaces the member's Top 5 with the games given, at positions 1..n", async () => {
    await apply(db, 'top5.replace', { games: [{ igdb_id: 26226 }, { igdb_id: 1942 }, { igdb_id: 72 }] });
    expect(await top()).toEqual([
      [1, 12],
      [2, 10],
      [3, 11],
    ]);
    expect(await db.topGames.get(50)).toBeUndefined();
    expect((await db.topGames.where('user_id').equals(ME).first())?.created_at).toBe(NOW);
    expect(await top(OTHER)).toEqual([[1, 13]]);
  });

  it('empties the Top 5', async () => {
    await apply(db, 'top5.replace', { games: [] });
    expect(await top()).toEqual([]);
  });

  it.each([
    [
      'a game the member has not rated',
      [{ igdb_id: 1942 }, { igdb_id: 17000 }],
      'top5_unrated',
      'Only games you have rated can be in your Top 5',
    ],
    [
      'the same game twice',
      [{ igdb_id: 1942 }, { igdb_id: 1942 }],
      'top5_duplicate',
      'A game can be in your Top 5 only once',
    ],
    [
      'an unknown game',
      [{ igdb_id: 999 }],
      'game_not_found',
      'Game not found in database. Please select a game from the search results.',
    ],
  ])('refuses %s and keeps the old list', async (_, list, code, message) => {
    const before = await snapshot(db);
    await expect(apply(db, 'top5.replace', { games: list })).rejects.toMatchObject({ code, message });
    expect(await snapshot(db)).toEqual(before);
  });

  it('refuses more than 5 games', async () => {
    const six = Array.from({ length: 6 }, () => ({ igdb_id: 1942 }));
    await expect(apply(db, 'top5.replace', { games: six })).rejects.toMatchObject({
      message: 'Top 5 holds at most 5 games',
    });
  });
});
