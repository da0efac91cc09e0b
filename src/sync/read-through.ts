// Read-through (SPEC.md [S1]): when a screen needs public rows the device does not hold
// (another member's profile, a game's reviews, a review's comments), fetch them as they are now,
// store them under any pending writes, and add them to the pull scope so later pulls keep them
// fresh; the screen's live query then re-renders. Offline this throws NetworkError and the screen
// keeps showing what is cached. A scope read before is read again as what changed since (its
// cursor is kept in syncState.reads): a big library's profile costs a full snapshot once.
import type { CheckpointDb, SyncStateRow } from '../store/db.ts';
import { applyServerChanges } from '../store/overlay.ts';
import { withSyncLock } from './leader.ts';
import { REBASE_TABLES } from './rebase.ts';
import {
  CURSOR_TOO_OLD,
  INVALID_CURSOR,
  RejectedBatchError,
  type PullPage,
  type ScopeReader,
  type SyncScope,
} from './remote.ts';
import { loadSyncState, withScopeIds } from './state.ts';

export type ReadScope = Partial<Pick<SyncScope, 'game_ids' | 'user_ids' | 'rating_ids'>>;

const KINDS = ['game_ids', 'user_ids', 'rating_ids'] as const;

/** Scopes whose cursor is kept (the most recently read; an older one is read whole again). */
export const READ_CURSORS_KEPT = 200;

/** Pages of changes read in one go at most (a cursor further behind is read as a snapshot). */
const MAX_CHANGE_PAGES = 4;

/** The position a cursor stands for ('v1:<xid>'), or null for anything else. */
function position(cursor: string): bigint | null {
  const match = /^v1:(\d+)$/.exec(cursor);
  return match?.[1] === undefined ? null : BigInt(match[1]);
}

/** Whether a snapshot taken at `snapshot` lies behind the device's cursor (an unreadable one counts as behind). */
function behindCursor(snapshot: string, device: string | null): boolean {
  if (device === null) return false;
  const [taken, pulled] = [position(snapshot), position(device)];
  return taken === null || pulled === null || taken < pulled;
}

/** The key a scope's read cursor is kept under: its ids, sorted, per kind. */
export function readKey(scope: ReadScope): string {
  return KINDS.flatMap((kind) =>
    scope[kind]?.length ? [`${kind}:${[...new Set(scope[kind])].sort((a, b) => a - b).join(',')}`] : [],
  ).join(';');
}

/**
 * The cursor to read `scope`'s changes from, if the device holds the scope as of it. It counts
 * only while every id is still in the pull scope: a pull that takes a snapshot (sign-in, a cursor
 * too old) clears the mirrors and brings back exactly the rows in scope, as of later than the
 * read; an id that fell out of scope may have lost its rows to such a snapshot.
 */
function readCursor(state: SyncStateRow, scope: ReadScope, key: string): string | null {
  const cursor = state.reads?.[key];
  if (cursor === undefined) return null;
  const held = KINDS.every((kind) => (scope[kind] ?? []).every((id) => state.scope[kind].includes(id)));
  return held ? cursor : null;
}

/** Whether the scope is the device's own member alone, whose rows the pull brings (own rows, p_own). */
function ownRows(state: SyncStateRow, scope: ReadScope): boolean {
  return (
    state.user_id !== null &&
    state.cursor !== null &&
    !scope.game_ids?.length &&
    !scope.rating_ids?.length &&
    (scope.user_ids ?? []).length > 0 &&
    (scope.user_ids ?? []).every((id) => id === state.user_id)
  );
}

/** Stores one page of the scope's rows (or changes) with the scope and the read cursor. */
async function storePage(db: CheckpointDb, scope: ReadScope, key: string, page: PullPage): Promise<void> {
  // No rows: only the bookkeeping is written, and the screens' reads need not wait for the mirrors.
  await db.transaction('rw', page.changes.length > 0 ? [...REBASE_TABLES] : ['syncState'], async () => {
    if (page.changes.length > 0) await applyServerChanges(db, page.changes);
    const state = await loadSyncState(db);
    let next = state.scope;
    for (const kind of KINDS) {
      const ids = scope[kind];
      if (ids?.length) next = withScopeIds(next, kind, ids);
    }
    const asked = new Set(scope.user_ids ?? []);
    const authors = page.changes
      .filter((c) => c.table === 'user' && c.op === 'upsert' && !asked.has(c.id) && c.id !== state.user_id)
      .map((c) => c.id);
    if (authors.length) next = withScopeIds(next, 'author_ids', authors);
    // Re-read scopes move to the recent end; the oldest beyond READ_CURSORS_KEPT are forgotten.
    const reads = Object.entries(state.reads ?? {}).filter(([k]) => k !== key);
    reads.push([key, page.cursor]);
    await db.syncState.update('main', { scope: next, reads: Object.fromEntries(reads.slice(-READ_CURSORS_KEPT)) });
  });
}

/**
 * What changed in the scope since `from`, stored page by page: how many changes. Null when the
 * server can no longer answer from that cursor (its change log was pruned past it) or so much
 * changed that a snapshot is the shorter way.
 */
async function readChanges(
  db: CheckpointDb,
  reader: ScopeReader,
  scope: ReadScope,
  key: string,
  from: string,
): Promise<number | null> {
  let cursor = from;
  let changes = 0;
  for (let pages = 0; pages < MAX_CHANGE_PAGES; pages++) {
    let page: PullPage;
    try {
      page = await reader.scopeSnapshot(scope, cursor);
    } catch (error) {
      if (error instanceof RejectedBatchError && (error.code === CURSOR_TOO_OLD || error.code === INVALID_CURSOR))
        return null;
      throw error;
    }
    // Without changes only the bookkeeping is written: no live query over the mirrors wakes.
    await storePage(db, scope, key, page);
    changes += page.changes.length;
    if (!page.has_more || page.cursor === cursor) return changes;
    cursor = page.cursor;
  }
  return null;
}

/**
 * Holds the sync lock from the fetch to the store: a pull in between could move the cursor past
 * changes made after this snapshot was taken, and they would never arrive. A first visit's
 * snapshot may have been asked for before the lock, by the page's first script
 * (src/data/first-read.ts): should a pull have moved the cursor past it since, it is asked for again.
 * Returns how many rows (or changes) were brought.
 */
export function readThrough(
  db: CheckpointDb,
  reader: ScopeReader,
  scope: ReadScope,
  lock?: Parameters<typeof withSyncLock>[1],
): Promise<number> {
  return withSyncLock(async () => {
    const state = await loadSyncState(db);
    // The member's own profile: the pull keeps every row of theirs on the device already.
    if (ownRows(state, scope)) return 0;
    const key = readKey(scope);
    const from = readCursor(state, scope, key);
    if (from !== null) {
      const changed = await readChanges(db, reader, scope, key, from);
      if (changed !== null) return changed;
    }
    let page = await reader.scopeSnapshot(scope);
    if (behindCursor(page.cursor, (await loadSyncState(db)).cursor)) page = await reader.scopeSnapshot(scope);
    await storePage(db, scope, key, page);
    return page.changes.length;
  }, lock);
}
