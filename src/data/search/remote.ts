// The network side of search, over supabase-js: our database's RPCs and the catalogue function.
// Each call rejects on failure; the service decides what a failure means for the screen.
import type { SupabaseClient } from '@supabase/supabase-js';
import { browseAnswer, platformsAnswer } from '../../core/guards/server-answers.ts';
import type { BrowseQuery, Platform, UserHit } from './types.ts';

type Loose = Record<string, unknown>;

export interface RatingStats {
  readonly igdb_id: number;
  readonly game_id: number;
  readonly avg_user_rating: number | null;
  readonly user_rating_count: number;
}

export interface SearchRemote {
  /** search_games_secure: our database, best first. */
  searchDatabase(query: string, limit: number, signal?: AbortSignal): Promise<Loose[]>;
  /** The catalogue function (IGDB, or its local catalogue): IGDB-shaped games. */
  searchCatalogue(query: string, limit: number, signal?: AbortSignal): Promise<Loose[]>;
  ratingStats(igdbIds: readonly number[], signal?: AbortSignal): Promise<RatingStats[]>;
  browse(
    query: BrowseQuery,
    limit: number,
    offset: number,
    signal?: AbortSignal,
  ): Promise<{ total: number; games: Loose[] }>;
  searchUsers(query: string, limit: number, signal?: AbortSignal): Promise<UserHit[]>;
  platforms(signal?: AbortSignal): Promise<Platform[]>;
  /** catalogue_page: the database's games in id order after `after`; next is null at the end. */
  cataloguePage(after: number, limit: number, signal?: AbortSignal): Promise<{ games: Loose[]; next: number | null }>;
}

// Browse Games' first screen reads browse_games and get_platforms: hand-written checks
// (core/guards/server-answers.ts), which cost nothing to build. The other answers' zod schemas are
// in remote-schemas.ts, loaded with the first of them (a search, the catalogue's download): zod's
// own code is not evaluated for a first screen.
const schemas = () => import('./remote-schemas.ts');

function fail(error: { message: string } | null, what: string): never {
  throw new Error(error?.message ?? `${what} failed`);
}

const BROWSE_SORT: Record<BrowseQuery['sort'], string> = {
  name: 'name',
  release_date: 'release_date',
  avg_rating: 'avg_rating',
  rating_count: 'rating_count',
  relevance: 'relevance',
  popularity: 'popularity',
};

/** An RPC that reads, answered as supabase-js answers it. */
export type ReadRpc = (
  fn: string,
  args: Loose,
  signal?: AbortSignal,
) => Promise<{ data: unknown; error: { message: string } | null }>;

/**
 * `read` answers the RPCs (the page passes readRpc, which may go out before supabase-js is made);
 * by default they go through the client, as the catalogue function always does.
 */
export function createSearchRemote(client: () => Promise<SupabaseClient>, read?: ReadRpc): SearchRemote {
  const viaClient: ReadRpc = async (fn, args, signal) => {
    const call = (await client()).rpc(fn, args);
    return signal ? call.abortSignal(signal) : call;
  };
  const answer = read ?? viaClient;
  const rpc = async (fn: string, args: Loose, signal?: AbortSignal): Promise<unknown> => {
    const { data, error } = await answer(fn, args, signal);
    if (error) fail(error, fn);
    return data;
  };
  return {
    async searchDatabase(query, limit, signal) {
      const data = await rpc('search_games_secure', { search_query: query, limit_count: limit }, signal);
      return Array.isArray(data) ? (data as Loose[]) : [];
    },
    async searchCatalogue(query, limit, signal) {
      const supabase = await client();
      const { data, error } = await supabase.functions.invoke('igdb-search', {
        body: { searchTerm: query, limit },
        ...(signal ? { signal } : {}),
      });
      if (error) {
        // A non-OK answer still carries the function's {error}; a network failure has none.
        const context: unknown = (error as { context?: unknown }).context;
        const status = context instanceof Response ? context.status : undefined;
        throw new Error(status === undefined ? error.message : `IGDB API error: ${status}`);
      }
      const answer = (await schemas()).CatalogueAnswer().parse(data);
      if (!answer.success) throw new Error(answer.error ?? 'Failed to search games');
      return answer.games;
    },
    async ratingStats(igdbIds, signal) {
      if (igdbIds.length === 0) return [];
      const data = await rpc('game_rating_stats', { p_igdb_ids: igdbIds }, signal);
      return (await schemas()).Stats().parse(data);
    },
    async browse(query, limit, offset, signal) {
      return browseAnswer(
        await rpc(
          'browse_games',
          {
            p_query: query.q === '' ? null : query.q,
            p_platforms: query.platforms.length ? query.platforms : null,
            p_genres: query.genres.length ? query.genres : null,
            p_year: query.year,
            p_min_rating: query.minRating,
            p_sort: BROWSE_SORT[query.sort],
            p_order: query.order,
            p_limit: limit,
            p_offset: offset,
          },
          signal,
        ),
      );
    },
    async searchUsers(query, limit, signal) {
      const data = await rpc('search_users', { p_query: query, p_limit: limit }, signal);
      return (await schemas()).Users().parse(data);
    },
    async platforms(signal) {
      return platformsAnswer(await rpc('get_platforms', {}, signal));
    },
    async cataloguePage(after, limit, signal) {
      const data = await rpc('catalogue_page', { p_after: after, p_limit: limit }, signal);
      return (await schemas()).CataloguePage().parse(data);
    },
  };
}
