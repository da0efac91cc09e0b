// Protection then ranking of a candidate list: the one path both the local index and the merge use.
import { protectGame } from './protection.ts';
import type { PreparedQuery } from './query.ts';
import { compareScored, scoreGame, type GameScore } from './score.ts';
import type { RankedGame, SearchGame } from './types.ts';

export interface RankOutcome {
  readonly ranked: RankedGame[];
  readonly filteredOut: number;
}

/**
 * Filters `games` through fan-content protection and sorts the rest best first. Genre overlap is
 * measured against the genres of the best game of a first pass, so the bonus favours its family.
 * `names` may hold each game's folded name (same order) to save re-folding.
 */
export function rankGames(
  games: readonly SearchGame[],
  q: PreparedQuery,
  nowSeconds: number,
  limit: number,
  names?: readonly string[],
): RankOutcome {
  const kept: { game: SearchGame; name: string | undefined; communityMod: boolean }[] = [];
  games.forEach((game, i) => {
    const verdict = protectGame(game, nowSeconds);
    if (verdict.keep) kept.push({ game, name: names?.[i], communityMod: verdict.communityMod });
  });
  const pass = (referenceGenres?: readonly string[]) =>
    kept
      .map((k) => ({
        game: k.game,
        score: scoreGame(k.game, q, { nowSeconds, referenceGenres, communityMod: k.communityMod }, k.name),
      }))
      .sort(compareScored);
  const first = pass();
  const reference = first[0]?.game.genres;
  const scored: { game: SearchGame; score: GameScore }[] =
    reference !== undefined && reference.length > 0 ? pass(reference) : first;
  return {
    ranked: scored.slice(0, limit).map((s) => ({ game: s.game, score: s.score.score, tier: s.score.tier })),
    filteredOut: games.length - kept.length,
  };
}
