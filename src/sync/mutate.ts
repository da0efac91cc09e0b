// The one way the app writes: a mutation's local apply and its outbox row, committed together in
// one Dexie transaction, so a write is either shown and queued or neither. The sync engine pushes
// the outbox; see store/mutators/registry.ts for the applies.
import { SYNC_PROTOCOL } from '../core/constants.ts';
import { tickHlc } from '../core/hlc.ts';
import { parseMutation, type MutationArgs, type MutationName } from '../core/mutations.ts';
import type { CheckpointDb } from '../store/db.ts';
import { emitLocalWrite } from '../store/events.ts';
import { applyLocal, type ApplyContext } from '../store/mutators/registry.ts';
import { APPLY_TABLES } from '../store/mutators/scope.ts';
import { randomUuid } from '../core/random-uuid.ts';
import { loadSyncState } from './state.ts';

/**
 * Validates and applies the mutation and queues it; returns the mutation id. A refusal throws
 * MutationError with the spec's message before anything is written.
 */
export async function mutate<N extends MutationName>(db: CheckpointDb, name: N, args: MutationArgs<N>, ctx: ApplyContext): Promise<string> {
  const parsed = parseMutation(name, args);
  const id = randomUuid();
  await db.transaction('rw', [...APPLY_TABLES, ...QUEUE_TABLES], async () => {
    await applyLocal(db, name, parsed, ctx);
    await enqueue(db, id, name, parsed, ctx.now);
  });
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
  const state = await loadSyncState(db);
  const hlc = tickHlc(state.hlc, Date.parse(now), state.client_id);
  await db.syncState.update('main', { hlc });
  await db.outbox.add({ id, name, args, created_at: now, attempts: 0, hlc, protocol: SYNC_PROTOCOL });
}
