// A member's profile from IndexedDB: header, stats, Top 5, Top 10 and lists (spec 002 §2).
import type { CheckpointDb, GameRow, ReviewRow, UserRow } from '../../store/db.ts';
import { TOP_GAMES_SLOTS, TOP_TEN_SIZE } from '../../core/constants.ts';
import { isDraft } from '../../core/review-draft.ts';
import { counts } from './shapes.ts';

export interface ProfileData {
  user: UserRow;
  /** The member it was read for (null: a visitor): is_self and is_following are theirs. */
  viewer: number | null;
  is_self: boolean;
  is_following: boolean;
  stats: { games: number; reviews: number; lists: number; following: number; followers: number };
  top5: Array<{ position: number; game: GameRow | null }>;
  top10: Array<{ review: ReviewRow; game: GameRow | null }>;
  wishlist: Array<{ game: GameRow | null; priority: number; added_at: string }>;
  collection: Array<{ game: GameRow | null; added_at: string }>;
  started: Array<{ game: GameRow | null; started_date: string | null }>;
  finished: Array<{ game: GameRow | null; completed_date: string | null }>;
}

async function gamesById(db: CheckpointDb, ids: number[]): Promise<Map<number, GameRow>> {
  const rows = await db.games.bulkGet(ids);
  return new Map(rows.filter((g): g is GameRow => g !== undefined).map((g) => [g.id, g]));
}

export async function loadProfile(db: CheckpointDb, userId: number, me: number | null): Promise<ProfileData | null> {
  const user = await db.users.get(userId);
  if (!user) return null;
  const [reviews, top, wishlist, collection, progress] = await Promise.all([
    db.reviews.where('[user_id+post_date_time]').between([userId, ''], [userId, '\uffff']).toArray(),
    db.topGames.where('user_id').equals(userId).toArray(),
    db.wishlist.where('user_id').equals(userId).toArray(),
    db.collection.where('user_id').equals(userId).toArray(),
    db.progress.where('user_id').equals(userId).toArray(),
  ]);
  const rated = reviews.filter(counts);
  const games = await gamesById(db, [...new Set([...rated, ...top, ...wishlist, ...collection, ...progress].map((r) => r.game_id))]);
  const game = (id: number) => games.get(id) ?? null;
  const started = progress.filter((p) => p.started && !p.completed).sort((a, b) => (b.started_date ?? '').localeCompare(a.started_date ?? ''));
  const finished = progress.filter((p) => p.completed).sort((a, b) => (b.completed_date ?? '').localeCompare(a.completed_date ?? ''));
  return {
    user,
    viewer: me,
    is_self: me === userId,
    is_following: me !== null && (await db.follows.where('[follower_id+following_id]').equals([me, userId]).count()) > 0,
    stats: {
      games: progress.filter((p) => p.started).length,
      reviews: rated.length,
      lists: wishlist.length + collection.length,
      following: user.following_count,
      followers: user.follower_count,
    },
    top5: top.sort((a, b) => a.position - b.position).slice(0, TOP_GAMES_SLOTS).map((t) => ({ position: t.position, game: game(t.game_id) })),
    top10: [...rated].sort((a, b) => b.rating - a.rating || b.post_date_time.localeCompare(a.post_date_time))
      .slice(0, TOP_TEN_SIZE).map((review) => ({ review, game: game(review.game_id) })),
    wishlist: wishlist.sort((a, b) => b.priority - a.priority || b.added_at.localeCompare(a.added_at))
      .map((w) => ({ game: game(w.game_id), priority: w.priority, added_at: w.added_at })),
    collection: collection.sort((a, b) => b.added_at.localeCompare(a.added_at)).map((c) => ({ game: game(c.game_id), added_at: c.added_at })),
    started: started.map((p) => ({ game: game(p.game_id), started_date: p.started_date })),
    finished: finished.map((p) => ({ game: game(p.game_id), completed_date: p.completed_date })),
  };
}

export interface FollowListEntry { user: UserRow; i_follow: boolean }

/**
 * A member's followers or the members they follow, newest relation first, each with whether the
 * viewer (`me`) follows them. Read-through of the member brings both ends of their follows along.
 */
export async function loadFollowList(db: CheckpointDb, userId: number, kind: 'followers' | 'following', me: number | null): Promise<FollowListEntry[]> {
  const rows = kind === 'followers'
    ? await db.follows.where('following_id').equals(userId).toArray()
    : await db.follows.where('[follower_id+following_id]').between([userId, -Infinity], [userId, Infinity]).toArray();
  rows.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  const ids = rows.map((r) => (kind === 'followers' ? r.follower_id : r.following_id));
  const users = await db.users.bulkGet(ids);
  const mine = me === null ? new Set<number>() : new Set(
    (await db.follows.where('[follower_id+following_id]').between([me, -Infinity], [me, Infinity]).toArray()).map((f) => f.following_id));
  // A member whose row the device does not hold yet is left out rather than shown nameless.
  return users.filter((u): u is UserRow => u !== undefined).map((user) => ({ user, i_follow: mine.has(user.id) }));
}

/** Whether `me` follows `userId` (the follow button's state). */
export async function isFollowing(db: CheckpointDb, me: number, userId: number): Promise<boolean> {
  return (await db.follows.where('[follower_id+following_id]').equals([me, userId]).count()) > 0;
}

/**
 * A member's counted reviews with their games, newest first (the reviews modal sorts them further).
 * The member's own drafts are listed too when they are the one looking (`me`), for them alone.
 */
export async function loadUserReviews(db: CheckpointDb, userId: number, me: number | null = null): Promise<Array<{ review: ReviewRow; game: GameRow | null }>> {
  const own = me !== null && me === userId;
  const reviews = (await db.reviews.where('[user_id+post_date_time]').between([userId, ''], [userId, '\uffff']).reverse().toArray())
    .filter((r) => counts(r) || (own && isDraft(r)));
  const games = await gamesById(db, [...new Set(reviews.map((r) => r.game_id))]);
  return reviews.map((review) => ({ review, game: games.get(review.game_id) ?? null }));
}
