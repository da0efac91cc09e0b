// A member's own rows about a game, by the natural key [user_id+igdb_id] (the server finds the
// same rows by (user_id, game_id); a game's igdb_id and id name it equally).
import type { CheckpointDb, CollectionRow, ProgressRow, ReviewRow, WishlistRow } from '../db.ts';
import { deleteRow } from '../overlay.ts';

export function ownReview(db: CheckpointDb, me: number, igdbId: number): Promise<ReviewRow | undefined> {
  return db.reviews.where('[user_id+igdb_id]').equals([me, igdbId]).first();
}

export function ownProgress(db: CheckpointDb, me: number, igdbId: number): Promise<ProgressRow | undefined> {
  return db.progress.where('[user_id+igdb_id]').equals([me, igdbId]).first();
}

/** app.is_started: the member has started or finished the game. */
export async function isStarted(db: CheckpointDb, me: number, igdbId: number): Promise<boolean> {
  const p = await ownProgress(db, me, igdbId);
  return p !== undefined && (p.started || p.completed);
}

export function wishlistEntry(db: CheckpointDb, me: number, igdbId: number): Promise<WishlistRow | undefined> {
  return db.wishlist.where('[user_id+igdb_id]').equals([me, igdbId]).first();
}

export function collectionEntry(db: CheckpointDb, me: number, igdbId: number): Promise<CollectionRow | undefined> {
  return db.collection.where('[user_id+igdb_id]').equals([me, igdbId]).first();
}

export async function removeFromList(
  db: CheckpointDb,
  list: 'wishlist' | 'collection',
  me: number,
  igdbId: number,
): Promise<void> {
  const row = await (list === 'wishlist' ? wishlistEntry : collectionEntry)(db, me, igdbId);
  if (row) await deleteRow(db, list, row.id);
}
