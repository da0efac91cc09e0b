// The game shape search works on: an IGDB-like record, from the local catalogue or the remote search.

export interface SearchGame {
  /** The external (IGDB) id for remote games; the local id for database rows. */
  readonly id: number;
  /** Set on database rows found through IGDB: used to merge local and remote results. */
  readonly igdb_id?: number | null;
  readonly name: string;
  readonly alternative_names?: readonly string[];
  /** IGDB category code (0 main … 14 update); null or missing means unknown. */
  readonly category?: number | null;
  /** A heuristic category when the real one is unknown (the catalogue file's category_guess). */
  readonly category_guess?: number | null;
  /** Unix seconds. */
  readonly first_release_date?: number | null;
  readonly release_year?: number | null;
  readonly platforms?: readonly string[];
  readonly genres?: readonly string[];
  readonly developer?: string | null;
  readonly publisher?: string | null;
  readonly involved_companies?: readonly string[];
  readonly summary?: string | null;
  readonly description?: string | null;
  /** 0–100. */
  readonly rating?: number | null;
  readonly rating_count?: number | null;
  readonly user_rating_count?: number | null;
  /** Engagement signals (IGDB follows + hypes). */
  readonly follows?: number | null;
  readonly hypes?: number | null;
  /** A single popularity figure, capped at POPULARITY_CAP when scored. */
  readonly popularity?: number | null;
}

export type SearchSource = 'database' | 'igdb' | 'mixed';

export interface RankedGame {
  readonly game: SearchGame;
  readonly score: number;
  /** The final tier (1200, 1000, 800, 400, 200 or 100). */
  readonly tier: number;
}

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
