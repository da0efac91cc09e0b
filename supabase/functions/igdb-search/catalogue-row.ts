// One catalogue JSON line (shared/data/README.md's format, or an IGDB answer) as the IGDB answer
// shape the app reads: {id, name, cover {url}, genres [{name}], platforms [{name}], …}.
import type { IgdbGame } from './result.ts';

type Row = Readonly<Record<string, unknown>>;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Names from ["A", …] or [{name: "A"}, …]. */
function names(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  const out: string[] = [];
  for (const item of v) {
    const name = typeof item === 'object' && item !== null ? str((item as Row).name) : str(item);
    if (name !== undefined) out.push(name);
  }
  return out;
}

function objectName(v: unknown): string | undefined {
  return typeof v === 'object' && v !== null ? str((v as Row).name) : str(v);
}

function companies(row: Row): IgdbGame[] | undefined {
  if (
    Array.isArray(row.involved_companies) &&
    row.involved_companies.some((c) => typeof c === 'object' && c !== null)
  ) {
    return row.involved_companies as IgdbGame[];
  }
  const developer = str(row.developer);
  const publisher = str(row.publisher);
  const out: IgdbGame[] = [];
  const add = (name: string, dev: boolean, pub: boolean) =>
    out.push({ company: { name }, developer: dev, publisher: pub });
  if (developer) add(developer, true, developer === publisher);
  if (publisher && publisher !== developer) add(publisher, false, true);
  for (const other of names(row.involved_companies))
    if (other !== developer && other !== publisher) add(other, false, false);
  return out.length > 0 ? out : undefined;
}

export interface CatalogueGame {
  readonly id: number;
  readonly name: string;
  readonly alternativeNames: readonly string[];
  readonly parentName?: string;
  /** Filled in after loading (parent_name lookups, dlcs and expansions). */
  game: Record<string, unknown>;
}

export function toCatalogueGame(row: Row): CatalogueGame | undefined {
  const id = num(row.id);
  const name = str(row.name);
  if (id === undefined || name === undefined) return undefined;
  const alternativeNames = names(row.alternative_names);
  const coverUrl =
    str(row.cover_url) ??
    (typeof row.cover === 'object' && row.cover !== null ? str((row.cover as Row).url) : undefined);
  const franchise = objectName(row.franchise);
  const collection = objectName(row.collection);
  const rating = num(row.rating) ?? num(row.total_rating);
  const game: Record<string, unknown> = {
    id,
    name,
    slug: str(row.slug),
    summary: str(row.summary),
    first_release_date: num(row.first_release_date),
    category: num(row.category),
    rating,
    total_rating: num(row.total_rating) ?? rating,
    rating_count: num(row.rating_count),
    total_rating_count: num(row.total_rating_count) ?? num(row.rating_count),
    cover: coverUrl ? { url: coverUrl } : undefined,
    genres: names(row.genres).map((n) => ({ name: n })),
    platforms: names(row.platforms).map((n) => ({ name: n })),
    involved_companies: companies(row),
    alternative_names: alternativeNames.length ? alternativeNames.map((n) => ({ name: n })) : undefined,
    franchise: franchise ? { name: franchise } : undefined,
    franchises: franchise ? [{ name: franchise }] : names(row.franchises).map((n) => ({ name: n })),
    collection: collection ? { name: collection } : undefined,
    parent_game:
      num(row.parent_game) ??
      (typeof row.parent_game === 'object' && row.parent_game !== null ? num((row.parent_game as Row).id) : undefined),
    version_parent: num(row.version_parent),
    similar_games: Array.isArray(row.similar_games) ? row.similar_games : undefined,
  };
  // A game known only to the year (some seed classics) says so as IGDB does: a release date of
  // category 2 ("YYYY"), so the app shows the year instead of "TBA".
  const year = num(row.release_year);
  if (game.first_release_date === undefined && year !== undefined && !Array.isArray(row.release_dates)) {
    game.release_dates = [{ category: 2, y: year }];
  } else if (Array.isArray(row.release_dates)) {
    game.release_dates = row.release_dates;
  }
  for (const key of Object.keys(game)) if (game[key] === undefined) delete game[key];
  return { id, name, alternativeNames, parentName: str(row.parent_name), game };
}
