// What a screen calls to write: one mutation as the signed-in member, applied on this device and
// queued for the server in one step (sync/mutate.ts); the sync engine pushes it. A refusal throws
// MutationError with the spec's message before anything is written.
import type { MutationArgs, MutationName } from '../core/mutations.ts';
import { localDb } from './backend.ts';
import { mutate } from '../sync/mutate.ts';

export function write<N extends MutationName>(memberId: number, name: N, args: MutationArgs<N>): Promise<string> {
  return mutate(localDb(), name, args, { me: memberId, now: new Date().toISOString() });
}
