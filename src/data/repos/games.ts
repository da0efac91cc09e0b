// Many game rows at once (a big library's thousands). Dexie's bulkGet asks IndexedDB once per key:
// in Chromium each answer is a task of its own, and 5,000 of them took seconds on a loaded machine
// (docs/decisions/0008-big-libraries-yield-to-the-page.md). When the ids asked for fill most of
// their id range, the range is read in one request (getAll) instead and the rows asked for are
// picked out of it; scattered ids (a few games among many cached ones) are still read one by one.
import type { CheckpointDb, GameRow } from '../../store/db.ts';

/** Below this many ids, bulkGet's requests are cheap enough. */
const RANGE_FROM = 200;
/** The range is read when it holds at most this many rows per id asked for. */
const RANGE_SPREAD = 2;

/** The game rows of `ids`, in their order (undefined where the device holds none), as bulkGet answers. */
export async function getGames(db: CheckpointDb, ids: readonly number[]): Promise<Array<GameRow | undefined>> {
  if (ids.length < RANGE_FROM) return db.games.bulkGet([...ids]);
  let min = Infinity;
  let max = -Infinity;
  for (const id of ids) {
    if (id < min) min = id;
    if (id > max) max = id;
  }
  const range = db.games.where(':id').between(min, max, true, true);
  if ((await range.count()) > ids.length * RANGE_SPREAD) return db.games.bulkGet([...ids]);
  const byId = new Map<number, GameRow>();
  for (const game of await range.toArray()) byId.set(game.id, game);
  return ids.map((id) => byId.get(id));
}
