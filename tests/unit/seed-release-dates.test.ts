// The seed catalogue's release dates (famous games once showed "TBA"): every seed game has a
// release date or at least its year, and a game known only to the year shows that year, not
// "TBA", from the catalogue's IGDB-shaped answer through the device's game row (release_year, as
// the server keeps it) to the page.
import { describe, expect, it } from 'vitest';
import { toCatalogueGame } from '../../supabase/functions/igdb-search/catalogue-row.ts';
import { SEED_ROWS } from '../../supabase/functions/igdb-search/seed-catalogue.ts';
import { formatRelease } from '../../src/core/dates.ts';
import { fromIgdbGame } from '../../src/core/search/catalogue-entry.ts';
import { toGameRow } from '../../src/data/search/hits.ts';

const YEAR_ONLY = SEED_ROWS.filter((row) => typeof row.first_release_date !== 'number');
const shownRelease = (row: Readonly<Record<string, unknown>>) => {
  const game = toCatalogueGame(row)?.game;
  const entry = game ? fromIgdbGame(game) : null;
  if (!entry) throw new Error(`seed row ${String(row.id)} is not a catalogue game`);
  const gameRow = toGameRow(entry, '2026-01-01T00:00:00Z');
  return { year: gameRow.release_year, shown: formatRelease(gameRow) };
};

describe('seed catalogue release dates', () => {
  it('gives every seed game a release date or a year', () => {
    expect(SEED_ROWS.length).toBeGreaterThan(300);
    for (const row of SEED_ROWS) {
      expect(typeof row.first_release_date === 'number' || typeof row.release_year === 'number', String(row.name)).toBe(
        true,
      );
    }
  });

  it('shows the year of the classics known only to the year, never TBA', () => {
    const names = YEAR_ONLY.map((row) => row.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'The Legend of Zelda: Ocarina of Time',
        'The Legend of Zelda: A Link to the Past',
        'The Elder Scrolls IV: Oblivion',
        'The Elder Scrolls III: Morrowind',
        'The Sims',
      ]),
    );
    for (const row of YEAR_ONLY)
      expect(shownRelease(row), String(row.name)).toEqual({ year: row.release_year, shown: String(row.release_year) });
    expect(shownRelease(YEAR_ONLY.find((row) => row.name === 'The Legend of Zelda: Ocarina of Time') ?? {}).shown).toBe(
      '1998',
    );
  });

  it('keeps full dates as days', () => {
    const celeste = SEED_ROWS.find((row) => row.id === 26226);
    expect(shownRelease(celeste ?? {}).shown).toBe('Jan 25, 2018');
  });
});
