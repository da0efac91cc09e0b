// A member's library as one filterable list: every game they track, rate or play,
// with what the filters and sorts read. Built once per change of the list; `apply` then runs per
// keystroke: each sort's order is computed once and kept, so a keystroke only grades the text
// (text-match.ts) and walks one ready order.
import { normalizeText } from '../search/normalize.ts';
import type { LibraryQuery, LibrarySort, LibraryStatus } from './library-query.ts';
import { prepareQuery } from '../search/query.ts';
import { buildTextIndex, EXACT, TYPO, type TextIndex } from './text-match.ts';

export interface LibraryItem {
  readonly key: string;
  readonly name: string;
  readonly statuses: readonly LibraryStatus[];
  /** Short platform names (core/platforms.ts platformName). */
  readonly platforms: readonly string[];
  readonly rating: number | null;
  /** Has a written review (a rating alone is not one). */
  readonly reviewed: boolean;
  readonly year: number | null;
  /** ISO date of first release, when known. */
  readonly releaseDate: string | null;
  /** ISO timestamp of the member's latest change to this game. */
  readonly updatedAt: string;
  readonly minutesPlayed: number;
}

export interface LibraryView<T extends LibraryItem> {
  readonly size: number;
  /** Platforms and release years present, for the filter menus (sorted). */
  readonly platforms: readonly string[];
  readonly years: readonly number[];
  apply(query: LibraryQuery): T[];
}

type Compare = (a: number, b: number) => number;

export function buildLibraryView<T extends LibraryItem>(items: readonly T[]): LibraryView<T> {
  const names = items.map((item) => normalizeText(item.name));
  // The text index is built on the first text to match, not with the view: an unfiltered list
  // (the tab's first screen over thousands of games) need not wait for it.
  let text: TextIndex | null = null;
  const grade = (raw: string): Uint8Array | null => {
    const query = prepareQuery(raw);
    if (query.tokens.length === 0) return null;
    text ??= buildTextIndex(items.map((item) => item.name));
    return text.grade(query);
  };
  const byName: Compare = (a, b) => {
    const x = names[a] ?? '';
    const y = names[b] ?? '';
    return x < y ? -1 : x > y ? 1 : a - b;
  };
  const at = (i: number): T => items[i] as T;
  /** Larger first, unknown (null) last, then by name. */
  const desc =
    (value: (item: T) => number | string | null): Compare =>
    (a, b) => {
      const x = value(at(a));
      const y = value(at(b));
      if (x === y) return byName(a, b);
      if (x === null) return 1;
      if (y === null) return -1;
      return x < y ? 1 : -1;
    };
  const compare: Record<LibrarySort, Compare> = {
    updated: desc((i) => i.updatedAt),
    rating: desc((i) => i.rating),
    name: byName,
    release: desc((i) => i.releaseDate),
    played: desc((i) => (i.minutesPlayed > 0 ? i.minutesPlayed : null)),
  };
  const orders = new Map<LibrarySort, Int32Array>();
  const orderOf = (sort: LibrarySort): Int32Array => {
    let order = orders.get(sort);
    if (!order) {
      order = Int32Array.from(items.keys()).sort(compare[sort]);
      orders.set(sort, order);
    }
    return order;
  };

  const keeps = (item: T, q: LibraryQuery): boolean => {
    if (q.status !== null && !item.statuses.includes(q.status)) return false;
    if (q.platform !== null && !item.platforms.includes(q.platform)) return false;
    if (q.year !== null && item.year !== q.year) return false;
    if (q.reviewed !== null && item.reviewed !== (q.reviewed === 'yes')) return false;
    if (q.ratingMin !== null || q.ratingMax !== null) {
      if (item.rating === null) return false;
      if (q.ratingMin !== null && item.rating < q.ratingMin) return false;
      if (q.ratingMax !== null && item.rating > q.ratingMax) return false;
    }
    return true;
  };

  return {
    size: items.length,
    platforms: [...new Set(items.flatMap((i) => i.platforms))].sort((a, b) =>
      a.toLowerCase().localeCompare(b.toLowerCase()),
    ),
    years: [...new Set(items.flatMap((i) => (i.year === null ? [] : [i.year])))].sort((a, b) => b - a),
    apply(query) {
      const grades = grade(query.text);
      const exact: T[] = [];
      const typo: T[] = [];
      for (const i of orderOf(query.sort)) {
        const g = grades === null ? EXACT : grades[i];
        if (g !== EXACT && g !== TYPO) continue;
        const item = at(i);
        if (!keeps(item, query)) continue;
        (g === EXACT ? exact : typo).push(item);
      }
      return exact.concat(typo);
    },
  };
}
