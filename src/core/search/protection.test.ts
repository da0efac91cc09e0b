import { describe, expect, it } from 'vitest';
import { applyProtection, protectGame, protectionLevel } from './protection.ts';
import { NOW_S } from './catalogue.fixture.ts';
import { MODERATE_MOD_MAX_AGE_YEARS, SECONDS_PER_YEAR } from './constants.ts';
import type { SearchGame } from './types.ts';

const game = (name: string, extra: Partial<SearchGame> = {}): SearchGame => ({ id: 1, name, category: 0, ...extra });
const yearsAgo = (y: number) => NOW_S - y * SECONDS_PER_YEAR;

describe('fan-content protection: seasons, bundles, e-cards and fan mods', () => {
  it('always removes seasons (category 7)', () => {
    expect(protectGame(game('Fortnite: Season 3', { category: 7 }), NOW_S).keep).toBe(false);
  });
  it('keeps bundles only when the name says collection, bundle and so on', () => {
    expect(protectGame(game('Call of Duty: Ultimate Bundle', { category: 3 }), NOW_S).keep).toBe(true);
    expect(protectGame(game('Mass Effect Trilogy', { category: 3 }), NOW_S).keep).toBe(true);
    expect(protectGame(game('Call of Duty Sampler', { category: 3 }), NOW_S).keep).toBe(false);
  });
  it("removes '-e - ...' titles", () => {
    expect(protectGame(game('Super Mario Advance 4: Super Mario Bros. 3-e - World 1'), NOW_S).keep).toBe(false);
  });
  it('defaults to MODERATE and takes the strictest company or franchise owner', () => {
    expect(protectionLevel(game('Some Game', { developer: 'Tiny Studio' }))).toBe('MODERATE');
    expect(protectionLevel(game('Zelda Fan Quest', { developer: 'Fans' }))).toBe('AGGRESSIVE');
    expect(protectionLevel(game('Pokémon Uranium'))).toBe('BLOCK_ALL');
    expect(protectionLevel(game('X', { publisher: 'Bethesda Softworks' }))).toBe('MOD_FRIENDLY');
  });
  it('hides fan content of BLOCK_ALL and AGGRESSIVE companies', () => {
    expect(protectGame(game('Pokémon Uranium', { category: 5, first_release_date: yearsAgo(1) }), NOW_S).keep).toBe(
      false,
    );
    expect(protectGame(game('Zelda Classic', { category: 12 }), NOW_S).keep).toBe(false);
    expect(protectGame(game('Super Mario 64 Online Mod'), NOW_S).keep).toBe(false);
  });
  it('keeps MODERATE mod content only within 3 years', () => {
    expect(MODERATE_MOD_MAX_AGE_YEARS).toBe(3);
    const mod = (age: number) =>
      game('Resident Evil Mod', { category: 5, publisher: 'Capcom', first_release_date: yearsAgo(age) });
    expect(protectGame(mod(2.9), NOW_S)).toEqual({ keep: true, communityMod: false });
    expect(protectGame(mod(3.1), NOW_S).keep).toBe(false);
    expect(protectGame(game('Resident Evil Mod', { category: 5, publisher: 'Capcom' }), NOW_S).keep).toBe(false);
  });
  it('keeps MOD_FRIENDLY mods as community mods', () => {
    expect(protectGame(game('Skyrim Together', { category: 5, publisher: 'Bethesda Softworks' }), NOW_S)).toEqual({
      keep: true,
      communityMod: true,
    });
  });
  it('keeps official games of strict companies', () => {
    expect(protectGame(game('Pokémon Red Version', { publisher: 'Nintendo' }), NOW_S).keep).toBe(true);
  });
  it('counts what it filters out', () => {
    const out = applyProtection([game('A'), game('B', { category: 7 }), game('Zelda Mod', { category: 5 })], NOW_S);
    expect(out.kept.map((g) => g.name)).toEqual(['A']);
    expect(out.filteredOut).toBe(2);
  });
});
