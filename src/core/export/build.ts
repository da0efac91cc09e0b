// Builds the export (schema.ts) from the member's mirror rows as the device holds them. Pure: the
// reading is src/data/export.ts's. Rows a pending write made or changed are named in `pending`
// (`table:id`, the overlay's shadows) and come out with `synced: false`.
import { releaseYearOf } from '../dates.ts';
import { splitPlatforms } from '../profile.ts';
import { isDraft } from '../reviews/review-draft.ts';
import { TOP_TEN_SIZE } from '../constants.ts';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type CheckpointExport,
  type ExportGame,
  type ExportReviewRef,
} from './schema.ts';

interface GameIn {
  id: number;
  igdb_id: number;
  name: string;
  slug?: string | null;
  release_date?: string | null;
  first_release_date?: number | null;
  release_year?: number | null;
}
interface UserIn {
  id: number;
  username: string;
  name?: string | null;
  display_name?: string | null;
  bio?: string | null;
  avatar_url?: string | null;
  location?: string | null;
  website?: string | null;
  platform?: string | null;
  created_at: string;
}
interface ReviewIn {
  id: number;
  user_id: number;
  game_id: number;
  igdb_id: number;
  rating: number;
  review: string | null;
  post_date_time: string;
  updated_at: string;
  is_recommended: boolean | null;
  platform_id: number | null;
  playtime_hours: number | null;
  like_count: number;
  comment_count: number;
  is_draft?: boolean;
}
interface CommentIn {
  id: number;
  client_key: string | null;
  user_id: number;
  rating_id: number;
  content: string;
  parent_comment_id: number | null;
  is_published: boolean;
  created_at: string;
  updated_at: string;
  like_count: number;
}
interface LikeIn {
  id: number;
  rating_id: number | null;
  comment_id: number | null;
  is_like: boolean;
  created_at: string;
}
interface FollowIn {
  id: number;
  following_id: number;
  created_at: string;
}
interface ProgressIn {
  id: number;
  game_id: number;
  igdb_id: number;
  started: boolean;
  completed: boolean;
  started_date: string | null;
  completed_date: string | null;
}
interface WishlistIn {
  id: number;
  game_id: number;
  igdb_id: number;
  priority: number;
  notes: string | null;
  added_at: string;
}
interface CollectionIn {
  id: number;
  game_id: number;
  igdb_id: number;
  added_at: string;
}
interface TopGameIn {
  id: number;
  game_id: number;
  position: number;
}
interface SessionIn {
  id: number;
  client_key: string;
  game_id: number;
  igdb_id: number;
  played_on: string;
  minutes: number;
  platform_id: number | null;
  note: string | null;
  is_private: boolean;
  created_at: string;
  updated_at: string;
}

/** The mirror tables a pending write can touch, as `pending` names them. */
export type ExportTable =
  | 'users'
  | 'reviews'
  | 'comments'
  | 'likes'
  | 'follows'
  | 'progress'
  | 'wishlist'
  | 'collection'
  | 'topGames'
  | 'journal';

/** Another member's review as a comment or a like names it: by whom, of which game. */
interface ReviewRefIn {
  id: number;
  user_id: number;
  game_id: number;
  igdb_id: number;
}
/** A comment the member liked (someone else's, or their own): which review it is on. */
interface CommentRefIn {
  id: number;
  rating_id: number;
}

/**
 * What the builder reads: the member's own rows, and what they point at, from the device or the
 * server (refs.ts `withRefs`).
 */
export interface ExportSource {
  readonly me: UserIn;
  /** Games, other members' reviews and other members the own rows point at (missing ones are named by id only). */
  readonly games: readonly GameIn[];
  readonly users: ReadonlyArray<{ id: number; username: string }>;
  readonly otherReviews: readonly ReviewRefIn[];
  /** Other members' comments the member liked (their own are in `comments`). */
  readonly otherComments: readonly CommentRefIn[];
  readonly platforms: ReadonlyArray<{ id: number; name: string }>;
  readonly reviews: readonly ReviewIn[];
  readonly comments: readonly CommentIn[];
  readonly likes: readonly LikeIn[];
  readonly follows: readonly FollowIn[];
  readonly progress: readonly ProgressIn[];
  readonly wishlist: readonly WishlistIn[];
  readonly collection: readonly CollectionIn[];
  readonly topGames: readonly TopGameIn[];
  readonly journal: readonly SessionIn[];
  /** `pendingKey(table, id)` of every row a write still in the outbox made or changed. */
  readonly pending: ReadonlySet<string>;
  /** Writes still in the outbox. */
  readonly unsynced: number;
}

