// A catalogue entry (core/search/catalogue-entry.ts) as the device keeps it: a row of its games
// mirror, and a member it holds as a result row shows them.
import { slugify } from '../../core/catalogue-text.ts';
import type { CatalogueEntry } from '../../core/search/catalogue-entry.ts';
import type { GameRow, UserRow } from '../../store/db.ts';
import type { UserHit } from './types.ts';

/** A device-catalogue row for a game found remotely (the server's shape; -igdb_id until it has it). */
export function toGameRow(e: CatalogueEntry, now: string): GameRow {
  const date = e.first_release_date != null ? new Date(e.first_release_date * 1000).toISOString().slice(0, 10) : null;
  return {
    id: e.local_id,
    igdb_id: e.igdb_id,
    game_id: String(e.igdb_id),
    name: e.name,
    slug: e.slug ?? slugify(e.name),
    summary: e.summary ?? null,
    description: e.description ?? null,
    release_date: date,
    // Known only to the year (release_date null): the year alone, as the server keeps it.
    release_year: e.release_year ?? null,
    first_release_date: e.first_release_date ?? null,
    cover_url: e.cover_url,
    genre: e.genres?.[0] ?? null,
    genres: [...(e.genres ?? [])],
    platforms: [...(e.platforms ?? [])],
    developer: e.developer ?? null,
    publisher: e.publisher ?? null,
    involved_companies: [...(e.involved_companies ?? [])],
    alternative_names: [...(e.alternative_names ?? [])],
    category: e.category ?? null,
    parent_game: null,
    franchise: null,
    collection: null,
    igdb_rating: e.rating == null ? null : Math.round(e.rating),
    rating_count: e.rating_count ?? null,
    metacritic_score: null,
    popularity: {},
    screenshots: [],
    videos: [],
    is_verified: false,
    view_count: 0,
    created_at: now,
    updated_at: now,
    avg_user_rating: e.avg_user_rating,
    user_rating_count: e.user_rating_count,
  };
}

/** A member the device holds, as a result row shows them. */
export function toUserHit(u: UserRow): UserHit {
  return { id: u.id, username: u.username, name: u.name ?? null, bio: u.bio ?? null, avatar_url: u.avatar_url ?? null };
}
