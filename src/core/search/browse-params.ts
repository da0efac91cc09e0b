// The browse page's address: URL parameters ⇄ the query it shows, and the window of page buttons.
// Both parameter sets of the spec are read — q, platform, year, sort=field:order, page and q,
// genres, platforms, rating, sort=field — and anything unreadable becomes the default instead of an
// error, so a hand-edited or stale link always opens the page.
import { BROWSE_PAGE_BUTTONS, BROWSE_PAGE_SIZE, BROWSE_RELEASE_YEARS, QUERY_MAX_LENGTH } from './constants.ts';

// The same shape as src/data/search/types.ts BrowseQuery (core may not import data; the page
// assigns one to the other, so the compiler keeps them in step).
export type BrowseSortField = 'name' | 'release_date' | 'avg_rating' | 'rating_count' | 'relevance' | 'popularity';
export type SortOrder = 'asc' | 'desc';

export interface BrowseParams {
  readonly q: string;
  readonly platforms: readonly number[];
  readonly genres: readonly string[];
  readonly year: number | null;
  /** Minimum average member rating, 1–10. */
  readonly minRating: number | null;
  readonly sort: BrowseSortField;
  readonly order: SortOrder;
  /** 1-based. */
  readonly page: number;
}

const SORT_FIELDS: readonly BrowseSortField[] = [
  'name',
  'release_date',
  'avg_rating',
  'rating_count',
  'relevance',
  'popularity',
];
/** "avg_rating (rating)": the second parameter set writes sort=rating. */
const SORT_ALIASES: Readonly<Record<string, BrowseSortField>> = { rating: 'avg_rating' };
/** Not in spec: beyond this a page offset would overflow the server's integer; no catalogue is that big. */
const MAX_PAGE = 100_000;
/** Not in spec: a link naming more filters than this is not one a person wrote. */
const MAX_LIST_ITEMS = 50;
const MIN_RATING = 1;
const MAX_RATING = 10;

/** "default name ascending on this page". */
export const DEFAULT_BROWSE_PARAMS: BrowseParams = {
  q: '',
  platforms: [],
  genres: [],
  year: null,
  minRating: null,
  sort: 'name',
  order: 'asc',
  page: 1,
};

/**
 * A sort's own direction when the address names none. The spec's second set says "direction
 * default desc"; name is the exception (A→Z), as the server's browse_games also reads it.
 */
export const defaultOrder = (sort: BrowseSortField): SortOrder => (sort === 'name' ? 'asc' : 'desc');

/** "the current year and the 49 before it, 50 in all", newest first. */
export function releaseYears(currentYear: number): number[] {
  return Array.from({ length: BROWSE_RELEASE_YEARS }, (_, i) => currentYear - i);
}

const wholeNumber = (raw: string | null): number | null => {
  const text = raw?.trim() ?? '';
  if (!/^\d{1,15}$/.test(text)) return null;
  return Number(text);
};

const commaList = (raw: string | null): string[] =>
  (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

function parsePlatforms(params: URLSearchParams): number[] {
  const raw = [...params.getAll('platform'), ...params.getAll('platforms')].flatMap(commaList);
  const ids = raw.map((s) => wholeNumber(s)).filter((id): id is number => id !== null && id > 0);
  return [...new Set(ids)].slice(0, MAX_LIST_ITEMS);
}

function parseGenres(params: URLSearchParams): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const genre of params.getAll('genres').flatMap(commaList)) {
    const key = genre.toLowerCase();
    if (seen.has(key) || genre.length > QUERY_MAX_LENGTH) continue;
    seen.add(key);
    out.push(genre);
  }
  return out.slice(0, MAX_LIST_ITEMS);
}

function parseRating(raw: string | null): number | null {
  const text = raw?.trim() ?? '';
  if (!/^\d{1,2}(\.\d+)?$/.test(text)) return null;
  const value = Math.round(Number(text) * 10) / 10;
  return value >= MIN_RATING && value <= MAX_RATING ? value : null;
}

function parseSort(params: URLSearchParams): Pick<BrowseParams, 'sort' | 'order'> {
  const [fieldText = '', orderText = ''] = (params.get('sort') ?? '').trim().toLowerCase().split(':');
  const field = SORT_ALIASES[fieldText] ?? SORT_FIELDS.find((f) => f === fieldText);
  if (field === undefined) return { sort: DEFAULT_BROWSE_PARAMS.sort, order: DEFAULT_BROWSE_PARAMS.order };
  // Direction from sort=field:order, or a separate order= / direction=, else the sort's own.
  const named = [orderText, params.get('order'), params.get('direction')].map((o) => o?.trim().toLowerCase());
  const order = named.find((o): o is SortOrder => o === 'asc' || o === 'desc') ?? defaultOrder(field);
  return { sort: field, order };
}

/** Reads either parameter set (or a mix of both); never throws. */
export function parseBrowseParams(params: URLSearchParams, currentYear: number): BrowseParams {
  const years = releaseYears(currentYear);
  const year = wholeNumber(params.get('year'));
  const page = wholeNumber(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, QUERY_MAX_LENGTH),
    platforms: parsePlatforms(params),
    genres: parseGenres(params),
    year: year !== null && years.includes(year) ? year : null,
    minRating: parseRating(params.get('rating')),
    ...parseSort(params),
    page: page !== null && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/**
 * The canonical address of a query: defaults left out, the spec's first set where it can say it
 * (platform= for one platform, sort=field:order) and the second set's names for the rest
 * (platforms= for several, genres=, rating=). Parsing the result gives the query back.
 */
export function toBrowseSearchParams(query: BrowseParams): URLSearchParams {
  const out = new URLSearchParams();
  const q = query.q.trim();
  if (q !== '') out.set('q', q);
  if (query.platforms.length === 1) out.set('platform', String(query.platforms[0]));
  if (query.platforms.length > 1) out.set('platforms', query.platforms.join(','));
  if (query.genres.length > 0) out.set('genres', query.genres.join(','));
  if (query.year !== null) out.set('year', String(query.year));
  if (query.minRating !== null) out.set('rating', String(query.minRating));
  if (query.sort !== DEFAULT_BROWSE_PARAMS.sort || query.order !== DEFAULT_BROWSE_PARAMS.order)
    out.set('sort', `${query.sort}:${query.order}`);
  if (query.page > 1) out.set('page', String(query.page));
  return out;
}

/**
 * The canonical query string (no '?'), as the address shows it: ':' and ',' left readable
 * ("sort=name:asc", "platforms=6,48") since a query value may hold them. Two queries share it
 * exactly when they ask for the same page of the same results.
 */
export const browseSearch = (query: BrowseParams): string =>
  toBrowseSearchParams(query).toString().replace(/%3A/gi, ':').replace(/%2C/gi, ',');

export const pageCount = (total: number): number => Math.max(1, Math.ceil(total / BROWSE_PAGE_SIZE));

/** "Showing x - y of n games": the 1-based positions of a page's first and last game. */
export function shownRange(page: number, shown: number): { from: number; to: number } {
  const from = (page - 1) * BROWSE_PAGE_SIZE + 1;
  return { from, to: from + shown - 1 };
}

/** "up to 5 page buttons": the current page as near the middle as the ends allow. */
export function pageWindow(page: number, pages: number): number[] {
  const current = Math.min(Math.max(1, page), pages);
  const start = Math.max(1, Math.min(current - Math.floor(BROWSE_PAGE_BUTTONS / 2), pages - BROWSE_PAGE_BUTTONS + 1));
  const end = Math.min(pages, start + BROWSE_PAGE_BUTTONS - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}
