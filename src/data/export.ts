// "Export my data": the member's rows read from this device's mirrors in one read transaction (so
// it works offline and the file is one consistent moment), rows that writes still in the outbox
// made or changed marked as not synced, then shaped by core/export. What the member's comments and
// likes were on, when the device does not hold it, is read from the server in one call
// (export-remote.ts). The encoders (papaparse, fflate) are imported only when a member exports.
import { buildExport, pendingKey, type ExportSource, type ExportTable } from '../core/export/build.ts';
import { exportFileName, type ExportFormat } from '../core/export/file-name.ts';
import { noRefsWanted, unfilledContext, wantedRefs, withRefs, type UnfilledContext } from '../core/export/refs.ts';
import type { CheckpointExport } from '../core/export/schema.ts';
import { localDb } from './backend.ts';
import { fetchExportRefs, type FetchRefs } from './export-remote.ts';
import type { CheckpointDb, MirrorName } from '../store/db.ts';

const READ_TABLES = [
  'games',
  'platforms',
  'users',
  'reviews',
  'comments',
  'likes',
  'follows',
  'progress',
  'wishlist',
  'collection',
  'topGames',
  'journal',
  'shadows',
  'outbox',
] as const;
const EXPORT_TABLES = new Set<MirrorName>([
  'users',
  'reviews',
  'comments',
  'likes',
  'follows',
  'progress',
  'wishlist',
  'collection',
  'topGames',
  'journal',
] satisfies ExportTable[]);
const isExportTable = (table: MirrorName): table is ExportTable => EXPORT_TABLES.has(table);

const own = <T>(rows: readonly (T | undefined)[]): T[] => rows.filter((r): r is T => r !== undefined);
const unique = (ids: ReadonlyArray<number | null>): number[] => [
  ...new Set(ids.filter((id): id is number => id !== null)),
];

/** Everything the member owns on this device, and what it points at. Null when the device does not hold the member. */
export async function readExportSource(db: CheckpointDb, me: number): Promise<ExportSource | null> {
  return db.transaction('r', [...READ_TABLES], async () => {
    const user = await db.users.get(me);
    if (!user) return null;
    // Every key of the member in a [user_id+…] index: numbers (ids) below '', strings (days) below '\uffff'.
    const lo = [me, -Infinity];
    const hi = [me, '\uffff'];
    const [reviews, comments, reviewLikes, commentLikes, follows, progress, wishlist, collection, topGames, journal] =
      await Promise.all([
        db.reviews.where('[user_id+igdb_id]').between(lo, hi).toArray(),
        db.comments.where('user_id').equals(me).toArray(),
        db.likes.where('[user_id+rating_id]').between(lo, hi).toArray(),
        db.likes.where('[user_id+comment_id]').between(lo, hi).toArray(),
        db.follows.where('[follower_id+following_id]').between(lo, hi).toArray(),
        db.progress.where('user_id').equals(me).toArray(),
        db.wishlist.where('user_id').equals(me).toArray(),
        db.collection.where('user_id').equals(me).toArray(),
        db.topGames.where('user_id').equals(me).toArray(),
        db.journal.where('[user_id+played_on]').between(lo, hi).toArray(),
      ]);
    const likes = [...new Map([...reviewLikes, ...commentLikes].map((l) => [l.id, l])).values()];
    const ownComments = new Set(comments.map((c) => c.id));
    const otherComments = own(
      await db.comments.bulkGet(unique(likes.map((l) => l.comment_id)).filter((id) => !ownComments.has(id))),
    );
    const otherReviews = own(
      await db.reviews.bulkGet(unique([...comments, ...otherComments, ...likes].map((r) => r.rating_id))),
    );
    const gameIds = unique(
      [...reviews, ...otherReviews, ...progress, ...wishlist, ...collection, ...topGames, ...journal].map(
        (r) => r.game_id,
      ),
    );
    const userIds = unique([...follows.map((f) => f.following_id), ...otherReviews.map((r) => r.user_id)]);
    const [games, users, platforms, shadows, outbox] = await Promise.all([
      db.games.bulkGet(gameIds),
      db.users.bulkGet(userIds),
      db.platforms.toArray(),
      db.shadows.toArray(),
      db.outbox.toArray(),
    ]);
    // A row is waiting while a pending write has changed it (its shadow) or made it (a temporary id).
    // The member's own user row is the exception: a follow changes its counters, not the profile,
    // so the profile waits only while an edit of it does.
    const pending = new Set(
      shadows.flatMap((s) => (isExportTable(s.table) && s.table !== 'users' ? [pendingKey(s.table, s.id)] : [])),
    );
    if (outbox.some((row) => row.name === 'profile.update')) pending.add(pendingKey('users', me));
    const mine = { reviews, comments, likes, follows, progress, wishlist, collection, topGames, journal };
    for (const [table, rows] of Object.entries(mine) as Array<[ExportTable, ReadonlyArray<{ id: number }>]>) {
      for (const row of rows) if (row.id < 0) pending.add(pendingKey(table, row.id));
    }
    return {
      me: user,
      games: own(games),
      users: own(users),
      otherReviews,
      otherComments,
      platforms,
      reviews,
      comments,
      likes,
      follows,
      progress,
      wishlist,
      collection,
      topGames,
      journal,
      pending,
      unsynced: outbox.length,
    };
  });
}

