// A game row made on the client from an external search result's summary, as the server's
// app.normalize_game and app.upsert_game make it (supabase/schema/tables/public.game.sql), so the mirror shows what the
// server will hold. The row's id is -igdb_id until the server's row replaces it (spec: games
// found only externally get the negative id).
import { cleanText } from '../../core/blank-text.ts';
import type { GameSummary } from '../../core/mutations.ts';
import type { GameRow } from '../db.ts';
import { textOrNull } from './rows.ts';
import { coverUrl } from '../../core/catalogue-text.ts';

/**
 * release_date (YYYY-MM-DD) and first_release_date (unix seconds), each derived from the other,
 * and release_year: the day's year, else the year alone (release_year, or a '1998' release_date).
 */
function releaseDates(s: GameSummary): {
  release_date: string | null;
  first_release_date: number | null;
  release_year: number | null;
} {
  const seconds = typeof s.first_release_date === 'number' ? Math.round(s.first_release_date) : null;
  let date = seconds === null ? null : new Date(seconds * 1000).toISOString().slice(0, 10);
  if (s.release_date && /^\d{4}-\d{2}-\d{2}/.test(s.release_date)) date = s.release_date.slice(0, 10);
  const fromDate = date === null ? null : Date.parse(`${date}T00:00:00Z`) / 1000;
  const yearAlone =
    s.release_year ?? (s.release_date && /^\d{4}$/.test(s.release_date) ? Number(s.release_date) : null);
  const year =
    date !== null
      ? Number(date.slice(0, 4))
      : yearAlone !== null && yearAlone >= 1 && yearAlone <= 9999
        ? yearAlone
        : null;
  return { release_date: date, first_release_date: seconds ?? fromDate, release_year: year };
}

/** The catalogue facts a summary carries, normalised. */
export function gameFacts(s: GameSummary): Partial<GameRow> {
  const genres = s.genres ?? [];
  return {
    summary: textOrNull(s.summary),
    ...releaseDates(s),
    cover_url: coverUrl(s.cover_url),
    genre: s.genre || genres[0] || null,
    genres,
    platforms: s.platforms ?? [],
    developer: s.developer || null,
    publisher: s.publisher || null,
    category: s.category ?? null,
    parent_game: s.parent_game ?? null,
  };
}

/** A whole new row in the server's shape (every column sync_pull sends for a game). */
export function newGameRow(igdbId: number, s: GameSummary, slug: string, now: string): GameRow {
  return {
    id: -igdbId,
    igdb_id: igdbId,
    game_id: String(igdbId),
    name: cleanText(s.name),
    slug,
    description: null,
    ...gameFacts(s),
    involved_companies: [],
    alternative_names: [],
    franchise: null,
    collection: null,
    igdb_rating: null,
    rating_count: null,
    metacritic_score: null,
    popularity: {},
    screenshots: [],
    videos: [],
    is_verified: false,
    view_count: 0,
    created_at: now,
    updated_at: now,
  };
}

const FILLABLE = [
  'summary',
  'release_date',
  'release_year',
  'first_release_date',
  'cover_url',
  'genre',
  'developer',
  'publisher',
  'category',
  'parent_game',
] as const;
const LISTS = ['genres', 'platforms'] as const;

/**
 * upsert_game on a game already known: only missing facts are filled in, so a member's request
 * never rewrites the catalogue. Null when the server would leave the row alone.
 */
export function fillMissing(row: GameRow, s: GameSummary, now: string): GameRow | null {
  const isEmpty = (v: unknown) => v === null || v === undefined || (Array.isArray(v) && v.length === 0);
  // The server holds the year of every dated game (public.game.release_year), so a row from before it
  // that has a day but no release_year is not missing its year.
  const dayYear =
    typeof row.release_date === 'string' && /^\d{4}-\d{2}-\d{2}/.test(row.release_date)
      ? Number(row.release_date.slice(0, 4))
      : null;
  const known: GameRow = isEmpty(row.release_year) && dayYear !== null ? { ...row, release_year: dayYear } : row;
  // The server's WHERE clause: first_release_date alone being missing does not trigger an update.
  const gaps = [...FILLABLE.filter((k) => k !== 'first_release_date'), ...LISTS].some((k) => isEmpty(known[k]));
  if (!gaps) return null;
  const facts = gameFacts(s);
  const patch: Record<string, unknown> = { updated_at: now };
  for (const k of [...FILLABLE, ...LISTS]) if (isEmpty(known[k])) patch[k] = facts[k] ?? known[k] ?? null;
  return { ...known, ...patch };
}
