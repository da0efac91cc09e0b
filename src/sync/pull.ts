// Pull: brings server truth into the mirrors from the stored cursor (none: a snapshot), page by
// page. Each page's last transaction holds the rebase and the new cursor, so the cursor never moves
// past rows that were not stored, and the pending writes are never shown undone. A page of changes
// is that one transaction; a snapshot is stored in slices that yield to the page (storePage).
// While a page is stored, the next one is already asked for (the server's time and the device's
// overlap; docs/decisions/0004-pull-pages-grouped-by-table.md): the same request the
// next turn would make (the page's cursor, the scope as the page leaves it). It is used only if
// the stored state then matches it; pages are still stored one by one, in order.
// Why the server's change log is the pull's source: docs/decisions/0001-change-log-as-pull-source.md.
import { maxHlc } from '../core/hlc.ts';
import { yieldToPage } from '../core/yield-to-page.ts';
import type { CheckpointDb, MirrorName, SyncStateRow } from '../store/db.ts';
import { MIRROR_NAMES, MIRRORS } from '../store/db.ts';
import { applyServerChanges, type ServerChange } from '../store/overlay.ts';
import { REBASE_TABLES, rebase } from './rebase.ts';
import {
  AuthError,
  CURSOR_TOO_OLD,
  INVALID_CURSOR,
  MemberChangedError,
  RejectedBatchError,
  type PullPage,
  type Remote,
  type SyncScope,
} from './remote.ts';
import { libraryProgress, type LibraryProgress } from './library-progress.ts';
import { libraryOnDevice, loadSyncState, withScopeIds } from './state.ts';

/** sync_pull's refusals of a cursor that a snapshot answers instead. */
const RESNAPSHOT_CODES: ReadonlySet<string> = new Set([INVALID_CURSOR, CURSOR_TOO_OLD]);

/**
 * Changes asked for per sync_pull call: the most the server allows. Each call costs the server its
 * scope and cursor work however few rows it returns (pages also end at a transaction's changes), so
 * 10,000 changed rows took 20 calls at 1,000 and take 4 at 5,000, and the pull's time
 * (`npm run bench -- engine`) is mostly the calls'. Each page is still one transaction with its
 * cursor.
 */
export const PULL_PAGE_SIZE = 5000;

export interface PullOutcome {
  readonly pages: number;
  readonly changes: number;
}

/**
 * Changes of a snapshot stored per transaction, with a yield to the page between
 * (docs/decisions/0008-big-libraries-yield-to-the-page.md): a first pull brings thousands of rows,
 * and one transaction of them all held the page for over a second while the member scrolled.
 * IndexedDB commits a transaction once its requests are done, so slices must be transactions of
 * their own; each is a small share of the whole.
 */
export const SNAPSHOT_SLICE = 250;

/**
 * A snapshot is all there is: rows the mirrors hold but it lacks are gone from the server (or from
 * scope), and go now. The games table is also the offline search catalogue, so it is kept. A row a
 * pending write changed keeps showing that write: its server version is noted as none, and the
 * rebase that follows (in the same transaction) takes it away or, if the write made it, puts it back.
 * Must run inside a 'rw' transaction over REBASE_TABLES, after every slice of the snapshot is stored.
 */
async function dropMissing(db: CheckpointDb, changes: readonly ServerChange[]): Promise<void> {
  const held = new Map<MirrorName, Set<number>>();
  for (const change of changes) {
    const table = MIRRORS[change.table];
    if (!table || table === 'games') continue;
    let ids = held.get(table);
    if (!ids) held.set(table, (ids = new Set()));
    if (change.op === 'upsert') ids.add(change.id);
    else ids.delete(change.id);
  }
  const lacks = (table: MirrorName, id: number) => !held.get(table)?.has(id);
  const shadows = await db.shadows.filter((s) => s.table !== 'games' && lacks(s.table, s.id)).toArray();
  if (shadows.length) await db.shadows.bulkPut(shadows.map((shadow) => ({ ...shadow, base: null })));
  const shadowed = new Set(shadows.map((s) => `${s.table}\u0000${s.id}`));
  for (const table of MIRROR_NAMES) {
    if (table === 'games') continue;
    const ids = await db.table<{ id: number }, number>(table).toCollection().primaryKeys();
    const gone = ids.filter((id) => lacks(table, id) && !shadowed.has(`${table}\u0000${id}`));
    if (gone.length) await db.table(table).bulkDelete(gone);
  }
}

/** Members that came along with a page as authors: their member rows are kept fresh from now on. */
function newAuthors(state: SyncStateRow, page: PullPage): number[] {
  return page.changes
    .filter(
      (c) => c.table === 'user' && c.op === 'upsert' && c.id !== page.user_id && !state.scope.user_ids.includes(c.id),
    )
    .map((c) => c.id);
}

