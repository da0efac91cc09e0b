// comment.add / comment.edit / comment.delete, twins of app.m_comment_add, app.m_comment_edit and
// app.m_comment_delete (supabase/schema/functions/), app.comment_guard and the comment_counts
// trigger (supabase/schema/tables/public.comment.sql). A comment is named by server id or by the key its
// author's client gave it (client_key), so one written offline can be edited, deleted or liked
// before it reaches the server.
import { COMMENT_REPLY_WALK_DEPTH } from '../../core/reviews/comments.ts';
import type { MutationArgs } from '../../core/mutations.ts';
import { DRAFT_TEXT, isDraft } from '../../core/reviews/review-draft.ts';
import type { CheckpointDb, CommentRow } from '../db.ts';
import { tempId, writeRow } from '../overlay.ts';
import { deleteCommentThread } from './cascade.ts';
import { bump, recentOrNow, reject } from './rows.ts';
import type { ApplyContext } from './types.ts';

const PARENT_NOT_FOUND = 'Parent comment not found';

/** By key, the server's row wins over a pending one that has not been replaced yet. */
async function byKey(db: CheckpointDb, key: string): Promise<CommentRow | undefined> {
  const rows = await db.comments.where('client_key').equals(key).toArray();
  return rows.reduce<CommentRow | undefined>(
    (best, row) => (best === undefined || row.id > best.id ? row : best),
    undefined,
  );
}

/** app.find_comment: by id when given, else by key. */
export function findComment(
  db: CheckpointDb,
  id: number | undefined,
  key: string | undefined,
): Promise<CommentRow | undefined> {
  if (id !== undefined) return db.comments.get(id);
  if (key !== undefined) return byKey(db, key);
  return Promise.resolve(undefined);
}

/** comment_guard: a reply attaches to its top-level ancestor, which must be on the same review. */
async function topLevelAncestor(db: CheckpointDb, parent: CommentRow, ratingId: number): Promise<number> {
  let node: CommentRow | undefined = parent;
  for (let depth = 0; node && node.parent_comment_id !== null && depth < COMMENT_REPLY_WALK_DEPTH; depth++) {
    node = await db.comments.get(node.parent_comment_id);
  }
  if (!node || node.rating_id !== ratingId) return reject('parent_not_found', PARENT_NOT_FOUND);
  return node.id;
}

/** A repeated key is the same comment: nothing more happens (unless the key is someone else's). */
export async function applyCommentAdd(
  db: CheckpointDb,
  a: MutationArgs<'comment.add'>,
  ctx: ApplyContext,
): Promise<void> {
  const same = await byKey(db, a.key);
  if (same) {
    if (same.user_id !== ctx.me) reject('invalid_comment', 'Invalid comment ID');
    return;
  }
  const review = await db.reviews.get(a.rating_id);
  if (!review) reject('review_not_found', 'Review not found');
  if (isDraft(review)) reject('review_is_draft', DRAFT_TEXT.notCommentable);
  let parentId: number | null = null;
  if (a.parent_id !== undefined || a.parent_key !== undefined) {
    const parent = await findComment(db, a.parent_id, a.parent_key);
    if (!parent) return reject('parent_not_found', PARENT_NOT_FOUND);
    parentId = await topLevelAncestor(db, parent, a.rating_id);
  }
  const created = recentOrNow(a.created_at, ctx.now);
  await writeRow<CommentRow>(db, 'comments', {
    id: tempId(),
    client_key: a.key,
    user_id: ctx.me,
    rating_id: a.rating_id,
    content: a.content,
    parent_comment_id: parentId,
    is_published: true,
    created_at: created,
    updated_at: created,
    like_count: 0,
  });
  await bump(db, 'reviews', a.rating_id, 'comment_count', 1);
}

export async function applyCommentEdit(
  db: CheckpointDb,
  a: MutationArgs<'comment.edit'>,
  ctx: ApplyContext,
): Promise<void> {
  const comment = await findComment(db, a.id, a.key);
  if (!comment || comment.user_id !== ctx.me)
    return reject('comment_forbidden', 'Comment not found or you do not have permission to edit it');
  if (comment.content === a.content) return; // comment_guard moves updated_at only on a change
  await writeRow(db, 'comments', { ...comment, content: a.content, updated_at: ctx.now });
}

/** A comment already gone (or never synced) counts as deleted, so the queue never stalls on it. */
export async function applyCommentDelete(
  db: CheckpointDb,
  a: MutationArgs<'comment.delete'>,
  ctx: ApplyContext,
): Promise<void> {
  const comment = await findComment(db, a.id, a.key);
  if (!comment) return;
  if (comment.user_id !== ctx.me)
    reject('comment_forbidden', 'Comment not found or you do not have permission to delete it');
  await deleteCommentThread(db, comment);
}
