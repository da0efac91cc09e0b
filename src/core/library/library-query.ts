// What a member asks of a library list: the filter box's text, the filters (status,
// platform, rating range, release year, reviewed or not) and the sort, read from and written to the
// address's search params so a view can be shared and survives a reload. Unknown or broken values
// are dropped, never an error: a hand-edited link still opens the list.

export const LIBRARY_STATUSES = ['started', 'finished', 'wishlist', 'collection'] as const;
export type LibraryStatus = (typeof LIBRARY_STATUSES)[number];

export const LIBRARY_STATUS_LABELS: Readonly<Record<LibraryStatus, string>> = {
  started: 'Started',
  finished: 'Finished',
  wishlist: 'Wishlist',
  collection: 'Collection',
};

export const LIBRARY_SORTS = [
  { value: 'updated', label: 'Recently updated' },
  { value: 'rating', label: 'Rating' },
  { value: 'name', label: 'Name' },
  { value: 'release', label: 'Release date' },
  { value: 'played', label: 'Time played' },
] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number]['value'];
export const DEFAULT_LIBRARY_SORT: LibrarySort = 'updated';

export type Reviewed = 'yes' | 'no';

/** Ratings are 1–10 in half steps (spec 000). */
export const RATING_MIN = 1;
export const RATING_MAX = 10;

/** The filter box's text is capped like every search text (the spec: 100 characters). */
export const LIBRARY_TEXT_MAX = 100;

export interface LibraryQuery {
  readonly text: string;
  readonly status: LibraryStatus | null;
  readonly platform: string | null;
  readonly ratingMin: number | null;
  readonly ratingMax: number | null;
  readonly year: number | null;
  readonly reviewed: Reviewed | null;
  readonly sort: LibrarySort;
}

export const EMPTY_LIBRARY_QUERY: LibraryQuery = {
  text: '',
  status: null,
  platform: null,
  ratingMin: null,
  ratingMax: null,
  year: null,
  reviewed: null,
  sort: DEFAULT_LIBRARY_SORT,
};

/** The search params a library view owns (the profile's `tab` and anything else are left alone). */
export const LIBRARY_PARAMS = ['q', 'status', 'platform', 'rating', 'year', 'reviewed', 'sort'] as const;

const isStatus = (v: string | null): v is LibraryStatus => LIBRARY_STATUSES.some((s) => s === v);
const isSort = (v: string | null): v is LibrarySort => LIBRARY_SORTS.some((s) => s.value === v);

/** A rating bound: a number 1–10 in half steps, else null. */
function ratingBound(raw: string | undefined): number | null {
  if (raw === undefined || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) && n >= RATING_MIN && n <= RATING_MAX && Number.isInteger(n * 2) ? n : null;
}

/** `rating=6-10`, `rating=8-` or `rating=-5`; the bounds are swapped when given the wrong way round. */
function parseRating(raw: string | null): [number | null, number | null] {
  if (raw === null) return [null, null];
  const [lo, hi, ...rest] = raw.split('-');
  if (rest.length > 0) return [null, null];
  const min = ratingBound(lo);
  const max = hi === undefined ? min : ratingBound(hi);
  if (min !== null && max !== null && min > max) return [max, min];
  return [min, max];
}

function parseYear(raw: string | null): number | null {
  if (raw === null || !/^\d{4}$/.test(raw)) return null;
  const year = Number(raw);
  return year >= 1950 && year <= 2100 ? year : null;
}

export function parseLibraryQuery(params: URLSearchParams): LibraryQuery {
  const status = params.get('status');
  const sort = params.get('sort');
  const reviewed = params.get('reviewed');
  const platform = params.get('platform')?.trim().slice(0, LIBRARY_TEXT_MAX) ?? '';
  const [ratingMin, ratingMax] = parseRating(params.get('rating'));
  return {
    text: (params.get('q') ?? '').slice(0, LIBRARY_TEXT_MAX),
    status: isStatus(status) ? status : null,
    platform: platform === '' ? null : platform,
    ratingMin,
    ratingMax,
    year: parseYear(params.get('year')),
    reviewed: reviewed === 'yes' || reviewed === 'no' ? reviewed : null,
    sort: isSort(sort) ? sort : DEFAULT_LIBRARY_SORT,
  };
}

/** `params` with the query written in (defaults left out, so a plain list has a plain address). */
export function writeLibraryQuery(params: URLSearchParams, query: LibraryQuery): URLSearchParams {
  const out = new URLSearchParams(params);
  for (const name of LIBRARY_PARAMS) out.delete(name);
  if (query.text !== '') out.set('q', query.text);
  if (query.status !== null) out.set('status', query.status);
  if (query.platform !== null) out.set('platform', query.platform);
  if (query.ratingMin !== null || query.ratingMax !== null)
    out.set('rating', `${query.ratingMin ?? ''}-${query.ratingMax ?? ''}`);
  if (query.year !== null) out.set('year', String(query.year));
  if (query.reviewed !== null) out.set('reviewed', query.reviewed);
  if (query.sort !== DEFAULT_LIBRARY_SORT) out.set('sort', query.sort);
  return out;
}

/** How many filters (not the text, not the sort) are set: the Filters button's badge. */
export function activeFilterCount(query: LibraryQuery): number {
  return [query.status, query.platform, query.ratingMin ?? query.ratingMax, query.year, query.reviewed].filter(
    (v) => v !== null,
  ).length;
}

export function isFiltered(query: LibraryQuery): boolean {
  return query.text.trim() !== '' || activeFilterCount(query) > 0;
}
