// Merging local (database) and remote (IGDB) results: one deterministic, pure step.
// Duplicates are matched by external id (a database row's igdb_id, a remote game's id); on a tie the
// local row wins and the remote copy only fills fields the local row lacks.
import { SUGGESTION_LIMIT } from './constants.ts';
import { prepareQuery } from './query.ts';
import { rankGames } from './rank.ts';
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

export function mergeResults(local: readonly SearchGame[], remote: readonly SearchGame[], rawQuery: string,
  options: { readonly nowSeconds: number; readonly limit?: number }): MergedResults {
  const byId = new Map<number, { game: SearchGame; fromLocal: boolean }>();
  for (const game of local) if (!byId.has(externalId(game))) byId.set(externalId(game), { game, fromLocal: true });
  for (const game of remote) {
    const existing = byId.get(externalId(game));
    if (existing === undefined) byId.set(externalId(game), { game, fromLocal: false });
    else if (existing.fromLocal) existing.game = fillMissing(existing.game, game);
  }
  const entries = [...byId.values()];
  const origin = new Map(entries.map((e) => [e.game, e.fromLocal]));
  const { ranked, filteredOut } = rankGames(entries.map((e) => e.game), prepareQuery(rawQuery), options.nowSeconds,
    options.limit ?? SUGGESTION_LIMIT);
  const fromLocal = ranked.filter((r) => origin.get(r.game) === true).length;
  const source: SearchSource = fromLocal === ranked.length ? 'database' : fromLocal === 0 ? 'igdb' : 'mixed';
  return { games: ranked, source, filteredOut };
}
