// The local database (IndexedDB through Dexie): what every screen reads.
// - Mirrors of the server tables the UI shows, keyed by server id. Rows written offline get a
//   temporary negative id until the server's row replaces them on the next pull.
// - Mirror rows are always in the server's shape. When a pending mutation first changes or
//   deletes a row, the row's last server version (or null: the server has none) is kept in
//   `shadows`. Rebase puts every shadowed row back to its server version and re-applies the
//   outbox, so a rejected write disappears without any undo code (see overlay.ts).
// - outbox (pending mutations, in order), sync_state (cursor, client id, status), auth (the
//   supabase-js session, readable by the service worker, which has no localStorage).
import { Dexie, type EntityTable, type Table } from 'dexie';
import { DEVICE_DB_NAME } from '../core/constants.ts';
import type { LibraryItem } from '../core/library/library-view.ts';

export interface GameRow {
  id: number;
  igdb_id: number;
  name: string;
  slug: string | null;
  cover_url?: string | null;
  summary?: string | null;
  release_date?: string | null;
  first_release_date?: number | null;
  /** The year of release (the year alone for a game known only to the year; release_date is then null). */
  release_year?: number | null;
  genre?: string | null;
  genres?: string[];
  platforms?: string[];
  developer?: string | null;
  publisher?: string | null;
  category?: number | null;
  parent_game?: number | null;
  franchise?: string | null;
  igdb_rating?: number | null;
  rating_count?: number | null;
  alternative_names?: string[];
  [extra: string]: unknown;
}
export interface PlatformRow {
  id: number;
  name: string;
}
export interface UserRow {
  id: number;
  provider_id: string;
  username: string;
  name?: string | null;
  display_name?: string | null;
  bio?: string | null;
  avatar_url?: string | null;
  location?: string | null;
  website?: string | null;
  platform?: string | null;
  created_at: string;
  updated_at?: string;
  follower_count: number;
  following_count: number;
}
export interface ReviewRow {
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
  slug?: string | null;
  like_count: number;
  comment_count: number;
  /** A private draft (only its author's device ever holds one); absent on rows from before drafts. */
  is_draft?: boolean;
}
export interface CommentRow {
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
export interface LikeRow {
  id: number;
  user_id: number;
  rating_id: number | null;
  comment_id: number | null;
  is_like: boolean;
  created_at: string;
}
export interface FollowRow {
  id: number;
  follower_id: number;
  following_id: number;
  created_at: string;
}
export interface ProgressRow {
  id: number;
  user_id: number;
  game_id: number;
  igdb_id: number;
  started: boolean;
  completed: boolean;
  started_date: string | null;
  completed_date: string | null;
  created_at: string;
  updated_at: string;
}
export interface WishlistRow {
  id: number;
  user_id: number;
  igdb_id: number;
  game_id: number;
  priority: number;
  notes: string | null;
  added_at: string;
}
export interface CollectionRow {
  id: number;
  user_id: number;
  igdb_id: number;
  game_id: number;
  added_at: string;
}
export interface TopGameRow {
  id: number;
  user_id: number;
  game_id: number;
  position: number;
  created_at: string;
}
/** A play journal entry (server table play_session); only the member's own are mirrored. */
export interface PlaySessionRow {
  id: number;
  client_key: string;
  user_id: number;
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

export interface OutboxRow {
  /** Order of the queue (auto-increment). */
  seq?: number;
  /** The mutation id (uuid) the server deduplicates by. */
  id: string;
  name: string;
  args: unknown;
  created_at: string;
  /** Pushes tried and failed for a transient reason. */
  attempts: number;
  /** When the edit was made (core/hlc.ts); absent on rows queued by a build before protocol 2. */
  hlc?: string;
  /** The sync protocol the args are shaped for (SYNC_PROTOCOL); absent: 1. */
  protocol?: number;
}

/**
 * An edit of this device that the server kept out because another device had changed the same
 * fields later (docs/decisions/0002-hlc-per-field.md). Shown once, until the member chooses Use
 * mine or Keep theirs.
 */
export interface ConflictRow {
  /** The losing mutation's id. */
  id: string;
  name: string;
  /** The mutation's arguments as this device sent them: "Yours". */
  args: unknown;
  /** The fields (or, for Top 5, 'games') whose newer value came from elsewhere. */
  fields: string[];
  created_at: string;
}

/**
 * A queued write the server refused (sync/push.ts settle, in the transaction that takes it out of
 * the outbox): the member is told once (a toast) and it stays listed in the sync details until
 * dismissed, whichever context pushed it (the page, another tab, the service worker). The newest
 * REFUSED_KEPT are kept (store/refused.ts).
 */
export interface RefusedRow {
  /** The refused mutation's id (an import's done screen finds its own by it). */
  id: string;
  name: string;
  /** The mutation's arguments as queued: what it was. */
  args: unknown;
  code: string;
  /** The server's message: the spec's text. */
  message: string;
  refused_at: string;
  /** 1 once a page has shown it as a toast (claimed in a transaction: one tab shows it). */
  toasted: 0 | 1;
  /** 1 once the member dismissed it; kept (an import still counts it as refused) until bounded out. */
  dismissed: 0 | 1;
}

export interface SyncStateRow {
  key: 'main';
  client_id: string;
  cursor: string | null;
  /** The member the mirrors belong to (member id), or null when signed out. */
  user_id: number | null;
  /**
   * The auth account (session user id) that member id was resolved for: a session of another
   * account must not borrow it. Absent on devices from before it was kept (then trusted as before).
   */
  auth_id?: string;
  last_success: string | null;
  last_error: string | null;
  /** The newest edit clock this device issued or saw from the server (core/hlc.ts). */
  hlc?: string | null;
  /** Ids of public things the client has cached, sent to sync_pull as its scope. */
  scope: { game_ids: number[]; user_ids: number[]; rating_ids: number[]; author_ids: number[] };
  /**
   * Per scope a screen read through (sync/read-through.ts readKey), the cursor its rows are held
   * as of: the next read of it asks only what changed since. Absent: none read yet.
   */
  reads?: Record<string, string>;
  /**
   * The member whose whole library the mirrors hold: set by the pull that stored their snapshot to
   * its end (sync/SPEC.md [S16]), kept while later pulls keep it in step. Null or another member:
   * still downloading. Absent on devices from before it was kept (sync/state.ts libraryOnDevice).
   */
  library_of?: number | null;
}

/** The server version of a mirror row that pending mutations have changed (null: none). */
export interface ShadowRow {
  table: MirrorName;
  id: number;
  base: { id: number } | null;
}

export interface KeyValueRow {
  key: string;
  value: string;
}

/**
 * An import the member confirmed (data/import/apply.ts), as it is read: its writes in order and
 * how far it got. Each batch is applied, queued in the outbox and counted in one transaction, so an
 * import cut off by a closed tab goes on from `done` on the next visit and no write is made twice.
 * It is kept in two rows: the writes (`imports`, written once) and the progress (`importProgress`,
 * rewritten by every batch), so a batch rewrites a few numbers, not the whole plan.
 */
export interface ImportJobRow {
  id: string;
  member_id: number;
  file_name: string;
  created_at: string;
  /** The planned mutations ({ name, args }), review text already sanitised. */
  mutations: Array<{
    name: string;
    args: unknown;
    /** Its outbox row's mutation id, chosen with the job (absent in jobs of older builds). */
    id?: string;
    /** What the member knows it by (the file row's title), to name it when it is refused. */
    label?: string;
  }>;
  done: number;
  /** running: goes on by itself (also after a reload); paused: the member cancelled; done: finished. */
  state: 'running' | 'paused' | 'done';
  /** Writes the device refused while applying (a rule the file broke), with the message. */
  refused: Array<{ index: number; message: string }>;
}

/** An import's writes, as stored: never changed once made. */
export type ImportWritesRow = Omit<ImportJobRow, 'done' | 'state' | 'refused'>;
/** An import's progress, as stored (same id as its writes). */
export type ImportProgressRow = Pick<ImportJobRow, 'id' | 'done' | 'state' | 'refused'>;

/**
 * The Library tab's first pass for one member (data/repos/library-head.ts): what its last full
 * pass showed first, and the signature of the rows it read. A cache of the mirrors, rebuilt by
 * every full pass; not synced.
 */
export interface LibraryHeadRow {
  user_id: number;
  /** Per table the member's row count and newest change key, as JSON. */
  tables: string;
  /** The outbox's size and last sequence number then ("count:seq"). */
  outbox: string;
  count: number;
  platforms: string[];
  years: number[];
  /** The first rows of the default sort, as data/repos/library.ts builds them. */
  rows: Array<LibraryItem & { game: Pick<GameRow, 'id' | 'igdb_id' | 'name' | 'slug' | 'cover_url'> }>;
}

export class CheckpointDb extends Dexie {
  games!: EntityTable<GameRow, 'id'>;
  platforms!: EntityTable<PlatformRow, 'id'>;
  users!: EntityTable<UserRow, 'id'>;
  reviews!: EntityTable<ReviewRow, 'id'>;
  comments!: EntityTable<CommentRow, 'id'>;
  likes!: EntityTable<LikeRow, 'id'>;
  follows!: EntityTable<FollowRow, 'id'>;
  progress!: EntityTable<ProgressRow, 'id'>;
  wishlist!: EntityTable<WishlistRow, 'id'>;
  collection!: EntityTable<CollectionRow, 'id'>;
  topGames!: EntityTable<TopGameRow, 'id'>;
  journal!: EntityTable<PlaySessionRow, 'id'>;
  shadows!: Table<ShadowRow, [MirrorName, number]>;
  outbox!: EntityTable<OutboxRow, 'seq'>;
  conflicts!: EntityTable<ConflictRow, 'id'>;
  syncState!: EntityTable<SyncStateRow, 'key'>;
  auth!: EntityTable<KeyValueRow, 'key'>;
  imports!: EntityTable<ImportWritesRow, 'id'>;
  importProgress!: EntityTable<ImportProgressRow, 'id'>;
  libraryHeads!: EntityTable<LibraryHeadRow, 'user_id'>;
  refused!: EntityTable<RefusedRow, 'id'>;

