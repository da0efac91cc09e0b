// What every local apply is given. One apply per mutation name, each the twin of the server's
// app.m_* function of the same name (supabase/migrations/…_members/_reviews/_lists.sql).
import type { MutationArgs, MutationName } from '../../core/mutations.ts';
import type { CheckpointDb } from '../db.ts';

/** Who applies the mutation (member id) and when (ISO time): the server's p_user and now(). */
export interface ApplyContext {
  readonly me: number;
  readonly now: string;
}

export type Apply<N extends MutationName> = (
  db: CheckpointDb,
  args: MutationArgs<N>,
  ctx: ApplyContext,
) => Promise<void>;
