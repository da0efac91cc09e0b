// A member's Top 5 and Top 10 from IndexedDB: the Top 5 rows in position order, the
// highest-rated games for the Top 10, and the member's rated games (the Top 5 picker's choices).
// Offline these answer from whatever the device holds; read-through keeps it fresh online.
import { TOP_TEN_SIZE } from '../../core/constants.ts';
import type { CheckpointDb, GameRow, ReviewRow } from '../../store/db.ts';
import type { GameHit } from '../search/types.ts';
import { counts } from './shapes.ts';
import { compareMoments, releaseYearOf } from '../../core/dates.ts';
import { ratingSummary } from '../../core/game-page.ts';

/** A Top 5 game, with the member's own rating of it when the device holds it. */
export interface TopFiveEntry {
  igdb_id: number;
  position: number;
  game: GameRow;
  rating: number | null;
}
export interface TopTenEntry {
  rank: number;
  rating: number;
  review: ReviewRow;
  game: GameRow | null;
}

async function ratedReviews(db: CheckpointDb, userId: number): Promise<ReviewRow[]> {
  const rows = await db.reviews.where('[user_id+post_date_time]').between([userId, ''], [userId, '\uffff']).toArray();
  return rows.filter(counts);
}

/** The Top 5 in position order; a row whose game the device does not hold (yet) is left out. */
export async function loadTopFive(db: CheckpointDb, userId: number): Promise<TopFiveEntry[]> {
  const rows = await db.topGames.where('user_id').equals(userId).sortBy('position');
  const games = await db.games.bulkGet(rows.map((r) => r.game_id));
  // Only the reviews of these five games (a member may have thousands).
  const keys = games.flatMap((g) => (g ? [[userId, g.igdb_id] as [number, number]] : []));
  const reviews =
    keys.length === 0 ? [] : (await db.reviews.where('[user_id+igdb_id]').anyOf(keys).toArray()).filter(counts);
  const ratingOf = new Map(reviews.map((r) => [r.game_id, r.rating]));
  return rows.flatMap((row, i) => {
    const game = games[i];
    return game ? [{ igdb_id: game.igdb_id, position: row.position, game, rating: ratingOf.get(game.id) ?? null }] : [];
  });
}

/**
 * The member's highest-rated games, best first; equal ratings by the most recent review (the order
 * get_profile gives). At most 10.
 */
export async function loadTopTen(db: CheckpointDb, userId: number): Promise<TopTenEntry[]> {
  const rated = (await ratedReviews(db, userId))
    .sort((a, b) => b.rating - a.rating || compareMoments(b.post_date_time, a.post_date_time) || b.id - a.id)
    .slice(0, TOP_TEN_SIZE);
  const games = await db.games.bulkGet(rated.map((r) => r.game_id));
  return rated.map((review, i) => ({ rank: i + 1, rating: review.rating, review, game: games[i] ?? null }));
}

/** How many games the member has rated (the Top 10 shows 'Rate More Games' for 1 to 9). */
export async function countRated(db: CheckpointDb, userId: number): Promise<number> {
  return (await ratedReviews(db, userId)).length;
}

/** The member's rated games as picker rows, highest rated first. */
export async function loadRatedGames(db: CheckpointDb, userId: number): Promise<GameHit[]> {
  const rated = (await ratedReviews(db, userId)).sort(
    (a, b) => b.rating - a.rating || compareMoments(b.post_date_time, a.post_date_time),
  );
  const games = (await db.games.bulkGet(rated.map((r) => r.game_id))).filter((g): g is GameRow => g !== undefined);
  // The picker shows each game's member average, as search and the game page do: the device's
  // counted ratings of that game, not just this member's own.
  const summaries = await Promise.all(games.map(async (game) => ratingSummary(await gameRatings(db, game.id))));
  return games.map((game, i) => toHit(game, summaries[i] ?? { count: 0, average: null }));
}

async function gameRatings(db: CheckpointDb, gameId: number): Promise<number[]> {
  const rows = await db.reviews.where('[game_id+post_date_time]').between([gameId, ''], [gameId, '\uffff']).toArray();
  return rows.filter(counts).map((r) => r.rating);
}

function toHit(game: GameRow, ratings: { count: number; average: number | null }): GameHit {
  const year = releaseYearOf(game);
  return {
    id: game.id,
    igdb_id: game.igdb_id,
    name: game.name,
    slug: game.slug,
    cover_url: game.cover_url ?? null,
    release_year: year,
    first_release_date: game.first_release_date ?? null,
    summary: game.summary ?? null,
    category: game.category ?? null,
    platforms: game.platforms ?? [],
    genres: game.genres ?? (game.genre ? [game.genre] : []),
    developer: game.developer ?? null,
    publisher: game.publisher ?? null,
    avg_user_rating: ratings.average,
    user_rating_count: ratings.count,
    fromIGDB: false,
  };
}
