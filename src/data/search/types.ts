// What the search service answers with: the shapes the search screens render.
import type { SearchSource } from '../../core/search/types.ts';

/** A game as a search row: from the device's catalogue, our database or the external catalogue. */
export interface GameHit {
  /** Our database id; -igdb_id for a game only the external catalogue knows (yet). */
  readonly id: number;
  readonly igdb_id: number;
  readonly name: string;
  readonly slug: string | null;
  readonly cover_url: string | null;
  readonly release_year: number | null;
  /** Unix seconds. */
  readonly first_release_date: number | null;
  readonly summary: string | null;
  readonly category: number | null;
  readonly platforms: readonly string[];
  readonly genres: readonly string[];
  readonly developer: string | null;
  readonly publisher: string | null;
  /** Average member rating (1–10), one decimal; null when nobody rated it (or it is unknown). */
  readonly avg_user_rating: number | null;
  readonly user_rating_count: number;
  /** Found through the external catalogue only. */
  readonly fromIGDB: boolean;
}

export interface GameSearchResult {
  readonly query: string;
  readonly games: readonly GameHit[];
  readonly source: SearchSource;
  /** For "{n} result(s) filtered out to avoid potentially problematic fan-made content". */
  readonly filteredOut: number;
  /** Answered from this device only (offline, or the server could not be reached). */
  readonly fromDevice: boolean;
  /** Whether this is the final answer (false: the local step, the remote one is on its way). */
  readonly complete: boolean;
}

export interface UserHit {
  readonly id: number;
  readonly username: string;
  readonly name: string | null;
  readonly bio: string | null;
  readonly avatar_url: string | null;
}

export interface UserSearchResult {
  readonly users: readonly UserHit[];
  readonly fromDevice: boolean;
}

export interface Platform {
  readonly id: number;
  readonly name: string;
}

/** The browse page's query, from either of the address's parameter sets (core/search/browse-params.ts). */
export type { BrowseParams as BrowseQuery, BrowseSortField, SortOrder } from '../../core/search/browse-params.ts';

export interface BrowseResult {
  readonly games: readonly GameHit[];
  /** Every match, across pages. */
  readonly total: number;
  readonly source: SearchSource;
  readonly filteredOut: number;
  readonly fromDevice: boolean;
}
