// Evaluates an allowed games query (where / sort / limit / fields) over the local catalogue.
import type { Catalogue } from './catalogue.ts';
import type { CatalogueGame } from './catalogue-row.ts';
import { DEFAULT_QUERY_LIMIT, type Condition, type GamesQuery } from './query.ts';
import type { IgdbGame } from './result.ts';

function candidates(catalogue: Catalogue, where: readonly Condition[]): readonly CatalogueGame[] {
  const ids = where.find((c) => c.field === 'id');
  if (ids) return [...new Set(ids.values)].flatMap((id) => catalogue.byId.get(id) ?? []);
  const parent = where.find((c) => c.field === 'parent_game');
  if (parent) return catalogue.children.get(parent.values[0] ?? -1) ?? [];
  return catalogue.games;
}

function matches(game: CatalogueGame, where: readonly Condition[]): boolean {
  return where.every((c) => {
    const value = c.field === 'id' ? game.id : game.game[c.field];
    return typeof value === 'number' && c.values.includes(value);
  });
}

function compare(a: CatalogueGame, b: CatalogueGame, field: string, direction: 'asc' | 'desc'): number {
  const x = a.game[field];
  const y = b.game[field];
  // Games without the value come last in either direction, as IGDB puts nulls last.
  if (x === undefined || y === undefined) return (x === undefined ? 1 : 0) - (y === undefined ? 1 : 0) || a.id - b.id;
  const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
  return (direction === 'asc' ? order : -order) || a.id - b.id;
}

/** The game with only the requested top-level fields (`cover.url` keeps `cover`), plus its id. */
export function project(game: Readonly<Record<string, unknown>>, fields: readonly string[]): IgdbGame {
  const out: Record<string, unknown> = { id: game.id };
  for (const f of fields) {
    const top = f.split('.')[0] ?? f;
    if (game[top] !== undefined) out[top] = game[top];
  }
  return out;
}

export function evaluateQuery(catalogue: Catalogue, query: GamesQuery): IgdbGame[] {
  let games = candidates(catalogue, query.where).filter((g) => matches(g, query.where));
  const sort = query.sort;
  if (sort) games = [...games].sort((a, b) => compare(a, b, sort.field, sort.direction));
  return games.slice(0, query.limit ?? DEFAULT_QUERY_LIMIT).map((g) => project(g.game, query.fields));
}
