// The one way the app writes: a mutation's local apply and its outbox row, committed together in
// one Dexie transaction, so a write is either shown and queued or neither. The sync engine pushes
// the outbox; see store/mutators/registry.ts for the applies.
import { SYNC_PROTOCOL } from '../core/constants.ts';
import { tickHlc } from '../core/hlc.ts';
import { parseMutation, type MutationArgs, type MutationName } from '../core/mutations.ts';
import type { CheckpointDb, OutboxRow } from '../store/db.ts';
import { emitLocalWrite } from '../store/events.ts';
import { applyParsed, type ApplyContext } from '../store/mutators/registry.ts';
import { APPLY_TABLES } from '../store/mutators/scope.ts';
import { randomUuid } from '../core/random-uuid.ts';
import { loadSyncState } from './state.ts';
import { untilStored } from './unload-guard.ts';

/**
 * Validates and applies the mutation and queues it; returns the mutation id. A refusal throws
 * MutationError with the spec's message before anything is written.
 */
export async function mutate<N extends MutationName>(
  db: CheckpointDb,
  name: N,
  args: MutationArgs<N>,
  ctx: ApplyContext,
): Promise<string> {
  // Checked once: what is applied is what is queued.
  const parsed = parseMutation(name, args);
  const id = randomUuid();
  // Until it commits, leaving the page asks first (unload-guard.ts).
  await untilStored(() =>
    db.transaction('rw', [...APPLY_TABLES, ...QUEUE_TABLES], async () => {
      await applyParsed(db, name, parsed, ctx);
      await enqueue(db, id, name, parsed, ctx.now);
    }),
  );
  // Only after the commit: listeners (the pusher, the pending count) must never see a write that
  // could still roll back.
  emitLocalWrite();
  return id;
}

/** The tables enqueue() writes: a transaction that calls it must include them. */
export const QUEUE_TABLES = ['outbox', 'syncState'] as const;

/**
 * Queues an applied, parsed write in the outbox with its edit clock, inside the caller's
 * transaction (over QUEUE_TABLES): the clock is taken in the same transaction, so two writes never
 * share one.
 */
export async function enqueue(db: CheckpointDb, id: string, name: string, args: unknown, now: string): Promise<void> {
  await enqueueAll(db, [{ id, name, args }], now);
}

/**
 * enqueue() for several writes at once, in order (an import's batch): the same outbox rows, each
 * with its own clock taken in turn, with one read and one write of the device's clock.
 */
export async function enqueueAll(
  db: CheckpointDb,
  writes: ReadonlyArray<{ id: string; name: string; args: unknown }>,
  now: string,
): Promise<void> {
  if (writes.length === 0) return;
  const state = await loadSyncState(db);
  let hlc = state.hlc;
  const rows: OutboxRow[] = writes.map(({ id, name, args }) => {
    const clock = tickHlc(hlc, Date.parse(now), state.client_id);
    hlc = clock;
    return { id, name, args, created_at: now, attempts: 0, hlc: clock, protocol: SYNC_PROTOCOL };
  });
  await db.syncState.update('main', { hlc });
  if (rows.length === 1 && rows[0]) await db.outbox.add(rows[0]);
  else await db.outbox.bulkAdd(rows);
}
