// The filter box's typo-tolerant matcher, built once per list and asked once per
// keystroke. It folds text exactly as the header search does (search/query.ts prepareQuery:
// sanitised, accents and roman numerals folded, short forms like "ff7" expanded) and forgives typos
// with the header search's own rule (search/typo.ts: 1 edit up to 5 letters, 2 beyond, adjacent
// swaps count once). Every word of the query must match a word of the item:
//   - exactly, or as the start of a word ("zel" → "zelda"): grade EXACT;
//   - within the allowed edits, as a whole word or (4 letters or more) as the start of one: grade TYPO.
// An item's grade is its worst word's; exact matches are listed before typo matches.
// Joined and split words count as the words they join: an item also answers to each pair of its
// adjacent words written as one ("spiderman" finds "Spider-Man"), and a query to each pair of its
// adjacent words joined ("star craft" finds "StarCraft"). When nothing matches, the header search's
// typo path decides (local-index.ts): items having the query's usable words are confirmed by its
// Fuse.js set-up (search/fuzzy.ts), which forgives sound-alikes ("hollow nite" → "Hollow Knight").
import { FUZZY_CANDIDATE_CAP } from '../search/constants.ts';
import { fuzzySearch, type FuzzyDoc } from '../search/fuzzy.ts';
import { normalizeText, tokenize } from '../search/normalize.ts';
import { prepareQuery, type PreparedQuery } from '../search/query.ts';
import { boundedDistance, maxEdits } from '../search/typo.ts';

export const NO_MATCH = 0;
export const TYPO = 1;
export const EXACT = 2;

/** Below this many letters a query word matches no word's start with a typo ("mar" would reach "bar…"). */
const PREFIX_TYPO_MIN = 4;
/** Words joined in pairs only among a text's first few: a title's, not a whole review's. */
const JOINED_WORDS = 8;
/** Grades kept per query word, so each keystroke re-reads only the word being typed. */
const WORD_CACHE = 64;

/** The letters a-z and digits of a word as bits (digits share one bit): letters the query has and a word lacks each cost an edit. */
function letterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c >= 97 && c <= 122) mask |= 1 << (c - 97);
    else if (c >= 48 && c <= 57) mask |= 1 << 26;
    else mask |= 1 << 27;
  }
  return mask;
}