/** The scope once a page is stored (storePage adds its authors). */
function scopeAfter(state: SyncStateRow, page: PullPage): SyncStateRow['scope'] {
  const authors = newAuthors(state, page);
  return authors.length ? withScopeIds(state.scope, 'author_ids', authors) : state.scope;
}

const SCOPE_KINDS = ['game_ids', 'user_ids', 'rating_ids', 'author_ids'] as const;

function sameScope(a: SyncScope, b: SyncScope): boolean {
  return SCOPE_KINDS.every((kind) => {
    const x = a[kind] ?? [];
    const y = b[kind] ?? [];
    return x.length === y.length && x.every((id, i) => id === y[i]);
  });
}

/** A sync_pull on its way, with what it was asked with; its failure is kept, not thrown, until used. */
interface Asked {
  readonly cursor: string | null;
  readonly scope: SyncScope;
  readonly answer: Promise<{ readonly page: PullPage } | { readonly error: unknown }>;
}

function ask(remote: Remote, cursor: string | null, scope: SyncScope, limit: number): Asked {
  const answer = remote.pull(cursor, scope, limit).then(
    (page) => ({ page }),
    (error: unknown) => ({ error }),
  );
  return { cursor, scope, answer };
}

/** Tables other rows point at, first: games, then members (authors), then reviews (what comments and likes are on). */
const REFERENCED: ReadonlyMap<string, number> = new Map([
  ['game', 0],
  ['user', 1],
  ['rating', 2],
]);

/**
 * A snapshot's changes with the rows others refer to first (stable: a row's own changes keep their
 * order), so that a list read between two slices never shows a comment or review before its game
 * and author are stored.
 */
