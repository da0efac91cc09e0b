// One catalogue entry shape for every source search reads (device rows, database rows, external
// catalogue answers): a SearchGame for the ranking core, plus what a result row shows. Pure, so the
// local gateway's first paint (supabase/local/first-paint.ts) reads database rows with it too.
import { fromCatalogueRow } from './catalogue-row.ts';
import type { GameHit, SearchGame } from './types.ts';
import { coverUrl, slugify } from '../catalogue-text.ts';

/** SearchGame keyed by the external id (id = igdb_id), so every source merges on it. */
export interface CatalogueEntry extends SearchGame {
  readonly igdb_id: number;
  /** Our database id, or -igdb_id until the database has the game. */
  readonly local_id: number;
  readonly slug: string | null;
  readonly cover_url: string | null;
  readonly avg_user_rating: number | null;
  readonly user_rating_count: number;
  readonly fromIGDB: boolean;
}

type Loose = Readonly<Record<string, unknown>>;

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Names from ["A", …] or [{name: "A"}, …] (IGDB expands references into objects). */
function names(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((item: unknown) => {
    const name = typeof item === 'object' && item !== null ? str((item as Loose)['name']) : str(item);
    return name === null ? [] : [name];
  });
}

function yearOf(seconds: number | null, date: string | null): number | null {
  if (seconds !== null) return new Date(seconds * 1000).getUTCFullYear();
  const match = date === null ? null : /^(\d{4})/.exec(date);
  return match ? Number(match[1]) : null;
}

/** A year given as such (the database's release_year), or null. */
function yearOfNumber(v: unknown): number | null {
  const y = num(v);
  return y !== null && Number.isInteger(y) && y > 0 ? y : null;
}

/** The year of IGDB's release_dates ([{y, …}]): the earliest, for a game known only to the year. */
function yearOfReleaseDates(v: unknown): number | null {
  if (!Array.isArray(v)) return null;
  const years = v.flatMap((d: unknown) => {
    const y = typeof d === 'object' && d !== null ? num((d as Loose)['y']) : null;
    return y !== null && Number.isInteger(y) ? [y] : [];
  });
  return years.length > 0 ? Math.min(...years) : null;
}

function secondsOf(seconds: number | null, date: string | null): number | null {
  if (seconds !== null) return seconds;
  if (date === null || !/^\d{4}-\d{2}-\d{2}/.test(date)) return null;
  return Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / 1000;
}

/** Popularity: a number, or the catalogue's object of shares (mapped as the ranking core does). */
function popularityFigures(v: unknown): Pick<SearchGame, 'popularity' | 'follows' | 'hypes'> {
  if (typeof v === 'number') return { popularity: v };
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
  const { popularity, follows, hypes } = fromCatalogueRow({ id: 0, name: '', popularity: v as Record<string, number> });
  return { popularity, follows, hypes };
}

function companies(v: unknown): { developer: string | null; publisher: string | null; all: string[] } {
  let developer: string | null = null;
  let publisher: string | null = null;
  const all: string[] = [];
  if (Array.isArray(v)) {
    for (const item of v as unknown[]) {
      if (typeof item === 'string') {
        all.push(item);
        continue;
      }
      if (typeof item !== 'object' || item === null) continue;
      const c = item as Loose;
      const name =
        typeof c['company'] === 'object' && c['company'] !== null
          ? str((c['company'] as Loose)['name'])
          : str(c['name']);
      if (name === null) continue;
      all.push(name);
      if (c['developer'] === true && developer === null) developer = name;
      if (c['publisher'] === true && publisher === null) publisher = name;
    }
  }
  return { developer, publisher, all };
}

