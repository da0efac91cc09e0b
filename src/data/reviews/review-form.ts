// The write/edit review page's data: the game (from the device, else fetched into it
// by read-through), the member's own review of it (edit mode) and progress (a finished game locks
// the 'Did you finish the game?' answer), and the platform list (table platform, which no pull
// carries: get_platforms is copied into the device's `platforms` table so the form works offline).
import { releaseYearOf } from '../../core/dates.ts';
import { z } from '../../core/zod.ts';
import { parseGameSummary, type GameSummary } from '../../core/mutations.ts';
import { readThrough } from '../../sync/read-through.ts';
import { backend, localDb, readRpc } from '../backend.ts';
import type { CheckpointDb, GameRow, PlatformRow, ProgressRow, ReviewRow } from '../../store/db.ts';
import { createSupabaseRemote } from '../remote.ts';

export interface ReviewFormData {
  readonly game: GameRow;
  /** The member's review of the game: edit mode. */
  readonly review: ReviewRow | null;
  readonly progress: ProgressRow | null;
  /** The name of the review's platform (platform_id), when the device knows it. */
  readonly reviewPlatform: string | null;
}

/**
 * The game of /review/{gameId}: by external id first (the id review links carry),
 * the server's row over a not-yet-synced stand-in (-igdb_id); else by internal id.
 */
export async function findFormGame(db: CheckpointDb, gameId: number): Promise<GameRow | undefined> {
  const byIgdb = await db.games.where('igdb_id').equals(gameId).toArray();
  const best = byIgdb.reduce<GameRow | undefined>((a, row) => (a === undefined || row.id > a.id ? row : a), undefined);
  if (best) return best;
  return gameId > 0 ? db.games.get(gameId) : undefined;
}

/** Everything the form shows, from IndexedDB only; null while the game is not on the device. */
export async function loadReviewForm(db: CheckpointDb, gameId: number, me: number): Promise<ReviewFormData | null> {
  const game = await findFormGame(db, gameId);
  if (!game) return null;
  const key = [me, game.igdb_id] as const;
  const review = (await db.reviews.where('[user_id+igdb_id]').equals(key).first()) ?? null;
  const progress = (await db.progress.where('[user_id+igdb_id]').equals(key).first()) ?? null;
  const platform = review?.platform_id == null ? undefined : await db.platforms.get(review.platform_id);
  return { game, review, progress, reviewPlatform: platform?.name ?? null };
}

/** Every platform the device knows (for the ids of the radio options). */
export function loadPlatforms(db: CheckpointDb): Promise<PlatformRow[]> {
  return db.platforms.toArray();
}

/** The platform row with this name (case-insensitive), if the device knows it. */
export function findPlatform(platforms: readonly PlatformRow[], name: string): PlatformRow | undefined {
  const wanted = name.trim().toLowerCase();
  return platforms.find((p) => p.name.trim().toLowerCase() === wanted);
}

const PlatformList = z.array(z.object({ id: z.number().check(z.int(), z.positive()), name: z.string() }));

/** Copies the server's platform list (get_platforms) into the device. Rejects offline. */
export async function refreshPlatforms(): Promise<number> {
  // A plain read (readRpc): a visitor reading a review with a Platform row needs no supabase-js.
  const { data, error } = await readRpc('get_platforms', {});
  if (error) throw new Error(error.message);
  const rows = PlatformList.parse(data);
  await localDb().platforms.bulkPut(rows);
  return rows.length;
}

const Stats = z.array(z.object({ game_id: z.number() }));
const GamePage = z.nullable(z.object({ game: z.object({ id: z.number() }) }));

/**
 * Fetches a game the device does not hold into it (read-through), found by external id, else
 * by internal id. Resolves false when the server has no such game; rejects offline.
 */
export async function fetchFormGame(gameId: number): Promise<boolean> {
  const supabase = await backend();
  const stats = await supabase.rpc('game_rating_stats', { p_igdb_ids: [gameId] });
  if (stats.error) throw new Error(stats.error.message);
  let internalId = Stats.parse(stats.data)[0]?.game_id;
  if (internalId === undefined) {
    const page = await supabase.rpc('get_game_page', { p_identifier: String(gameId), p_review_limit: 0 });
    if (page.error) throw new Error(page.error.message);
    internalId = GamePage.parse(page.data)?.game.id;
  }
  if (internalId === undefined) return false;
  await readThrough(localDb(), createSupabaseRemote(supabase), { game_ids: [internalId] });
  return true;
}

/** What this device knows of a game, as review.create's `game` (so a game only the external catalogue has is added). */
export function gameSummaryOf(game: Pick<GameRow, 'name'> & Partial<GameRow>): GameSummary | undefined {
  const candidate = {
    name: game.name,
    slug: game.slug ?? undefined,
    cover_url: game.cover_url ?? null,
    release_date: game.release_date ?? null,
    first_release_date: game.first_release_date ?? null,
    release_year: releaseYearOf(game),
    genre: game.genre ?? game.genres?.[0] ?? null,
    genres: game.genres?.slice(0, 50),
    platforms: game.platforms?.slice(0, 50),
    summary: game.summary ?? null,
    developer: game.developer ?? null,
    publisher: game.publisher ?? null,
    category: game.category ?? null,
  };
  const full = parseGameSummary(candidate);
  if (full.success) return full.data;
  // Some fact does not fit the schema (an overlong summary, an odd category): the name alone still adds the game.
  const minimal = parseGameSummary({ name: game.name });
  return minimal.success ? minimal.data : undefined;
}
