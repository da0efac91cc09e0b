// Pull: brings server truth into the mirrors from the stored cursor (none: a snapshot), page by
// page. Each page is stored in ONE transaction with the rebase and the new cursor, so the cursor
// never moves past rows that were not stored, and the pending writes are never shown undone.
// While a page is stored, the next one is already asked for (issue 20 §3): the same request the
// next turn would make (the page's cursor, the scope as the page leaves it). It is used only if
// the stored state then matches it; pages are still stored one by one, in order.
import { maxHlc } from '../core/hlc.ts';
import type { CheckpointDb, SyncStateRow } from '../store/db.ts';
import { MIRROR_NAMES } from '../store/db.ts';
import { applyServerChanges } from '../store/overlay.ts';
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
import { loadSyncState, withScopeIds } from './state.ts';

/** sync_pull's refusals of a cursor that a snapshot answers instead. */
const RESNAPSHOT_CODES: ReadonlySet<string> = new Set([INVALID_CURSOR, CURSOR_TOO_OLD]);

/**
 * Changes asked for per sync_pull call: the most the server allows. Each call costs the server its
 * scope and cursor work however few rows it returns (pages also end at a transaction's changes), so
 * 10,000 changed rows took 20 calls at 1,000 and take 4 at 5,000, and the pull's time (issue 20 §3,
 * `npm run bench -- engine`) is mostly the calls'. Each page is still one transaction with its cursor.
 */
export const PULL_PAGE_SIZE = 5000;

export interface PullOutcome {
  readonly pages: number;
  readonly changes: number;
}

/**
 * A snapshot is all there is: rows the mirrors hold but it lacks are gone from the server (or from
 * scope). The games table is also the offline search catalogue, so it is kept.
 */
async function clearForSnapshot(db: CheckpointDb): Promise<void> {
  const tables = MIRROR_NAMES.filter((name) => name !== 'games');
  for (const name of tables) await db.table(name).clear();
  const shadows = await db.shadows.filter((s) => s.table !== 'games').primaryKeys();
  await db.shadows.bulkDelete(shadows);
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

/**
 * Stores one page if the cursor is still the one it was asked from (else another puller got there
 * first and nothing is stored). Returns whether it was stored.
 */
async function storePage(db: CheckpointDb, from: string | null, page: PullPage, now: () => number): Promise<boolean> {
  return db.transaction('rw', [...REBASE_TABLES], async () => {
    const state = await loadSyncState(db);
    if (state.cursor !== from) return false;
    // A member signed in while this page was on its way (adoptMember reset the cursor to null, so
    // the check above passes): a visitor's page, or another member's, must not overwrite them.
    if (state.user_id !== null && state.user_id !== page.user_id) return false;
    if (from === null && page.snapshot) await clearForSnapshot(db);
    await applyServerChanges(db, page.changes);
    await rebase(db, page.user_id);
    const authors = newAuthors(state, page);
    // The server's newest edit clock: this device's next edit is dated after every edit it now shows.
    const hlc = maxHlc(state.hlc, page.clock);
    await db.syncState.update('main', {
      cursor: page.cursor,
      user_id: page.user_id,
      last_success: new Date(now()).toISOString(),
      last_error: null,
      ...(authors.length ? { scope: withScopeIds(state.scope, 'author_ids', authors) } : {}),
      ...(hlc !== (state.hlc ?? null) ? { hlc } : {}),
    });
    return true;
  });
}

/**
 * Checks the page is for the member the data belongs to. A visitor's cursor (member unknown)
 * does not cover the member's own rows: it is dropped, and the caller pulls a snapshot instead.
 */
async function checkMember(db: CheckpointDb, page: PullPage): Promise<'ok' | 'resnapshot'> {
  const state = await loadSyncState(db);
  if (state.user_id === page.user_id) return 'ok';
  // The session was lost (signed out, or a token the server no longer takes but did not refuse).
  if (page.user_id === null) throw new AuthError('Not signed in');
  if (state.user_id !== null) throw new MemberChangedError(state.user_id, page.user_id);
  if (page.snapshot) return 'ok';
  await db.syncState.update('main', { user_id: page.user_id, cursor: null });
  return 'resnapshot';
}

/** Pulls until the server has no more. Throws NetworkError / AuthError / MemberChangedError. */
export async function pullChanges(
  db: CheckpointDb,
  remote: Remote,
  options: { limit?: number; now?: () => number } = {},
): Promise<PullOutcome> {
  const limit = options.limit ?? PULL_PAGE_SIZE;
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
    if ((await checkMember(db, page)) === 'resnapshot') continue;
    // The server only says has_more when the cursor moved; the check guards against a loop anyway.
    const more = page.has_more && page.cursor !== state.cursor;
    if (more) ahead = ask(remote, page.cursor, scopeAfter(state, page), limit);
    if (!(await storePage(db, state.cursor, page, now))) return { pages, changes };
    pages += 1;
    changes += page.changes.length;
    if (!more) return { pages, changes };
  }
}
