// review_like.set / comment_like.set, twins of app.m_review_like_set, app.m_comment_like_set and
// the like_counts trigger (supabase/schema/tables/public.rating.sql). Intents, not toggles: setting what is already so
// changes nothing. Counters move only for is_like rows and never below 0.
import type { MutationArgs } from '../../core/mutations.ts';
import { DRAFT_TEXT, isDraft } from '../../core/reviews/review-draft.ts';
import type { CheckpointDb, LikeRow, MirrorName } from '../db.ts';
import { deleteRow, tempId, writeRow } from '../overlay.ts';
import { findComment } from './comments.ts';
import { bump, reject } from './rows.ts';
import type { ApplyContext } from './types.ts';

interface Target {
  readonly field: 'rating_id' | 'comment_id';
  readonly id: number;
  /** The row whose like_count the like moves. */
  readonly counter: MirrorName;
}

async function setLike(db: CheckpointDb, target: Target, liked: boolean, ctx: ApplyContext): Promise<void> {
  const index = target.field === 'rating_id' ? '[user_id+rating_id]' : '[user_id+comment_id]';
  const mine = await db.likes.where(index).equals([ctx.me, target.id]).toArray();
  if (liked) {
    if (mine.length > 0) return;
    await writeRow<LikeRow>(db, 'likes', {
      id: tempId(),
      user_id: ctx.me,
      rating_id: target.field === 'rating_id' ? target.id : null,
      comment_id: target.field === 'comment_id' ? target.id : null,
      is_like: true,
      created_at: ctx.now,
    });
    await bump(db, target.counter, target.id, 'like_count', 1);
    return;
  }
  for (const like of mine) {
    await deleteRow(db, 'likes', like.id);
    if (like.is_like) await bump(db, target.counter, target.id, 'like_count', -1);
  }
}

export async function applyReviewLikeSet(
  db: CheckpointDb,
  a: MutationArgs<'review_like.set'>,
  ctx: ApplyContext,
): Promise<void> {
  const review = await db.reviews.get(a.rating_id);
  if (!review) reject('review_not_found', 'Review not found');
  if (a.liked && isDraft(review)) reject('review_is_draft', DRAFT_TEXT.notLikeable);
  await setLike(db, { field: 'rating_id', id: a.rating_id, counter: 'reviews' }, a.liked, ctx);
}

export async function applyCommentLikeSet(
  db: CheckpointDb,
  a: MutationArgs<'comment_like.set'>,
  ctx: ApplyContext,
): Promise<void> {
  const comment = await findComment(db, a.comment_id, a.comment_key);
  if (!comment) return reject('comment_not_found', 'Comment not found');
  await setLike(db, { field: 'comment_id', id: comment.id, counter: 'comments' }, a.liked, ctx);
}
