// What the search service answers with: the shapes the search screens render.
import type { GameHit, SearchSource } from '../../core/search/types.ts';

export type { GameHit };

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
