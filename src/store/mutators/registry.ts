// The mutation registry's local half: one apply per mutation name, each the twin of the server's
// app.m_* function (dispatched by app.apply_mutation in supabase/schema/functions/app.apply_mutation.sql), so that after a sync the
// mirrors equal the server's rows. An apply checks everything before it writes anything, so a
// refused mutation leaves no trace even inside a caller's larger transaction (the rebase).
import {
  isMutationName,
  MutationError,
  parseMutation,
  type MutationArgs,
  type MutationName,
} from '../../core/mutations.ts';
import type { CheckpointDb } from '../db.ts';
import { applyCommentAdd, applyCommentDelete, applyCommentEdit } from './comments.ts';
import { applyFollowSet } from './follows.ts';
import { applyGameEnsure } from './games.ts';
import { applyJournalAdd, applyJournalDelete, applyJournalUpdate } from './journal.ts';
import { applyCommentLikeSet, applyReviewLikeSet } from './likes.ts';
import { applyCollectionMove, applyCollectionSet, applyWishlistSet } from './lists.ts';
import { applyProfileUpdate } from './profile.ts';
import { applyProgressSet } from './progress.ts';
import { applyReviewCreate, applyReviewDelete, applyReviewUpdate } from './reviews.ts';
import { assertApplyScope } from './scope.ts';
import { applyTop5Replace } from './top5.ts';
import type { Apply, ApplyContext } from './types.ts';

export type { ApplyContext } from './types.ts';

const APPLY: { readonly [N in MutationName]: Apply<N> } = {
  'game.ensure': applyGameEnsure,
  'review.create': applyReviewCreate,
  'review.update': applyReviewUpdate,
  'review.delete': applyReviewDelete,
  'review_like.set': applyReviewLikeSet,
  'comment.add': applyCommentAdd,
  'comment.edit': applyCommentEdit,
  'comment.delete': applyCommentDelete,
  'comment_like.set': applyCommentLikeSet,
  'follow.set': applyFollowSet,
  'progress.set': applyProgressSet,
  'wishlist.set': applyWishlistSet,
  'collection.set': applyCollectionSet,
  'collection.move': applyCollectionMove,
  'top5.replace': applyTop5Replace,
  'profile.update': applyProfileUpdate,
  'journal.add': applyJournalAdd,
  'journal.update': applyJournalUpdate,
  'journal.delete': applyJournalDelete,
};

function run<N extends MutationName>(
  db: CheckpointDb,
  name: N,
  args: MutationArgs<N>,
  ctx: ApplyContext,
): Promise<void> {
  return APPLY[name](db, args, ctx);
}

/**
 * applyLocal for arguments already parsed, its reads and writes made through `target`: an import's
 * batch staged in memory (data/import/stage.ts, which checks the scope when it is made), written
 * at once after.
 */
export function applyThrough<N extends MutationName>(
  target: CheckpointDb,
  name: N,
  args: MutationArgs<N>,
  ctx: ApplyContext,
): Promise<void> {
  return run(target, name, args, ctx);
}

/**
 * Applies a mutation to the mirrors, through writeRow/deleteRow. Must run inside a 'rw'
 * transaction over APPLY_TABLES (scope.ts); throws MutationError with the spec's message when the
 * server would refuse the mutation for a reason the mirrors already show.
 */
export async function applyLocal(
  db: CheckpointDb,
  name: MutationName,
  args: unknown,
  ctx: ApplyContext,
): Promise<void> {
  assertApplyScope(db);
  if (!isMutationName(name)) throw new MutationError('unknown_mutation', `Unknown mutation: ${String(name)}`);
  await run(db, name, parseMutation(name, args), ctx);
}

/**
 * applyLocal for arguments parseMutation has just returned: sync/mutate.ts parses a write once, then
 * applies and queues what it parsed, so the arguments are checked once on the device. What comes
 * from storage (the outbox, on a rebase) goes through applyLocal, which parses it.
 */
export async function applyParsed<N extends MutationName>(
  db: CheckpointDb,
  name: N,
  args: MutationArgs<N>,
  ctx: ApplyContext,
): Promise<void> {
  assertApplyScope(db);
  await run(db, name, args, ctx);
}
