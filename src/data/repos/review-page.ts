// One member's review of a game with its likes and threaded comments, from IndexedDB.
// gameId is the external id when the game has one, else the internal id (spec 000 §2).
import type { CheckpointDb, GameRow, ReviewRow } from '../db.ts';
import { authorOf, type Author, type CommentNode } from './shapes.ts';

export interface ReviewPageData {
  review: ReviewRow;
  author: Author | null;
  game: GameRow | null;
  liked_by_me: boolean;
  comments: CommentNode[];
}

export async function loadReviewPage(db: CheckpointDb, userId: number, gameId: number, me: number | null): Promise<ReviewPageData | null> {
  let review = await db.reviews.where('[user_id+igdb_id]').equals([userId, gameId]).first();
  if (!review) {
    const byInternal = await db.games.get(gameId);
    if (byInternal) review = await db.reviews.where('[user_id+igdb_id]').equals([userId, byInternal.igdb_id]).first();
  }
  if (!review) return null;
  const rows = (await db.comments.where('[rating_id+created_at]').between([review.id, ''], [review.id, '\uffff']).toArray())
    .filter((c) => c.is_published || c.user_id === me);
  const authors = new Map((await db.users.bulkGet([...new Set([review.user_id, ...rows.map((c) => c.user_id)])]))
    .filter((u) => u !== undefined).map((u) => [u.id, u]));
  const myLikes = me === null ? new Set<number>()
    : new Set((await db.likes.where('user_id').equals(me).toArray()).map((l) => l.comment_id ?? -1));
  const nodes = new Map<number, CommentNode>(rows.map((c) => [c.id, { ...c, author: authorOf(authors.get(c.user_id)), liked_by_me: myLikes.has(c.id), replies: [] }]));
  const top: CommentNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_comment_id === null ? undefined : nodes.get(node.parent_comment_id);
    if (parent) parent.replies.push(node);
    else top.push(node);
  }
  top.sort((a, b) => b.created_at.localeCompare(a.created_at)); // newest threads first
  for (const t of top) t.replies.sort((a, b) => a.created_at.localeCompare(b.created_at)); // replies oldest first
  return {
    review,
    author: authorOf(authors.get(review.user_id)),
    game: (await db.games.get(review.game_id)) ?? null,
    liked_by_me: me !== null && (await db.likes.where('[user_id+rating_id]').equals([me, review.id]).count()) > 0,
    comments: top,
  };
}
