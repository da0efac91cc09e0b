import { describe, expect, it } from 'vitest';
import { buildVariants } from './variants.ts';

describe('buildVariants: sequel numbers, short forms and franchise queries', () => {
  it('gives sequel numbers in both spellings and expands short forms', () => {
    expect(buildVariants('ff7').map((v) => v.searchTerm)).toEqual(
      expect.arrayContaining(['final fantasy 7', 'final fantasy vii']),
    );
  });
  it('adds the franchise (limit 10) and its flagship titles (limit 5), at most 5 in all', () => {
    const v = buildVariants('zelda games');
    expect(v.length).toBeLessThanOrEqual(5);
    expect(v).toContainEqual({ searchTerm: 'zelda', limit: 10 });
    expect(v).toContainEqual({ searchTerm: 'The Legend of Zelda', limit: 5 });
  });
  it('folds accents as an alternative spelling and never repeats the query', () => {
    const v = buildVariants('Pokémon').map((x) => x.searchTerm);
    expect(v).toContain('Pokémon Red Version');
    expect(v).not.toContain('Pokémon');
    expect(new Set(v).size).toBe(v.length);
  });
  it('returns nothing for an empty query', () => {
    expect(buildVariants('  ')).toEqual([]);
  });
});
