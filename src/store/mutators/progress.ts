// progress.set, twin of app.m_progress_set and the progress_guard / progress_clears_lists
// triggers (supabase/schema/tables/public.user_collection.sql and its neighbours). Marks only go on (the spec makes started and finished irreversible);
// finished implies started; a started or finished game leaves the wishlist and the collection.
import { MutationError, type MutationArgs } from '../../core/mutations.ts';
import type { CheckpointDb, ProgressRow } from '../db.ts';
import { tempId, writeRow } from '../overlay.ts';
import { resolveGame, saveGame, type ResolvedGame } from './games.ts';
import { ownProgress, removeFromList } from './own-rows.ts';
import { reject } from './rows.ts';
import type { ApplyContext } from './types.ts';

async function gameForProgress(
  db: CheckpointDb,
  a: MutationArgs<'progress.set'>,
  ctx: ApplyContext,
): Promise<ResolvedGame> {
  try {
    return await resolveGame(db, a, ctx);
  } catch (error) {
    // m_progress_set answers any failure to resolve the game with the spec's status message.
    if (error instanceof MutationError) reject('game_not_found', 'Game must be added to database first');
    throw error;
  }
}

export async function applyProgressSet(
  db: CheckpointDb,
  a: MutationArgs<'progress.set'>,
  ctx: ApplyContext,
): Promise<void> {
  const game = await gameForProgress(db, a, ctx);
  const completed = a.completed ?? false;
  const started = (a.started ?? false) || completed;
  const at = a.at ?? ctx.now;
  const old = await ownProgress(db, ctx.me, game.row.igdb_id);
  // insert … on conflict do update: the marks and dates already set are kept.
  const row: ProgressRow = {
    id: old?.id ?? tempId(),
    user_id: ctx.me,
    game_id: old?.game_id ?? game.row.id,
    igdb_id: game.row.igdb_id,
    started: (old?.started ?? false) || started,
    completed: (old?.completed ?? false) || completed,
    started_date: old?.started_date ?? (started ? at : null),
    completed_date: old?.completed_date ?? (completed ? at : null),
    created_at: old?.created_at ?? ctx.now,
    updated_at: ctx.now,
  };
  // progress_guard
  if (row.completed) {
    row.started = true;
    row.completed_date ??= ctx.now;
  }
  if (row.started) row.started_date ??= ctx.now;
  await saveGame(db, game);
  await writeRow(db, 'progress', row);
  if (!row.started && !row.completed) return;
  // progress_clears_lists
  await removeFromList(db, 'wishlist', ctx.me, row.igdb_id);
  await removeFromList(db, 'collection', ctx.me, row.igdb_id);
}
