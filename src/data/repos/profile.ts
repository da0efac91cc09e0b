// A member's profile from IndexedDB, read in parts so that a library of thousands of
// games costs only what the open screen shows: the header and its stats (counts, no
// game rows), Want to Play a page at a time, and the games modal's lists when it opens. Top 5 and
// Top 10 are in lists.ts, the Library tab in library.ts.
import type { CheckpointDb, GameRow, ReviewRow, UserRow } from '../../store/db.ts';
import { compareMoments } from '../../core/dates.ts';
import { isDraft } from '../../core/reviews/review-draft.ts';
import { getGames } from './games.ts';
import { counts } from './shapes.ts';

export interface ProfileData {
  user: UserRow;
  /** The member it was read for (null: a visitor): is_self and is_following are theirs. */
  viewer: number | null;
  is_self: boolean;
  is_following: boolean;
  stats: { games: number; reviews: number; lists: number; following: number; followers: number };
}

async function gamesById(db: CheckpointDb, ids: number[]): Promise<Map<number, GameRow>> {
  const rows = await getGames(db, ids);
  return new Map(rows.filter((g): g is GameRow => g !== undefined).map((g) => [g.id, g]));
}

/**
 * How many of a member's reviews count. Another member's are counted by the index alone: the
 * server sends only published reviews, each rated 1 to 10 (its check), so all of them count, and a
 * library of thousands need not be read for its header. One's own may hold drafts: those are read.
 */
async function countReviews(db: CheckpointDb, userId: number, me: number | null): Promise<number> {
  const rows = db.reviews.where('[user_id+post_date_time]').between([userId, ''], [userId, '\uffff']);
  return me === userId ? (await rows.toArray()).filter(counts).length : rows.count();
}

/** The header: the member, whether the viewer follows them, and the stats (no game rows are read). */
export async function loadProfile(db: CheckpointDb, userId: number, me: number | null): Promise<ProfileData | null> {
  const user = await db.users.get(userId);
  if (!user) return null;
  const [reviews, progress, wishlist, collection, following] = await Promise.all([
    countReviews(db, userId, me),
    db.progress.where('user_id').equals(userId).toArray(),
    db.wishlist.where('user_id').equals(userId).count(),
    db.collection.where('user_id').equals(userId).count(),
    me === null ? 0 : db.follows.where('[follower_id+following_id]').equals([me, userId]).count(),
  ]);
  return {
    user,
    viewer: me,
    is_self: me === userId,
    is_following: following > 0,
    stats: {
      games: progress.filter((p) => p.started).length,
      reviews,
      lists: wishlist + collection,
      following: user.following_count,
      followers: user.follower_count,
    },
  };
}

export type WantList = 'collection' | 'wishlist';

export interface WantToPlayPage {
  /** How many games the list holds. */
  total: number;
  /** Its games in order (a wishlist by priority, then newest; a collection newest first), up to the limit asked. */
  games: GameRow[];
}

/**
 * A member's collection and wishlist, the first `limit[list]` games of each (null: every game, as a
 * filter needs them all). Only the games shown are read: the rows that order them are small.
 */
export async function loadWantToPlay(
  db: CheckpointDb,
  userId: number,
  limit: Record<WantList, number> | null,
): Promise<Record<WantList, WantToPlayPage>> {
  const [wishlist, collection] = await Promise.all([
    db.wishlist.where('user_id').equals(userId).toArray(),
    db.collection.where('user_id').equals(userId).toArray(),
  ]);
  wishlist.sort((a, b) => b.priority - a.priority || compareMoments(b.added_at, a.added_at));
  collection.sort((a, b) => compareMoments(b.added_at, a.added_at));
  const ids = { wishlist: wishlist.map((w) => w.game_id), collection: collection.map((c) => c.game_id) };
  const shown = (list: WantList) => (limit === null ? ids[list] : ids[list].slice(0, limit[list]));
  const games = await gamesById(db, [...shown('collection'), ...shown('wishlist')]);
  // A game whose row the device does not hold yet is left out rather than shown nameless.
  const page = (list: WantList): WantToPlayPage => ({
    total: ids[list].length,
    games: shown(list).flatMap((id) => games.get(id) ?? []),
  });
  return { collection: page('collection'), wishlist: page('wishlist') };
}

/** The IGDB ids of the games a member has started or finished (the Want to Play picker leaves them out). */
export async function loadPlayedIds(db: CheckpointDb, userId: number): Promise<Set<number>> {
  const progress = await db.progress.where('user_id').equals(userId).toArray();
  return new Set(progress.filter((p) => p.started || p.completed).map((p) => p.igdb_id));
}

export interface MemberGames {
  started: Array<{ game: GameRow; started_date: string | null }>;
  finished: Array<{ game: GameRow; completed_date: string | null }>;
}

/** The games modal's lists: started (not finished) and finished games, newest first. */
export async function loadMemberGames(db: CheckpointDb, userId: number): Promise<MemberGames> {
  const progress = await db.progress.where('user_id').equals(userId).toArray();
  const started = progress
    .filter((p) => p.started && !p.completed)
    .sort((a, b) => compareMoments(b.started_date, a.started_date));
  const finished = progress
    .filter((p) => p.completed)
    .sort((a, b) => compareMoments(b.completed_date, a.completed_date));
  const games = await gamesById(
    db,
    [...started, ...finished].map((p) => p.game_id),
  );
  return {
    started: started.flatMap((p) => {
      const game = games.get(p.game_id);
      return game ? [{ game, started_date: p.started_date }] : [];
    }),
    finished: finished.flatMap((p) => {
      const game = games.get(p.game_id);
      return game ? [{ game, completed_date: p.completed_date }] : [];
    }),
  };
}

export interface FollowListEntry {
  user: UserRow;
  i_follow: boolean;
}

/**
 * A member's followers or the members they follow, newest relation first, each with whether the
 * viewer (`me`) follows them. Read-through of the member brings both ends of their follows along.
 */
export async function loadFollowList(
  db: CheckpointDb,
  userId: number,
  kind: 'followers' | 'following',
  me: number | null,
): Promise<FollowListEntry[]> {
  const rows =
    kind === 'followers'
      ? await db.follows.where('following_id').equals(userId).toArray()
      : await db.follows.where('[follower_id+following_id]').between([userId, -Infinity], [userId, Infinity]).toArray();
  rows.sort((a, b) => compareMoments(b.created_at, a.created_at) || b.id - a.id);
  const ids = rows.map((r) => (kind === 'followers' ? r.follower_id : r.following_id));
  const users = await db.users.bulkGet(ids);
  const mine =
    me === null
      ? new Set<number>()
      : new Set(
          (await db.follows.where('[follower_id+following_id]').between([me, -Infinity], [me, Infinity]).toArray()).map(
            (f) => f.following_id,
          ),
        );
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
export async function loadUserReviews(
  db: CheckpointDb,
  userId: number,
  me: number | null = null,
): Promise<Array<{ review: ReviewRow; game: GameRow | null }>> {
  const own = me !== null && me === userId;
  const reviews = (
    await db.reviews.where('[user_id+post_date_time]').between([userId, ''], [userId, '\uffff']).reverse().toArray()
  ).filter((r) => counts(r) || (own && isDraft(r)));
  const games = await gamesById(db, [...new Set(reviews.map((r) => r.game_id))]);
  return reviews.map((review) => ({ review, game: games.get(review.game_id) ?? null }));
}
