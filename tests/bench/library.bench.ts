// The profile's library filter, one keystroke at a time, over a 5,000-game library
// (names from the bench catalogue), side by side in one run with two baselines over the same
// items and the same sort: a plain linear substring filter (no typos, no folding beyond lower
// case) and Fuse.js (typo tolerant, the header search's fuzzy set-up). Every prefix of each query
// is one keystroke; the first keystrokes of each baseline are not timed apart (all are).
import { performance } from 'node:perf_hooks';
import Fuse from 'fuse.js';
import { EMPTY_LIBRARY_QUERY, LIBRARY_STATUSES, type LibraryQuery } from '../../src/core/library/library-query.ts';
import { buildLibraryView, type LibraryItem } from '../../src/core/library/library-view.ts';
import { platformName } from '../../src/core/platforms.ts';
import type { SearchGame } from '../../src/core/search/types.ts';
import { quantile } from './stats.ts';

export const LIBRARY_SIZE = 5000;

export interface LibraryFigures {
  readonly buildMs: number;
  readonly view: { p50: number; p95: number };
  readonly substring: { p50: number; p95: number };
  readonly fuse: { p50: number; p95: number };
  readonly keystrokes: number;
  /** Share of typo queries the view found their game for, and the substring baseline. */
  readonly typoFound: { view: number; substring: number };
}

/** A member's library: `size` games spread over the catalogue, with statuses, ratings and dates. */
export function libraryOf(games: readonly SearchGame[], size = LIBRARY_SIZE): LibraryItem[] {
  const step = Math.max(1, Math.floor(games.length / size));
  const out: LibraryItem[] = [];
  for (let i = 0; out.length < size && i < games.length; i += step) {
    const g = games[i];
    if (!g) continue;
    const n = out.length;
    const release =
      typeof g.first_release_date === 'number'
        ? new Date(g.first_release_date * 1000).toISOString().slice(0, 10)
        : null;
    out.push({
      key: String(g.id),
      name: g.name,
      statuses: [LIBRARY_STATUSES[n % 4] ?? 'started'],
      platforms: (g.platforms ?? []).map(platformName),
      rating: n % 3 === 0 ? null : 1 + (n % 19) / 2,
      reviewed: n % 5 === 0,
      year: release ? Number(release.slice(0, 4)) : null,
      releaseDate: release,
      updatedAt: new Date(Date.UTC(2024, 0, 1) + n * 60_000).toISOString(),
      minutesPlayed: (n * 37) % 5000,
    });
  }
  return out;
}

/** A typo in a word: two neighbouring letters swapped (the commonest slip). */
function typo(name: string): string {
  const words = name.split(' ');
  const at = words.findIndex((w) => /^[A-Za-z]{5,}$/.test(w));
  const w = words[at];
  if (w === undefined) return name;
  words[at] = `${w.slice(0, 1)}${w[2] ?? ''}${w[1] ?? ''}${w.slice(3)}`;
  return words.join(' ');
}

const timed = (run: () => unknown): number => {
  const t = performance.now();
  run();
  return performance.now() - t;
};
const summary = (samples: number[]) => ({ p50: quantile(samples, 0.5), p95: quantile(samples, 0.95) });

export function benchLibrary(games: readonly SearchGame[]): LibraryFigures {
  const items = libraryOf(games);
  const t = performance.now();
  const view = buildLibraryView(items);
  view.apply(EMPTY_LIBRARY_QUERY);
  const buildMs = performance.now() - t;

  // 40 titles the member holds, typed as written and with a typo, each with a filter and a sort.
  const picks = Array.from({ length: 40 }, (_, i) => items[Math.floor((i * items.length) / 40)]?.name ?? '');
  const queries = picks.flatMap((name) => [name.slice(0, 24), typo(name).slice(0, 24)]);
  const extra = (i: number): Partial<LibraryQuery> =>
    i % 3 === 0 ? { status: 'finished', sort: 'rating' } : i % 3 === 1 ? { sort: 'name' } : {};

  // Baseline 1: plain substring over lower-cased names, then the same sort (done per keystroke).
  const lower = items.map((i) => i.name.toLowerCase());
  const substring = (text: string, sortByName: boolean) => {
    const needle = text.toLowerCase();
    const hits = items.filter((_, i) => (lower[i] ?? '').includes(needle));
    return sortByName ? hits.sort((a, b) => (a.name < b.name ? -1 : 1)) : hits;
  };
  // Baseline 2: Fuse.js over the names (its index built once, not timed).
  const fuse = new Fuse(items, { keys: ['name'], threshold: 0.4, ignoreLocation: true });

  const viewMs: number[] = [];
  const subMs: number[] = [];
  const fuseMs: number[] = [];
  queries.forEach((q, i) => {
    const base = { ...EMPTY_LIBRARY_QUERY, ...extra(i) };
    for (let k = 1; k <= q.length; k++) {
      const text = q.slice(0, k);
      viewMs.push(timed(() => view.apply({ ...base, text })));
      subMs.push(timed(() => substring(text, base.sort === 'name')));
      if (k % 3 === 0 || k === q.length) fuseMs.push(timed(() => fuse.search(text)));
    }
  });
  const typoQueries = picks.map((name) => typo(name).slice(0, 24));
  const found = (hits: (q: string, name: string) => boolean) =>
    typoQueries.filter((q, i) => hits(q, picks[i] ?? '')).length / typoQueries.length;
  return {
    buildMs,
    keystrokes: viewMs.length,
    view: summary(viewMs),
    substring: summary(subMs),
    fuse: summary(fuseMs),
    typoFound: {
      view: found((q, name) => view.apply({ ...EMPTY_LIBRARY_QUERY, text: q }).some((i) => i.name === name)),
      substring: found((q, name) => substring(q, false).some((i) => i.name === name)),
    },
  };
}
