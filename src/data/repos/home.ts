// The home page's Recent Reviews: the newest reviews with text (the spec: fetch 10).
import type { CheckpointDb } from '../../store/db.ts';
import { authorOf, counts, hasText, type ReviewCard } from './shapes.ts';

export const RECENT_REVIEWS = 10;

export async function loadRecentReviews(db: CheckpointDb, limit = RECENT_REVIEWS): Promise<ReviewCard[]> {
  const recent = await db.reviews
    .orderBy('post_date_time')
    .reverse()
    .filter((r) => counts(r) && hasText(r))
    .limit(limit)
    .toArray();
  const [authors, games] = await Promise.all([
    db.users.bulkGet(recent.map((r) => r.user_id)),
    db.games.bulkGet(recent.map((r) => r.game_id)),
  ]);
  return recent.map((r, i) => ({ ...r, author: authorOf(authors[i]), game: games[i] ?? null }));
}
