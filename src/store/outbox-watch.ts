// How many writes wait in the outbox and since when, read once or watched. The outbox is one
// IndexedDB table that every tab and the service worker share; a watch is a Dexie live query,
// which Dexie runs again after any write to the table in this context or another (it tells the
// others through a BroadcastChannel), so each tab counts what is really waiting, not only what it
// queued or pushed itself.
import { liveQuery } from 'dexie';
import type { CheckpointDb } from './db.ts';

export interface OutboxSummary {
  /** Mutations not yet answered by the server. */
  readonly pending: number;
  /** When the oldest of them was made (ms since the epoch), or null when none waits or its date is unreadable. */
  readonly pendingSince: number | null;
}

export function readOutboxSummary(db: CheckpointDb): Promise<OutboxSummary> {
  return db.transaction('r', db.outbox, async () => {
    const pending = await db.outbox.count();
    const oldest = await db.outbox.orderBy('seq').first();
    const since = oldest ? Date.parse(oldest.created_at) : NaN;
    return { pending, pendingSince: pending > 0 && Number.isFinite(since) ? since : null };
  });
}

/** Calls `next` with the summary now and after every change to the outbox, until the returned function is called. */
export function watchOutbox(
  db: CheckpointDb,
  next: (summary: OutboxSummary) => void,
  error: (cause: unknown) => void,
): () => void {
  const subscription = liveQuery(() => readOutboxSummary(db)).subscribe({ next, error });
  return () => subscription.unsubscribe();
}
