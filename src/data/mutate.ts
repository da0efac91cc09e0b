// The one way the app writes: a mutation's local apply and its outbox row, committed together in
// one Dexie transaction, so a write is either shown and queued or neither. The sync engine pushes
// the outbox; see mutators/registry.ts for the applies.
import { parseMutation, type MutationArgs, type MutationName } from '../core/mutations.ts';
import type { CheckpointDb } from './db.ts';
import { emitLocalWrite } from './events.ts';
import { applyLocal, type ApplyContext } from './mutators/registry.ts';
import { APPLY_TABLES } from './mutators/scope.ts';
import { randomUuid } from '../core/random-uuid.ts';

/**
 * Validates and applies the mutation and queues it; returns the mutation id. A refusal throws
 * MutationError with the spec's message before anything is written.
 */
export async function mutate<N extends MutationName>(db: CheckpointDb, name: N, args: MutationArgs<N>, ctx: ApplyContext): Promise<string> {
  const parsed = parseMutation(name, args);
  const id = randomUuid();
  await db.transaction('rw', [...APPLY_TABLES, 'outbox'], async () => {
    await applyLocal(db, name, parsed, ctx);
    await db.outbox.add({ id, name, args: parsed, created_at: ctx.now, attempts: 0 });
  });
  // Only after the commit: listeners (the pusher, the pending count) must never see a write that
  // could still roll back.
  emitLocalWrite();
  return id;
}
