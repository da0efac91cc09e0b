// The member's whole library on a new device ([S16]): the first pull after sign-in stores their
// snapshot to its end, says how far it has got, and only then marks the library as on the device;
// a download cut off leaves it unmarked and the next pull takes it again; a visitor's pull that was
// on its way when the member signed in is asked again as the member instead of ending the sync.
import 'fake-indexeddb/auto';
import { afterEach, expect, it } from 'vitest';
import { CheckpointDb } from '../store/db.ts';
import type { LibraryProgress } from './library-progress.ts';
import { pullChanges } from './pull.ts';
import type { PullPage, Remote } from './remote.ts';
import { adoptMember, libraryOnDevice, loadSyncState } from './state.ts';

const ME = 42;
const GAMES = 12;

let db: CheckpointDb | undefined;
afterEach(async () => {
  db?.close();
  await db?.delete();
});

function freshDb(): CheckpointDb {
  db = new CheckpointDb(`library-${Math.random()}`);
  return db;
}

/** The member's snapshot: their member row, GAMES games, each in their collection. */
function librarySnapshot(): PullPage {
  const at = '2026-12-01T10:00:00.000Z';
  const games = Array.from({ length: GAMES }, (_, i) => ({
    table: 'game' as const,
    op: 'upsert' as const,
    id: i + 1,
    row: { id: i + 1, igdb_id: 1000 + i, name: `Game ${i + 1}` },
  }));
  const shelf = Array.from({ length: GAMES }, (_, i) => ({
    table: 'user_collection' as const,
    op: 'upsert' as const,
    id: 100 + i,
    row: { id: 100 + i, user_id: ME, igdb_id: 1000 + i, game_id: i + 1, added_at: at },
  }));
  const member = {
    table: 'user' as const,
    op: 'upsert' as const,
    id: ME,
    row: { id: ME, username: 'mira', created_at: at },
  };
  return {
    changes: [member, ...games, ...shelf],
    cursor: 'v1:900',
    has_more: false,
    snapshot: true,
    user_id: ME,
  };
}

function serving(pages: (cursor: string | null) => Promise<PullPage>): Remote & { asked: Array<string | null> } {
  const asked: Array<string | null> = [];
  return {
    asked,
    push: () => Promise.reject(new Error('not used')),
    pull: (cursor) => {
      asked.push(cursor);
      return pages(cursor);
    },
  };
}

it('[S16] the first pull after sign-in stores the whole library, telling its progress, then marks it on the device', async () => {
  const local = freshDb();
  await adoptMember(local, ME);
  expect(libraryOnDevice(await loadSyncState(local))).toBe(false);
  const snapshot = librarySnapshot();
  const remote = serving(() => Promise.resolve(snapshot));
  const told: Array<LibraryProgress | null> = [];
  // Each report, with whether the library was marked at that moment (it must not be before the end).
  const marked: boolean[] = [];
  const outcome = await pullChanges(local, remote, {
    snapshotSlice: 10,
    onLibraryProgress: (progress) => {
      told.push(progress);
      void loadSyncState(local).then((state) => marked.push(libraryOnDevice(state)));
    },
  });
  expect(outcome).toEqual({ pages: 1, changes: 1 + 2 * GAMES });
  const total = 1 + 2 * GAMES;
  // Started without a total, then the snapshot's length, then each slice stored, then done.
  expect(told).toEqual([{ done: 0, total: null }, { done: 0, total }, { done: 10, total }, { done: 15, total }, null]);
  expect(libraryOnDevice(await loadSyncState(local))).toBe(true);
  expect(await local.collection.where('user_id').equals(ME).count()).toBe(GAMES);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(marked.slice(0, -1).every((m) => !m)).toBe(true);

  // Later pulls keep it in step and keep the mark, and tell of no download.
  const later = serving(() =>
    Promise.resolve({ changes: [], cursor: 'v1:950', has_more: false, snapshot: false, user_id: ME }),
  );
  const toldLater: Array<LibraryProgress | null> = [];
  await pullChanges(local, later, { onLibraryProgress: (p) => toldLater.push(p) });
  expect(later.asked).toEqual(['v1:900']);
  expect(toldLater).toEqual([null]);
  expect(await loadSyncState(local)).toMatchObject({ cursor: 'v1:950', library_of: ME });
});

