// Search entries and hits → the import's match candidates (core/import/match.ts). A game the server
// may not have yet (found only in the external catalogue: a negative id) carries its summary, so
// the import's first write about it adds it, as the review form does.
import type { MatchCandidate } from '../../core/import/match.ts';
import { parseGameSummary, type GameSummary } from '../../core/mutations.ts';
import type { CatalogueEntry } from '../../core/search/catalogue-entry.ts';
import type { GameHit } from '../search/types.ts';

function summaryOf(g: {
  name: string;
  slug: string | null;
  cover_url: string | null;
  first_release_date?: number | null;
  release_year?: number | null;
  summary?: string | null;
  genres?: readonly string[];
  platforms?: readonly string[];
  developer?: string | null;
  publisher?: string | null;
  category?: number | null;
}): GameSummary | null {
  const full = parseGameSummary({
    name: g.name,
    slug: g.slug ?? undefined,
    cover_url: g.cover_url,
    first_release_date: g.first_release_date ?? null,
    release_year: g.release_year ?? null,
    genre: g.genres?.[0] ?? null,
    genres: g.genres?.slice(0, 50),
    platforms: g.platforms?.slice(0, 50),
    summary: g.summary ?? null,
    developer: g.developer ?? null,
    publisher: g.publisher ?? null,
    category: g.category ?? null,
  });
  if (full.success) return full.data;
  const minimal = parseGameSummary({ name: g.name });
  return minimal.success ? minimal.data : null;
}

export function fromEntry(e: CatalogueEntry): MatchCandidate {
  return {
    igdb_id: e.igdb_id,
    name: e.name,
    year: e.release_year ?? null,
    cover_url: e.cover_url,
    summary: e.local_id < 0 ? summaryOf(e) : null,
  };
}

export function fromHit(h: GameHit): MatchCandidate {
  return {
    igdb_id: h.igdb_id,
    name: h.name,
    year: h.release_year,
    cover_url: h.cover_url,
    summary: h.id < 0 ? summaryOf(h) : null,
  };
}
