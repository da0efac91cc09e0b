// Deletes that the server's foreign keys cascade: a review takes its comments and all their likes
// with it; a comment takes its replies (and theirs) and their likes. Each deleted comment lowers
// its review's comment_count by one, as the comment_counts trigger fires once per row.
import type { CheckpointDb, CommentRow, ReviewRow } from '../db.ts';
import { deleteRow } from '../overlay.ts';
import { bump } from './rows.ts';

async function deleteLikes(db: CheckpointDb, field: 'rating_id' | 'comment_id', id: number): Promise<void> {
  for (const like of await db.likes.where(field).equals(id).toArray()) await deleteRow(db, 'likes', like.id);
}

async function deleteComments(db: CheckpointDb, comments: readonly CommentRow[]): Promise<void> {
  for (const c of comments) {
    await deleteLikes(db, 'comment_id', c.id);
    await deleteRow(db, 'comments', c.id);
  }
}

/** The comment and every reply beneath it (replies of replies included). */
function thread(all: readonly CommentRow[], root: CommentRow): CommentRow[] {
  const ids = new Set([root.id]);
  const out = [root];
  for (let i = 0; i < out.length; i++) {
    const parentId = out[i]?.id;
    for (const c of all) {
      if (c.parent_comment_id === parentId && !ids.has(c.id)) {
        ids.add(c.id);
        out.push(c);
      }
    }
  }
  return out;
}

export async function deleteCommentThread(db: CheckpointDb, comment: CommentRow): Promise<void> {
  const onReview = await db.comments.where('rating_id').equals(comment.rating_id).toArray();
  const doomed = thread(onReview, comment);
  await deleteComments(db, doomed);
  await bump(db, 'reviews', comment.rating_id, 'comment_count', -doomed.length);
}

export async function deleteReviewWithContent(db: CheckpointDb, review: ReviewRow): Promise<void> {
  await deleteComments(db, await db.comments.where('rating_id').equals(review.id).toArray());
  await deleteLikes(db, 'rating_id', review.id);
  await deleteRow(db, 'reviews', review.id);
}
