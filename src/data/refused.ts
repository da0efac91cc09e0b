// The writes the server refused (db.refused, recorded by the push wherever it ran: this page,
// another tab or the service worker), as the shell shows them: each once as a toast, and listed in
// the sync details with what it was until the member dismisses it. Live queries see a refusal
// another context recorded too (Dexie tells every context of a write, over a BroadcastChannel).
import { liveQuery } from 'dexie';
import { igdbIdOf, ratingIdOf, writeLabel } from '../core/write-label.ts';
import { localDb } from './backend.ts';
import type { CheckpointDb, RefusedRow } from '../store/db.ts';
import { claimUntoasted, dismissAllRefusals, dismissRefusal, undismissedRefusals } from '../store/refused.ts';

/** A refused write as the sync details list it. */
export interface RefusedWrite {
  readonly id: string;
  /** What it was: "Comment on Hades". */
  readonly label: string;
  /** Why: the server's message, the spec's text. */
  readonly message: string;
  readonly refusedAt: string;
}

/** How many refusals wait to be dismissed (the header's badge). */
export async function refusedCount(db: CheckpointDb): Promise<number> {
  return (await undismissedRefusals(db)).length;
}

/** The game a refused write was about, by its own id or its review's (a comment, a like). */
async function gameNameOf(db: CheckpointDb, args: unknown): Promise<string | undefined> {
  const igdbId = igdbIdOf(args);
  if (igdbId !== undefined) return (await db.games.where('igdb_id').equals(igdbId).first())?.name;
  const ratingId = ratingIdOf(args);
  const review = ratingId === undefined ? undefined : await db.reviews.get(ratingId);
  return review ? (await db.games.get(review.game_id))?.name : undefined;
}

async function userNameOf(db: CheckpointDb, row: RefusedRow): Promise<string | undefined> {
  if (row.name !== 'follow.set' || typeof row.args !== 'object' || row.args === null) return undefined;
  const id: unknown = 'user_id' in row.args ? row.args.user_id : undefined;
  return typeof id === 'number' ? (await db.users.get(id))?.username : undefined;
}

/** The refusals not dismissed, newest first, each named. */
export async function refusedWrites(db: CheckpointDb): Promise<RefusedWrite[]> {
  const rows = await undismissedRefusals(db);
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      label: writeLabel(row.name, row.args, { game: await gameNameOf(db, row.args), user: await userNameOf(db, row) }),
      message: row.message,
      refusedAt: row.refused_at,
    })),
  );
}

export function dismissRefused(id: string, db: CheckpointDb = localDb()): Promise<void> {
  return dismissRefusal(db, id);
}

export function dismissAllRefused(db: CheckpointDb = localDb()): Promise<void> {
  return dismissAllRefusals(db);
}

/**
 * Tells `onRefused` of each refusal no page has shown yet, now and whenever one is recorded, in
 * the order they were refused. Each is claimed in a transaction, so of several tabs one shows it.
 */
export function watchUntoasted(onRefused: (row: RefusedRow) => void, db: CheckpointDb = localDb()): () => void {
  let stopped = false;
  // Claims run one after another: a change heard while one runs is claimed by the next.
  let claiming = Promise.resolve();
  const claim = () => {
    claiming = claiming
      .then(async () => {
        if (stopped) return;
        for (const row of await claimUntoasted(db)) onRefused(row);
      })
      // A failed claim (the database closing) leaves the rows unshown: the next change or start claims them.
      .catch(() => undefined);
  };
  const subscription = liveQuery(() => db.refused.filter((r) => r.toasted === 0).count()).subscribe({
    next: (fresh) => {
      if (fresh > 0) claim();
    },
    // Not this watch's to report: the sync details read the same table and show its error.
    error: () => undefined,
  });
  return () => {
    stopped = true;
    subscription.unsubscribe();
  };
}
