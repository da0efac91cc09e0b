// The CSV export's tables: games.csv (one row per game: status, rating, review, dates, time
// played), reviews.csv, journal.csv, comments.csv, likes.csv and follows.csv, from the JSON export
// so the two formats always say the same thing. A comment or a like names the review it was on
// (its author and game), so each file reads on its own. Dates are ISO 8601 (days YYYY-MM-DD,
// times in UTC).
import type { CheckpointExport, ExportGame } from './schema.ts';

export type Cell = string | number | boolean | null;
export interface CsvTable {
  readonly file: string;
  readonly header: readonly string[];
  readonly rows: readonly Cell[][];
}

const gameCells = (g: ExportGame | null): Cell[] => [g?.igdb_id ?? null, g?.name ?? null, g?.release_year ?? null];
const GAME_HEADER = ['igdb_id', 'game', 'release_year'];
/** The game's status as one word, as the profile's lists name it. */
function status(entry: CheckpointExport['library'][number] | undefined): string {
  if (!entry) return '';
  if (entry.finished) return 'finished';
  if (entry.started) return 'started';
  if (entry.wishlist) return 'wishlist';
  if (entry.collection) return 'collection';
  return '';
}

export function exportTables(data: CheckpointExport): CsvTable[] {
  const library = new Map(data.library.map((e) => [e.game.igdb_id, e]));
  const reviews = new Map(data.reviews.map((r) => [r.game.igdb_id, r]));
  const top5 = new Map(data.top5.map((t) => [t.game.igdb_id, t.position]));
  // Every game the member has a status, a review or played time for, in the library's order (by name).
  const gameIds = [
    ...new Set([...data.library.map((e) => e.game.igdb_id), ...data.reviews.map((r) => r.game.igdb_id)]),
  ];
  const gameOf = (id: number) => library.get(id)?.game ?? reviews.get(id)?.game ?? null;
  gameIds.sort(
    (a, b) => (gameOf(a)?.name ?? '').toLowerCase().localeCompare((gameOf(b)?.name ?? '').toLowerCase()) || a - b,
  );

  const games: CsvTable = {
    file: 'games.csv',
    header: [
      ...GAME_HEADER,
      'status',
      'started_at',
      'finished_at',
      'wishlist_added_at',
      'collection_added_at',
      'rating',
      'review',
      'review_draft',
      'minutes_played',
      'top5_position',
      'synced',
    ],
    rows: gameIds.map((id) => {
      const e = library.get(id);
      const r = reviews.get(id);
      return [
        ...gameCells(gameOf(id)),
        status(e),
        e?.started_at ?? null,
        e?.finished_at ?? null,
        e?.wishlist?.added_at ?? null,
        e?.collection?.added_at ?? null,
        r?.rating ?? null,
        r?.review ?? null,
        r ? r.draft : null,
        e?.minutes_played ?? 0,
        top5.get(id) ?? null,
        (e?.synced ?? true) && (r?.synced ?? true),
      ];
    }),
  };
  const reviewTable: CsvTable = {
    file: 'reviews.csv',
    header: [
      ...GAME_HEADER,
      'rating',
      'review',
      'recommended',
      'platform',
      'playtime_hours',
      'draft',
      'posted_at',
      'updated_at',
      'likes',
      'comments',
      'synced',
    ],
    rows: data.reviews.map((r) => [
      ...gameCells(r.game),
      r.rating,
      r.review,
      r.is_recommended,
      r.platform,
      r.playtime_hours,
      r.draft,
      r.posted_at,
      r.updated_at,
      r.like_count,
      r.comment_count,
      r.synced,
    ]),
  };
  const journal: CsvTable = {
    file: 'journal.csv',
    header: [...GAME_HEADER, 'played_on', 'minutes', 'platform', 'note', 'private', 'key', 'synced'],
    rows: data.journal.map((s) => [
      ...gameCells(s.game),
      s.played_on,
      s.minutes,
      s.platform,
      s.note,
      s.private,
      s.key,
      s.synced,
    ]),
  };
  const comments: CsvTable = {
    file: 'comments.csv',
    header: [
      'review_id',
      'review_author',
      ...GAME_HEADER,
      'parent_comment_id',
      'comment',
      'published',
      'created_at',
      'updated_at',
      'likes',
      'key',
      'synced',
    ],
    rows: data.comments.map((c) => [
      c.on.review_id,
      c.on.author_username,
      ...gameCells(c.on.game),
      c.parent_comment_id,
      c.text,
      c.published,
      c.created_at,
      c.updated_at,
      c.like_count,
      c.key,
      c.synced,
    ]),
  };
  const likes: CsvTable = {
    file: 'likes.csv',
    header: ['kind', 'review_id', 'review_author', ...GAME_HEADER, 'comment_id', 'comment_key', 'liked_at', 'synced'],
    rows: data.likes.map((l) => [
      l.kind,
      l.review?.review_id ?? null,
      l.review?.author_username ?? null,
      ...gameCells(l.review?.game ?? null),
      l.comment_id,
      l.comment_key,
      l.liked_at,
      l.synced,
    ]),
  };
  const follows: CsvTable = {
    file: 'follows.csv',
    header: ['user_id', 'username', 'since', 'synced'],
    rows: data.following.map((f) => [f.user_id, f.username, f.since, f.synced]),
  };
  return [games, reviewTable, journal, comments, likes, follows];
}
