import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apply, CTX, gameRow, NOW, openLocalDb } from '../../../tests/support/local-db.ts';
import type { CheckpointDb } from '../db.ts';
import { coverUrl, slugify } from '../../core/catalogue-text.ts';
import { findGame } from './games.ts';

let db: CheckpointDb;
beforeEach(() => {
  db = openLocalDb();
});
afterEach(() => db.delete());

const HADES = {
  igdb_id: 113112,
  name: '  Hades  ',
  cover_url: '//images.igdb.com/igdb/image/upload/t_thumb/co1.jpg',
  first_release_date: 1600387200,
  genres: ['Role-playing (RPG)', 'Indie'],
  platforms: ['PC (Microsoft Windows)'],
};

describe('game.ensure', () => {
  it('adds a game found only externally with the id -igdb_id, normalised as the server stores it', async () => {
    await apply(db, 'game.ensure', HADES);
    const game = await db.games.get(-113112);
    expect(game).toMatchObject({
      igdb_id: 113112,
      game_id: '113112',
      name: 'Hades',
      slug: 'hades',
      release_date: '2020-09-18',
      first_release_date: 1600387200,
      cover_url: 'https://images.igdb.com/igdb/image/upload/t_cover_big/co1.jpg',
      genre: 'Role-playing (RPG)',
      genres: ['Role-playing (RPG)', 'Indie'],
      platforms: ['PC (Microsoft Windows)'],
      summary: null,
      developer: null,
      created_at: NOW,
      updated_at: NOW,
    });
    expect(await db.shadows.get(['games', -113112])).toEqual({ table: 'games', id: -113112, base: null });
  });

  it('makes the slug unique with the igdb id when another game has it', async () => {
    await db.games.put(gameRow(7, 1, 'Hades', { slug: 'hades' }));
    await apply(db, 'game.ensure', HADES);
    expect((await db.games.get(-113112))?.slug).toBe('hades-113112');
  });

  it('derives the release timestamp from a date string', async () => {
    await apply(db, 'game.ensure', { igdb_id: 5, name: 'Dated', release_date: '2024-02-29T10:00:00Z' });
    expect(await db.games.get(-5)).toMatchObject({ release_date: '2024-02-29', first_release_date: 1709164800 });
  });

  it('keeps the year of a game known only to the year, as the server does (release_year, or a year as release_date)', async () => {
    await apply(db, 'game.ensure', {
      igdb_id: 95,
      name: 'The Legend of Zelda: Ocarina of Time',
      release_date: null,
      release_year: 1998,
    });
    expect(await db.games.get(-95)).toMatchObject({ release_date: null, first_release_date: null, release_year: 1998 });
    await apply(db, 'game.ensure', { igdb_id: 96, name: 'Year As Text', release_date: '1995' });
    expect(await db.games.get(-96)).toMatchObject({ release_date: null, first_release_date: null, release_year: 1995 });
    await apply(db, 'game.ensure', { igdb_id: 97, name: 'Dated', first_release_date: 1600387200, release_year: 1999 });
    expect(await db.games.get(-97)).toMatchObject({ release_date: '2020-09-18', release_year: 2020 });
    await expect(
      apply(db, 'game.ensure', { igdb_id: 98, name: 'No Such Year', release_year: 1998.5 }),
    ).rejects.toMatchObject({ code: 'invalid_args' });
  });

  it('fills in a year a known game is missing, and never rewrites one it has', async () => {
    await db.games.put(gameRow(41, 95, 'Ocarina', { release_date: null, release_year: null, summary: 's' }));
    await apply(db, 'game.ensure', { igdb_id: 95, name: 'Ocarina', release_year: 1998 });
    expect(await db.games.get(41)).toMatchObject({ release_date: null, release_year: 1998 });
    await apply(db, 'game.ensure', { igdb_id: 95, name: 'Ocarina', release_year: 1999 });
    expect((await db.games.get(41))?.release_year).toBe(1998);
  });

  it('only fills in the facts a known game is missing', async () => {
    await db.games.put(
      gameRow(40, 113112, 'Hades', { cover_url: 'https://example.test/kept.jpg', genre: null, genres: [] }),
    );
    await apply(db, 'game.ensure', { ...HADES, name: 'Renamed', summary: 'Rogue-like' });
    expect(await db.games.get(40)).toMatchObject({
      name: 'Hades',
      cover_url: 'https://example.test/kept.jpg',
      summary: 'Rogue-like',
      genre: 'Role-playing (RPG)',
      genres: ['Role-playing (RPG)', 'Indie'],
      updated_at: NOW,
    });
    expect(await db.games.count()).toBe(1);
  });

  it('leaves a complete game alone', async () => {
    const full = gameRow(40, 9, 'Full', {
      summary: 's',
      release_date: '2020-01-01',
      cover_url: 'https://x.test/c.jpg',
      genre: 'g',
      genres: ['g'],
      platforms: ['PC'],
      developer: 'd',
      publisher: 'p',
      category: 0,
      parent_game: 3,
    });
    await db.games.put(full);
    await apply(db, 'game.ensure', { igdb_id: 9, name: 'Full', summary: 'other' });
    expect(await db.games.get(40)).toEqual(full);
    expect(await db.shadows.count()).toBe(0);
  });

  it('refuses a summary without a name with the spec message', async () => {
    await expect(apply(db, 'game.ensure', { igdb_id: 9, name: '  ' })).rejects.toMatchObject({
      code: 'invalid_args',
      message: 'Game name is required',
    });
    await expect(apply(db, 'game.ensure', { igdb_id: 0, name: 'X' })).rejects.toMatchObject({
      message: 'Game data missing valid IGDB ID',
    });
  });
});

describe('resolving the game of a write', () => {
  it('prefers the server row over a -igdb_id stand-in', async () => {
    await db.games.bulkPut([gameRow(-72, 72, 'Portal 2'), gameRow(15, 72, 'Portal 2')]);
    expect((await findGame(db, 72))?.id).toBe(15);
  });

  it('refuses a game neither known nor described', async () => {
    await expect(apply(db, 'wishlist.set', { igdb_id: 72, in: true })).rejects.toMatchObject({
      code: 'game_not_found',
      message: 'Game not found in database. Please select a game from the search results.',
    });
  });

  it('adds a described game the write is about, with the write', async () => {
    await apply(db, 'wishlist.set', { igdb_id: 72, in: true, game: { name: 'Portal 2' } }, CTX);
    expect(await db.games.get(-72)).toMatchObject({ name: 'Portal 2', slug: 'portal-2' });
    expect(await db.wishlist.toArray()).toMatchObject([{ game_id: -72, igdb_id: 72 }]);
  });
});

describe('normalising helpers', () => {
  it('slugifies as the spec says', () => {
    expect(slugify("Pokémon: Let's Go,  Pikachu!")).toBe('pokemon-lets-go-pikachu');
    expect(slugify('--A -- B--')).toBe('a-b');
    expect(slugify('!!!')).toBeNull();
  });

  it('keeps only https cover urls', () => {
    expect(coverUrl('http://x.test/t_thumb/a.jpg')).toBe('https://x.test/t_cover_big/a.jpg');
    expect(coverUrl('ftp://x.test/a.jpg')).toBeNull();
    expect(coverUrl(null)).toBeNull();
  });
});
