// The game page's data, read from IndexedDB only (src/sync/SPEC.md [S1]: screens never await the network
// for what they show). The identifier is a numeric id (internal, else external) or a slug. A game
// our database does not have yet is kept on the device as a -igdb_id stand-in (rememberCatalogueGame)
// so its page opens, offline too, and writes about it carry its summary.
import { compareMoments, releaseYearOf } from '../../core/dates.ts';
import { GAME_PAGE_REVIEWS, ratingSummary } from '../../core/game-page.ts';
import type { GameSummary } from '../../core/mutations.ts';
import type { CheckpointDb, CollectionRow, GameRow, ProgressRow, ReviewRow, WishlistRow } from '../../store/db.ts';
import { fromIgdbGame } from '../../core/search/catalogue-entry.ts';
import { toGameRow } from '../search/hits.ts';
import { applyServerChange } from '../../store/overlay.ts';
import { withSyncLock } from '../../sync/leader.ts';
import { REBASE_TABLES } from '../../sync/rebase.ts';
import { authorOf, counts, hasText, type ReviewWithAuthor } from './shapes.ts';

export { GAME_PAGE_REVIEWS };

export interface GamePageData {
  game: GameRow;
  ratings: { count: number; average: number | null; histogram: number[] };
  reviews: ReviewWithAuthor[];
  me: {
    review: ReviewRow | null;
    progress: ProgressRow | null;
    wishlist: WishlistRow | null;
    collection: CollectionRow | null;
  } | null;
}

/** Of several rows for one game, the database's (positive id) wins over the device's stand-in. */
const newest = (rows: GameRow[]): GameRow | undefined =>
  rows.reduce<GameRow | undefined>((best, row) => (best === undefined || row.id > best.id ? row : best), undefined);

export async function findGame(db: CheckpointDb, identifier: string): Promise<GameRow | undefined> {
  if (/^\d+$/.test(identifier)) {
    const n = Number(identifier);
    const found = (await db.games.get(n)) ?? newest(await db.games.where('igdb_id').equals(n).toArray());
    if (found) return found;
  }
  return newest(await db.games.where('slug').equals(identifier.toLowerCase()).toArray());
}

export async function loadGamePage(
  db: CheckpointDb,
  identifier: string,
  me: number | null,
): Promise<GamePageData | null> {
  const game = await findGame(db, identifier);
  if (!game) return null;
  const all = (
    await db.reviews.where('[game_id+post_date_time]').between([game.id, ''], [game.id, '\uffff']).toArray()
  ).filter(counts);
  const written = all
    .filter(hasText)
    .sort((a, b) => compareMoments(b.post_date_time, a.post_date_time))
    .slice(0, GAME_PAGE_REVIEWS);
  const authors = await db.users.bulkGet(written.map((r) => r.user_id));
  const key = [me ?? 0, game.igdb_id] as const;
  return {
    game,
    ratings: ratingSummary(all.map((r) => r.rating)),
    reviews: written.map((r, i) => ({ ...r, author: authorOf(authors[i]) })),
    me:
      me === null
        ? null
        : {
            review: (await db.reviews.where('[user_id+igdb_id]').equals(key).first()) ?? null,
            progress: (await db.progress.where('[user_id+igdb_id]').equals(key).first()) ?? null,
            wishlist: (await db.wishlist.where('[user_id+igdb_id]').equals(key).first()) ?? null,
            collection: (await db.collection.where('[user_id+igdb_id]').equals(key).first()) ?? null,
          },
  };
}

/**
 * Keeps a game the catalogue function found (IGDB-shaped) on the device as a -igdb_id stand-in,
 * unless the device already has a row for it. Resolves to the row the page will show, or null.
 */
export async function rememberCatalogueGame(
  db: CheckpointDb,
  raw: Readonly<Record<string, unknown>>,
): Promise<GameRow | null> {
  const entry = fromIgdbGame(raw);
  if (!entry) return null;
  return db.transaction('rw', db.games, async () => {
    const known = newest(await db.games.where('igdb_id').equals(entry.igdb_id).toArray());
    if (known) return known;
    const parent = raw['parent_game'];
    const row: GameRow = {
      ...toGameRow(entry, new Date().toISOString()),
      parent_game: typeof parent === 'number' ? parent : null,
    };
    await db.games.put(row);
    return row;
  });
}

/**
 * Keeps the game get_game_page answered when the device has no row for it yet, as a pull stores
 * one (under the pending writes and the sync lock): a first visit's page shows from this answer
 * at once, and the read-through that follows brings its reviews and the rest. A row the device
 * already has is left to the pull and the read-through, which bring newer versions in order.
 */
export async function rememberServerGame(
  db: CheckpointDb,
  row: { readonly id: number; readonly igdb_id: number },
): Promise<void> {
  await withSyncLock(() =>
    db.transaction('rw', [...REBASE_TABLES], async () => {
      if ((await db.games.where('igdb_id').equals(row.igdb_id).count()) > 0) return;
      await applyServerChange(db, { table: 'game', op: 'upsert', id: row.id, row });
    }),
  );
}

/** What a write about this game carries, so the server (and the device) can add it if missing. */
export function gameSummaryOf(game: GameRow): GameSummary {
  const text = (v: unknown, max: number) => (typeof v === 'string' && v.trim() !== '' ? v.slice(0, max) : null);
  return {
    name: game.name.slice(0, 500),
    ...(game.slug ? { slug: game.slug } : {}),
    cover_url: text(game.cover_url, 2000),
    release_date: text(game.release_date, 40),
    first_release_date: typeof game.first_release_date === 'number' ? game.first_release_date : null,
    release_year: releaseYearOf(game),
    genre: text(game.genre, 200),
    genres: (game.genres ?? []).slice(0, 50).map((g) => g.slice(0, 200)),
    platforms: (game.platforms ?? []).slice(0, 50).map((p) => p.slice(0, 200)),
    summary: text(game.summary, 20_000),
    developer: text(game.developer, 200),
    publisher: text(game.publisher, 200),
    category: typeof game.category === 'number' && game.category >= 0 && game.category <= 14 ? game.category : null,
    parent_game: typeof game.parent_game === 'number' && game.parent_game > 0 ? game.parent_game : null,
  };
}
