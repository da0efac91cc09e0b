import { describe, expect, it } from 'vitest';
import { compareScored, scoreGame } from './score.ts';
import { prepareQuery } from './query.ts';
import { NOW_S } from './catalogue.fixture.ts';
import { SECONDS_PER_YEAR } from './constants.ts';
import type { SearchGame } from './types.ts';

// An old (15-year) game with no signals, so each test changes one thing.
const base: SearchGame = {
  id: 1,
  name: 'Shadow Quest',
  category: 0,
  first_release_date: NOW_S - 15 * SECONDS_PER_YEAR,
};
const score = (
  query: string,
  extra: Partial<SearchGame> = {},
  ctx: { referenceGenres?: string[]; communityMod?: boolean } = {},
) => scoreGame({ ...base, ...extra }, prepareQuery(query), { nowSeconds: NOW_S, ...ctx });
const diff = (query: string, a: Partial<SearchGame>, b: Partial<SearchGame> = {}) =>
  score(query, a).score - score(query, b).score;

describe('scoreGame', () => {
  it('title similarity: exact 1000, article-stripped 950, prefix 900, edition prefix 750, contains 600', () => {
    const s = (name: string) => score('shadow quest', { name }).score - score('zzz', { name }).score;
    expect(s('Shadow Quest')).toBe(1000);
    expect(s('The Shadow Quest')).toBe(950);
    expect(s('Shadow Quest Returns')).toBe(900);
    expect(s('Shadow Quest: Deluxe Edition')).toBe(750);
    expect(s('Return to Shadow Quest')).toBe(600);
  });
  it('field matches: summary 200, description 150, genre 100, developer or publisher 300', () => {
    expect(diff('stealth', { summary: 'A stealth game' })).toBe(200);
    expect(diff('stealth', { description: 'stealth' })).toBe(150);
    expect(diff('stealth', { genres: ['Stealth'] })).toBe(100);
    expect(diff('konami', { developer: 'Konami' })).toBe(300);
    expect(diff('konami', { publisher: 'Konami' })).toBe(300);
  });
  it('recency bonus of relevance plus the release band of the tier', () => {
    const at = (years: number) => ({ first_release_date: NOW_S - years * SECONDS_PER_YEAR });
    expect(diff('x', at(0.5))).toBe(200 + 20);
    expect(diff('x', at(1.5))).toBe(150 + 10);
    expect(diff('x', at(4))).toBe(100);
    expect(diff('x', at(8))).toBe(50);
    expect(diff('x', at(25))).toBe(-10);
  });
  it('engagement capped at 500 (plus its band), popularity capped at 300', () => {
    expect(diff('x', { follows: 400, hypes: 400 })).toBe(500 + 30);
    expect(diff('x', { follows: 2000 })).toBe(500 + 40);
    expect(diff('x', { follows: 60 })).toBe(60 + 10);
    expect(diff('x', { popularity: 1000 })).toBe(300);
  });
  it('rating and user-rating-count bands', () => {
    expect(diff('x', { rating: 95 })).toBe(50);
    expect(diff('x', { rating: 85 })).toBe(30);
    expect(diff('x', { rating: 75 })).toBe(15);
    expect(diff('x', { rating: 60 })).toBe(0);
    expect(diff('x', { rating: 40 })).toBe(-25);
    expect(diff('x', { user_rating_count: 1500 })).toBe(30);
    expect(diff('x', { user_rating_count: 150 })).toBe(15);
    expect(diff('x', { rating_count: 15 })).toBe(5);
  });
  it('category bonuses: main +50, remake/remaster +30, port −20, DLC tier 400', () => {
    expect(score('x').tier).toBe(800);
    expect(diff('x', { category: 8 }) + 50).toBe(30);
    expect(diff('x', { category: 9 }) + 50).toBe(30);
    expect(diff('x', { category: 11 }) + 50).toBe(-20);
    expect(diff('x', { category: 1 })).toBe(400 - 800 - 50);
    expect(score('x', { category: 1 }).tier).toBe(400);
  });
  it('Switch with Nintendo +100', () => {
    expect(
      diff('x', { platforms: ['Nintendo Switch'], publisher: 'Nintendo' }, { platforms: ['Nintendo Switch'] }),
    ).toBe(100);
  });
  it('mods: −200 and tier 100, community mods tier 200; season −100; bundle −100 or −150 for a mod', () => {
    expect(score('x', { category: 5 }).score - score('x').score).toBe(100 - 200 - 800 - 50);
    expect(score('x', { category: 5 }).tier).toBe(100);
    expect(score('x', { category: 5 }, { communityMod: true }).score - score('x', { category: 5 }).score).toBe(
      100 + 200,
    );
    expect(score('x', { category: 5 }, { communityMod: true }).tier).toBe(200);
    expect(diff('x', { category: 7 })).toBe(400 - 100 - 850);
    expect(diff('x', { category: 3 })).toBe(400 - 100 - 850);
    expect(
      diff('x', { category: 3, name: 'Shadow Quest Mod Bundle' }, { name: 'Shadow Quest Mod Bundle', category: 5 }),
    ).toBe(-150);
  });
  it('iconic games: flagship tier 1500 and a 400–500 boost', () => {
    const zelda = { name: 'The Legend of Zelda', release_year: 1986, first_release_date: null };
    const s = score('zelda', zelda);
    expect(s.tier).toBe(1200);
    expect(s.score).toBe(600 + 500 + 1500 + 50);
    const fake = score('zelda', { ...zelda, release_year: 2010 });
    expect(fake.score).toBe(600 + 1000 + 50);
  });
  it('sister games: exact 300, sequel 200 × confidence, sister 150 × 0.5, spin-off 100 × 0.5 − 100', () => {
    const s = (name: string) => score('shadow quest 4', { name }).score - score('zzz', { name }).score;
    expect(s('Shadow Quest 4')).toBe(1000 + 300);
    expect(s('Shadow Quest 5')).toBe(200 * 0.9);
    expect(s('Shadow Quest 2')).toBe(200 * 0.7);
    expect(s('Shadow Quest 9')).toBe(200 * 0.5);
    expect(s('Shadow Quest Origins')).toBe(150 * 0.5);
    expect(s('Lego Shadow Quest')).toBe(100 * 0.5 - 100);
  });
  it('genre overlap with the reference genres: 200 / 100 / 50', () => {
    const g = (referenceGenres: string[]) =>
      score('x', { genres: ['RPG', 'Adventure'] }, { referenceGenres }).score -
      score('x', { genres: ['RPG', 'Adventure'] }).score;
    expect(g(['RPG', 'Adventure'])).toBe(200);
    expect(g(['RPG', 'Shooter'])).toBe(100);
    expect(g(['RPG', 'Shooter', 'Puzzle'])).toBe(50);
    expect(g(['Shooter'])).toBe(0);
  });
  it('final tier cut-offs', () => {
    expect(score('x', { name: 'Zelda Fan Game', category: 5 }).tier).toBe(100);
    expect(score('x', { category: 1, rating: 40 }).tier).toBe(200);
    expect(score('shadow', { name: 'Super Mario Shadow', category: 0 }).tier).toBe(800);
    expect(score('mario', { name: 'Super Mario Shadow', category: 0 }).tier).toBe(1000);
  });
});

describe('exact titles first', () => {
  it('puts the game whose title was typed exactly above a newer sequel that outscores it', () => {
    const now = Date.UTC(2026, 10, 21) / 1000;
    const silksong = {
      id: 2,
      name: 'Hollow Knight: Silksong',
      category: 0,
      first_release_date: Date.UTC(2025, 8, 4) / 1000,
      rating: 92,
      follows: 5000,
    };
    const original = {
      id: 1,
      name: 'Hollow Knight',
      category: 0,
      first_release_date: Date.UTC(2017, 1, 24) / 1000,
      rating: 87,
    };
    const q = prepareQuery('hollow knight');
    const scored = [silksong, original].map((game) => ({ game, score: scoreGame(game, q, { nowSeconds: now }) }));
    expect(scored[0]?.score.score).toBeGreaterThan(scored[1]?.score.score ?? 0);
    expect(scored.sort(compareScored).map((s) => s.game.name)).toEqual(['Hollow Knight', 'Hollow Knight: Silksong']);
  });
});
