// The edits of this device that a newer edit from another device replaced (db.conflicts, written
// by sync/push.ts with the server's answer): shown once each, until the member chooses.
import { mineEdit, type Conflict } from '../core/conflicts.ts';
import { localDb } from './backend.ts';
import type { CheckpointDb, ConflictRow } from '../store/db.ts';

/** The oldest conflict not yet answered, or undefined. */
export function firstConflict(db: CheckpointDb): Promise<ConflictRow | undefined> {
  return db.conflicts.orderBy('created_at').first();
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
