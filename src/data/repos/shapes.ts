// Shapes the screen repositories answer with (what a component renders), built from mirror rows.
import { isDraft } from '../../core/reviews/review-draft.ts';
import type { CommentRow, GameRow, ReviewRow, UserRow } from '../../store/db.ts';

export interface Author {
  id: number;
  username: string;
  name: string | null;
  avatar_url: string | null;
}
export interface ReviewWithAuthor extends ReviewRow {
  author: Author | null;
}
export interface ReviewCard extends ReviewWithAuthor {
  game: GameRow | null;
}

export function authorOf(user: UserRow | undefined): Author | null {
  return user
    ? { id: user.id, username: user.username, name: user.name ?? null, avatar_url: user.avatar_url ?? null }
    : null;
}

/**
 * Only reviews with a numeric rating 1 to 10 count, and never a private draft: a
 * draft is in no list, count, average or feed (only its author's own views show it, labelled).
 */
export function counts(review: ReviewRow): boolean {
  return !isDraft(review) && typeof review.rating === 'number' && review.rating >= 1 && review.rating <= 10;
}

/** Review text appears only if non-blank. */
export function hasText(review: ReviewRow): boolean {
  return typeof review.review === 'string' && review.review.trim() !== '';
}

export interface CommentNode extends CommentRow {
  author: Author | null;
  liked_by_me: boolean;
  replies: CommentNode[];
}
