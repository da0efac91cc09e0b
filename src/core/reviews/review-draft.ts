// Private review drafts (supabase/schema/tables/public.rating.sql): a review saved as a draft is
// its author's alone, counted nowhere until published. The texts are the server's messages.

/** Whether a review row is a draft (rows from before drafts carry no flag: published). */
export function isDraft(review: { readonly is_draft?: boolean | null }): boolean {
  return review.is_draft === true;
}

/**
 * Whether other members have replied to a review (app.rating_guard's test): likes and comments
 * belong to them and would vanish with it, so such a review cannot go back to being a draft.
 */
export function hasReplies(review: { readonly like_count: number; readonly comment_count: number }): boolean {
  return review.like_count > 0 || review.comment_count > 0;
}

export const DRAFT_TEXT = {
  /** app.rating_guard: likes and comments belong to other members and would vanish with it. */
  hasReplies: 'A review with likes or comments cannot go back to being a draft',
  /** app.refuse_draft_target. */
  notLikeable: 'This review is a draft: it can be liked once it is published',
  notCommentable: 'This review is a draft: it can be commented on once it is published',
} as const;
