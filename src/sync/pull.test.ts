// A pull that was on its way when the member signed in must not undo the sign-in: the visitor's
// snapshot page arrives after adoptMember and is dropped, and the member stays on the device.
import 'fake-indexeddb/auto';
import { afterEach, expect, it } from 'vitest';
import { CheckpointDb } from '../data/db.ts';
import { pullChanges } from './pull.ts';
import type { PullPage, Remote } from './remote.ts';
import { adoptMember, loadSyncState } from './state.ts';

let db: CheckpointDb | undefined;
afterEach(async () => { db?.close(); await db?.delete(); });

it('drops a visitor page that lands after the member signed in', async () => {
  db = new CheckpointDb(`pull-${Math.random()}`);
  const local = db;
  await loadSyncState(local);
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  const visitorPage: PullPage = { changes: [], cursor: 'v1:100', has_more: false, snapshot: true, user_id: null };
  const remote: Remote = {
    push: () => Promise.reject(new Error('not used')),
    pull: async () => { await gate; return visitorPage; },
  };
  const pulling = pullChanges(local, remote);
  await adoptMember(local, 42);
  release();
  // The engine hears "not signed in" for this pull (and pulls again as the member); the device
  // keeps the member either way.
  await pulling.catch(() => undefined);
  expect(await loadSyncState(local)).toMatchObject({ user_id: 42, cursor: null });
});

it('drops a visitor page when the member signs in between its check and its store', async () => {
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
    pull: async () => { pulled = true; return visitorPage; },
  };
  await pullChanges(local, remote).catch(() => undefined);
  await adopting;
  expect(adopting).toBeDefined();
  expect(await loadSyncState(local)).toMatchObject({ user_id: 42, cursor: null });
});