export const pendingKey = (table: ExportTable, id: number): string => `${table}:${id}`;

/** A timestamp as ISO 8601 in UTC (the server's `+00:00` and the device's `Z` alike). */
function iso(value: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}
const isoOrNull = (value: string | null | undefined): string | null => (value ? iso(value) : null);
/** A row numbered by the server (rows made offline carry a negative temporary id until then). */
const serverId = (id: number | null | undefined): number | null => (typeof id === 'number' && id > 0 ? id : null);
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function buildExport(source: ExportSource, now: Date): CheckpointExport {
  const games = new Map(source.games.map((g) => [g.id, g]));
  const gamesByIgdb = new Map(source.games.map((g) => [g.igdb_id, g]));
  const users = new Map([...source.users, source.me].map((u) => [u.id, u]));
  const platforms = new Map(source.platforms.map((p) => [p.id, p.name]));
  const allReviews = new Map([...source.otherReviews, ...source.reviews].map((r) => [r.id, r]));
  const synced = (table: ExportTable, id: number) => !source.pending.has(pendingKey(table, id));
  const platform = (id: number | null) => (id === null ? null : (platforms.get(id) ?? null));

  const game = (gameId: number, igdbId: number): ExportGame => {
    const row = games.get(gameId) ?? gamesByIgdb.get(igdbId);
    return {
      igdb_id: row?.igdb_id ?? igdbId,
      name: row?.name ?? null,
      release_year: row ? releaseYearOf(row) : null,
      slug: row?.slug ?? null,
    };
  };
  const reviewRef = (ratingId: number): ExportReviewRef => {
    const review = allReviews.get(ratingId);
    return {
      review_id: serverId(ratingId),
      author_id: review?.user_id ?? null,
      author_username: review ? (users.get(review.user_id)?.username ?? null) : null,
      game: review ? game(review.game_id, review.igdb_id) : null,
    };
  };

  const me = source.me;
  const profile: CheckpointExport['profile'] = {
    id: me.id,
    username: me.username,
    display_name: me.display_name ?? me.name ?? null,
    bio: me.bio ?? null,
    avatar_url: me.avatar_url ?? null,
    location: me.location ?? null,
    website: me.website ?? null,
    platforms: splitPlatforms(me.platform),
    joined_at: isoOrNull(me.created_at),
    synced: synced('users', me.id),
  };

  const reviews = [...source.reviews]
    .sort((a, b) => byText(b.post_date_time, a.post_date_time) || b.id - a.id)
    .map((r) => ({
      id: serverId(r.id),
      game: game(r.game_id, r.igdb_id),
      rating: r.rating,
      review: r.review,
      is_recommended: r.is_recommended,
      platform: platform(r.platform_id),
      playtime_hours: r.playtime_hours,
      draft: isDraft(r),
      posted_at: iso(r.post_date_time),
      updated_at: iso(r.updated_at),
      like_count: r.like_count,
      comment_count: r.comment_count,
      synced: synced('reviews', r.id),
    }));

  const comments = [...source.comments]
    .sort((a, b) => byText(a.created_at, b.created_at) || a.id - b.id)
    .map((c) => ({
      id: serverId(c.id),
      key: c.client_key,
      on: reviewRef(c.rating_id),
      parent_comment_id: c.parent_comment_id,
      text: c.content,
      published: c.is_published,
      created_at: iso(c.created_at),
      updated_at: iso(c.updated_at),
      like_count: c.like_count,
      synced: synced('comments', c.id),
    }));

  const commentKeys = new Map(source.comments.map((c) => [c.id, c.client_key]));
  const commentReviews = new Map([...source.otherComments, ...source.comments].map((c) => [c.id, c.rating_id]));
  // A like of a comment names the review the comment is on.
  const likedReview = (l: LikeIn) =>
    l.rating_id ?? (l.comment_id !== null ? (commentReviews.get(l.comment_id) ?? null) : null);
  const likes = source.likes
    .filter((l) => l.is_like)
    .sort((a, b) => byText(a.created_at, b.created_at) || a.id - b.id)
    .map((l) => {
      const on = likedReview(l);
      return {
        kind: l.comment_id !== null ? ('comment' as const) : ('review' as const),
        review: on === null ? null : reviewRef(on),
        comment_id: serverId(l.comment_id),
        comment_key: l.comment_id !== null ? (commentKeys.get(l.comment_id) ?? null) : null,
        liked_at: iso(l.created_at),
        synced: synced('likes', l.id),
      };
    });

  const minutes = new Map<number, number>();
  for (const s of source.journal) minutes.set(s.igdb_id, (minutes.get(s.igdb_id) ?? 0) + s.minutes);
  const library = libraryOf(source, game, synced, minutes);

  const top5 = [...source.topGames]
    .sort((a, b) => a.position - b.position)
    .flatMap((t) => {
      const row = games.get(t.game_id);
      return row ? [{ position: t.position, game: game(row.id, row.igdb_id) }] : [];
    });

  // The profile's Top 10 (data/repos/lists.ts loadTopTen): published ratings, best first, then newest.
  const top10 = source.reviews
    .filter((r) => !isDraft(r) && r.rating >= 1 && r.rating <= 10)
    .sort((a, b) => b.rating - a.rating || byText(b.post_date_time, a.post_date_time) || b.id - a.id)
    .slice(0, TOP_TEN_SIZE)
    .map((r, i) => ({ position: i + 1, game: game(r.game_id, r.igdb_id), rating: r.rating }));

  const following = [...source.follows]
    .sort((a, b) => byText(a.created_at, b.created_at) || a.id - b.id)
    .map((f) => ({
      user_id: f.following_id,
      username: users.get(f.following_id)?.username ?? null,
      since: iso(f.created_at),
      synced: synced('follows', f.id),
    }));

  const journal = [...source.journal]
    .sort((a, b) => byText(b.played_on, a.played_on) || byText(b.created_at, a.created_at))
    .map((s) => ({
      id: serverId(s.id),
      key: s.client_key,
      game: game(s.game_id, s.igdb_id),
      played_on: s.played_on,
      minutes: s.minutes,
      platform: platform(s.platform_id),
      note: s.note,
      private: s.is_private,
      created_at: iso(s.created_at),
      updated_at: iso(s.updated_at),
      synced: synced('journal', s.id),
    }));

  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: now.toISOString(),
    unsynced_changes: source.unsynced,
    profile,
    library,
    reviews,
    comments,
    likes,
    top5,
    top10,
    following,
    journal,
  };
}

