import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  COVER_PADDING,
  COVER_WIDTH,
  coverHash,
  coverPlan,
  coverTier,
  coverYear,
  fitTitle,
  genreFamily,
  monogram,
  platformFamily,
  textWidth,
  type CoverFacts,
} from './cover-art.ts';

/** The gateway's seed catalogue: 385 real games with their names, genres, platforms and years. */
const CATALOGUE = JSON.parse(
  readFileSync(new URL('../../supabase/functions/igdb-search/seed-catalogue.json', import.meta.url), 'utf8'),
) as (CoverFacts & { id: number })[];
const withIgdbId = CATALOGUE.map((g) => ({ ...g, igdb_id: g.id }));
/** Every width the app shows a cover at: suggestions, list rows, cards, carousels, the game page. */
const WIDTHS = [32, 36, 40, 44, 56, 64, 96, 120, 132, 200, 248, 264];
const LINE_WIDTH = COVER_WIDTH - 2 * COVER_PADDING;

const zelda: CoverFacts = {
  name: 'The Legend of Zelda: Ocarina of Time',
  igdb_id: 1029,
  release_year: 1998,
  genres: ['Adventure', 'Role-playing (RPG)'],
  platforms: ['Nintendo 64', 'Wii', 'Wii U'],
};

describe('coverPlan', () => {
  it('draws the same cover for the same game on every call, and keys it on the external id, not the row id', () => {
    expect(coverPlan(zelda, 200)).toEqual(coverPlan({ ...zelda }, 200));
    // The row's own id is negative until the server knows the game: the cover must not change with it.
    expect(coverPlan({ ...zelda, id: -1029 }, 200)).toEqual(coverPlan({ ...zelda, id: 88 }, 200));
    expect(coverHash('abc')).toBe(coverHash('abc'));
    expect(coverHash('abc')).not.toBe(coverHash('abd'));
  });

  it('varies the palette, motif and pattern across the catalogue instead of repeating one look', () => {
    const plans = withIgdbId.map((g) => coverPlan(g, 200));
    const looks = new Set(plans.map((p) => `${p.palette.top}|${p.motif.kind}|${p.pattern.kind}`));
    expect(looks.size).toBeGreaterThan(60);
    expect(new Set(plans.map((p) => p.genre)).size).toBeGreaterThanOrEqual(7);
    expect(new Set(plans.map((p) => p.pattern.kind)).size).toBeGreaterThanOrEqual(6);
    // Two games of one family still differ: the id picks one of its palettes.
    const rpgTops = new Set(plans.filter((p) => p.genre === 'rpg').map((p) => p.palette.top));
    expect(rpgTops.size).toBe(3);
  });

  it('takes the colour from the genre family, the pattern from the platform family', () => {
    const plan = coverPlan(zelda, 200);
    expect(plan.genre).toBe('rpg');
    expect(plan.platform).toBe('nintendo');
    expect(plan.pattern.kind).toBe('dots');
    expect(plan.font).toBe('serif');
    expect(coverPlan({ name: 'Halo', platforms: ['Xbox'], genres: ['Shooter'] }, 200)).toMatchObject({
      genre: 'action',
      pattern: { kind: 'stripes' },
      uppercase: true,
    });
  });

  it('shows a monogram only below 80 px, title and year on cards, and the genre word on posters', () => {
    const mark = coverPlan(zelda, 32);
    expect(mark).toMatchObject({ tier: 'mark', lines: [], monogram: 'LZ', label: null });
    const card = coverPlan(zelda, 120);
    expect(card.tier).toBe('card');
    expect(card.lines.join(' ')).toBe('The Legend of Zelda: Ocarina of Time');
    expect(card.year).toBe(1998);
    expect(card.label).toBeNull();
    expect(coverPlan(zelda, 264)).toMatchObject({ tier: 'poster', label: 'RPG' });
    expect([79, 80, 159, 160].map(coverTier)).toEqual(['mark', 'card', 'card', 'poster']);
  });

  it('keeps every title of the catalogue inside the cover and readable (11 px or more) at every size the app uses', () => {
    for (const width of WIDTHS) {
      const px = width / COVER_WIDTH;
      for (const game of withIgdbId) {
        const plan = coverPlan(game, width);
        if (plan.tier === 'mark') {
          expect(textWidth(plan.monogram, plan.monogramSize, plan.font)).toBeLessThanOrEqual(LINE_WIDTH);
          expect(plan.monogramSize * px, game.name).toBeGreaterThanOrEqual(10);
          continue;
        }
        expect(plan.lines.length, game.name).toBeGreaterThan(0);
        expect(plan.lines.length, game.name).toBeLessThanOrEqual(4);
        for (const line of plan.lines)
          expect(textWidth(line, plan.size, plan.font), `${game.name} at ${width}`).toBeLessThanOrEqual(LINE_WIDTH);
        expect(plan.size * px, `${game.name} at ${width}`).toBeGreaterThanOrEqual(11);
        expect(plan.metaSize * px).toBeGreaterThanOrEqual(9);
        // The title block stays in the lower part, clear of the year at the top.
        expect(plan.lines.length * plan.leading).toBeLessThanOrEqual(280);
      }
    }
  }, 30_000);

  it('keeps every word of a title that fits, and cuts one that cannot with an ellipsis', () => {
    const long =
      'Hyperdimension Neptunia Re;Birth3 V Generation Deluxe Pack Special Collector Edition Remastered Anniversary';
    const plan = coverPlan({ name: long }, 96);
    expect(plan.lines).toHaveLength(4);
    expect(plan.lines[3]).toMatch(/…$/);
    const fits = coverPlan({ name: 'Celeste' }, 200);
    expect(fits.lines).toEqual(['Celeste']);
    expect(fits.size).toBeGreaterThanOrEqual(50);
    // A short title is set on whole words at a smaller size rather than cut.
    expect(coverPlan({ name: 'Kingdom Hearts Melody of Memory' }, 120).lines.every((l) => !l.endsWith('-'))).toBe(true);
  });
});

