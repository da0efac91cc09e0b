// "Export my data" (issue 18): the member's rows read from this device's mirrors in one read
// transaction (so it works offline and the file is one consistent moment), rows that writes still
// in the outbox made or changed marked as not synced, then shaped by core/export. The encoders
// (papaparse, fflate) are imported only when a member exports.
import { buildExport, pendingKey, type ExportSource, type ExportTable } from '../core/export/build.ts';
import { exportFileName, type ExportFormat } from '../core/export/file-name.ts';
import type { CheckpointExport } from '../core/export/schema.ts';
import { localDb } from './backend.ts';
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
    const otherReviews = own(
      await db.reviews.bulkGet(unique([...comments.map((c) => c.rating_id), ...likes.map((l) => l.rating_id)])),
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
}

/** The member's export file, built from this device alone (works offline). */
export async function buildExportFile(
  me: number,
  format: ExportFormat,
  db: CheckpointDb = localDb(),
  now = new Date(),
): Promise<ExportFile> {
  const source = await readExportSource(db, me);
  if (!source) throw new Error('Your profile is not saved on this device yet. Go online once, then try again.');
  const data = buildExport(source, now);
  const encode = await import('../core/export/encode.ts');
  const name = exportFileName(source.me.username, format, now);
  const blob =
    format === 'json'
      ? new Blob([encode.exportJson(data)], { type: 'application/json' })
      : // (slice: a copy on an ArrayBuffer of its own, the only kind a Blob takes in the types)
        new Blob([encode.exportCsvZip(data).slice()], { type: 'application/zip' });
  return { name, blob, data };
}
