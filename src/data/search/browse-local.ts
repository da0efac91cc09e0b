// The browse page's filters, sort and paging over games already in hand (a ranked search, or the
// device's catalogue when offline). Pure, so the server's browse_games and this agree in tests.
import { BROWSE_PAGE_SIZE } from '../../core/search/constants.ts';
import type { BrowseQuery, GameHit } from './types.ts';

// One collator for every comparison: localeCompare with options builds one per call.
let collator: Intl.Collator | undefined;
const byName = (a: GameHit, b: GameHit) =>
  (collator ??= new Intl.Collator(undefined, { sensitivity: 'base' })).compare(a.name, b.name) || a.id - b.id;

/** Compares two possibly-missing figures; missing ones always go last, whatever the order. */
function figure(a: number | null, b: number | null, order: 'asc' | 'desc'): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return order === 'asc' ? a - b : b - a;
}

export function sortHits(hits: readonly GameHit[], sort: BrowseQuery['sort'], order: BrowseQuery['order']): GameHit[] {
  const list = [...hits];
  switch (sort) {
    case 'relevance':
      return order === 'asc' ? list.reverse() : list;
    case 'name':
      return list.sort((a, b) => (order === 'asc' ? byName(a, b) : byName(b, a)));
    case 'release_date':
      return list.sort((a, b) => figure(a.first_release_date, b.first_release_date, order) || byName(a, b));
    case 'avg_rating':
      return list.sort(
        (a, b) =>
          figure(a.avg_user_rating, b.avg_user_rating, order) ||
          b.user_rating_count - a.user_rating_count ||
          byName(a, b),
      );
    case 'rating_count':
    case 'popularity':
      return list.sort((a, b) => figure(a.user_rating_count, b.user_rating_count, order) || byName(a, b));
  }
}

export function matchesFilters(hit: GameHit, query: BrowseQuery, platformNames: ReadonlyMap<number, string>): boolean {
  if (query.year !== null && hit.release_year !== query.year) return false;
  if (query.minRating !== null && (hit.avg_user_rating === null || hit.avg_user_rating < query.minRating)) return false;
  if (query.genres.length > 0) {
    const wanted = new Set(query.genres.map((g) => g.toLowerCase()));
    if (!hit.genres.some((g) => wanted.has(g.toLowerCase()))) return false;
  }
  if (query.platforms.length > 0) {
    const wanted = new Set(query.platforms.flatMap((id) => platformNames.get(id)?.toLowerCase() ?? []));
    if (!hit.platforms.some((p) => wanted.has(p.toLowerCase()))) return false;
  }
  return true;
}

export function browseOnDevice(
  hits: readonly GameHit[],
  query: BrowseQuery,
  platformNames: ReadonlyMap<number, string>,
): { games: GameHit[]; total: number } {
  const kept = sortHits(
    hits.filter((h) => matchesFilters(h, query, platformNames)),
    query.sort,
    query.order,
  );
  const start = (Math.max(1, query.page) - 1) * BROWSE_PAGE_SIZE;
  return { games: kept.slice(start, start + BROWSE_PAGE_SIZE), total: kept.length };
}
