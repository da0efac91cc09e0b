// Benchmark of the local suggestion index (src/core/search) against plain Fuse.js over the whole
// catalogue, side by side in one run, plus the full ranked merge and the header search's keystroke
// (no network). tests/bench/run.ts loads the catalogue and reports the figures.
import { performance } from 'node:perf_hooks';
import Fuse from 'fuse.js';
import { FUSE_OPTIONS, fuzzySearch, toFuzzyDoc } from '../../src/core/search/fuzzy.ts';
import { buildLocalIndex } from '../../src/core/search/local-index.ts';
import { mergeResults } from '../../src/core/search/merge.ts';
import { prepareQuery } from '../../src/core/search/query.ts';
import { buildVariants } from '../../src/core/search/variants.ts';
import { PARTIAL_MATCH_LIMIT, SEARCH_PAGE_SIZE, SUGGESTION_LIMIT } from '../../src/core/search/constants.ts';
import type { SearchGame } from '../../src/core/search/types.ts';
import { quantile } from './stats.ts';

export interface SearchLocalFigures {
  /** p95 ms of one ranked suggestion list from the local index. */
  readonly indexP95: number;
  /** p95 ms of one plain Fuse.js search over the whole catalogue (spec weights and thresholds), on a sample of the queries. */
  readonly fuseP95: number;
  readonly speedup: number;
  /** p95 ms of local search + variants + merge with a canned remote answer (network excluded). */
  readonly mergeP95: number;
  readonly buildMs: number;
  /**
   * One header-search keystroke without the network: the device's answer, then the
   * merged answer after the pause. `before` ranks the device catalogue twice, as the service did
   * before (once per call); `after` ranks it once and reuses it for the merge, as it does now.
   */
  readonly keystroke: {
    readonly beforeP50: number;
    readonly beforeP95: number;
    readonly afterP50: number;
    readonly afterP95: number;
  };
}

/** Plain Fuse takes seconds per query over 70,000 games, so it is timed on an even sample of the queries. */
const FUSE_SAMPLE = 24;

const timed = (run: () => unknown): number => {
  const start = performance.now();
  run();
  return performance.now() - start;
};

export async function benchSearchLocal(games: SearchGame[], queries: readonly string[]): Promise<SearchLocalFigures> {
  const nowSeconds = Math.floor(Date.now() / 1000);
  const buildStart = performance.now();
  const index = buildLocalIndex(games);
  const buildMs = performance.now() - buildStart;

  // Plain Fuse.js over every game; its own index build is not counted.
  const fuse = new Fuse(games.map(toFuzzyDoc), FUSE_OPTIONS);
  const fuseAll = (q: string) => {
    const p = prepareQuery(q);
    return fuzzySearch([], p.text, p.fuzzyThreshold, fuse);
  };

  // A canned "remote" answer per query, made before timing: the index's own results for the first variant.
  const remote = new Map(
    queries.map((q) => {
      const variant = buildVariants(q)[0]?.searchTerm ?? q;
      return [q, index.search(variant, { nowSeconds, limit: SUGGESTION_LIMIT }).ranked.map((r) => r.game)] as const;
    }),
  );

  for (const q of queries.slice(0, 10)) index.search(q, { nowSeconds }); // warm-up
  fuseAll(queries[0] ?? 'zelda');
  const indexMs = queries.map((q) => timed(() => index.search(q, { nowSeconds, limit: SUGGESTION_LIMIT })));
  const step = Math.max(1, Math.floor(queries.length / FUSE_SAMPLE));
  const fuseMs = queries
    .filter((_, i) => i % step === 0)
    .slice(0, FUSE_SAMPLE)
    .map((q) => timed(() => fuseAll(q)));
  const mergeMs = queries.map((q) =>
    timed(() => {
      const local = index.search(q, { nowSeconds, limit: PARTIAL_MATCH_LIMIT }).ranked.map((r) => r.game);
      buildVariants(q);
      mergeResults(local, remote.get(q) ?? [], q, { nowSeconds, limit: PARTIAL_MATCH_LIMIT });
    }),
  );

  // The header's keystroke, as src/data/search/service.ts runs it: the device ranks a page
  // (SEARCH_PAGE_SIZE) for the suggestions, then the merge re-ranks it with the network's games.
  const deviceLimit = Math.max(SUGGESTION_LIMIT, SEARCH_PAGE_SIZE);
  const keystroke = (q: string, deviceRankings: number) => {
    let local = index.search(q, { nowSeconds, limit: deviceLimit });
    for (let i = 1; i < deviceRankings; i++) local = index.search(q, { nowSeconds, limit: deviceLimit });
    buildVariants(q);
    mergeResults(
      local.ranked.map((r) => r.game),
      remote.get(q) ?? [],
      q,
      { nowSeconds, limit: SUGGESTION_LIMIT },
    );
  };
  // Interleaved per query, taking turns at going first, so both paths see the same warm caches
  // and the same machine load.
  const beforeMs: number[] = [];
  const afterMs: number[] = [];
  queries.forEach((q, i) => {
    const runBefore = () => beforeMs.push(timed(() => keystroke(q, 2)));
    const runAfter = () => afterMs.push(timed(() => keystroke(q, 1)));
    if (i % 2 === 0) {
      runBefore();
      runAfter();
    } else {
      runAfter();
      runBefore();
    }
  });

  const indexP95 = quantile(indexMs, 0.95);
  const fuseP95 = quantile(fuseMs, 0.95);
  return {
    indexP95,
    fuseP95,
    speedup: fuseP95 / indexP95,
    mergeP95: quantile(mergeMs, 0.95),
    buildMs,
    keystroke: {
      beforeP50: quantile(beforeMs, 0.5),
      beforeP95: quantile(beforeMs, 0.95),
      afterP50: quantile(afterMs, 0.5),
      afterP95: quantile(afterMs, 0.95),
    },
  };
}