/** One entry per game with a status (started, finished, wishlist, collection) or played time, by name. */
function libraryOf(
  source: ExportSource,
  game: (gameId: number, igdbId: number) => ExportGame,
  synced: (table: ExportTable, id: number) => boolean,
  minutes: ReadonlyMap<number, number>,
): CheckpointExport['library'] {
  const entries = new Map<number, CheckpointExport['library'][number]>();
  const entry = (gameId: number, igdbId: number) => {
    let found = entries.get(igdbId);
    if (!found) {
      found = {
        game: game(gameId, igdbId),
        started: false,
        started_at: null,
        finished: false,
        finished_at: null,
        wishlist: null,
        collection: null,
        minutes_played: minutes.get(igdbId) ?? 0,
        synced: true,
      };
      entries.set(igdbId, found);
    }
    return found;
  };
  for (const p of source.progress) {
    const e = entry(p.game_id, p.igdb_id);
    Object.assign(e, {
      started: p.started,
      started_at: isoOrNull(p.started_date),
      finished: p.completed,
      finished_at: isoOrNull(p.completed_date),
    });
    e.synced &&= synced('progress', p.id);
  }
  for (const w of source.wishlist) {
    const e = entry(w.game_id, w.igdb_id);
    e.wishlist = { added_at: iso(w.added_at), priority: w.priority, notes: w.notes };
    e.synced &&= synced('wishlist', w.id);
  }
  for (const c of source.collection) {
    const e = entry(c.game_id, c.igdb_id);
    e.collection = { added_at: iso(c.added_at) };
    e.synced &&= synced('collection', c.id);
  }
  for (const s of source.journal) entry(s.game_id, s.igdb_id);
  return [...entries.values()].sort(
    (a, b) =>
      byText((a.game.name ?? '').toLowerCase(), (b.game.name ?? '').toLowerCase()) || a.game.igdb_id - b.game.igdb_id,
  );
}
