// The sync details' list of writes the server refused, each named by what it was ("Comment on
// Hades") with the server's message. Apart from refused.ts: only the details, loaded when first
// opened, need the names, so the first screen's code does not carry them.
import { igdbIdOf, ratingIdOf, writeLabel } from '../core/write-label.ts';
import type { CheckpointDb, RefusedRow } from '../store/db.ts';
import { dismissAllRefusals, dismissRefusal, undismissedRefusals } from '../store/refused.ts';
import { localDb } from './backend.ts';

/** A refused write as the sync details list it. */
export interface RefusedWrite {
  readonly id: string;
  /** What it was: "Comment on Hades". */
  readonly label: string;
  /** Why: the server's message, the spec's text. */
  readonly message: string;
  readonly refusedAt: string;
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
