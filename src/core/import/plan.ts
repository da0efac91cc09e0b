// The preview and the writes of an import, from the file's rows, how each matched, and the
// member's library as the device holds it. Pure and deterministic: the same file against the same
// library gives the same plan, and a file already imported gives no writes at all (every write is
// planned only where the library differs; journal sessions carry keys made from the file).
import type { MutationArgs, MutationName } from '../mutations.ts';
import { playDateProblem } from '../journal/journal.ts';
import { INVALID_TEXT_MESSAGE, isStorableValue } from '../storable-text.ts';
import { importSessionKey } from './key.ts';
import { dayToTimestamp } from './mapping.ts';
import type { MatchCandidate, RowMatch } from './match.ts';
import type { ImportRow, ParsedImport } from './types.ts';

/** One game of the member's library, as the device holds it. */
export interface LibraryEntry {
  readonly started: boolean;
  readonly finished: boolean;
  readonly wishlist: boolean;
  readonly collection: boolean;
  readonly review: { readonly rating: number; readonly review: string | null; readonly draft: boolean } | null;
}

export interface Library {
  readonly me: number;
  readonly games: ReadonlyMap<number, LibraryEntry>;
  readonly sessionKeys: ReadonlySet<string>;
  readonly top5: readonly number[];
  readonly follows: ReadonlySet<number>;
}

export interface PlannedMutation<N extends MutationName = MutationName> {
  readonly name: N;
  readonly args: MutationArgs<N>;
}
const m = <N extends MutationName>(name: N, args: MutationArgs<N>): PlannedMutation =>
  ({ name, args }) as PlannedMutation;

export type ConflictKind = 'rating' | 'list';
/** Where the file and the library disagree: the member keeps theirs or takes the file's. */
export interface Conflict {
  readonly kind: ConflictKind;
  readonly mine: string;
  readonly file: string;
}
export type Choice = 'mine' | 'file';

export interface RowPlan {
  readonly line: number;
  readonly title: string;
  readonly game: MatchCandidate;
  /** New to the library. */
  readonly isNew: boolean;
  /** What the import adds or changes, in words ("Rated 8", "Finished on 2021-03-04", "3 journal sessions"). */
  readonly changes: readonly string[];
  readonly conflicts: readonly Conflict[];
  /** What is not brought over from this row, and why. */
  readonly skipped: readonly string[];
  readonly mutations: readonly PlannedMutation[];
}

/** A row of the file the import refuses whole, named, with why (its text cannot be stored). */
export interface RefusedRow {
  readonly line: number;
  readonly title: string;
  readonly message: string;
}

export interface ImportPlan {
  readonly rows: readonly RowPlan[];
  /** Rows with text the server cannot store (core/storable-text.ts): shown, never written. */
  readonly refused: readonly RefusedRow[];
  /** Writes not tied to one row (Top 5, follows). */
  readonly extra: readonly PlannedMutation[];
  readonly extraChanges: readonly string[];
  readonly added: number;
  readonly changed: number;
  readonly unchanged: number;
  readonly conflicts: number;
  readonly mutationCount: number;
}

export interface PlanOptions {
  /** Per row (by line), else `all` for every conflict. Default: keep mine. */
  readonly choices?: ReadonlyMap<number, Choice>;
  readonly all?: Choice;
  /** Review text as it is saved (the review form's sanitising), applied to every imported review. */
  readonly sanitizeReview?: (text: string) => string;
  /** Milliseconds since the epoch: journal days after today are refused, as the journal form does. */
  readonly now: number;
}

const ratingText = (r: number) => `${r}/10`;
const shortText = (t: string | null) =>
  t === null || t === '' ? 'no review' : `"${t.length > 60 ? `${t.slice(0, 57)}…` : t}"`;
const listName = (l: 'wishlist' | 'collection') => (l === 'wishlist' ? 'Want to Play' : 'Collection');

