// The parsed form of an allowed IGDB query, its allow-lists, and its re-serialisation (the raw
// text is never forwarded).
export const ALLOWED_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'name',
  'summary',
  'first_release_date',
  'rating',
  'total_rating',
  'rating_count',
  'category',
  'cover.url',
  'genres.name',
  'platforms.name',
  'involved_companies.company.name',
  'involved_companies.developer',
  'involved_companies.publisher',
  'alternative_names.name',
  'collection.name',
  'franchise.name',
  'franchises.name',
  'parent_game',
  'dlcs',
  'expansions',
  'similar_games',
  'slug',
  'version_parent',
]);
export const SORT_FIELDS = ['first_release_date', 'name', 'rating'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const WHERE_FIELDS = ['id', 'parent_game', 'category'] as const;
export type WhereField = (typeof WHERE_FIELDS)[number];
export const MAX_IDS = 10;
export const MAX_QUERY_LIMIT = 50;
export const DEFAULT_QUERY_LIMIT = 10;

export interface Condition {
  readonly field: WhereField;
  readonly values: readonly number[];
}

export interface GamesQuery {
  readonly fields: readonly string[];
  readonly where: readonly Condition[];
  readonly sort?: { readonly field: SortField; readonly direction: 'asc' | 'desc' };
  readonly limit?: number;
}

export function serializeQuery(q: GamesQuery): string {
  const parts = [`fields ${q.fields.join(',')};`];
  if (q.where.length > 0) {
    const clauses = q.where.map((c) =>
      c.values.length === 1 && c.field !== 'id'
        ? `${c.field} = ${c.values[0]}`
        : `${c.field} = (${c.values.join(',')})`,
    );
    parts.push(`where ${clauses.join(' & ')};`);
  }
  if (q.sort) parts.push(`sort ${q.sort.field} ${q.sort.direction};`);
  if (q.limit !== undefined) parts.push(`limit ${q.limit};`);
  return parts.join(' ');
}
