// The tables a local apply touches, and the check that it runs inside a transaction over them.
// A local apply never opens its own transaction: mutate() and the sync engine's rebase wrap it in
// theirs, so the apply and whatever goes with it (the outbox row, the reset) commit together.
import { Dexie, type Transaction } from 'dexie';
import { MIRROR_NAMES, type CheckpointDb } from '../db.ts';

const REQUIRED: readonly string[] = [...MIRROR_NAMES, 'shadows'];

/** Open a 'rw' transaction over these to call applyLocal (platforms is read, never written). */
export const APPLY_TABLES = [...MIRROR_NAMES, 'platforms', 'shadows'] as const;

export function assertApplyScope(db: CheckpointDb): void {
  // Dexie types currentTransaction as always set; outside a transaction it is null.
  const tx = Dexie.currentTransaction as Transaction | null;
  const ok = tx !== null && tx.db === db && tx.mode === 'readwrite' && REQUIRED.every((t) => tx.storeNames.includes(t));
  if (!ok) throw new Error(`A local apply must run inside a 'rw' transaction over ${REQUIRED.join(', ')}`);
}

/**
 * The tables an import's staged batch (data/import/stage.ts) may read: its stand-in database
 * answers with its transaction's tables, as it applies outside Dexie's transaction zone.
 */
export const STAGED_SCOPE = Symbol('checkpoint.stagedScope');

/** Whether the apply's transaction covers a table that an apply only reads when it can. */
export function inScope(db: CheckpointDb, table: string): boolean {
  const staged = (db as unknown as { [STAGED_SCOPE]?: readonly string[] })[STAGED_SCOPE];
  if (staged) return staged.includes(table);
  const tx = Dexie.currentTransaction as Transaction | null;
  return tx?.storeNames.includes(table) ?? false;
}