/** What the export dialog says before the member exports: how much it holds, and what waits. */
export interface ExportSummary {
  games: number;
  reviews: number;
  drafts: number;
  sessions: number;
  unsynced: number;
}

export async function loadExportSummary(db: CheckpointDb, me: number): Promise<ExportSummary | null> {
  const source = await readExportSource(db, me);
  if (!source) return null;
  const games = new Set(
    [...source.progress, ...source.wishlist, ...source.collection, ...source.reviews, ...source.journal].map(
      (r) => r.igdb_id,
    ),
  );
  const drafts = source.reviews.filter((r) => r.is_draft === true).length;
  return {
    games: games.size,
    reviews: source.reviews.length - drafts,
    drafts,
    sessions: source.journal.length,
    unsynced: source.unsynced,
  };
}

export interface ExportFile {
  readonly name: string;
  readonly blob: Blob;
  readonly data: CheckpointExport;
  /** Comments and likes the file could not name the review author and game of; null when none. */
  readonly unfilled: UnfilledContext | null;
}

/** How far the file is: `done` of `total` files written (the JSON is one file, the .zip one per table). */
export interface ExportProgress {
  readonly done: number;
  readonly total: number;
}

export interface ExportOptions {
  readonly db?: CheckpointDb;
  readonly now?: Date;
  /** The server read for what the device cannot name; null to use this device alone. */
  readonly fetchRefs?: FetchRefs | null;
  readonly onProgress?: (progress: ExportProgress) => void;
}

/**
 * Adds what the server knows of the reviews the device cannot name. Offline, or when the server
 * cannot be reached, the file is made from the device alone and says so (`why: 'offline'`).
 */
async function filledSource(
  source: ExportSource,
  fetchRefs: FetchRefs | null,
): Promise<{ source: ExportSource; why: UnfilledContext['why'] }> {
  const wanted = wantedRefs(source);
  if (noRefsWanted(wanted)) return { source, why: 'unknown' };
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  if (fetchRefs === null || offline) return { source, why: 'offline' };
  try {
    return { source: withRefs(source, await fetchRefs(wanted)), why: 'unknown' };
  } catch {
    // Not silent: the result's `unfilled` names what stays blank, and the dialog says it.
    return { source, why: 'offline' };
  }
}

/**
 * The member's export file, from this device (so it works offline), with what the member's
 * comments and likes were on read from the server when the device does not hold it.
 */
export async function buildExportFile(
  me: number,
  format: ExportFormat,
  options: ExportOptions = {},
): Promise<ExportFile> {
  const { db = localDb(), now = new Date(), fetchRefs = fetchExportRefs, onProgress } = options;
  const read = await readExportSource(db, me);
  if (!read) throw new Error('Your profile is not saved on this device yet. Go online once, then try again.');
  const { source, why } = await filledSource(read, fetchRefs);
  const data = buildExport(source, now);
  const encode = await import('../core/export/encode.ts');
  const name = exportFileName(source.me.username, format, now);
  let blob: Blob;
  if (format === 'json') {
    blob = new Blob([encode.exportJson(data)], { type: 'application/json' });
    onProgress?.({ done: 1, total: 1 });
  } else {
    // (slice: a copy on an ArrayBuffer of its own, the only kind a Blob takes in the types)
    blob = new Blob([(await encode.exportCsvZip(data, onProgress)).slice()], { type: 'application/zip' });
  }
  return { name, blob, data, unfilled: unfilledContext(data, why) };
}
