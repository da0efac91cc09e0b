// wishlist.set / collection.set / collection.move, twins of app.m_wishlist_set,
// app.m_collection_set, app.m_collection_move and the list_guard trigger (supabase/schema/tables/public.user_collection.sql and its neighbours). Neither
// list takes a started or finished game; a game is in at most one of them.
import type { MutationArgs } from '../../core/mutations.ts';
import type { CheckpointDb, CollectionRow, WishlistRow } from '../db.ts';
import { tempId, writeRow } from '../overlay.ts';
import { resolveGame, saveGame, type ResolvedGame } from './games.ts';
import { collectionEntry, isStarted, removeFromList, wishlistEntry } from './own-rows.ts';
import { reject, textOrNull } from './rows.ts';
import type { ApplyContext } from './types.ts';

async function refuseStarted(db: CheckpointDb, me: number, igdbId: number, message: string): Promise<void> {
  if (await isStarted(db, me, igdbId)) reject('game_started', message);
}

/** Upsert on (user_id, igdb_id): priority and notes change only when given. */
async function putWishlist(
  db: CheckpointDb,
  game: ResolvedGame,
  a: { priority?: number; notes?: string | null },
  ctx: ApplyContext,
): Promise<void> {
  const old = await wishlistEntry(db, ctx.me, game.row.igdb_id);
  const priority = a.priority ?? old?.priority ?? 0;
  const notes = a.notes === undefined ? (old?.notes ?? null) : textOrNull(a.notes);
  if (old && old.priority === priority && old.notes === notes) return;
  await writeRow<WishlistRow>(db, 'wishlist', {
    id: old?.id ?? tempId(),
    user_id: ctx.me,
    igdb_id: game.row.igdb_id,
    game_id: old?.game_id ?? game.row.id,
    priority,
    notes,
    added_at: old?.added_at ?? ctx.now,
  });
}

async function putCollection(db: CheckpointDb, game: ResolvedGame, ctx: ApplyContext): Promise<void> {
  await removeFromList(db, 'wishlist', ctx.me, game.row.igdb_id);
  if (await collectionEntry(db, ctx.me, game.row.igdb_id)) return;
  await writeRow<CollectionRow>(db, 'collection', {
    id: tempId(),
    user_id: ctx.me,
    igdb_id: game.row.igdb_id,
    game_id: game.row.id,
    added_at: ctx.now,
  });
}

export async function applyWishlistSet(
  db: CheckpointDb,
  a: MutationArgs<'wishlist.set'>,
  ctx: ApplyContext,
): Promise<void> {
  const game = await resolveGame(db, a, ctx);
  const igdbId = game.row.igdb_id;
  if (a.in) {
    await refuseStarted(db, ctx.me, igdbId, 'Cannot add to wishlist: game already started or completed');
    if (await collectionEntry(db, ctx.me, igdbId)) reject('in_collection', 'Game is already in your collection');
  }
  await saveGame(db, game);
  if (a.in) await putWishlist(db, game, a, ctx);
  else await removeFromList(db, 'wishlist', ctx.me, igdbId);
}

/** Adding moves the game out of the wishlist. */
export async function applyCollectionSet(
  db: CheckpointDb,
  a: MutationArgs<'collection.set'>,
  ctx: ApplyContext,
): Promise<void> {
  const game = await resolveGame(db, a, ctx);
  if (a.in)
    await refuseStarted(db, ctx.me, game.row.igdb_id, 'Cannot add to collection: game already started or completed');
  await saveGame(db, game);
  if (a.in) await putCollection(db, game, ctx);
  else await removeFromList(db, 'collection', ctx.me, game.row.igdb_id);
}

export async function applyCollectionMove(
  db: CheckpointDb,
  a: MutationArgs<'collection.move'>,
  ctx: ApplyContext,
): Promise<void> {
  const game = await resolveGame(db, a, ctx);
  await refuseStarted(db, ctx.me, game.row.igdb_id, `Cannot move to ${a.to}: game already started or completed`);
  await saveGame(db, game);
  if (a.to === 'collection') return putCollection(db, game, ctx);
  await removeFromList(db, 'collection', ctx.me, game.row.igdb_id);
  await putWishlist(db, game, {}, ctx);
}
