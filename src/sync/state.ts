// The sync bookkeeping row (syncState 'main' in IndexedDB): this client's id, the pull cursor, the
// member the mirrors belong to, and the scope of public rows to keep fresh.
import type { CheckpointDb, SyncStateRow } from '../store/db.ts';
import { MemberChangedError, type SyncScope } from './remote.ts';
import { randomUuid } from '../core/random-uuid.ts';

export type ScopeKind = keyof SyncScope;

/** Per kind, the most recently added ids kept in scope (sync_pull takes them as arrays). */
export const SCOPE_LIMIT = 1000;

const EMPTY_SCOPE: SyncStateRow['scope'] = { game_ids: [], user_ids: [], rating_ids: [], author_ids: [] };

/** The sync state, created on first use with a new client id. */
export function loadSyncState(db: CheckpointDb): Promise<SyncStateRow> {
  return db.transaction('rw', db.syncState, async () => {
    const existing = await db.syncState.get('main');
    if (existing) return existing;
    const created: SyncStateRow = {
      key: 'main',
      client_id: randomUuid(),
      cursor: null,
      user_id: null,
      last_success: null,
      last_error: null,
      scope: EMPTY_SCOPE,
    };
    await db.syncState.add(created);
    return created;
  });
}

/**
 * Records the member the session belongs to, as the server reports it. A cursor made while the
 * member was unknown is dropped (a visitor's pulls never include the member's own rows), so the
 * next pull is a snapshot. Another member than the one recorded is refused: the mirrors and the
 * outbox are the first member's, and clearing them on sign-out is the auth layer's job.
 */
export async function adoptMember(db: CheckpointDb, userId: number): Promise<void> {
  await db.transaction('rw', db.syncState, async () => {
    const state = await loadSyncState(db);
    if (state.user_id === userId) return;
    if (state.user_id !== null) throw new MemberChangedError(state.user_id, userId);
    await db.syncState.update('main', { user_id: userId, cursor: null, library_of: null });
  });
}

/**
 * Whether the member's whole library is on the device ([S16]): their snapshot was stored to its
 * end, and pulls since keep it in step. A device from before `library_of` was kept counts as
 * holding it once it has a cursor of the member's: a member's cursor is only ever made by storing
 * their snapshot (a visitor's is dropped when the member becomes known).
 */
export function libraryOnDevice(state: SyncStateRow | undefined): boolean {
  if (!state || state.user_id === null) return false;
  if (state.library_of === undefined) return state.cursor !== null;
  return state.library_of === state.user_id;
}

/**
 * Read-through: after storing public rows fetched for a screen, add their ids to the scope so
 * later pulls bring their changes. Rows already stored are not fetched again; re-added ids move
 * to the most recent end, and the oldest beyond SCOPE_LIMIT drop out of scope (their rows stay,
 * merely no longer kept fresh).
 */
export async function addToScope(db: CheckpointDb, kind: ScopeKind, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.transaction('rw', db.syncState, async () => {
    const state = await loadSyncState(db);
    await db.syncState.update('main', { scope: withScopeIds(state.scope, kind, ids) });
  });
}

/** The scope with ids added to one kind (re-added ids move to the recent end; capped). */
export function withScopeIds(
  scope: SyncStateRow['scope'],
  kind: ScopeKind,
  ids: readonly number[],
): SyncStateRow['scope'] {
  const added = new Set(ids);
  const merged = [...(scope[kind] ?? []).filter((id) => !added.has(id)), ...added].slice(-SCOPE_LIMIT);
  return { ...EMPTY_SCOPE, ...scope, [kind]: merged };
}
