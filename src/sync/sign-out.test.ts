import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { CheckpointDb } from '../store/db.ts';
import { mutate } from './mutate.ts';
import { signOutAndClear } from './sign-out.ts';
import { loadSyncState } from './state.ts';

let db: CheckpointDb;
let sessionsEnded = 0;
const endSession = async () => {
  sessionsEnded += 1;
};
const lock = { name: 'sign-out-test', locks: null };

beforeEach(async () => {
  db = new CheckpointDb(`sign-out-${Math.random()}`);
  sessionsEnded = 0;
  await db.games.bulkPut([{ id: 1, igdb_id: 100, name: 'Celeste', slug: 'celeste' }]);
  await db.users.put({
    id: 7,
    provider_id: 'a',
    username: 'maya',
    created_at: '2026-01-01T00:00:00Z',
    follower_count: 0,
    following_count: 0,
  });
  await loadSyncState(db);
  await db.syncState.update('main', { user_id: 7, cursor: 'v1:10' });
  await mutate(db, 'wishlist.set', { igdb_id: 100, in: true }, { me: 7, now: '2026-11-21T10:00:00Z' });
  await mutate(
    db,
    'game.ensure',
    { igdb_id: 555, name: 'Found only in search' },
    { me: 7, now: '2026-11-21T10:00:00Z' },
  );
  // The Library tab's kept head (data/repos/library-head.ts) holds the member's games too.
  await db.libraryHeads.put({ user_id: 7, tables: '[]', outbox: '2:2', count: 0, platforms: [], years: [], rows: [] });
  // A write of theirs the server refused is theirs too, not the next member's to read.
  await db.refused.put({
    id: 'r1',
    name: 'follow.set',
    args: { user_id: 9, following: true },
    code: 'not_found',
    message: 'User not found',
    refused_at: '2026-11-21T10:00:00Z',
    toasted: 1,
    dismissed: 0,
  });
});

afterEach(async () => {
  await db.delete();
});

it('[S13] asks first when changes have not reached the server, and changes nothing', async () => {
  expect(await signOutAndClear(db, endSession, { lock })).toEqual({ signedOut: false, unsynced: 2 });
  expect(sessionsEnded).toBe(0);
  expect(await db.outbox.count()).toBe(2);
  expect(await db.wishlist.count()).toBe(1);
});

it('[S13] on confirmation, ends the session and clears the member data but keeps the catalogue', async () => {
  expect(await signOutAndClear(db, endSession, { discardUnsynced: true, lock })).toEqual({ signedOut: true });
  expect(sessionsEnded).toBe(1);
  for (const table of ['users', 'wishlist', 'outbox', 'shadows', 'syncState', 'libraryHeads', 'refused'] as const)
    expect(await db.table(table).count(), table).toBe(0);
  expect((await db.games.toArray()).map((g) => g.name)).toEqual(['Celeste']);
});

it('signs out at once when everything is synced', async () => {
  await db.outbox.clear();
  expect(await signOutAndClear(db, endSession, { lock })).toEqual({ signedOut: true });
  expect(await db.wishlist.count()).toBe(0);
});