  constructor(name = DEVICE_DB_NAME) {
    super(name);
    // Only the current version is declared, with the whole schema, plus each older version that has
    // an upgrade function (none before 5). Dexie (3 and later) upgrades a database made at any
    // older version from its actual stores: it creates what is missing and runs the upgrade
    // functions of the versions above the old one. Each stores() call re-parses every version
    // declared before it and re-installs every table's accessors, and this constructor runs in the
    // task that starts the app on every page: five versions declared one by one cost a phone about
    // 130 ms of it (Lighthouse's Total Blocking Time). What each version added (db.test.ts RELEASED
    // freezes them, and opens a database made at each one with this class):
    // 1: the mirrors, shadows, outbox, syncState and auth; 2: the play journal by key, game and
    // date; 3: conflicts, oldest first; 4: imports, a confirmed import's writes and progress; 5: an
    // import's progress apart from its writes.
    // Later versions (6 and 7 below) are appended with only what they change.
    this.version(5)
      .stores({
        games: 'id, igdb_id, slug, name',
        platforms: 'id, name',
        users: 'id, provider_id, username',
        reviews: 'id, [user_id+igdb_id], [game_id+post_date_time], [user_id+post_date_time], post_date_time',
        comments: 'id, client_key, [rating_id+created_at], user_id',
        likes: 'id, [user_id+rating_id], [user_id+comment_id], rating_id, comment_id',
        follows: 'id, [follower_id+following_id], following_id',
        progress: 'id, [user_id+igdb_id], user_id',
        wishlist: 'id, [user_id+igdb_id], user_id',
        collection: 'id, [user_id+igdb_id], user_id',
        topGames: 'id, [user_id+position], user_id',
        shadows: '[table+id]',
        outbox: '++seq, &id',
        syncState: 'key',
        auth: 'key',
        journal: 'id, client_key, [user_id+igdb_id], [user_id+played_on]',
        conflicts: 'id, created_at',
        imports: 'id, member_id',
        importProgress: 'id',
      })
      // From version 4 (or a database made before imports, whose imports store is created empty
      // first): the progress moves out of each import's writes.
      .upgrade(async (tx) => {
        const jobs = (await tx.table('imports').toArray()) as ImportJobRow[];
        await tx
          .table('importProgress')
          .bulkPut(jobs.map(({ id, done, state, refused }) => ({ id, done, state, refused })));
        await tx.table('imports').bulkPut(jobs.map(({ done: _d, state: _s, refused: _r, ...writes }) => writes));
      });
    // The Library tab's first pass: per member, the head its last full pass showed,
    // and indexes giving each of the member's tables its newest row in one step (the head's
    // signature, data/repos/library-head.ts). New indexes only: IndexedDB builds them, no row is rewritten.
    this.version(6).stores({
      progress: 'id, [user_id+igdb_id], user_id, [user_id+updated_at]',
      wishlist: 'id, [user_id+igdb_id], user_id, [user_id+added_at]',
      collection: 'id, [user_id+igdb_id], user_id, [user_id+added_at]',
      reviews:
        'id, [user_id+igdb_id], [game_id+post_date_time], [user_id+post_date_time], post_date_time, [user_id+updated_at]',
      journal: 'id, client_key, [user_id+igdb_id], [user_id+played_on], [user_id+updated_at]',
      libraryHeads: 'user_id',
    });
    // Writes the server refused, kept so the member is told whichever context pushed them (the
    // service worker's Background Sync has no page to tell): by mutation id, oldest first.
    this.version(7).stores({ refused: 'id, refused_at' });
  }
}

/** Server table name → local mirror table. */
export const MIRRORS = {
  game: 'games',
  user: 'users',
  rating: 'reviews',
  comment: 'comments',
  content_like: 'likes',
  user_follow: 'follows',
  game_progress: 'progress',
  user_wishlist: 'wishlist',
  user_collection: 'collection',
  user_top_games: 'topGames',
  play_session: 'journal',
} as const satisfies Record<string, keyof CheckpointDb>;
export type ServerTable = keyof typeof MIRRORS;
export type MirrorName = (typeof MIRRORS)[ServerTable];
export const MIRROR_NAMES = Object.values(MIRRORS);
