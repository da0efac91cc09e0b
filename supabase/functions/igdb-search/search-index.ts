// An in-memory token index over folded game names and alternative names. A query matches a game
// when every query token is a prefix of one of the game's tokens (a number must match a whole
// token, so "final fantasy 1" does not find "Final Fantasy X"); matches rank exact name >
// name prefix > all tokens contained, then by rating count, shorter name, lower id.
import { foldText, foldTokens } from './fold.ts';

const isNumber = (token: string): boolean => /^\d+$/.test(token);
const tokenMatches = (token: string, query: string): boolean =>
  isNumber(query) ? token === query : token.startsWith(query);

interface Scored {
  readonly doc: number;
  readonly tier: number;
  readonly length: number;
}

export interface IndexedDoc {
  readonly names: readonly string[];
  readonly popularity: number;
}

interface Doc extends IndexedDoc {
  readonly tokens: readonly string[];
}

export class SearchIndex {
  private readonly docs: Doc[] = [];
  private readonly postings = new Map<string, number[]>();
  private readonly vocabulary: string[];
  private readonly stamp: Int32Array;
  private query = 0;

  constructor(docs: readonly IndexedDoc[]) {
    docs.forEach((d, i) => {
      const names = d.names.map(foldText).filter((n) => n.length > 0);
      const tokens = [...new Set(names.flatMap((n) => n.split(' ')))];
      this.docs.push({ names, popularity: d.popularity, tokens });
      for (const t of tokens) {
        const list = this.postings.get(t);
        if (list) list.push(i);
        else this.postings.set(t, [i]);
      }
    });
    this.vocabulary = [...this.postings.keys()].sort();
    this.stamp = new Int32Array(docs.length);
  }

  /** The first vocabulary position whose token is not below `target`. */
  private lower(target: string): number {
    let lo = 0;
    let hi = this.vocabulary.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.vocabulary[mid] ?? '') < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Vocabulary tokens the query token matches, as a [from, to) range of the sorted vocabulary. */
  private range(query: string): [number, number] {
    const from = this.lower(query);
    if (isNumber(query)) return this.vocabulary[from] === query ? [from, from + 1] : [from, from];
    return [from, this.lower(`${query}\uffff`)];
  }

  private candidates(tokens: readonly string[]): number[] {
    let best: [number, number] = [0, 0];
    let bestSize = Infinity;
    for (const t of tokens) {
      const [from, to] = this.range(t);
      let size = 0;
      for (let v = from; v < to && size < bestSize; v++)
        size += this.postings.get(this.vocabulary[v] ?? '')?.length ?? 0;
      if (size < bestSize) {
        bestSize = size;
        best = [from, to];
      }
      if (size === 0) return [];
    }
    const id = ++this.query;
    const out: number[] = [];
    for (let v = best[0]; v < best[1]; v++) {
      for (const d of this.postings.get(this.vocabulary[v] ?? '') ?? []) {
        if (this.stamp[d] === id) continue;
        this.stamp[d] = id;
        out.push(d);
      }
    }
    return out;
  }

  /** Indexes of the best `limit` documents for `term`, best first (a bounded top-k, no full sort). */
  search(term: string, limit: number): number[] {
    const tokens = [...new Set(foldTokens(term))];
    if (tokens.length === 0 || limit < 1) return [];
    const folded = tokens.join(' ');
    const top: Scored[] = [];
    const better = (a: Scored, b: Scored): number =>
      b.tier - a.tier ||
      (this.docs[b.doc]?.popularity ?? 0) - (this.docs[a.doc]?.popularity ?? 0) ||
      a.length - b.length ||
      a.doc - b.doc;
    for (const d of this.candidates(tokens)) {
      const doc = this.docs[d];
      if (!doc) continue;
      // Candidates already match the rarest token; check the others.
      if (tokens.length > 1 && !tokens.every((q) => doc.tokens.some((t) => tokenMatches(t, q)))) continue;
      let tier = 1;
      let length = Infinity;
      for (const name of doc.names) {
        const t = name === folded ? 3 : name.startsWith(folded) ? 2 : 1;
        if (t > tier || (t === tier && name.length < length)) length = name.length;
        tier = Math.max(tier, t);
      }
      const entry = { doc: d, tier, length };
      const worst = top[top.length - 1];
      if (top.length >= limit && worst && better(entry, worst) >= 0) continue;
      let lo = 0;
      let hi = top.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const at = top[mid];
        if (at && better(at, entry) <= 0) lo = mid + 1;
        else hi = mid;
      }
      top.splice(lo, 0, entry);
      if (top.length > limit) top.pop();
    }
    return top.map((s) => s.doc);
  }
}