/** A row of our database (game_json, search_games_secure, browse_games) or of the device's mirror. */
export function fromDatabaseRow(row: Loose, fromIGDB = false): CatalogueEntry | null {
  const igdbId = num(row['igdb_id']);
  const id = num(row['id']);
  const name = str(row['name']);
  if (igdbId === null || id === null || name === null) return null;
  const date = str(row['release_date']);
  const seconds = secondsOf(num(row['first_release_date']), date);
  const involved = companies(row['involved_companies']);
  const rating = num(row['igdb_rating']);
  return {
    id: igdbId,
    igdb_id: igdbId,
    local_id: id,
    name,
    slug: str(row['slug']),
    cover_url: str(row['cover_url']),
    alternative_names: names(row['alternative_names']),
    category: num(row['category']),
    first_release_date: seconds,
    release_year: yearOf(seconds, date) ?? yearOfNumber(row['release_year']),
    platforms: names(row['platforms']),
    genres: names(row['genres']).length > 0 ? names(row['genres']) : names([row['genre']]),
    developer: str(row['developer']) ?? involved.developer,
    publisher: str(row['publisher']) ?? involved.publisher,
    involved_companies: involved.all,
    summary: str(row['summary']),
    description: str(row['description']),
    rating,
    rating_count: num(row['rating_count']),
    user_rating_count: num(row['user_rating_count']) ?? 0,
    avg_user_rating: num(row['avg_user_rating']),
    ...popularityFigures(row['popularity']),
    fromIGDB,
  };
}

/** A game of the external catalogue's answer (IGDB's shape: cover {url}, genres [{name}], …). */
export function fromIgdbGame(raw: Loose): CatalogueEntry | null {
  const igdbId = num(raw['id']);
  const name = str(raw['name']);
  if (igdbId === null || igdbId <= 0 || name === null) return null;
  const seconds = num(raw['first_release_date']);
  const involved = companies(raw['involved_companies']);
  const cover =
    typeof raw['cover'] === 'object' && raw['cover'] !== null
      ? str((raw['cover'] as Loose)['url'])
      : str(raw['cover_url']);
  return {
    id: igdbId,
    igdb_id: igdbId,
    local_id: -igdbId,
    name,
    slug: str(raw['slug']) ?? slugify(name),
    cover_url: coverUrl(cover),
    alternative_names: names(raw['alternative_names']),
    category: num(raw['category']),
    first_release_date: seconds,
    release_year: yearOf(seconds, null) ?? yearOfReleaseDates(raw['release_dates']),
    platforms: names(raw['platforms']),
    genres: names(raw['genres']),
    developer: involved.developer,
    publisher: involved.publisher,
    involved_companies: involved.all,
    summary: str(raw['summary']),
    rating: num(raw['total_rating']) ?? num(raw['rating']),
    rating_count: num(raw['total_rating_count']) ?? num(raw['rating_count']),
    follows: num(raw['follows']),
    hypes: num(raw['hypes']),
    avg_user_rating: null,
    user_rating_count: 0,
    fromIGDB: true,
  };
}

export function toHit(e: CatalogueEntry): GameHit {
  return {
    id: e.local_id,
    igdb_id: e.igdb_id,
    name: e.name,
    slug: e.slug,
    cover_url: e.cover_url,
    release_year: e.release_year ?? null,
    first_release_date: e.first_release_date ?? null,
    summary: e.summary ?? null,
    category: e.category ?? null,
    platforms: e.platforms ?? [],
    genres: e.genres ?? [],
    developer: e.developer ?? null,
    publisher: e.publisher ?? null,
    avg_user_rating: e.avg_user_rating,
    user_rating_count: e.user_rating_count,
    fromIGDB: e.fromIGDB,
  };
}

/** Fills ratings from game_rating_stats rows. */
export function withStats(
  e: CatalogueEntry,
  stats: ReadonlyMap<number, { avg: number | null; count: number; gameId: number }>,
): CatalogueEntry {
  const s = stats.get(e.igdb_id);
  if (!s) return e;
  return {
    ...e,
    avg_user_rating: s.avg,
    user_rating_count: s.count,
    local_id: e.local_id < 0 ? s.gameId : e.local_id,
    fromIGDB: false,
  };
}