function bitCount(n: number): number {
  let v = n - ((n >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export interface TextIndex {
  readonly size: number;
  /**
   * Each item's grade (NO_MATCH, TYPO or EXACT), or null when the text asks for nothing (all match).
   * A caller that has prepared the query already passes it, so a keystroke folds the text once.
   */
  grade(query: string | PreparedQuery): Uint8Array | null;
}

export function buildTextIndex(texts: readonly string[]): TextIndex {
  const ids = new Map<string, number>();
  const words: string[] = [];
  /** Words some text has as written; the others exist only as two of a text's words joined. */
  const natural = new Set<number>();
  const idOf = (word: string): number => {
    let id = ids.get(word);
    if (id === undefined) {
      id = words.length;
      ids.set(word, id);
      words.push(word);
    }
    return id;
  };
  const docs = texts.map((text) => {
    const own = new Set<number>();
    const split = tokenize(text);
    for (const word of split) {
      const id = idOf(word);
      natural.add(id);
      own.add(id);
    }
    for (let i = 1; i < Math.min(split.length, JOINED_WORDS); i++)
      own.add(idOf(`${split[i - 1] ?? ''}${split[i] ?? ''}`));
    return Int32Array.from(own);
  });
  const masks = Int32Array.from(words, letterMask);
  const cache = new Map<string, Uint8Array>();

  /** Every dictionary word's grade against one query word. */
  const gradeWords = (token: string): Uint8Array => {
    const cached = cache.get(token);
    if (cached) return cached;
    const grades = new Uint8Array(words.length);
    const max = maxEdits(token.length);
    const n = token.length;
    const tokenMask = letterMask(token);
    for (let i = 0; i < words.length; i++) {
      const w = words[i] ?? '';
      if (w.startsWith(token)) grades[i] = EXACT;
      // Joined words answer exact matches only: a typo forgiven across a join would let "odysey42"
      // find every "Odyssey 2" (digits are never forgiven in a word of their own).
      else if (!natural.has(i)) continue;
      // Each letter the query word has and this word lacks needs an edit: most words stop here.
      else if (
        max > 0 &&
        bitCount(tokenMask & ~(masks[i] ?? 0)) <= max &&
        (boundedDistance(token, w, max) <= max ||
          (n >= PREFIX_TYPO_MIN && w.length > n && boundedDistance(token, w.slice(0, n), max) <= max))
      )
        grades[i] = TYPO;
    }
    if (cache.size >= WORD_CACHE) cache.delete(cache.keys().next().value ?? '');
    cache.set(token, grades);
    return grades;
  };

  /** A doc's best grade for one query word. */
  const bestOf = (own: Int32Array, grades: Uint8Array): number => {
    let best = NO_MATCH;
    for (let k = 0; k < own.length && best < EXACT; k++) {
      const g = grades[own[k] ?? 0] ?? NO_MATCH;
      if (g > best) best = g;
    }
    return best;
  };

  /** Raises `out` to each doc's grade for these query words (every word must match). */
  const gradeTokens = (tokens: readonly string[], out: Uint8Array, joinedAt = -1): void => {
    // Two query words joined match exactly or not at all, for the same reason as a text's.
    const perToken = tokens.map((token, i) =>
      i === joinedAt ? gradeWords(token).map((g) => (g === EXACT ? EXACT : NO_MATCH)) : gradeWords(token),
    );
    for (let d = 0; d < docs.length; d++) {
      const own = docs[d] ?? new Int32Array(0);
      let worst = EXACT;
      for (const grades of perToken) {
        worst = Math.min(worst, bestOf(own, grades));
        if (worst === NO_MATCH) break;
      }
      if (worst > (out[d] ?? NO_MATCH)) out[d] = worst;
    }
  };

  /** The header search's typo path: docs having every usable query word, confirmed by Fuse. */
  const fuzzyFallback = (q: PreparedQuery, out: Uint8Array): void => {
    const usable = [...new Set(q.tokens)].map(gradeWords).filter((grades) => grades.some((g) => g !== NO_MATCH));
    if (usable.length === 0) return;
    const candidates: FuzzyDoc[] = [];
    // As the header search, at most FUZZY_CANDIDATE_CAP candidates, in the list's order.
    docs.forEach((own, d) => {
      if (candidates.length >= FUZZY_CANDIDATE_CAP) return;
      if (!usable.every((grades) => bestOf(own, grades) !== NO_MATCH)) return;
      const text = texts[d] ?? '';
      candidates.push({
        index: d,
        name: normalizeText(text),
        alternativeNames: [],
        words: tokenize(text),
        companies: [],
        summary: '',
        genres: [],
      });
    });
    for (const doc of fuzzySearch(candidates, q.text, q.fuzzyThreshold)) out[doc.index] = TYPO;
  };

  return {
    size: texts.length,
    grade(query) {
      const q = typeof query === 'string' ? prepareQuery(query) : query;
      const { tokens } = q;
      if (tokens.length === 0) return null;
      const out = new Uint8Array(docs.length);
      gradeTokens(tokens, out);
      for (let i = 0; i + 1 < tokens.length; i++)
        gradeTokens(
          [...tokens.slice(0, i), `${tokens[i] ?? ''}${tokens[i + 1] ?? ''}`, ...tokens.slice(i + 2)],
          out,
          i,
        );
      if (out.every((g) => g === NO_MATCH)) fuzzyFallback(q, out);
      return out;
    },
  };
}

/**
 * The items (in their given order) matching the text, exact matches before typo matches.
 * `index` must have been built from these items' texts, in this order.
 */
export function filterByText<T>(items: readonly T[], index: TextIndex, query: string | PreparedQuery): T[] {
  const grades = index.grade(query);
  if (grades === null) return [...items];
  const exact: T[] = [];
  const typo: T[] = [];
  items.forEach((item, i) => {
    const g = grades[i];
    if (g === EXACT) exact.push(item);
    else if (g === TYPO) typo.push(item);
  });
  return exact.concat(typo);
}
