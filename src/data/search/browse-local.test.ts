import { describe, expect, it } from 'vitest';
import { browseOnDevice, sortHits } from './browse-local.ts';
import type { BrowseQuery, GameHit } from './types.ts';

const hit = (id: number, name: string, over: Partial<GameHit> = {}): GameHit => ({
  id,
  igdb_id: id * 10,
  name,
  slug: null,
  cover_url: null,
  release_year: null,
  first_release_date: null,
  summary: null,
  category: 0,
  platforms: [],
  genres: [],
  developer: null,
  publisher: null,
  avg_user_rating: null,
  user_rating_count: 0,
  fromIGDB: false,
  ...over,
});
const hits = [
  hit(1, 'beta', { avg_user_rating: 7, user_rating_count: 2, first_release_date: 100, release_year: 1970 }),
  hit(2, 'Alpha', { avg_user_rating: 9, user_rating_count: 1 }),
  hit(3, 'Ça', { first_release_date: 50, release_year: 1970 }),
  hit(4, 'delta', { avg_user_rating: 9, user_rating_count: 5, first_release_date: 300, release_year: 1970 }),
];
const names = (list: readonly GameHit[]) => list.map((h) => h.name);

describe('sortHits', () => {
  it('sorts names accent- and case-insensitively in both directions', () => {
    expect(names(sortHits(hits, 'name', 'asc'))).toEqual(['Alpha', 'beta', 'Ça', 'delta']);
    expect(names(sortHits(hits, 'name', 'desc'))).toEqual(['delta', 'Ça', 'beta', 'Alpha']);
  });

  it('puts games without the figure last whatever the order', () => {
    expect(names(sortHits(hits, 'release_date', 'asc'))).toEqual(['Ça', 'beta', 'delta', 'Alpha']);
    expect(names(sortHits(hits, 'release_date', 'desc'))).toEqual(['delta', 'beta', 'Ça', 'Alpha']);
    expect(names(sortHits(hits, 'avg_rating', 'desc'))).toEqual(['delta', 'Alpha', 'beta', 'Ça']);
    expect(names(sortHits(hits, 'avg_rating', 'asc'))).toEqual(['beta', 'delta', 'Alpha', 'Ça']);
  });

  it('keeps the ranked order for relevance', () => {
    expect(names(sortHits(hits, 'relevance', 'desc'))).toEqual(names(hits));
  });
});

describe('browseOnDevice', () => {
  const query: BrowseQuery = {
    q: '',
    platforms: [],
    genres: [],
    year: null,
    minRating: null,
    sort: 'name',
    order: 'asc',
    page: 1,
  };

  it('filters by year and minimum rating, and pages by 20', () => {
    expect(names(browseOnDevice(hits, { ...query, year: 1970 }, new Map()).games)).toEqual(['beta', 'Ça', 'delta']);
    expect(names(browseOnDevice(hits, { ...query, minRating: 8 }, new Map()).games)).toEqual(['Alpha', 'delta']);
    const many = Array.from({ length: 45 }, (_, i) => hit(i + 1, `Game ${String(i).padStart(2, '0')}`));
    const third = browseOnDevice(many, { ...query, page: 3 }, new Map());
    expect(third.total).toBe(45);
    expect(names(third.games)).toEqual(['Game 40', 'Game 41', 'Game 42', 'Game 43', 'Game 44']);
  });

  it('matches platforms by the names of the chosen ids', () => {
    const onPc = [hit(1, 'a', { platforms: ['PC (Microsoft Windows)'] }), hit(2, 'b', { platforms: ['Xbox'] })];
    expect(
      names(browseOnDevice(onPc, { ...query, platforms: [6] }, new Map([[6, 'PC (Microsoft Windows)']])).games),
    ).toEqual(['a']);
    expect(browseOnDevice(onPc, { ...query, platforms: [99] }, new Map()).total).toBe(0);
  });
});
