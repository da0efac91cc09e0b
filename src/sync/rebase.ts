// Rebase: server truth with the pending writes on top. Every row a pending write changed goes back
// to its server version (resetToServer), then the outbox is re-applied in order, so the member
// never sees a write undone while it waits, and sees a rejected one disappear without undo code.
import { isMutationName } from '../core/mutations.ts';
import type { CheckpointDb } from '../store/db.ts';
import { applyLocal } from '../store/mutators/registry.ts';
import { APPLY_TABLES } from '../store/mutators/scope.ts';
import { resetToServer } from '../store/overlay.ts';

/** What a transaction that rebases must cover: what a local apply needs, plus the sync tables. */
export const REBASE_TABLES = [...APPLY_TABLES, 'outbox', 'syncState'] as const;

/**
 * Must run inside a 'rw' transaction over REBASE_TABLES. `me` is the member the outbox belongs to;
 * null (unknown yet) leaves the pending writes out of the mirrors until a later rebase. Returns
 * how many pending writes could not be applied locally.
 */
export async function rebase(db: CheckpointDb, me: number | null): Promise<number> {
  await resetToServer(db);
  if (me === null) return 0;
  let failed = 0;
  for (const row of await db.outbox.orderBy('seq').toArray()) {
    try {
      // As of when the write was made, so that rebasing never changes its timestamps.
      if (!isMutationName(row.name)) throw new Error(`Unknown mutation: ${row.name}`);
      await applyLocal(db, row.name, row.args, { me, now: row.created_at });
    } catch {
      // Deliberately not an error: server truth may have moved under the write (its review is
      // gone, its game is started…). The row stays in the outbox and the server decides; if it
      // rejects the write, the member is told then, with the server's message.
      failed += 1;
    }
  }
  return failed;
}
