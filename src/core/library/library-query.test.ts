import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  EMPTY_LIBRARY_QUERY,
  isFiltered,
  parseLibraryQuery,
  writeLibraryQuery,
} from './library-query.ts';

const parse = (search: string) => parseLibraryQuery(new URLSearchParams(search));

describe('library query in the address', () => {
  it('reads every filter and the sort', () => {
    expect(parse('q=zelda&status=finished&platform=Switch&rating=7.5-10&year=2017&reviewed=yes&sort=rating')).toEqual({
      text: 'zelda',
      status: 'finished',
      platform: 'Switch',
      ratingMin: 7.5,
      ratingMax: 10,
      year: 2017,
      reviewed: 'yes',
      sort: 'rating',
    });
  });

  it('round-trips through the address, leaving other params (the tab) alone', () => {
    const query = {
      ...EMPTY_LIBRARY_QUERY,
      text: 'final fantasy',
      status: 'wishlist' as const,
      ratingMin: 6,
      ratingMax: null,
      sort: 'name' as const,
    };
    const written = writeLibraryQuery(new URLSearchParams('tab=library&q=old'), query);
    expect(written.get('tab')).toBe('library');
    expect(written.toString()).toBe('tab=library&q=final+fantasy&status=wishlist&rating=6-&sort=name');
    expect(parseLibraryQuery(written)).toEqual(query);
  });

  it('writes nothing for the plain list', () => {
    expect(writeLibraryQuery(new URLSearchParams('tab=library'), EMPTY_LIBRARY_QUERY).toString()).toBe('tab=library');
    expect(parse('')).toEqual(EMPTY_LIBRARY_QUERY);
  });

  it('drops broken values instead of failing', () => {
    expect(parse('status=played&sort=random&reviewed=maybe&year=99&rating=abc&platform=%20')).toEqual(
      EMPTY_LIBRARY_QUERY,
    );
    expect(parse('rating=7.3-9')).toMatchObject({ ratingMin: null, ratingMax: 9 });
    expect(parse('rating=11-3')).toMatchObject({ ratingMin: null, ratingMax: 3 });
    expect(parse('rating=1-2-3')).toMatchObject({ ratingMin: null, ratingMax: null });
  });

  it('reads one bound, a single rating and bounds given the wrong way round', () => {
    expect(parse('rating=-5')).toMatchObject({ ratingMin: null, ratingMax: 5 });
    expect(parse('rating=8')).toMatchObject({ ratingMin: 8, ratingMax: 8 });
    expect(parse('rating=9-4')).toMatchObject({ ratingMin: 4, ratingMax: 9 });
  });

  it('caps the text at 100 characters', () => {
    expect(parse(`q=${'a'.repeat(150)}`).text).toHaveLength(100);
  });

  it('counts the filters set', () => {
    expect(activeFilterCount(parse('q=x&sort=name'))).toBe(0);
    expect(isFiltered(parse('q=x'))).toBe(true);
    expect(isFiltered(parse('sort=name'))).toBe(false);
    expect(activeFilterCount(parse('status=started&rating=-4&year=2020&reviewed=no&platform=PC'))).toBe(5);
  });
});
