// The member the header shows while a stored session is read (stored-member.ts), over the real
// IndexedDB API (fake-indexeddb): the synced member row of the stored session's account, and
// nothing for no session, a cleared one, a member the device holds no row for, or a session of
// another auth account than the one the member id was resolved for.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ME, openLocalDb, userRow } from '../../../tests/support/local-db.ts';
import type { CheckpointDb } from '../../store/db.ts';
import { loadSyncState } from '../../sync/state.ts';
import { AUTH_STORAGE_KEY } from '../backend.ts';
import { storedMemberFace } from './stored-member.ts';

const session = (authId: string) => JSON.stringify({ access_token: 'a', refresh_token: 'r', user: { id: authId } });

let db: CheckpointDb;

beforeEach(async () => {
  db = openLocalDb();
  await loadSyncState(db);
});

afterEach(async () => {
  await db.delete();
});

async function member(over: { authId?: string; avatar?: string | null } = {}): Promise<void> {
  await db.syncState.update('main', { user_id: ME, ...(over.authId ? { auth_id: over.authId } : {}) });
  await db.users.put(userRow(ME, 'maya', { avatar_url: over.avatar ?? null }));
}

describe('storedMemberFace', () => {
  it("gives the stored session's member as the device last synced them", async () => {
    await member({ authId: 'auth-1', avatar: 'https://cdn.example/maya.png' });
    await db.auth.put({ key: AUTH_STORAGE_KEY, value: session('auth-1') });
    expect(await storedMemberFace(db)).toEqual({ id: ME, name: 'maya', avatar: 'https://cdn.example/maya.png' });
  });

  it('gives the member of a device from before the auth account was kept beside the id', async () => {
    await member();
    await db.auth.put({ key: AUTH_STORAGE_KEY, value: session('auth-1') });
    expect(await storedMemberFace(db)).toEqual({ id: ME, name: 'maya', avatar: null });
  });

  it('gives nothing without a stored session, or with one auth-js cleared', async () => {
    await member({ authId: 'auth-1' });
    expect(await storedMemberFace(db)).toBeNull();
    await db.auth.put({ key: AUTH_STORAGE_KEY, value: 'null' });
    expect(await storedMemberFace(db)).toBeNull();
  });

  it('gives nothing for a session of another auth account than the member was resolved for', async () => {
    await member({ authId: 'auth-1' });
    await db.auth.put({ key: AUTH_STORAGE_KEY, value: session('auth-2') });
    expect(await storedMemberFace(db)).toBeNull();
    await db.auth.put({ key: AUTH_STORAGE_KEY, value: '{not json' });
    expect(await storedMemberFace(db)).toBeNull();
  });

  it('gives nothing when the device holds no member, or no row for them yet', async () => {
    await db.auth.put({ key: AUTH_STORAGE_KEY, value: session('auth-1') });
    expect(await storedMemberFace(db)).toBeNull();
    await db.syncState.update('main', { user_id: ME, auth_id: 'auth-1' });
    expect(await storedMemberFace(db)).toBeNull();
  });
});
