// A pull that was on its way when the member signed in must not undo the sign-in: the visitor's
// snapshot page arrives after adoptMember and is dropped, and the member stays on the device. A
// cursor the server refuses as too old is answered with one snapshot, never a loop.
import 'fake-indexeddb/auto';
import { afterEach, expect, it } from 'vitest';
import { CheckpointDb } from '../store/db.ts';
import { pullChanges } from './pull.ts';
import { CURSOR_TOO_OLD, RejectedBatchError, type PullPage, type Remote } from './remote.ts';
import { adoptMember, loadSyncState } from './state.ts';

let db: CheckpointDb | undefined;
afterEach(async () => {
  db?.close();
  await db?.delete();
});

it('[S13] drops a visitor page that lands after the member signed in', async () => {
  db = new CheckpointDb(`pull-${Math.random()}`);
  const local = db;
  await loadSyncState(local);
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const visitorPage: PullPage = { changes: [], cursor: 'v1:100', has_more: false, snapshot: true, user_id: null };
  const remote: Remote = {
    push: () => Promise.reject(new Error('not used')),
    pull: async () => {
      await gate;
      return visitorPage;
    },
  };
  const pulling = pullChanges(local, remote);
  await adoptMember(local, 42);
  release();
  // The engine hears "not signed in" for this pull (and pulls again as the member); the device
  // keeps the member either way.
  await pulling.catch(() => undefined);
  expect(await loadSyncState(local)).toMatchObject({ user_id: 42, cursor: null });
});

it('[S13] drops a visitor page when the member signs in between its check and its store', async () => {
  db = new CheckpointDb(`pull-${Math.random()}`);
  const local = db;
  await loadSyncState(local);
  const visitorPage: PullPage = { changes: [], cursor: 'v1:100', has_more: false, snapshot: true, user_id: null };
  let pulled = false;
  let adopting: Promise<void> | undefined;
  // The first read of the sync state after the page arrived is pull's member check: the sign-in
  // lands right behind it, before the page is stored.
  local.syncState.hook('reading', (row) => {
    if (pulled && adopting === undefined) adopting = adoptMember(local, 42);
    return row;
  });
  const remote: Remote = {
    push: () => Promise.reject(new Error('not used')),
    pull: async () => {
      pulled = true;
      return visitorPage;
    },
  };
  await pullChanges(local, remote).catch(() => undefined);
  await adopting;
  expect(adopting).toBeDefined();
  expect(await loadSyncState(local)).toMatchObject({ user_id: 42, cursor: null });
});

it('[S10] answers cursor_too_old with one snapshot, and surfaces a second refusal instead of asking again and again', async () => {
  db = new CheckpointDb(`pull-${Math.random()}`);
  const local = db;
  await loadSyncState(local);
  await local.syncState.update('main', { cursor: 'v1:5', user_id: 42 });
  const asked: Array<string | null> = [];
  let refuseSnapshot = false;
  const remote: Remote = {
    push: () => Promise.reject(new Error('not used')),
    pull: async (cursor) => {
      asked.push(cursor);
      if (cursor !== null || refuseSnapshot)
        throw new RejectedBatchError(CURSOR_TOO_OLD, 'Sync cursor is older than the change log; take a new snapshot');
      return { changes: [], cursor: 'v1:900', has_more: false, snapshot: true, user_id: 42 };
    },
  };
  expect(await pullChanges(local, remote)).toEqual({ pages: 1, changes: 0 });
  expect(asked).toEqual(['v1:5', null]);
  expect(await loadSyncState(local)).toMatchObject({ cursor: 'v1:900', user_id: 42 });

  // A server that keeps refusing (a cursor it just made, so something is wrong there): one retry, then the error.
  asked.length = 0;
  refuseSnapshot = true;
  await expect(pullChanges(local, remote)).rejects.toMatchObject({ code: CURSOR_TOO_OLD });
  expect(asked).toEqual(['v1:900', null]);
});
