// The Fuse.js set-up of the search spec ("Fuzzy weights"), shared by the typo fallback and the
// benchmark.
import Fuse, { type IFuseOptions } from 'fuse.js';
import {
  FUSE_MATCH_THRESHOLD,
  FUZZY_WEIGHT_ALT_NAMES,
  FUZZY_WEIGHT_COMPANY,
  FUZZY_WEIGHT_GENRES,
  FUZZY_WEIGHT_NAME,
  FUZZY_WEIGHT_SUMMARY,
  FUZZY_WEIGHT_TOTAL,
  FUZZY_WEIGHT_WORDS,
} from './constants.ts';
import { normalizeText, tokenize } from './normalize.ts';
import type { SearchGame } from './types.ts';

/** The fields Fuse searches, folded like queries. */
export interface FuzzyDoc {
  readonly index: number;
  readonly name: string;
  readonly alternativeNames: readonly string[];
  readonly words: readonly string[];
  readonly companies: readonly string[];
  readonly summary: string;
  readonly genres: readonly string[];
}

export function toFuzzyDoc(game: SearchGame, index: number): FuzzyDoc {
  return {
    index,
    name: normalizeText(game.name),
    alternativeNames: (game.alternative_names ?? []).map(normalizeText),
    words: tokenize(game.name),
    companies: [game.developer, game.publisher].filter((c): c is string => c != null).map(normalizeText),
    summary: game.summary != null ? normalizeText(game.summary) : '',
    genres: (game.genres ?? []).map(normalizeText),
  };
}

/** "name 100, alternative names 80, words 60, developer or publisher 30, summary 20, genres 10, normalised over 300". */
export const FUSE_OPTIONS: IFuseOptions<FuzzyDoc> = {
  keys: [
    { name: 'name', weight: FUZZY_WEIGHT_NAME / FUZZY_WEIGHT_TOTAL },
    { name: 'alternativeNames', weight: FUZZY_WEIGHT_ALT_NAMES / FUZZY_WEIGHT_TOTAL },
    { name: 'words', weight: FUZZY_WEIGHT_WORDS / FUZZY_WEIGHT_TOTAL },
    { name: 'companies', weight: FUZZY_WEIGHT_COMPANY / FUZZY_WEIGHT_TOTAL },
    { name: 'summary', weight: FUZZY_WEIGHT_SUMMARY / FUZZY_WEIGHT_TOTAL },
    { name: 'genres', weight: FUZZY_WEIGHT_GENRES / FUZZY_WEIGHT_TOTAL },
  ],
  threshold: FUSE_MATCH_THRESHOLD,
  ignoreLocation: true,
  includeScore: true,
};

/** Fuzzy search over docs; keeps results whose relevance (1 − Fuse score) reaches `minRelevance`. */
export function fuzzySearch(
  docs: readonly FuzzyDoc[],
  query: string,
  minRelevance: number,
  fuse = new Fuse(docs, FUSE_OPTIONS),
): FuzzyDoc[] {
  return fuse
    .search(query)
    .filter((r) => 1 - (r.score ?? 1) >= minRelevance)
    .map((r) => r.item);
}
