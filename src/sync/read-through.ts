// Read-through (SPEC.md [S1]): when a screen needs public rows the device does not hold
// (another member's profile, a game's reviews, a review's comments), fetch them as they are now,
// store them under any pending writes, and add them to the pull scope so later pulls keep them
// fresh; the screen's live query then re-renders. Offline this throws NetworkError and the screen
// keeps showing what is cached.
import type { CheckpointDb } from '../store/db.ts';
import { applyServerChanges } from '../store/overlay.ts';
import { withSyncLock } from './leader.ts';
import { REBASE_TABLES } from './rebase.ts';
import type { ScopeReader, SyncScope } from './remote.ts';
import { loadSyncState, withScopeIds } from './state.ts';

export type ReadScope = Partial<Pick<SyncScope, 'game_ids' | 'user_ids' | 'rating_ids'>>;

/** The server position a cursor stands for ('v1:<xid>'), or null for anything else. */
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

/**
 * Holds the sync lock from the fetch to the store: a pull in between could move the cursor past
 * changes made after this snapshot was taken, and they would never arrive. A first visit's
 * snapshot may have been asked for before the lock, by the page's first script
 * (src/data/first-read.ts): should a pull have moved the cursor past it since, it is asked for again.
 */
export function readThrough(db: CheckpointDb, reader: ScopeReader, scope: ReadScope, lock?: Parameters<typeof withSyncLock>[1]): Promise<number> {
  return withSyncLock(async () => {
    let page = await reader.scopeSnapshot(scope);
    if (behindCursor(page.cursor, (await loadSyncState(db)).cursor)) page = await reader.scopeSnapshot(scope);
    await db.transaction('rw', [...REBASE_TABLES], async () => {
      await applyServerChanges(db, page.changes);
      const state = await loadSyncState(db);
      let next = state.scope;
      for (const kind of ['game_ids', 'user_ids', 'rating_ids'] as const) {
        const ids = scope[kind];
        if (ids?.length) next = withScopeIds(next, kind, ids);
      }
      const asked = new Set(scope.user_ids ?? []);
      const authors = page.changes
        .filter((c) => c.table === 'user' && c.op === 'upsert' && !asked.has(c.id) && c.id !== state.user_id)
        .map((c) => c.id);
      if (authors.length) next = withScopeIds(next, 'author_ids', authors);
      await db.syncState.update('main', { scope: next });
    });
    return page.changes.length;
  }, lock);
}