it('[S16] a download cut off half-way is not marked whole, and the next pull takes it again to the end', async () => {
  const local = freshDb();
  let failing = true;
  let puts = 0;
  local.use({
    stack: 'dbcore',
    name: 'fail-a-slice',
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        if (name !== 'collection') return table;
        return {
          ...table,
          mutate: (req) =>
            failing && req.type === 'put' && ++puts === 1
              ? Promise.reject(new Error('The page was closed'))
              : table.mutate(req),
        };
      },
    }),
  });
  await adoptMember(local, ME);
  const snapshot = librarySnapshot();
  const remote = serving(() => Promise.resolve(snapshot));
  const told: Array<LibraryProgress | null> = [];
  await expect(
    pullChanges(local, remote, { snapshotSlice: 5, onLibraryProgress: (p) => told.push(p) }),
  ).rejects.toThrow('The page was closed');
  expect(told.at(-1)).toBeNull();
  expect(await loadSyncState(local)).toMatchObject({ cursor: null, user_id: ME });
  expect(libraryOnDevice(await loadSyncState(local))).toBe(false);

  failing = false;
  await pullChanges(local, remote, { snapshotSlice: 5 });
  expect(remote.asked).toEqual([null, null]);
  expect(libraryOnDevice(await loadSyncState(local))).toBe(true);
  expect(await local.collection.count()).toBe(GAMES);
});

it('[S16] a visitor pull on its way when the member signs in is asked again as the member, not failed as a lost session', async () => {
  const local = freshDb();
  await loadSyncState(local);
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let signedIn = false;
  const remote = serving(async () => {
    // The first call left with the visitor's session; the ones after, with the member's.
    if (!signedIn) {
      await gate;
      return { changes: [], cursor: 'v1:100', has_more: false, snapshot: true, user_id: null };
    }
    return librarySnapshot();
  });
  const pulling = pullChanges(local, remote);
  await new Promise((resolve) => setTimeout(resolve, 0));
  await adoptMember(local, ME);
  signedIn = true;
  release();
  await expect(pulling).resolves.toEqual({ pages: 1, changes: 1 + 2 * GAMES });
  expect(remote.asked).toEqual([null, null]);
  expect(libraryOnDevice(await loadSyncState(local))).toBe(true);
});

it('[S16] a member page lost to a session that ended still fails as one (asked as the member, answered as a visitor)', async () => {
  const local = freshDb();
  await adoptMember(local, ME);
  const remote = serving(() =>
    Promise.resolve({ changes: [], cursor: 'v1:100', has_more: false, snapshot: true, user_id: null }),
  );
  await expect(pullChanges(local, remote)).rejects.toThrow('Not signed in');
  expect(remote.asked).toEqual([null]);
});

it('[S16] a device from before the mark holds the library once it has a cursor of its member; a new member starts unmarked', async () => {
  const local = freshDb();
  await loadSyncState(local);
  await local.syncState.update('main', { user_id: ME, cursor: 'v1:500' });
  expect(libraryOnDevice(await loadSyncState(local))).toBe(true);
  await local.syncState.update('main', { cursor: null });
  expect(libraryOnDevice(await loadSyncState(local))).toBe(false);
  await local.syncState.update('main', { user_id: null, cursor: 'v1:500' });
  expect(libraryOnDevice(await loadSyncState(local))).toBe(false);
  await adoptMember(local, ME);
  expect(await loadSyncState(local)).toMatchObject({ user_id: ME, cursor: null, library_of: null });
  expect(libraryOnDevice(await loadSyncState(local))).toBe(false);
});
