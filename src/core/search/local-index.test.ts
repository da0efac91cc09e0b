import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildLocalIndex, type LocalIndex } from './local-index.ts';
import { parseCatalogue } from './catalogue-row.ts';
import { NOW_S, paddedCatalogue } from './catalogue.fixture.ts';
import { normalizeText } from './normalize.ts';

const names = (index: LocalIndex, query: string, limit = 8) =>
  index.search(query, { nowSeconds: NOW_S, limit }).ranked.map((r) => r.game.name);

/** Ranking cases every catalogue must pass. */
function rankingCases(label: string, load: () => LocalIndex) {
  // The first case builds the index (70,222 games from shared/ take seconds on a busy 2-core machine).
  describe(`ranking on ${label}`, { timeout: 30_000 }, () => {
    let index: LocalIndex | undefined;
    const idx = () => (index ??= load());

    it('"zelda" puts main Zelda games above DLCs and hides fan mods', () => {
      const ranked = idx().search('zelda', { nowSeconds: NOW_S, limit: 50 }).ranked;
      const isDlc = (n: string) => /ballad|expansion pass|dlc|pack/i.test(n);
      const lastMain = Math.max(
        ...ranked.map((r, i) => (!isDlc(r.game.name) && /legend of zelda/i.test(r.game.name) ? i : -1)),
      );
      const firstDlc = ranked.findIndex((r) => isDlc(r.game.name));
      expect(ranked[0]?.game.name).toMatch(/zelda/i);
      if (firstDlc >= 0) expect(ranked.slice(0, firstDlc).some((r) => /legend of zelda/i.test(r.game.name))).toBe(true);
      expect(lastMain).toBeGreaterThanOrEqual(0);
      expect(ranked.some((r) => /\bmod\b|zelda classic/i.test(r.game.name))).toBe(false);
    });
    it('"mario kart 8" finds Mario Kart 8 / Deluxe first', () => {
      expect(names(idx(), 'mario kart 8').slice(0, 2).sort()).toEqual(['Mario Kart 8', 'Mario Kart 8 Deluxe']);
    });
    it('"ff7" and "final fantasy 7" find Final Fantasy VII', () => {
      expect(names(idx(), 'ff7')[0]).toBe('Final Fantasy VII');
      expect(names(idx(), 'final fantasy 7')[0]).toBe('Final Fantasy VII');
      expect(names(idx(), 'final fantasy vii')[0]).toBe('Final Fantasy VII');
    });
    it('"pokemon red" finds Pokémon Red', () => {
      expect(names(idx(), 'pokemon red').slice(0, 2).map(normalizeText)).toContain('pokemon red version');
    });
    it('typos still find the franchise: "zleda", "resident evl"', () => {
      expect(names(idx(), 'zleda')[0]).toMatch(/zelda/i);
      expect(names(idx(), 'resident evl')[0]).toMatch(/^resident evil/i);
    });
    it('accents and case do not matter', () => {
      expect(names(idx(), 'POKÉMON RED')).toEqual(names(idx(), 'pokemon red'));
    });
    it('prefix typing suggests as it goes', () => {
      expect(names(idx(), 'resident ev')[0]).toMatch(/^resident evil/i);
    });
    it('empty or sanitised-away queries return nothing', () => {
      expect(names(idx(), '')).toEqual([]);
      expect(names(idx(), "'();")).toEqual([]);
    });
  });
}

rankingCases('the hand-made catalogue padded to 5,000 games', () => buildLocalIndex(paddedCatalogue(5000)));

// The same cases on the real catalogue where a checkout has it beside it (../shared/data/, 70,222
// games); the hand-made catalogue above holds them everywhere else.
const SHARED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/data/games.jsonl');
if (existsSync(SHARED)) {
  rankingCases('shared/data/games.jsonl (70,222 games)', () =>
    buildLocalIndex(parseCatalogue(readFileSync(SHARED, 'utf8'))),
  );
}

describe('local index protection', () => {
  it('counts what protection hid', () => {
    const index = buildLocalIndex(paddedCatalogue(100));
    const out = index.search('call of duty', { nowSeconds: NOW_S });
    expect(out.ranked.map((r) => r.game.name)).toContain('Call of Duty: Ultimate Bundle');
    expect(out.ranked.map((r) => r.game.name)).not.toContain('Call of Duty Sampler');
    expect(out.filteredOut).toBe(1);
  });
  it('keeps a recent MODERATE mod and a MOD_FRIENDLY mod at tier 200', () => {
    const index = buildLocalIndex(paddedCatalogue(100));
    expect(names(index, 'resident evil village mod')).toEqual(['Resident Evil Village Mod Pack']);
    expect(names(index, 'resident evil 4 hd mod')).toEqual([]);
    expect(index.search('skyrim together', { nowSeconds: NOW_S }).ranked[0]?.tier).toBe(200);
  });
});
