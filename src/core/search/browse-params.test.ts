import { describe, expect, it } from 'vitest';
import { BROWSE_PAGE_BUTTONS, BROWSE_RELEASE_YEARS } from './constants.ts';
import {
  DEFAULT_BROWSE_PARAMS,
  browseSearch,
  pageCount,
  pageWindow,
  parseBrowseParams,
  releaseYears,
  shownRange,
  toBrowseSearchParams,
  type BrowseParams,
} from './browse-params.ts';

const YEAR = 2026;
const parse = (search: string) => parseBrowseParams(new URLSearchParams(search), YEAR);

describe('parseBrowseParams', () => {
  it('gives the page defaults for an empty address: no filters, name ascending, page 1', () => {
    expect(parse('')).toEqual(DEFAULT_BROWSE_PARAMS);
    expect(DEFAULT_BROWSE_PARAMS).toMatchObject({ sort: 'name', order: 'asc', page: 1 });
  });

  it('reads the first parameter set: q, platform, year, sort=field:order, page', () => {
    expect(parse('q=zelda&platform=130&year=2017&sort=release_date:asc&page=3')).toEqual({
      ...DEFAULT_BROWSE_PARAMS,
      q: 'zelda',
      platforms: [130],
      year: 2017,
      sort: 'release_date',
      order: 'asc',
      page: 3,
    });
  });

  it('reads the second parameter set: genres and platforms as comma lists, rating, sort=rating (desc by default)', () => {
    expect(parse('q=mario&genres=Platform,%20Adventure&platforms=130,6&rating=7.5&sort=rating')).toEqual({
      ...DEFAULT_BROWSE_PARAMS,
      q: 'mario',
      genres: ['Platform', 'Adventure'],
      platforms: [130, 6],
      minRating: 7.5,
      sort: 'avg_rating',
      order: 'desc',
    });
  });

  it('takes a field without a direction in its own default direction: name A→Z, the others highest first', () => {
    expect(parse('sort=name')).toMatchObject({ sort: 'name', order: 'asc' });
    expect(parse('sort=rating_count')).toMatchObject({ sort: 'rating_count', order: 'desc' });
    expect(parse('sort=release_date')).toMatchObject({ sort: 'release_date', order: 'desc' });
    expect(parse('sort=rating:asc')).toMatchObject({ sort: 'avg_rating', order: 'asc' });
    expect(parse('sort=RATING:DESC')).toMatchObject({ sort: 'avg_rating', order: 'desc' });
    expect(parse('sort=popularity&order=asc')).toMatchObject({ sort: 'popularity', order: 'asc' });
    expect(parse('sort=relevance&direction=asc')).toMatchObject({ sort: 'relevance', order: 'asc' });
  });

  it('merges platform and platforms, dropping repeats', () => {
    expect(parse('platform=6&platforms=6,48&platform=130').platforms).toEqual([6, 130, 48]);
  });

  it('drops genres repeated in another case, keeping the first spelling', () => {
    expect(parse('genres=RPG,rpg,,Shooter&genres=shooter').genres).toEqual(['RPG', 'Shooter']);
  });

  it('turns garbage into defaults instead of failing', () => {
    expect(parse('platform=abc&platforms=-1,0,1.5,1e3,%20&year=soon&rating=lots&sort=best:up&page=-2')).toEqual(
      DEFAULT_BROWSE_PARAMS,
    );
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=2.5').page).toBe(1);
    expect(parse('page=99999999999999999999').page).toBe(1);
    expect(parse('page=999999999').page).toBe(100_000);
    expect(parse('sort=name:sideways')).toMatchObject({ sort: 'name', order: 'asc' });
    expect(parse('sort=:desc')).toMatchObject({ sort: 'name', order: 'asc' });
    // Broken percent-encoding is decoded leniently by URLSearchParams, never thrown.
    expect(parse('q=%E0%A4%A&year=%').q).toBe('\uFFFD%A');
  });

  it('keeps only the 50 release years the filter offers', () => {
    expect(parse(`year=${YEAR}`).year).toBe(YEAR);
    expect(parse(`year=${YEAR - BROWSE_RELEASE_YEARS + 1}`).year).toBe(YEAR - 49);
    expect(parse(`year=${YEAR - BROWSE_RELEASE_YEARS}`).year).toBeNull();
    expect(parse(`year=${YEAR + 1}`).year).toBeNull();
  });

  it('keeps a minimum rating from 1 to 10, to one decimal', () => {
    expect(parse('rating=10').minRating).toBe(10);
    expect(parse('rating=6.66').minRating).toBe(6.7);
    expect(parse('rating=0').minRating).toBeNull();
    expect(parse('rating=11').minRating).toBeNull();
  });

  it("trims the term and caps it at the sanitiser's 100 characters", () => {
    expect(parse('q=%20%20halo%20').q).toBe('halo');
    expect(parse(`q=${'a'.repeat(150)}`).q).toHaveLength(100);
  });
});

