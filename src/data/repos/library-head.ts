// The Library tab's cheap first pass. The full pass (library.ts) reads every game,
// review and status row of the member before anything shows: seconds for thousands of games. So
// each full pass keeps, per member, its "head": the count, the filter menus' platforms and years,
// and the first HEAD_ROWS rows in the default sort (Recently updated, ties by name), with a
// signature of what it read. The next open reads that one row and the signature again (a count
// and the newest key of each of the member's tables, through an index, and the outbox's size and
// last sequence number: a dozen small requests, no rows cloned) and shows the head when they
// agree; the full pass then lands in the background with the same rows in the same order.
//
// The writes that change what the Library shows change the signature: adding or removing a row
// changes a count; an edit moves that row's timestamp to the newest (mutators stamp ctx.now, the
// server its trigger time); a local edit also adds an outbox row; a push result removes outbox
// rows, and with them goes any rejected write the rebase undoes. What it cannot see: a pulled edit
// stamped earlier than the member's newest row of that table (a device clock ahead of the
// server's); the full pass then corrects the screen when it lands. A game row that arrives later
// is not a write of the member's, so a head is kept only when the device held every game their
// rows name.
import { Dexie } from 'dexie';
import {
  DEFAULT_LIBRARY_SORT,
  EMPTY_LIBRARY_QUERY,
  isFiltered,
  type LibraryQuery,
} from '../../core/library/library-query.ts';
import type { LibraryView } from '../../core/library/library-view.ts';
import type { CheckpointDb, LibraryHeadRow } from '../../store/db.ts';
import type { LibraryGame } from './library.ts';

/** Rows kept: a tall screen's first window and its overscan; at most this many, the head is the whole list. */
export const HEAD_ROWS = 60;

/** The member's tables the Library reads, each with its index of [user_id + change time]. */
const SIGNED = [
  ['progress', '[user_id+updated_at]'],
  ['wishlist', '[user_id+added_at]'],
  ['collection', '[user_id+added_at]'],
  ['reviews', '[user_id+updated_at]'],
  ['journal', '[user_id+updated_at]'],
] as const;
export const HEAD_TABLES = [...SIGNED.map(([table]) => table), 'outbox', 'libraryHeads'] as const;

export interface LibraryHead {
  readonly count: number;
  readonly platforms: readonly string[];
  readonly years: readonly number[];
  /** The first rows of the default order (all of them when count ≤ HEAD_ROWS). */
  readonly rows: readonly LibraryGame[];
}

/**
 * Per table, how many rows the member has and the newest [user_id, time] key: read before the
 * full pass's own reads (library.ts), so a write landing between them makes the kept signature
 * older than the rows, never newer (the head is then not used, not wrong).
 */
export async function tableSignature(db: CheckpointDb, userId: number): Promise<string> {
  const parts = await Promise.all(
    SIGNED.map(async ([table, index]) => {
      const range = db.table(table).where(index).between([userId, Dexie.minKey], [userId, Dexie.maxKey]);
      const [count, newest] = await Promise.all([range.count(), range.clone().reverse().firstKey()]);
      return [count, newest ?? null];
    }),
  );
  return JSON.stringify(parts);
}

/**
 * The outbox's size and last sequence number: a local edit adds a row, and every push result
 * (an ack, or a rejected write the rebase undoes) removes some.
 */
async function outboxMark(db: CheckpointDb): Promise<string> {
  const [count, last] = await Promise.all([db.outbox.count(), db.outbox.toCollection().lastKey()]);
  return `${count}:${typeof last === 'number' ? last : ''}`;
}

/** The first pass serves only the default view: no text, no filter, the default sort. */
export function servesHead(query: LibraryQuery): boolean {
  return query.sort === DEFAULT_LIBRARY_SORT && !isFiltered(query);
}

/** The member's head if it still matches the device's rows; null when there is none or it is out of date. */
export async function loadLibraryHead(db: CheckpointDb, userId: number): Promise<LibraryHead | null> {
  return db.transaction('r', HEAD_TABLES, async () => {
    const [row, tables, outbox] = await Promise.all([
      db.libraryHeads.get(userId),
      tableSignature(db, userId),
      outboxMark(db),
    ]);
    if (!row || row.tables !== tables || row.outbox !== outbox) return null;
    return { count: row.count, platforms: row.platforms, years: row.years, rows: row.rows };
  });
}

/**
 * Keeps the head of a full pass (or drops the member's head when the pass lacked game rows). Kept
 * only if the signature is still the one the pass read under: otherwise a newer pass is coming.
 */
export async function saveLibraryHead(
  db: CheckpointDb,
  userId: number,
  pass: { readonly signature: string; readonly missingGames: number },
  view: LibraryView<LibraryGame>,
): Promise<void> {
  await db.transaction('rw', HEAD_TABLES, async () => {
    if (pass.missingGames > 0) {
      await db.libraryHeads.delete(userId);
      return;
    }
    if ((await tableSignature(db, userId)) !== pass.signature) return;
    const outbox = await outboxMark(db);
    const row: LibraryHeadRow = {
      user_id: userId,
      tables: pass.signature,
      outbox,
      count: view.size,
      platforms: [...view.platforms],
      years: [...view.years],
      rows: view.apply(EMPTY_LIBRARY_QUERY).slice(0, HEAD_ROWS),
    };
    // An open that changed nothing writes nothing.
    const kept = await db.libraryHeads.get(userId);
    if (kept && JSON.stringify(kept) === JSON.stringify(row)) return;
    await db.libraryHeads.put(row);
  });
}
