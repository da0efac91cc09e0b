// Merging local (database) and remote (IGDB) results: one deterministic, pure step.
// Duplicates are matched by external id (a database row's igdb_id, a remote game's id); on a tie the
// local row wins and the remote copy only fills fields the local row lacks.
import { RELEVANCE_CUT_FRACTION, RELEVANCE_CUT_SCALE, SUGGESTION_LIMIT } from './constants.ts';
import { fuzzySearch, toFuzzyDoc } from './fuzzy.ts';
import { prepareQuery, type PreparedQuery } from './query.ts';
import { rankGames } from './rank.ts';
import { matchRelevance } from './score.ts';
import type { RankedGame, SearchGame, SearchSource } from './types.ts';

export interface MergedResults {
  readonly games: RankedGame[];
  readonly source: SearchSource;
  /** For "{n} result(s) filtered out to avoid potentially problematic fan-made content". */
  readonly filteredOut: number;
}

const externalId = (game: SearchGame): number => game.igdb_id ?? game.id;

function fillMissing(local: SearchGame, remote: SearchGame): SearchGame {
  const filled: Record<string, unknown> = { ...remote };
  for (const [key, value] of Object.entries(local)) if (value !== undefined && value !== null) filled[key] = value;
  // Every key comes from one of two SearchGames, so the result is one.
  return filled as unknown as SearchGame;
}

/**
 * The relevance cut: a remote game is kept when its own text scores at least 0.12 of 260, or when
 * the fuzzy match (the spec's fuzzy weights) reaches the threshold (0.08 known franchise, 0.12
 * otherwise), so a typo still finds its game while unrelated rows the external search returns are
 * dropped.
 */
export function relevantOnly(games: readonly SearchGame[], q: PreparedQuery): SearchGame[] {
  const cut = RELEVANCE_CUT_FRACTION * RELEVANCE_CUT_SCALE;
  const weak = games.filter((g) => matchRelevance(g, q) < cut);
  if (weak.length === 0) return [...games];
  const rescued = new Set(fuzzySearch(weak.map(toFuzzyDoc), q.text, q.fuzzyThreshold).map((d) => weak[d.index]));
  const dropped = new Set(weak.filter((g) => !rescued.has(g)));
  return games.filter((g) => !dropped.has(g));
}

export function mergeResults(
  local: readonly SearchGame[],
  remote: readonly SearchGame[],
  rawQuery: string,
  options: { readonly nowSeconds: number; readonly limit?: number },
): MergedResults {
  const byId = new Map<number, { game: SearchGame; fromLocal: boolean }>();
  for (const game of local) if (!byId.has(externalId(game))) byId.set(externalId(game), { game, fromLocal: true });
  const q = prepareQuery(rawQuery);
  for (const game of relevantOnly(remote, q)) {
    const existing = byId.get(externalId(game));
    if (existing === undefined) byId.set(externalId(game), { game, fromLocal: false });
    else if (existing.fromLocal) existing.game = fillMissing(existing.game, game);
  }
  const entries = [...byId.values()];
  const origin = new Map(entries.map((e) => [e.game, e.fromLocal]));
  const { ranked, filteredOut } = rankGames(
    entries.map((e) => e.game),
    q,
    options.nowSeconds,
    options.limit ?? SUGGESTION_LIMIT,
  );
  const fromLocal = ranked.filter((r) => origin.get(r.game) === true).length;
  const source: SearchSource = fromLocal === ranked.length ? 'database' : fromLocal === 0 ? 'igdb' : 'mixed';
  return { games: ranked, source, filteredOut };
}
