// The game page's device side: which row an identifier finds when a stand-in and the database's
// row sit side by side, keeping a catalogue-only game as a stand-in, and the summary a write carries
// (which the mutation schema must accept, so a stand-in game can be written about).
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseMutation } from '../../core/mutations.ts';
import { CheckpointDb } from '../../store/db.ts';
import { findGame, gameSummaryOf, loadGamePage, rememberCatalogueGame } from './game-page.ts';

let db: CheckpointDb;

beforeEach(() => {
  db = new CheckpointDb(`game-page-${Math.random()}`);
});
afterEach(async () => {
  await db.delete();
});

const IGDB_HADES = {
  id: 113112,
  name: 'Hades',
  slug: 'hades',
  summary: 'Defy the god of the dead.',
  first_release_date: 1_600_300_800,
  category: 0,
  cover: { url: '//images.igdb.com/igdb/image/upload/t_thumb/co1.jpg' },
  genres: [{ name: 'Roguelike' }],
  platforms: [{ name: 'PC (Microsoft Windows)' }],
  parent_game: 5,
};

describe('game page on the device', () => {
  it('keeps a catalogue-only game as a -igdb_id stand-in that opens by id and by slug', async () => {
    const row = await rememberCatalogueGame(db, IGDB_HADES);
    expect(row).toMatchObject({
      id: -113112,
      igdb_id: 113112,
      slug: 'hades',
      parent_game: 5,
      cover_url: 'https://images.igdb.com/igdb/image/upload/t_cover_big/co1.jpg',
    });
    expect((await findGame(db, '113112'))?.id).toBe(-113112);
    expect((await loadGamePage(db, 'hades', null))?.game.name).toBe('Hades');
    // Remembering again changes nothing; junk is refused.
    expect((await rememberCatalogueGame(db, { ...IGDB_HADES, name: 'Other' }))?.name).toBe('Hades');
    expect(await rememberCatalogueGame(db, { id: 'x' })).toBeNull();
  });

  it("prefers the database's row over the device's stand-in, by external id and by slug", async () => {
    await rememberCatalogueGame(db, IGDB_HADES);
    await db.games.put({ id: 42, igdb_id: 113112, name: 'Hades', slug: 'hades' });
    expect((await findGame(db, '113112'))?.id).toBe(42);
    expect((await findGame(db, 'HADES'))?.id).toBe(42);
    expect((await findGame(db, '42'))?.id).toBe(42);
    expect(await findGame(db, 'nope')).toBeUndefined();
  });

  it('gives writes a summary the mutation schema accepts', async () => {
    const row = await rememberCatalogueGame(db, IGDB_HADES);
    if (!row) throw new Error('not remembered');
    const summary = gameSummaryOf(row);
    expect(summary).toMatchObject({
      name: 'Hades',
      slug: 'hades',
      genre: 'Roguelike',
      platforms: ['PC (Microsoft Windows)'],
      category: 0,
      parent_game: 5,
    });
    expect(() => parseMutation('progress.set', { igdb_id: 113112, game: summary, started: true })).not.toThrow();
    expect(() =>
      parseMutation('wishlist.set', {
        igdb_id: 113112,
        game: gameSummaryOf({ id: 1, igdb_id: 1, name: 'Bare', slug: null }),
        in: true,
      }),
    ).not.toThrow();
  });
});