describe('toBrowseSearchParams', () => {
  it('writes nothing for the defaults', () => {
    expect(toBrowseSearchParams(DEFAULT_BROWSE_PARAMS).toString()).toBe('');
  });

  it('writes the first set where it can, the second set for what only it can say', () => {
    const one: BrowseParams = {
      ...DEFAULT_BROWSE_PARAMS,
      q: 'zelda',
      platforms: [130],
      year: 2017,
      sort: 'release_date',
      order: 'asc',
      page: 2,
    };
    expect(toBrowseSearchParams(one).toString()).toBe('q=zelda&platform=130&year=2017&sort=release_date%3Aasc&page=2');
    const two: BrowseParams = {
      ...DEFAULT_BROWSE_PARAMS,
      platforms: [130, 6],
      genres: ['RPG', 'Shooter'],
      minRating: 7.5,
      sort: 'avg_rating',
      order: 'desc',
    };
    expect(toBrowseSearchParams(two).toString()).toBe(
      'platforms=130%2C6&genres=RPG%2CShooter&rating=7.5&sort=avg_rating%3Adesc',
    );
  });

  it('round-trips: parse(write(query)) is the query, and write(parse(address)) is canonical', () => {
    const queries: BrowseParams[] = [
      DEFAULT_BROWSE_PARAMS,
      {
        q: 'final fantasy',
        platforms: [6, 48, 130],
        genres: ['Role-playing (RPG)'],
        year: 1999 + 27,
        minRating: 8,
        sort: 'rating_count',
        order: 'asc',
        page: 7,
      },
      { ...DEFAULT_BROWSE_PARAMS, q: 'a&b=c?d', sort: 'name', order: 'desc' },
      { ...DEFAULT_BROWSE_PARAMS, sort: 'popularity', order: 'desc' },
    ];
    for (const query of queries) expect(parseBrowseParams(toBrowseSearchParams(query), YEAR)).toEqual(query);
    const canonical = toBrowseSearchParams(parse('sort=rating&platforms=6&genres=RPG&page=1&junk=1'));
    expect(canonical.toString()).toBe('platform=6&genres=RPG&sort=avg_rating%3Adesc');
    expect(toBrowseSearchParams(parseBrowseParams(canonical, YEAR)).toString()).toBe(canonical.toString());
  });

  it('gives two readings of the same query the same readable address', () => {
    expect(browseSearch(parse('sort=rating&platforms=6'))).toBe('platform=6&sort=avg_rating:desc');
    expect(browseSearch(parse('platform=6&sort=avg_rating%3Adesc&page=1'))).toBe('platform=6&sort=avg_rating:desc');
    expect(browseSearch(parse('platforms=6,48&genres=RPG,Shooter&q=a%20b:c'))).toBe(
      'q=a+b:c&platforms=6,48&genres=RPG,Shooter',
    );
    const odd = { ...DEFAULT_BROWSE_PARAMS, q: 'metal gear: 2, 3 & "4"' };
    expect(parseBrowseParams(new URLSearchParams(browseSearch(odd)), YEAR)).toEqual(odd);
  });
});

describe('releaseYears', () => {
  it('lists the current year and the 49 before it, newest first', () => {
    const years = releaseYears(YEAR);
    expect(years).toHaveLength(BROWSE_RELEASE_YEARS);
    expect(years[0]).toBe(YEAR);
    expect(years.at(-1)).toBe(YEAR - 49);
  });
});

describe('paging', () => {
  it('counts pages of 20, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
    expect(pageCount(385)).toBe(20);
  });

  it('says which games a page shows: "Showing 21 - 40"', () => {
    expect(shownRange(2, 20)).toEqual({ from: 21, to: 40 });
    expect(shownRange(20, 5)).toEqual({ from: 381, to: 385 });
  });

  it('shows up to 5 page buttons with the current page as central as the ends allow', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(99, 20)).toEqual([16, 17, 18, 19, 20]);
    for (let page = 1; page <= 20; page += 1) expect(pageWindow(page, 20)).toHaveLength(BROWSE_PAGE_BUTTONS);
  });
});
