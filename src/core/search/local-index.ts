// A suggestion index over the cached catalogue, built once: folded name and alternative-name words
// → postings (in notability order), a sorted dictionary for prefixes and a trigram map for typos.
// Candidates are ranked by score.ts; typo candidates are checked with Fuse.js first.
import { FUZZY_CANDIDATE_CAP, LOCAL_CANDIDATE_CAP, LOCAL_SCORED_CAP, SUGGESTION_LIMIT } from './constants.ts';
import { categoryPriority } from './score.ts';
import { effectiveCategory } from './category.ts';
import { fuzzySearch, toFuzzyDoc } from './fuzzy.ts';
import { findIconic } from './iconic.ts';
import { normalizeText, tokenize } from './normalize.ts';
import { prepareQuery } from './query.ts';
import { rankGames, type RankOutcome } from './rank.ts';
import { boundedDistance, maxEdits, trigrams } from './typo.ts';
import type { SearchGame } from './types.ts';

export interface LocalIndex {
  readonly size: number;
  /** Ranked suggestions, protection applied. */
  search(raw: string, options: { readonly nowSeconds: number; readonly limit?: number }): RankOutcome;
}

/** Higher for entries users most likely mean: main games first, then the most rated and popular. */
const notability = (g: SearchGame): number =>
  categoryPriority(effectiveCategory(g)) + (g.rating_count ?? 0) + (g.popularity ?? 0) + (g.rating ?? 0);

export function buildLocalIndex(catalogue: readonly SearchGame[]): LocalIndex {
  const games = [...catalogue].sort((a, b) => notability(b) - notability(a) || a.id - b.id);
  const names = games.map((g) => normalizeText(g.name));
  const iconic = games.map(
    (g, i) =>
      findIconic([names[i] ?? '', ...(g.alternative_names ?? []).map(normalizeText)], g.release_year) !== undefined,
  );
  const docWords = games.map((g) => [
    ...new Set([...tokenize(g.name), ...(g.alternative_names ?? []).flatMap(tokenize)]),
  ]);
  const postings = new Map<string, number[]>();
  docWords.forEach((words, rank) => {
    for (const w of words) {
      const list = postings.get(w);
      if (list === undefined) postings.set(w, [rank]);
      else list.push(rank);
    }
  });
  const dictionary = [...postings.keys()].sort();
  const grams = new Map<string, number[]>();
  dictionary.forEach((word, id) => {
    for (const g of new Set(trigrams(word))) {
      const list = grams.get(g);
      if (list === undefined) grams.set(g, [id]);
      else list.push(id);
    }
  });
  const marks = new Uint32Array(games.length);
  let stamp = 0;

  const prefixWords = (prefix: string): string[] => {
    let lo = 0;
    let hi = dictionary.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((dictionary[mid] ?? '') < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < dictionary.length && (dictionary[i] ?? '').startsWith(prefix); i++)
      out.push(dictionary[i] ?? '');
    return out;
  };

  const similarWords = (word: string): string[] => {
    const max = maxEdits(word.length);
    if (max === 0) return [];
    const seen = new Set<number>();
    const out: string[] = [];
    for (const g of trigrams(word)) {
      for (const id of grams.get(g) ?? []) {
        if (seen.has(id)) continue;
        seen.add(id);
        const candidate = dictionary[id] ?? '';
        if (boundedDistance(word, candidate, max) <= max) out.push(candidate);
      }
    }
    return out;
  };

  /** Docs (ranks, notability order) having, for every slot, one of its words; at most `cap`. */
  const matchAll = (slots: readonly (readonly string[])[], cap: number): number[] => {
    const sets = slots.map((words) => new Set(words));
    const sizes = slots.map((words) => words.reduce((n, w) => n + (postings.get(w)?.length ?? 0), 0));
    const driver = sizes.indexOf(Math.min(...sizes));
    stamp++;
    for (const w of slots[driver] ?? []) for (const r of postings.get(w) ?? []) marks[r] = stamp;
    const out: number[] = [];
    for (let r = 0; r < games.length && out.length < cap; r++) {
      if (marks[r] !== stamp) continue;
      const words = docWords[r] ?? [];
      if (sets.every((set, i) => i === driver || words.some((w) => set.has(w)))) out.push(r);
    }
    return out;
  };

  return {
    size: games.length,
    search(raw, { nowSeconds, limit = SUGGESTION_LIMIT }) {
      const q = prepareQuery(raw);
      if (q.tokens.length === 0) return { ranked: [], filteredOut: 0 };
      const last = q.tokens.length - 1;
      const slots = q.tokens.map((t, i) => (i === last ? prefixWords(t) : postings.has(t) ? [t] : []));
      let ranks = slots.every((s) => s.length > 0) ? matchAll(slots, LOCAL_CANDIDATE_CAP) : [];
      if (ranks.length === 0) {
        // Typo path: each word may also be a near miss of a dictionary word; Fuse confirms the candidates.
        const loose = q.tokens.map((t, i) => ((slots[i] ?? []).length > 0 ? (slots[i] ?? []) : similarWords(t)));
        const usable = loose.filter((s) => s.length > 0);
        if (usable.length === 0) return { ranked: [], filteredOut: 0 };
        const docs = matchAll(usable, FUZZY_CANDIDATE_CAP).flatMap((r) => {
          const g = games[r];
          return g === undefined ? [] : [toFuzzyDoc(g, r)];
        });
        ranks = fuzzySearch(docs, q.text, q.fuzzyThreshold).map((d) => d.index);
      }
      if (ranks.length > LOCAL_SCORED_CAP) {
        // Cheap pre-rank: exact titles, then titles starting with the query, then the rest; ties keep notability order.
        const cls = (r: number) => {
          const n = names[r] ?? '';
          return n === q.text || iconic[r] === true ? 0 : n.startsWith(q.text) ? 1 : n.includes(q.text) ? 2 : 3;
        };
        ranks = ranks
          .map((r) => [cls(r), r] as const)
          .sort((a, b) => a[0] - b[0] || a[1] - b[1])
          .slice(0, LOCAL_SCORED_CAP)
          .map(([, r]) => r);
      }
      const found = ranks.map((r) => games[r]).filter((g): g is SearchGame => g !== undefined);
      return rankGames(
        found,
        q,
        nowSeconds,
        limit,
        ranks.map((r) => names[r] ?? ''),
      );
    },
  };
}
