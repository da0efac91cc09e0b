// Writes the server refused (db.refused), recorded by the push in the transaction that takes them
// out of the outbox, so a refusal is never lost with the context that heard it (the service
// worker's Background Sync has no page to tell). A page shows each one once as a toast (claimed in
// a transaction, so two tabs never both show it) and lists it in the sync details until dismissed.
import type { CheckpointDb, RefusedRow } from './db.ts';

/** How many refusals are kept, the newest: enough for any screen to name them, never unbounded. */
export const REFUSED_KEPT = 200;

/** A refusal as the push hears it. */
export interface Refusal {
  readonly id: string;
  readonly name: string;
  readonly args: unknown;
  readonly code: string;
  readonly message: string;
}

/**
 * Records refusals and drops the oldest beyond REFUSED_KEPT. Call it inside the 'rw' transaction
 * (over db.refused) that removes the rows from the outbox: both happen, or neither.
 */
export async function recordRefusals(db: CheckpointDb, refusals: readonly Refusal[], at: string): Promise<void> {
  if (refusals.length === 0) return;
  // A mutation id leaves the outbox once; should its answer be read again, the refusal on record
  // stays as it is (shown, dismissed), not told anew.
  const known = new Set(
    await db.refused
      .where('id')
      .anyOf(refusals.map((r) => r.id))
      .primaryKeys(),
  );
  await db.refused.bulkPut(
    refusals
      .filter((r) => !known.has(r.id))
      .map(({ id, name, args, code, message }) => ({
        id,
        name,
        args,
        code,
        message,
        refused_at: at,
        toasted: 0,
        dismissed: 0,
      })),
  );
  const over = (await db.refused.count()) - REFUSED_KEPT;
  if (over > 0) await db.refused.bulkDelete(await db.refused.orderBy('refused_at').limit(over).primaryKeys());
}

/**
 * The refusals no page has shown yet, marked shown in the same transaction: of two tabs asking at
 * once, one gets each refusal (IndexedDB runs write transactions on a table one at a time).
 */
export async function claimUntoasted(db: CheckpointDb): Promise<RefusedRow[]> {
  return db.transaction('rw', db.refused, async () => {
    const fresh = await db.refused.filter((r) => r.toasted === 0).sortBy('refused_at');
    if (fresh.length > 0) await db.refused.bulkUpdate(fresh.map((r) => ({ key: r.id, changes: { toasted: 1 } })));
    return fresh;
  });
}

/** The refusals the member has not dismissed, newest first. */
export async function undismissedRefusals(db: CheckpointDb): Promise<RefusedRow[]> {
  return (await db.refused.orderBy('refused_at').reverse().toArray()).filter((r) => r.dismissed === 0);
}

/** The member has read it: off the sync details, still known (an import counts it as refused). */
export async function dismissRefusal(db: CheckpointDb, id: string): Promise<void> {
  await db.refused.update(id, { dismissed: 1 });
}

/** Dismisses every refusal listed now. */
export async function dismissAllRefusals(db: CheckpointDb): Promise<void> {
  await db.refused.filter((r) => r.dismissed === 0).modify({ dismissed: 1 });
}
