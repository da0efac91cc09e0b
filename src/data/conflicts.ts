// The edits of this device that a newer edit from another device replaced (db.conflicts, written
// by sync/push.ts with the server's answer): shown once each, until the member chooses.
import { mineEdit, type Conflict, type ConflictNames } from '../core/conflicts.ts';
import { localDb } from './backend.ts';
import type { CheckpointDb, ConflictRow } from '../store/db.ts';

/** The oldest conflict not yet answered, or undefined. */
export function firstConflict(db: CheckpointDb): Promise<ConflictRow | undefined> {
  return db.conflicts.orderBy('created_at').first();
}

/** The games an edit names (its own, or a Top 5's) and the platform it sets, as ids. */
function idsOf(args: unknown): { igdbIds: number[]; platformId: number | null } {
  if (typeof args !== 'object' || args === null) return { igdbIds: [], platformId: null };
  const a: Record<string, unknown> = { ...args };
  const games = Array.isArray(a.games) ? a.games : [];
  const igdbIds = [
    a.igdb_id,
    ...games.map((g: unknown) => (typeof g === 'object' && g !== null && 'igdb_id' in g ? g.igdb_id : null)),
  ].filter((id): id is number => typeof id === 'number');
  return { igdbIds, platformId: typeof a.platform_id === 'number' ? a.platform_id : null };
}

/** Names for the ids an edit carries, from what the device holds, so the notice shows no bare ids. */
export async function conflictNames(db: CheckpointDb, args: unknown): Promise<ConflictNames> {
  const { igdbIds, platformId } = idsOf(args);
  const games = igdbIds.length === 0 ? [] : await db.games.where('igdb_id').anyOf(igdbIds).toArray();
  const platform = platformId === null ? undefined : await db.platforms.get(platformId);
  const gameNames = new Map(games.map((g) => [g.igdb_id, g.name]));
  return {
    game: (id) => gameNames.get(id),
    platform: (id) => (platform?.id === id ? platform.name : undefined),
  };
}

/**
 * Use mine: the losing values again, as a new edit through the outbox (a new clock, newer than
 * theirs). Keep theirs: nothing to send. Either way the conflict is answered and not shown again;
 * it is removed only after the new edit is queued, so a refused edit leaves it on screen.
 */
export async function resolveConflict(
  memberId: number,
  conflict: Conflict,
  choice: 'mine' | 'theirs',
  db: CheckpointDb = localDb(),
): Promise<void> {
  const edit = choice === 'mine' ? mineEdit(conflict) : null;
  if (edit) {
    // Loaded on the answer: the shell shows this notice, and the write path (mutators, zod) must
    // not weigh on every page's first load.
    const { mutate } = await import('../sync/mutate.ts');
    await mutate(db, edit.name, edit.args, { me: memberId, now: new Date().toISOString() });
  }
  await db.conflicts.delete(conflict.id);
}
