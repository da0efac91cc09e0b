// The game page's data, read from IndexedDB only (ARCHITECTURE §1: screens never await the network
// for what they show). The identifier is a numeric id (internal, else external) or a slug.
import type { CheckpointDb, CollectionRow, GameRow, ProgressRow, ReviewRow, WishlistRow } from '../db.ts';
import { authorOf, counts, hasText, type ReviewWithAuthor } from './shapes.ts';

export const GAME_PAGE_REVIEWS = 5;
const HISTOGRAM_BUCKETS = 10;

export interface GamePageData {
  game: GameRow;
  ratings: { count: number; average: number | null; histogram: number[] };
  reviews: ReviewWithAuthor[];
  me: { review: ReviewRow | null; progress: ProgressRow | null; wishlist: WishlistRow | null; collection: CollectionRow | null } | null;
}

export async function findGame(db: CheckpointDb, identifier: string): Promise<GameRow | undefined> {
  if (/^\d+$/.test(identifier)) {
    const n = Number(identifier);
    return (await db.games.get(n)) ?? (await db.games.where('igdb_id').equals(n).first());
  }
  return db.games.where('slug').equals(identifier.toLowerCase()).first();
}

export async function loadGamePage(db: CheckpointDb, identifier: string, me: number | null): Promise<GamePageData | null> {
  const game = await findGame(db, identifier);
  if (!game) return null;
  const all = (await db.reviews.where('[game_id+post_date_time]').between([game.id, ''], [game.id, '\uffff']).toArray()).filter(counts);
  const histogram = new Array<number>(HISTOGRAM_BUCKETS).fill(0);
  let sum = 0;
  for (const r of all) {
    const bucket = Math.min(HISTOGRAM_BUCKETS, Math.floor(r.rating)) - 1; // 9.5 counts as 9, 10 as 10
    histogram[bucket] = (histogram[bucket] ?? 0) + 1;
    sum += r.rating;
  }
  const written = all.filter(hasText).sort((a, b) => b.post_date_time.localeCompare(a.post_date_time)).slice(0, GAME_PAGE_REVIEWS);
  const authors = await db.users.bulkGet(written.map((r) => r.user_id));
  const key = [me ?? 0, game.igdb_id] as const;
  return {
    game,
    ratings: { count: all.length, average: all.length ? Math.round((sum / all.length) * 10) / 10 : null, histogram },
    reviews: written.map((r, i) => ({ ...r, author: authorOf(authors[i]) })),
    me: me === null ? null : {
      review: (await db.reviews.where('[user_id+igdb_id]').equals(key).first()) ?? null,
      progress: (await db.progress.where('[user_id+igdb_id]').equals(key).first()) ?? null,
      wishlist: (await db.wishlist.where('[user_id+igdb_id]').equals(key).first()) ?? null,
      collection: (await db.collection.where('[user_id+igdb_id]').equals(key).first()) ?? null,
    },
  };
}