describe('title fitting', () => {
  it('hyphenates a word wider than a line and shrinks the size until the title fits its lines', () => {
    const { lines, size } = fitTitle('Supercalifragilisticexpialidocious', 'sans', 200, 60, 30, 4);
    expect(size).toBeLessThan(60);
    expect(lines.join('').replace(/-/g, '')).toBe('Supercalifragilisticexpialidocious');
    expect(lines[0]).toMatch(/-$/);
    for (const line of lines) expect(textWidth(line, size, 'sans')).toBeLessThanOrEqual(200);
  });
});

describe('families, monogram and year', () => {
  it('picks the most specific genre family', () => {
    expect(genreFamily(['Shooter', 'Adventure'])).toBe('action');
    expect(genreFamily(['Adventure', 'Role-playing (RPG)'])).toBe('rpg');
    expect(genreFamily(['Racing', 'Sport'])).toBe('sport');
    expect(genreFamily(['Turn-based strategy (TBS)'])).toBe('strategy');
    expect(genreFamily(['Puzzle', 'Indie'])).toBe('puzzle');
    expect(genreFamily(['Puzzle', 'Adventure'])).toBe('adventure');
    expect(genreFamily(['Simulator'])).toBe('sim');
    expect(genreFamily(['Point-and-click'])).toBe('adventure');
    expect(genreFamily(['Indie'])).toBe('other');
    expect(genreFamily([])).toBe('other');
  });

  it('picks the platform family most of the platforms belong to', () => {
    expect(platformFamily(['PC (Microsoft Windows)', 'PlayStation 4', 'PlayStation 5', 'Xbox One'])).toBe(
      'playstation',
    );
    expect(platformFamily(['Nintendo Switch'])).toBe('nintendo');
    expect(platformFamily(['Nintendo DS', 'Game Boy Advance'])).toBe('nintendo');
    expect(platformFamily(['Xbox Series X|S'])).toBe('xbox');
    expect(platformFamily(['PC (Microsoft Windows)', 'Mac', 'Linux'])).toBe('pc');
    expect(platformFamily(['iOS', 'Android'])).toBe('mobile');
    expect(platformFamily(['Sega Mega Drive/Genesis', 'Amiga'])).toBe('retro');
    expect(platformFamily(['Meta Quest 2', 'SteamVR'])).toBe('vr');
    expect(platformFamily([])).toBe('other');
    // A tie goes to the family listed first (consoles before PC), whatever the order of the row.
    expect(platformFamily(['PC (Microsoft Windows)', 'Nintendo Switch'])).toBe(
      platformFamily(['Nintendo Switch', 'PC (Microsoft Windows)']),
    );
  });

  it('makes a monogram of the first two words that are not articles', () => {
    expect(monogram('The Legend of Zelda: Ocarina of Time')).toBe('LZ');
    expect(monogram('Celeste')).toBe('C');
    expect(monogram('half-life 2')).toBe('HL');
    expect(monogram('"Portal"')).toBe('P');
    expect(monogram('  ')).toBe('?');
  });

  it('reads the year from release_year, first_release_date (seconds or text) or release_date', () => {
    expect(coverYear({ name: 'x', release_year: 1998 })).toBe(1998);
    expect(coverYear({ name: 'x', first_release_date: 1_431_993_600 })).toBe(2015);
    expect(coverYear({ name: 'x', first_release_date: '2017-03-03' })).toBe(2017);
    expect(coverYear({ name: 'x', release_date: '1991-11-21' })).toBe(1991);
    expect(coverYear({ name: 'x' })).toBeNull();
  });
});
