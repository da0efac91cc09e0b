// One member's review of a game with its likes and threaded comments, from IndexedDB.
// gameId is the external id when the game has one, else the internal id.
// Comments are threaded by src/core/reviews/comments.ts: newest threads first, replies oldest first.
import { threadComments } from '../../core/reviews/comments.ts';
import type { CheckpointDb, GameRow, ReviewRow } from '../../store/db.ts';
import { authorOf, type Author, type CommentNode } from '../repos/shapes.ts';

export interface ReviewPageData {
  review: ReviewRow;
  author: Author | null;
  game: GameRow | null;
  /** The platform the review names, when this device knows its name. */
  platform: string | null;
  liked_by_me: boolean;
  comments: CommentNode[];
}

/** The review of `gameId` (external id first, then internal id) by `userId`, as get_review finds it. */
export async function findReview(db: CheckpointDb, userId: number, gameId: number): Promise<ReviewRow | undefined> {
  const byExternal = await db.reviews.where('[user_id+igdb_id]').equals([userId, gameId]).first();
  if (byExternal) return byExternal;
  const byInternal = await db.games.get(gameId);
  return byInternal ? db.reviews.where('[user_id+igdb_id]').equals([userId, byInternal.igdb_id]).first() : undefined;
}

/** A review's comments as threads: published ones, and the member's own whatever their state. */
export async function loadReviewComments(
  db: CheckpointDb,
  reviewId: number,
  me: number | null,
): Promise<CommentNode[]> {
  const rows = (
    await db.comments.where('[rating_id+created_at]').between([reviewId, ''], [reviewId, '\uffff']).toArray()
  ).filter((c) => c.is_published || c.user_id === me);
  if (rows.length === 0) return [];
  const authors = new Map(
    (await db.users.bulkGet([...new Set(rows.map((c) => c.user_id))]))
      .filter((u) => u !== undefined)
      .map((u) => [u.id, u]),
  );
  const ids = new Set(rows.map((c) => c.id));
  const myLikes =
    me === null
      ? new Set<number>()
      : new Set(
          (await db.likes.where('user_id').equals(me).toArray()).flatMap((l) =>
            l.comment_id !== null && ids.has(l.comment_id) ? [l.comment_id] : [],
          ),
        );
  const node = (c: (typeof rows)[number]): CommentNode => ({
    ...c,
    author: authorOf(authors.get(c.user_id)),
    liked_by_me: myLikes.has(c.id),
    replies: [],
  });
  return threadComments(rows).map((t) => ({ ...node(t.comment), replies: t.replies.map(node) }));
}

export interface LoadReviewOptions {
  /** Leave the comments out (the page loads them on their own, a moment after it shows). */
  readonly comments?: boolean;
}

export async function loadReviewPage(
  db: CheckpointDb,
  userId: number,
  gameId: number,
  me: number | null,
  options: LoadReviewOptions = {},
): Promise<ReviewPageData | null> {
  const review = await findReview(db, userId, gameId);
  if (!review) return null;
  const [author, game, platform, liked, comments] = await Promise.all([
    db.users.get(review.user_id),
    db.games.get(review.game_id),
    review.platform_id === null ? undefined : db.platforms.get(review.platform_id),
    me === null ? 0 : db.likes.where('[user_id+rating_id]').equals([me, review.id]).count(),
    options.comments === false ? [] : loadReviewComments(db, review.id, me),
  ]);
  return {
    review,
    author: authorOf(author),
    game: game ?? null,
    platform: platform?.name ?? null,
    liked_by_me: liked > 0,
    comments,
  };
}