export function planRow(
  row: ImportRow,
  game: MatchCandidate,
  library: Library,
  choice: Choice,
  options: PlanOptions,
): RowPlan {
  const mine = library.games.get(game.igdb_id);
  const ref = { igdb_id: game.igdb_id, ...(game.summary ? { game: game.summary } : {}) };
  const mutations: PlannedMutation[] = [];
  const changes: string[] = [];
  const conflicts: Conflict[] = [];
  const skipped: string[] = [...row.problems];
  if (row.unmapped.length > 0)
    skipped.push(`Not brought over: ${row.unmapped.map((s) => `"${s}"`).join(', ')} (no such list on Checkpoint).`);

  // Progress marks only go on (the spec makes them irreversible), so they never conflict.
  const started = mine?.started ?? false;
  const finished = mine?.finished ?? false;
  if (row.started && !started && !(row.finished && row.started_at === null)) {
    mutations.push(m('progress.set', { ...ref, started: true, ...(row.started_at ? { at: ts(row.started_at) } : {}) }));
    changes.push(row.started_at ? `Started on ${row.started_at.slice(0, 10)}` : 'Started');
  }
  if (row.finished && !finished) {
    mutations.push(
      m('progress.set', {
        ...ref,
        started: true,
        completed: true,
        ...(row.finished_at ? { at: ts(row.finished_at) } : {}),
      }),
    );
    changes.push(row.finished_at ? `Finished on ${row.finished_at.slice(0, 10)}` : 'Finished');
  }
  const playing = started || finished || row.started || row.finished;
  // Lists: a started or finished game is on neither (the server clears them).
  const fileList = row.collection ? 'collection' : row.wishlist ? 'wishlist' : null;
  const myList = mine?.collection ? 'collection' : mine?.wishlist ? 'wishlist' : null;
  if (fileList !== null && !playing && fileList !== myList) {
    if (myList === null) {
      mutations.push(
        fileList === 'wishlist' ? m('wishlist.set', { ...ref, in: true }) : m('collection.set', { ...ref, in: true }),
      );
      changes.push(`Added to ${listName(fileList)}`);
    } else {
      conflicts.push({ kind: 'list', mine: listName(myList), file: listName(fileList) });
      if (choice === 'file') {
        mutations.push(m('collection.move', { ...ref, to: fileList }));
        changes.push(`Moved to ${listName(fileList)}`);
      }
    }
  }

  if (row.rating !== null) {
    const text =
      row.review === null ? null : (options.sanitizeReview ? options.sanitizeReview(row.review) : row.review) || null;
    const review = mine?.review ?? null;
    if (review === null) {
      mutations.push(
        m('review.create', {
          ...ref,
          rating: row.rating,
          review: text,
          draft: row.draft,
          ...(row.platform ? { platform: row.platform } : {}),
          ...(row.posted_at ? { post_date_time: row.posted_at } : {}),
          ...(row.is_recommended !== null ? { is_recommended: row.is_recommended } : {}),
          ...(row.playtime_hours !== null && row.playtime_hours >= 1
            ? { playtime_hours: Math.min(99_999, row.playtime_hours) }
            : {}),
        }),
      );
      changes.push(`${row.draft ? 'Draft review' : 'Rated'} ${ratingText(row.rating)}${text ? ' with a review' : ''}`);
    } else if (review.rating !== row.rating || (text !== null && text !== review.review)) {
      conflicts.push({
        kind: 'rating',
        mine: `${ratingText(review.rating)}, ${shortText(review.review)}`,
        file: `${ratingText(row.rating)}, ${shortText(text ?? review.review)}`,
      });
      if (choice === 'file') {
        mutations.push(
          m('review.update', {
            igdb_id: game.igdb_id,
            rating: row.rating,
            review: text ?? review.review,
            ...(row.platform ? { platform: row.platform } : {}),
          }),
        );
        changes.push(`Rating changed to ${ratingText(row.rating)}`);
      }
    }
  } else if (row.review !== null) {
    skipped.push('Its review has no rating, and a review on Checkpoint needs one.');
  }

  let sessions = 0;
  for (const s of row.sessions) {
    const key = importSessionKey(library.me, s.source_key);
    if (library.sessionKeys.has(key)) continue;
    const problem = playDateProblem(s.played_on, options.now);
    if (problem) {
      skipped.push(`A play session on ${s.played_on}: ${problem}`);
      continue;
    }
    mutations.push(
      m('journal.add', {
        key,
        ...ref,
        played_on: s.played_on,
        minutes: s.minutes,
        note: s.note,
        is_private: s.is_private,
      }),
    );
    sessions++;
  }
  if (sessions > 0) changes.push(`${sessions} journal ${sessions === 1 ? 'session' : 'sessions'}`);

  return {
    line: row.line,
    title: row.title,
    game,
    isNew: mine === undefined && mutations.length > 0,
    changes,
    conflicts,
    skipped,
    mutations,
  };
}

const ts = (at: string) => (at.length === 10 ? dayToTimestamp(at) : at);

/** The whole plan: every matched row, then the file's Top 5 and follows (Checkpoint exports). */
export function planImport(
  parsed: ParsedImport,
  matches: ReadonlyMap<number, RowMatch>,
  library: Library,
  options: PlanOptions,
): ImportPlan {
  const rows: RowPlan[] = [];
  const refused: RefusedRow[] = [];
  for (const row of parsed.rows) {
    const match = matches.get(row.line);
    if (match?.kind !== 'matched') continue;
    // The texts a row would write: one the server cannot store is refused here, by row, so the
    // member sees it before anything is saved (and it never reaches the outbox).
    if (!isStorableValue([row.review, row.platform, ...row.sessions.map((s) => s.note)])) {
      refused.push({ line: row.line, title: row.title, message: INVALID_TEXT_MESSAGE });
      continue;
    }
    const choice = options.choices?.get(row.line) ?? options.all ?? 'mine';
    rows.push(planRow(row, match.game, library, choice, options));
  }
  const extra: PlannedMutation[] = [];
  const extraChanges: string[] = [];
  const matchedIds = new Set(rows.map((r) => r.game.igdb_id));
  const top5 = parsed.top5.filter((id) => matchedIds.has(id));
  if (top5.length > 0 && library.top5.length === 0) {
    extra.push(m('top5.replace', { games: top5.map((igdb_id) => ({ igdb_id })) }));
    extraChanges.push(`Top 5 set to the file's ${top5.length} ${top5.length === 1 ? 'game' : 'games'}`);
  }
  const follows = parsed.follows.filter((id) => id !== library.me && !library.follows.has(id));
  for (const user_id of follows) extra.push(m('follow.set', { user_id, following: true }));
  if (follows.length > 0) extraChanges.push(`Follow ${follows.length} ${follows.length === 1 ? 'member' : 'members'}`);
  const touched = rows.filter((r) => r.mutations.length > 0);
  return {
    rows,
    refused,
    extra,
    extraChanges,
    added: touched.filter((r) => r.isNew).length,
    changed: touched.filter((r) => !r.isNew).length,
    unchanged: rows.length - touched.length,
    conflicts: rows.filter((r) => r.conflicts.length > 0).length,
    mutationCount: rows.reduce((n, r) => n + r.mutations.length, 0) + extra.length,
  };
}

/** Every write of a plan, in order: row by row, then the Top 5 and follows. */
export const planMutations = (plan: ImportPlan): PlannedMutation[] => [
  ...plan.rows.flatMap((r) => r.mutations),
  ...plan.extra,
];
