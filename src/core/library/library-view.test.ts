import { describe, expect, it } from 'vitest';
import { EMPTY_LIBRARY_QUERY, parseLibraryQuery } from './library-query.ts';
import { buildLibraryView, type LibraryItem } from './library-view.ts';

const item = (name: string, over: Partial<LibraryItem> = {}): LibraryItem => ({
  key: name,
  name,
  statuses: [],
  platforms: [],
  rating: null,
  reviewed: false,
  year: null,
  releaseDate: null,
  updatedAt: '2024-01-01T00:00:00Z',
  minutesPlayed: 0,
  ...over,
});

const ITEMS = [
  item('Hades', {
    statuses: ['finished'],
    platforms: ['PC', 'Switch'],
    rating: 9.5,
    reviewed: true,
    year: 2020,
    releaseDate: '2020-09-17',
    updatedAt: '2024-03-01T00:00:00Z',
    minutesPlayed: 3000,
  }),
  item('Celeste', {
    statuses: ['finished', 'collection'],
    platforms: ['Switch'],
    rating: 8,
    year: 2018,
    releaseDate: '2018-01-25',
    updatedAt: '2024-05-01T00:00:00Z',
    minutesPlayed: 600,
  }),
  item('Elden Ring', {
    statuses: ['started'],
    platforms: ['PS5'],
    rating: 10,
    reviewed: true,
    year: 2022,
    releaseDate: '2022-02-25',
    updatedAt: '2024-04-01T00:00:00Z',
    minutesPlayed: 9000,
  }),
  item('Outer Wilds', {
    statuses: ['wishlist'],
    platforms: ['PC'],
    year: 2019,
    releaseDate: '2019-05-28',
    updatedAt: '2024-02-01T00:00:00Z',
  }),
];
const view = buildLibraryView(ITEMS);
const names = (search: string) => view.apply(parseLibraryQuery(new URLSearchParams(search))).map((i) => i.name);

describe('library view', () => {
  it('sorts by each of the five sorts, unknown values last', () => {
    expect(names('')).toEqual(['Celeste', 'Elden Ring', 'Hades', 'Outer Wilds']);
    expect(names('sort=rating')).toEqual(['Elden Ring', 'Hades', 'Celeste', 'Outer Wilds']);
    expect(names('sort=name')).toEqual(['Celeste', 'Elden Ring', 'Hades', 'Outer Wilds']);
    expect(names('sort=release')).toEqual(['Elden Ring', 'Hades', 'Outer Wilds', 'Celeste']);
    expect(names('sort=played')).toEqual(['Elden Ring', 'Hades', 'Celeste', 'Outer Wilds']);
  });

  it('filters by status, platform, rating range, year and reviewed', () => {
    expect(names('status=finished')).toEqual(['Celeste', 'Hades']);
    expect(names('platform=PC&sort=name')).toEqual(['Hades', 'Outer Wilds']);
    expect(names('rating=9-10')).toEqual(['Elden Ring', 'Hades']);
    expect(names('rating=-8')).toEqual(['Celeste']);
    expect(names('year=2019')).toEqual(['Outer Wilds']);
    expect(names('reviewed=no')).toEqual(['Celeste', 'Outer Wilds']);
    expect(names('reviewed=yes&status=started')).toEqual(['Elden Ring']);
  });

  it('combines the text (with typos) with filters and the sort', () => {
    expect(names('q=eldn')).toEqual(['Elden Ring']);
    expect(names('q=celest&status=wishlist')).toEqual([]);
    expect(names('q=wilds&sort=rating')).toEqual(['Outer Wilds']);
  });

  it('lists the platforms and years it holds for the menus', () => {
    expect(view.platforms).toEqual(['PC', 'PS5', 'Switch']);
    expect(view.years).toEqual([2022, 2020, 2019, 2018]);
    expect(view.apply(EMPTY_LIBRARY_QUERY)).toHaveLength(4);
  });
});
