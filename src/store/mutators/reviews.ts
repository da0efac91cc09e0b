// review.create / review.update / review.delete, twins of app.m_review_create, app.m_review_update
// and app.m_review_delete (supabase/schema/functions/) and the rating_guard trigger (supabase/schema/tables/public.rating.sql, drafts included). A member has one review per game, found
// by [user_id+igdb_id]. `draft` keeps the review private; `draft: false` publishes it, dated when
// it was published, and a review with likes or comments cannot go back to draft.
import { cleanOrNull } from '../../core/blank-text.ts';
import type { MutationArgs } from '../../core/mutations.ts';
import { DRAFT_TEXT, hasReplies, isDraft } from '../../core/reviews/review-draft.ts';
import type { CheckpointDb, ReviewRow } from '../db.ts';
import { tempId, writeRow } from '../overlay.ts';
import { deleteReviewWithContent } from './cascade.ts';
import { resolveGame, saveGame } from './games.ts';
import { ownReview } from './own-rows.ts';
import { choosesPlatform, resolvePlatform } from './platforms.ts';
import { recentOrNow, reject } from './rows.ts';
import type { ApplyContext } from './types.ts';

const FORBIDDEN = 'Review not found or you do not have permission to edit it';
/** The fields whose change moves updated_at (rating_guard). */
const EDITABLE = ['rating', 'review', 'is_recommended', 'platform_id', 'playtime_hours', 'is_draft'] as const;

export async function applyReviewCreate(
  db: CheckpointDb,
  a: MutationArgs<'review.create'>,
  ctx: ApplyContext,
): Promise<void> {
  const game = await resolveGame(db, a, ctx);
  if (await ownReview(db, ctx.me, game.row.igdb_id)) reject('already_reviewed', 'You have already reviewed this game');
  const platformId = await resolvePlatform(db, a);
  await saveGame(db, game);
  const posted = recentOrNow(a.post_date_time, ctx.now);
  await writeRow<ReviewRow>(db, 'reviews', {
    id: tempId(),
    user_id: ctx.me,
    game_id: game.row.id,
    igdb_id: game.row.igdb_id,
    rating: a.rating,
    review: cleanOrNull(a.review),
    post_date_time: posted,
    updated_at: posted,
    is_recommended: a.is_recommended ?? null,
    platform_id: platformId,
    playtime_hours: a.playtime_hours ?? null,
    slug: game.row.slug,
    like_count: 0,
    comment_count: 0,
    is_draft: a.draft ?? false,
  });
}

/** Changes only the fields given; a field given as null is cleared. */
export async function applyReviewUpdate(
  db: CheckpointDb,
  a: MutationArgs<'review.update'>,
  ctx: ApplyContext,
): Promise<void> {
  const current = await ownReview(db, ctx.me, a.igdb_id);
  if (!current) return reject('review_forbidden', FORBIDDEN);
  const wasDraft = isDraft(current);
  const draft = a.draft ?? wasDraft;
  if (draft && !wasDraft && hasReplies(current)) reject('review_has_replies', DRAFT_TEXT.hasReplies);
  const next: ReviewRow = {
    ...current,
    rating: a.rating ?? current.rating,
    review: a.review === undefined ? current.review : cleanOrNull(a.review),
    is_recommended: a.is_recommended === undefined ? current.is_recommended : a.is_recommended,
    platform_id: choosesPlatform(a) ? await resolvePlatform(db, a) : current.platform_id,
    playtime_hours: a.playtime_hours === undefined ? current.playtime_hours : a.playtime_hours,
    is_draft: draft,
  };
  if (wasDraft && !draft) {
    // Published: dated when it was published (the time given, kept as a new review's would be).
    const at =
      a.post_date_time === undefined || a.post_date_time === current.post_date_time
        ? ctx.now
        : recentOrNow(a.post_date_time, ctx.now);
    await writeRow(db, 'reviews', { ...next, post_date_time: at, updated_at: at });
    return;
  }
  if (EDITABLE.every((f) => (f === 'is_draft' ? isDraft(next) === wasDraft : next[f] === current[f]))) return;
  await writeRow(db, 'reviews', { ...next, updated_at: ctx.now });
}

/** Idempotent: a review already gone is no error; someone else's is refused. */
export async function applyReviewDelete(
  db: CheckpointDb,
  a: MutationArgs<'review.delete'>,
  ctx: ApplyContext,
): Promise<void> {
  const review =
    a.rating_id !== undefined ? await db.reviews.get(a.rating_id) : await ownReview(db, ctx.me, a.igdb_id ?? 0);
  if (!review) return;
  if (review.user_id !== ctx.me) reject('review_forbidden', FORBIDDEN);
  await deleteReviewWithContent(db, review);
}
