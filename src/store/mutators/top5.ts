// top5.replace, twin of app.m_top5_replace and the top_games_guard trigger (supabase/schema/tables/public.user_collection.sql and its neighbours): the
// member's Top 5 becomes exactly the games given, at positions 1..n, each one they have rated.
// Every game is checked before any row changes, in the server's order (found, rated, once).
import type { MutationArgs } from '../../core/mutations.ts';
import type { CheckpointDb, GameRow, TopGameRow } from '../db.ts';
import { deleteRow, tempId, writeRow } from '../overlay.ts';
import { resolveGame } from './games.ts';
import { ownReview } from './own-rows.ts';
import { reject } from './rows.ts';
import type { ApplyContext } from './types.ts';

export async function applyTop5Replace(
  db: CheckpointDb,
  a: MutationArgs<'top5.replace'>,
  ctx: ApplyContext,
): Promise<void> {
  const picks: GameRow[] = [];
  for (const item of a.games) {
    const { row } = await resolveGame(db, item, ctx);
    if (!(await ownReview(db, ctx.me, row.igdb_id)))
      reject('top5_unrated', 'Only games you have rated can be in your Top 5');
    if (picks.some((g) => g.id === row.id)) reject('top5_duplicate', 'A game can be in your Top 5 only once');
    picks.push(row);
  }
  for (const old of await db.topGames.where('user_id').equals(ctx.me).toArray())
    await deleteRow(db, 'topGames', old.id);
  for (const [i, game] of picks.entries()) {
    await writeRow<TopGameRow>(db, 'topGames', {
      id: tempId(),
      user_id: ctx.me,
      game_id: game.id,
      position: i + 1,
      created_at: ctx.now,
    });
  }
}
