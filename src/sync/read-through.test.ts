// Read-through ([S1]) reads a scope whole once, then only what changed since its cursor: a big
// library's profile is a full snapshot on the first visit, a few rows (or none) on every later one.
import { beforeEach, describe, expect, it } from 'vitest';
import { gameRow, openLocalDb, reviewRow, userRow } from '../../tests/support/local-db.ts';
import type { CheckpointDb } from '../store/db.ts';
import type { ServerChange } from '../store/overlay.ts';
import { readKey, readThrough } from './read-through.ts';
import { CURSOR_TOO_OLD, RejectedBatchError, type PullPage, type ScopeReader, type SyncScope } from './remote.ts';

const MAYA = 5;
const zelda = gameRow(10, 7346, 'The Legend of Zelda: Breath of the Wild');
const celeste = gameRow(11, 26226, 'Celeste');
const upsert = (table: ServerChange['table'], row: { id: number }): ServerChange => ({
  table,
  op: 'upsert',
  id: row.id,
  row: { ...row },
});

/** A server with Maya's profile: a snapshot at v1:100, then whatever `changes` holds after v1:100. */
function server() {
  const asked: Array<{ scope: Partial<SyncScope>; since: string | undefined }> = [];
  const state = { changes: [] as ServerChange[], refuseSince: false };
  const reader: ScopeReader = {
    async scopeSnapshot(scope, since): Promise<PullPage> {
      asked.push({ scope, since });
      if (since !== undefined && state.refuseSince) throw new RejectedBatchError(CURSOR_TOO_OLD, 'too old');
      const changes =
        since === undefined
          ? [
              upsert('game', zelda),
              upsert('user', userRow(MAYA, 'pixel_pilgrim')),
              upsert('rating', reviewRow(21, MAYA, zelda, { rating: 8 })),
            ]
          : state.changes;
      return {
        cursor: since === undefined ? 'v1:100' : 'v1:120',
        has_more: false,
        snapshot: since === undefined,
        changes,
        user_id: null,
      };
    },
  };
  return { reader, asked, state };
}

let db: CheckpointDb;
beforeEach(() => {
  db = openLocalDb();
});

describe('read-through of a scope read before', () => {
  it('[S1] takes a snapshot the first time, then asks only for what changed since its cursor', async () => {
    const { reader, asked, state } = server();
    expect(await readThrough(db, reader, { user_ids: [MAYA] })).toBe(3);
    expect((await db.syncState.get('main'))?.reads).toEqual({ [readKey({ user_ids: [MAYA] })]: 'v1:100' });

    // Nothing changed: nothing is written to the mirrors, the cursor moves on.
    expect(await readThrough(db, reader, { user_ids: [MAYA] })).toBe(0);
    state.changes = [
      upsert('game', celeste),
      upsert('rating', reviewRow(22, MAYA, celeste, { rating: 9 })),
      { table: 'rating', op: 'delete', id: 21 },
    ];
    expect(await readThrough(db, reader, { user_ids: [MAYA] })).toBe(3);
    expect(asked.map((a) => a.since)).toEqual([undefined, 'v1:100', 'v1:120']);
    expect((await db.reviews.toArray()).map((r) => r.id)).toEqual([22]);
    expect((await db.syncState.get('main'))?.scope.user_ids).toEqual([MAYA]);
  });

  it('takes a snapshot again when the server no longer has the changes since the cursor', async () => {
    const { reader, asked, state } = server();
    await readThrough(db, reader, { user_ids: [MAYA] });
    state.refuseSince = true;
    expect(await readThrough(db, reader, { user_ids: [MAYA] })).toBe(3);
    expect(asked.map((a) => a.since)).toEqual([undefined, 'v1:100', undefined]);
  });

  it('takes a snapshot again for a member who fell out of the pull scope (a snapshot pull may have dropped their rows)', async () => {
    const { reader, asked } = server();
    await readThrough(db, reader, { user_ids: [MAYA] });
    await db.syncState.update('main', { scope: { game_ids: [], user_ids: [], rating_ids: [], author_ids: [] } });
    await readThrough(db, reader, { user_ids: [MAYA] });
    expect(asked.map((a) => a.since)).toEqual([undefined, undefined]);
  });

  it("reads nothing for the device's own member once a pull has brought their rows", async () => {
    const { reader, asked } = server();
    await db.syncState.put({
      key: 'main',
      client_id: 'c',
      cursor: 'v1:90',
      user_id: MAYA,
      last_success: null,
      last_error: null,
      scope: { game_ids: [], user_ids: [], rating_ids: [], author_ids: [] },
    });
    expect(await readThrough(db, reader, { user_ids: [MAYA] })).toBe(0);
    expect(asked).toEqual([]);
  });
});
