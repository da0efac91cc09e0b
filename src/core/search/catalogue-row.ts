// Turns a row of the shared catalogue file (games.jsonl) into a SearchGame. The file's `popularity`
// is an object of small normalised shares, so it is mapped onto the scorer's figures here (heuristic).
import type { SearchGame } from './types.ts';

interface CatalogueRow extends Omit<SearchGame, 'popularity'> {
  readonly popularity?: Readonly<Record<string, number>> | null;
}

/** Share-to-count scale for the IGDB PopScore shares (0.0002 → 200). */
const SHARE_SCALE = 1_000_000;
/** Million copies sold → popularity points (30 M sold reaches the cap of 300). */
const SALES_SCALE = 10;

export function fromCatalogueRow(row: CatalogueRow): SearchGame {
  const p = row.popularity ?? {};
  return {
    ...row,
    popularity: Math.round((p['global_sales_millions'] ?? 0) * SALES_SCALE),
    follows: Math.round((p['igdb_want_to_play'] ?? 0) * SHARE_SCALE),
    hypes: Math.round((p['igdb_playing'] ?? 0) * SHARE_SCALE),
  };
}

export function parseCatalogue(jsonl: string): SearchGame[] {
  return jsonl
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => fromCatalogueRow(JSON.parse(line) as CatalogueRow));
}