function referencedFirst(changes: readonly ServerChange[]): readonly ServerChange[] {
  const rank = (change: ServerChange) => REFERENCED.get(change.table) ?? REFERENCED.size;
  return changes
    .map((change, i) => ({ change, i, rank: rank(change) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map(({ change }) => change);
}

/**
 * Whether the page may still be stored: the cursor is still the one it was asked from (else another
 * puller got there first), on the same device state (a sign-out in between makes a new client id).
 */
function stillFrom(state: SyncStateRow, from: string | null, clientId: string, page: PullPage): boolean {
  if (state.cursor !== from || state.client_id !== clientId) return false;
  // A member signed in while this page was on its way (adoptMember reset the cursor to null, so
  // the check above passes): a visitor's page, or another member's, must not overwrite them.
  return state.user_id === null || state.user_id === page.user_id;
}

/** The page's end: the rebase and the new cursor. Inside the page's last transaction. */
async function finishPage(db: CheckpointDb, state: SyncStateRow, page: PullPage, now: () => number): Promise<void> {
  await rebase(db, page.user_id);
  const authors = newAuthors(state, page);
  // The server's newest edit clock: this device's next edit is dated after every edit it now shows.
  const hlc = maxHlc(state.hlc, page.clock);
  await db.syncState.update('main', {
    cursor: page.cursor,
    user_id: page.user_id,
    // A member's page stored to its end: their snapshot was (this one, or the one their cursor
    // came from), so the whole library is on the device and this page keeps it in step ([S16]).
    ...(page.user_id !== null && state.library_of !== page.user_id ? { library_of: page.user_id } : {}),
    last_success: new Date(now()).toISOString(),
    last_error: null,
    ...(authors.length ? { scope: withScopeIds(state.scope, 'author_ids', authors) } : {}),
    ...(hlc !== (state.hlc ?? null) ? { hlc } : {}),
  });
}

/**
 * Stores one page if it may still be (stillFrom). Returns whether it was stored. A page of changes
 * is one transaction with its rebase and cursor. A snapshot is stored in slices (SNAPSHOT_SLICE),
 * each written over the rows the device holds (never cleared first: a list being read between two
 * slices never empties), and its last transaction drops the rows it lacks, rebases and only then
 * moves the cursor: a snapshot cut off half-way leaves the cursor as it was, and the next pull
 * takes a whole snapshot again over what the slices stored.
 */
async function storePage(
  db: CheckpointDb,
  from: string | null,
  clientId: string,
  page: PullPage,
  now: () => number,
  slice: number,
  onStored?: (done: number, total: number) => void,
): Promise<boolean> {
  const snapshot = from === null && page.snapshot;
  const changes = snapshot ? referencedFirst(page.changes) : page.changes;
  // The slices before the last; the last goes with the page's end.
  const cut = snapshot ? Math.max(0, changes.length - slice) : 0;
  for (let start = 0; start < cut; start += slice) {
    const stored = await db.transaction('rw', [...REBASE_TABLES], async () => {
      if (!stillFrom(await loadSyncState(db), from, clientId, page)) return false;
      await applyServerChanges(db, changes.slice(start, Math.min(start + slice, cut)));
      return true;
    });
    if (!stored) return false;
    onStored?.(Math.min(start + slice, cut), changes.length);
    await yieldToPage();
  }
  return db.transaction('rw', [...REBASE_TABLES], async () => {
    const state = await loadSyncState(db);
    if (!stillFrom(state, from, clientId, page)) return false;
    await applyServerChanges(db, cut > 0 ? changes.slice(cut) : changes);
    if (snapshot) await dropMissing(db, changes);
    await finishPage(db, state, page, now);
    return true;
  });
}

/**
 * Checks the page is for the member the data belongs to. A visitor's cursor (member unknown)
 * does not cover the member's own rows: it is dropped, and the caller pulls a snapshot instead.
 * `askedAs` is the member the device had when the page was asked for.
 */
async function checkMember(
  db: CheckpointDb,
  page: PullPage,
  askedAs: number | null,
): Promise<'ok' | 'resnapshot' | 'again'> {
  const state = await loadSyncState(db);
  if (state.user_id === page.user_id) return 'ok';
  // A visitor's page asked for before the member signed in: dropped, and asked again with their
  // session. (Failing it as a lost session stopped the engine until the next trigger, a minute
  // later: a new device then held none of the member's library for that long.)
  if (page.user_id === null && askedAs === null) return 'again';
  // The session was lost (signed out, or a token the server no longer takes but did not refuse).
  if (page.user_id === null) throw new AuthError('Not signed in');
  if (state.user_id !== null) throw new MemberChangedError(state.user_id, page.user_id);
  if (page.snapshot) return 'ok';
  await db.syncState.update('main', { user_id: page.user_id, cursor: null, library_of: null });
  return 'resnapshot';
}

export interface PullOptions {
  readonly limit?: number;
  readonly now?: () => number;
  readonly snapshotSlice?: number;
  /**
   * Told how the member's first whole download goes ([S16]): when it starts, as each slice of the
   * snapshot is stored, and null once the pull ends (stored or not). Default: this context's
   * `libraryProgress`, which the sync details show.
   */
  readonly onLibraryProgress?: (progress: LibraryProgress | null) => void;
}

/** Pulls until the server has no more. Throws NetworkError / AuthError / MemberChangedError. */
export async function pullChanges(db: CheckpointDb, remote: Remote, options: PullOptions = {}): Promise<PullOutcome> {
  const report = options.onLibraryProgress ?? libraryProgress.set;
  try {
    return await pullPages(db, remote, options, report);
  } finally {
    report(null);
  }
}

async function pullPages(
  db: CheckpointDb,
  remote: Remote,
  options: PullOptions,
  report: (progress: LibraryProgress | null) => void,
): Promise<PullOutcome> {
  const limit = options.limit ?? PULL_PAGE_SIZE;
  const slice = Math.max(1, options.snapshotSlice ?? SNAPSHOT_SLICE);
  const now = options.now ?? Date.now;
  let pages = 0;
  let changes = 0;
  let cursorResets = 0;
  // The next page, asked for while the last one was stored.
  let ahead: Asked | null = null;
  for (;;) {
    const state = await loadSyncState(db);
    // Taken only when it is the request this turn makes; otherwise (another puller moved the
    // cursor, a read-through widened the scope) its answer is dropped and the page asked again.
    const asked: Asked =
      ahead && ahead.cursor === state.cursor && sameScope(ahead.scope, state.scope)
        ? ahead
        : ask(remote, state.cursor, state.scope, limit);
    ahead = null;
    // The member's library is on its way: a snapshot for a member whose library the device lacks.
    if (state.cursor === null && state.user_id !== null && !libraryOnDevice(state)) report({ done: 0, total: null });
    const answer = await asked.answer;
    if ('error' in answer) {
      const { error } = answer;
      // A cursor the server does not know (another server, a restored backup), or one older than
      // the change log it keeps (the device was away longer than its retention): start over from a
      // snapshot of the whole scope. It is stored with the rebase, so every pending write stays
      // on top and in the outbox, to be pushed once (the server dedupes by mutation id).
      if (
        error instanceof RejectedBatchError &&
        RESNAPSHOT_CODES.has(error.code) &&
        state.cursor !== null &&
        cursorResets++ === 0
      ) {
        await db.syncState.update('main', { cursor: null });
        continue;
      }
      throw error;
    }
    const { page } = answer;
    const checked = await checkMember(db, page, state.user_id);
    if (checked !== 'ok') continue;
    // The server only says has_more when the cursor moved; the check guards against a loop anyway.
    const more = page.has_more && page.cursor !== state.cursor;
    if (more) ahead = ask(remote, page.cursor, scopeAfter(state, page), limit);
    // A snapshot is one page, so its length is the whole download's total.
    const whole = page.snapshot && page.user_id !== null && !libraryOnDevice(state);
    const onStored = whole ? (done: number, total: number) => report({ done, total }) : undefined;
    onStored?.(0, page.changes.length);
    if (!(await storePage(db, state.cursor, state.client_id, page, now, slice, onStored))) return { pages, changes };
    pages += 1;
    changes += page.changes.length;
    if (!more) return { pages, changes };
  }
}
