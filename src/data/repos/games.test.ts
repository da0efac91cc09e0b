import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gameRow, openLocalDb } from '../../../tests/support/local-db.ts';
import type { CheckpointDb } from '../../store/db.ts';
import { getGames } from './games.ts';

let db: CheckpointDb;
beforeEach(() => {
  db = openLocalDb();
});
afterEach(() => db.delete());

/** Ids 1..n, each game named after its id. */
const games = (ids: readonly number[]) => ids.map((id) => gameRow(id, 100_000 + id, `Game ${id}`));

describe('getGames', () => {
  it('answers as bulkGet does for a dense range of ids: their rows in the order asked, a missing one undefined', async () => {
    await db.games.bulkPut(games(Array.from({ length: 600 }, (_, i) => i + 1).filter((id) => id !== 300)));
    const asked = [450, 2, 300, ...Array.from({ length: 400 }, (_, i) => 599 - i), 9999];
    const got = await getGames(db, asked);
    expect(got).toEqual(await db.games.bulkGet(asked));
    expect(got[0]?.name).toBe('Game 450');
    expect(got[2]).toBeUndefined();
    expect(got.at(-1)).toBeUndefined();
  });

  it('answers as bulkGet does for ids scattered among many other cached games, and for a few ids', async () => {
    await db.games.bulkPut(games(Array.from({ length: 3000 }, (_, i) => i + 1)));
    const scattered = Array.from({ length: 250 }, (_, i) => 1 + i * 12);
    expect(await getGames(db, scattered)).toEqual(await db.games.bulkGet(scattered));
    expect(await getGames(db, [7, 3, 7])).toEqual(await db.games.bulkGet([7, 3, 7]));
    expect(await getGames(db, [])).toEqual([]);
  });
});
