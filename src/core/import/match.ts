// How a row of the file ends, given the games the search ranking found for it (device catalogue
// first, then the catalogue function): matched, needs a choice, or not found. A row naming its IGDB
// id is matched by that id alone.
import type { GameSummary } from '../mutations.ts';
import { normalizeText } from '../search/normalize.ts';
import { IMPORT_CANDIDATES } from './constants.ts';
import type { ImportRow } from './types.ts';

/** A game a row may be: what the preview shows, and what the mutations need. */
export interface MatchCandidate {
  readonly igdb_id: number;
  readonly name: string;
  readonly year: number | null;
  readonly cover_url: string | null;
  /** What to send with the first write when the server may not have the game yet (found only externally). */
  readonly summary: GameSummary | null;
}

export type RowMatch =
  | { readonly kind: 'matched'; readonly game: MatchCandidate; readonly by: 'igdb_id' | 'name' | 'choice' }
  | { readonly kind: 'choice'; readonly candidates: readonly MatchCandidate[] }
  | { readonly kind: 'none' };

/**
 * `ranked` is the search's answer for the row's title, best first. Matched when exactly one game has
 * the title (folded: case, accents, numerals) and the row's year, or ±1 year (regional release
 * dates), or, without a year, when exactly one game has the title. Otherwise the best candidates
 * are offered; none at all is "not found".
 */
export function decideMatch(row: Pick<ImportRow, 'title' | 'year'>, ranked: readonly MatchCandidate[]): RowMatch {
  if (ranked.length === 0) return { kind: 'none' };
  const title = normalizeText(row.title);
  const same = ranked.filter((g) => normalizeText(g.name) === title);
  const pick = (list: readonly MatchCandidate[]): RowMatch | null =>
    list.length === 1 && list[0] ? { kind: 'matched', game: list[0], by: 'name' } : null;
  if (row.year !== null) {
    const year = row.year;
    const chosen =
      pick(same.filter((g) => g.year === year)) ??
      pick(same.filter((g) => g.year !== null && Math.abs(g.year - year) <= 1));
    if (chosen) return chosen;
    if (same.length === 1 && same[0]?.year === null) return pick(same) ?? { kind: 'none' };
  } else {
    const chosen = pick(same);
    if (chosen) return chosen;
  }
  // Best first: exact titles (nearest year first), then the rest as ranked.
  const near = (g: MatchCandidate) => (row.year === null || g.year === null ? 50 : Math.abs(g.year - row.year));
  const ordered = [...same].sort((a, b) => near(a) - near(b));
  const rest = ranked.filter((g) => !same.includes(g));
  return { kind: 'choice', candidates: [...ordered, ...rest].slice(0, IMPORT_CANDIDATES) };
}
