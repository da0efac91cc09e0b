// The release year (20261126002100_release_year.sql; famous games showed "TBA"): a game
// known only to the year keeps that year on every way in (the seed's import, a member's write
// naming a game the database lacks, IGDB's release_dates) and every read that carries the release
// date carries it too; a database migrated before it gets the years it can know.
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ROWS } from '../../supabase/functions/igdb-search/seed-catalogue.ts';
import { PGLITE_OPTIONS, openPostgres, wrapPglite, type Db } from '../../supabase/local/db.ts';
import { applyMigrations, migrate, MIGRATIONS_DIR } from '../../supabase/local/migrate.ts';
import { call, createAccount, createTestDb, VISITOR, type Actor, type TestDb } from '../support/test-db.ts';

type Row = Record<string, unknown>;
interface PushResult {
  id: string;
  status: string;
  code?: string;
  message?: string;
  result?: Row;
}

const OCARINA = 1000000095; // the seed's Ocarina of Time: 1998, no day
const MORROWIND = 1000000508; // 2002, no day
const CELESTE = 26226; // Jan 25, 2018
const seedRow = (id: number) => {
  const row = SEED_ROWS.find((r) => r.id === id);
  if (!row) throw new Error(`no seed row ${id}`);
  return row;
};

let db: TestDb;
let alice: Actor;

async function push(actor: Actor, ...mutations: Array<[string, Row]>): Promise<PushResult[]> {
  const out = await call<{ results: PushResult[] }>(db, actor, 'public.sync_push($1::uuid, $2::jsonb)', [
    randomUUID(),
    JSON.stringify(mutations.map(([name, args]) => ({ id: randomUUID(), name, args }))),
  ]);
  return out.results;
}

const gameRow = async (igdbId: number) =>
  (
    await db.query<{ release_date: string | null; release_year: number | null }>(
      `select release_date::text, release_year from public.game where igdb_id = $1`,
      [igdbId],
    )
  )[0];

beforeAll(async () => {
  db = await createTestDb();
  await db.query('select public.import_catalogue($1::jsonb)', [
    JSON.stringify([seedRow(OCARINA), seedRow(MORROWIND), seedRow(CELESTE)]),
  ]);
  alice = await createAccount(db, 'alice');
});

afterAll(async () => {
  await db?.close();
});

describe('a game known only to the year', () => {
  it('keeps its year from the seed, and a dated game the year of its day', async () => {
    expect(seedRow(OCARINA)).toMatchObject({ name: 'The Legend of Zelda: Ocarina of Time', release_year: 1998 });
    expect(seedRow(OCARINA)).not.toHaveProperty('first_release_date');
    expect(await gameRow(OCARINA)).toEqual({ release_date: null, release_year: 1998 });
    expect(await gameRow(MORROWIND)).toEqual({ release_date: null, release_year: 2002 });
    expect(await gameRow(CELESTE)).toEqual({ release_date: '2018-01-25', release_year: 2018 });
  });

  it('comes back with its year from the game page, search, browse, the genre list and the catalogue download', async () => {
    const page = await call<{ game: Row }>(db, VISITOR, 'public.get_game_page($1::text)', [String(OCARINA)]);
    expect(page.game).toMatchObject({ igdb_id: OCARINA, release_date: null, release_year: 1998 });

    const found = await call<Row[]>(
      db,
      VISITOR,
      `(select coalesce(jsonb_agg(s), '[]') from public.search_games_secure('ocarina of time') s)`,
    );
    expect(found.find((g) => g.igdb_id === OCARINA)).toMatchObject({ release_date: null, release_year: 1998 });
    expect(found.find((g) => g.igdb_id === OCARINA)).toHaveProperty('search_rank');

    const genre = String((seedRow(MORROWIND).genres as string[])[0]);
    const byGenre = await call<Row[]>(
      db,
      VISITOR,
      `(select coalesce(jsonb_agg(s), '[]') from public.search_games_by_genre($1::text) s)`,
      [genre],
    );
    expect(byGenre.find((g) => g.igdb_id === MORROWIND)).toMatchObject({ release_date: null, release_year: 2002 });

    // Browse's year filter finds it under its year (it had no date, so no year filter found it).
    const in1998 = await call<{ total: number; games: Row[] }>(db, VISITOR, 'public.browse_games(p_year => 1998)');
    expect(in1998.games.map((g) => g.igdb_id)).toEqual([OCARINA]);
    expect(in1998.games[0]).toMatchObject({ release_date: null, release_year: 1998 });
    const in2018 = await call<{ total: number; games: Row[] }>(db, VISITOR, 'public.browse_games(p_year => 2018)');
    expect(in2018.games.map((g) => g.igdb_id)).toEqual([CELESTE]);

    const catalogue = await call<{ games: Row[] }>(db, VISITOR, 'public.catalogue_page(0, 10)');
    expect(catalogue.games.map((g) => [g.igdb_id, g.release_year])).toEqual(
      expect.arrayContaining([
        [OCARINA, 1998],
        [MORROWIND, 2002],
        [CELESTE, 2018],
      ]),
    );
  });

  it("shows its year on a member's lists (game_card)", async () => {
    expect((await push(alice, ['wishlist.set', { igdb_id: OCARINA, in: true }])).map((r) => r.status)).toEqual(['ok']);
    const me = await db.query<{ id: number }>(`select id from public."user" where username = 'alice'`);
    const profile = await call<{ wishlist: Array<{ game: Row }> }>(db, alice, 'public.get_profile($1::bigint)', [
      me[0]?.id,
    ]);
    expect(profile.wishlist.map((w) => w.game)).toEqual([
      expect.objectContaining({ igdb_id: OCARINA, release_date: null, release_year: 1998 }),
    ]);
  });

  it("keeps the year a member's write names for a game the database lacks, in the app's shape or IGDB's", async () => {
    const results = await push(
      alice,
      [
        'wishlist.set',
        {
          igdb_id: 910001,
          in: true,
          game: { name: 'Year Only (app)', release_date: null, first_release_date: null, release_year: 1994 },
        },
      ],
      ['wishlist.set', { igdb_id: 910002, in: true, game: { name: 'Year Only (text)', release_date: '1995' } }],
      [
        'wishlist.set',
        {
          igdb_id: 910003,
          in: true,
          game: {
            name: 'Year Only (IGDB)',
            release_dates: [
              { category: 2, y: 1997 },
              { category: 2, y: 1996 },
            ],
          },
        },
      ],
      ['wishlist.set', { igdb_id: 910004, in: true, game: { name: 'No Year', release_year: 123456 } }],
    );
    expect(results.map((r) => r.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(await gameRow(910001)).toEqual({ release_date: null, release_year: 1994 });
    expect(await gameRow(910002)).toEqual({ release_date: null, release_year: 1995 });
    expect(await gameRow(910003)).toEqual({ release_date: null, release_year: 1996 });
    expect(await gameRow(910004)).toEqual({ release_date: null, release_year: null });
  });

  it("is completed by a later import, and a member's write never rewrites a year the catalogue has", async () => {
    await db.query('select public.import_catalogue($1::jsonb)', [
      JSON.stringify([{ id: 910004, name: 'No Year', release_year: 2001 }]),
    ]);
    expect(await gameRow(910004)).toEqual({ release_date: null, release_year: 2001 });
    await db.query('select public.import_catalogue($1::jsonb)', [
      JSON.stringify([{ ...seedRow(OCARINA), release_year: 1999 }]),
    ]);
    expect(await gameRow(OCARINA)).toEqual({ release_date: null, release_year: 1998 });
  });
});

// ---- an existing database --------------------------------------------------------------------

const hosted = process.env.TEST_SUPABASE === '1';

/** A database migrated up to, not including, the release year, and its closer. */
async function databaseBeforeReleaseYear(dir: string): Promise<{ db: Db; close: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const lite = wrapPglite(await PGlite.create(PGLITE_OPTIONS));
    await migrate(lite, dir);
    return { db: lite, close: () => lite.close() };
  }
  const name = `cp_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const server = openPostgres(url.toString());
  await migrate(server, dir);
  return {
    db: server,
    close: async () => {
      await server.close();
      const drop = new pg.Client({ connectionString: serverUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

// Hosted's databases are copies of one the migrations were already pushed to (see with-supabase.ts).
describe.skipIf(hosted)('a database migrated before the release year', () => {
  it("gets the years it can know: a dated game's, and the seed classics', logging only the news", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cp-release-year-'));
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    // The database as it was before the release year's migration; it and every later one come after.
    const at = files.indexOf('20261126002100_release_year.sql');
    expect(at).toBeGreaterThan(0);
    for (const file of files.slice(0, at)) symlinkSync(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
    const { db: old, close } = await databaseBeforeReleaseYear(dir);
    try {
      await old.query('select public.import_catalogue($1::jsonb)', [
        JSON.stringify([seedRow(OCARINA), seedRow(CELESTE), { id: 910005, name: 'Unknown Year' }]),
      ]);
      // Before: the classic has no date, and nowhere to keep its year.
      expect((await old.query(`select release_date from public.game where igdb_id = $1`, [OCARINA]))[0]).toEqual({
        release_date: null,
      });
      const logged = async () =>
        Number((await old.query<{ n: number }>('select count(*)::int as n from public.sync_change'))[0]?.n);
      const before = await logged();
      const stamp = (
        await old.query<{ updated_at: unknown }>(`select updated_at from public.game where igdb_id = $1`, [CELESTE])
      )[0]?.updated_at;

      for (const file of files.slice(at)) symlinkSync(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
      expect(await applyMigrations(old, dir)).toEqual(files.slice(at));

      const years = await old.query<{ igdb_id: number; release_year: number | null }>(
        'select igdb_id::int, release_year from public.game order by igdb_id',
      );
      expect(years).toEqual([
        { igdb_id: CELESTE, release_year: 2018 },
        { igdb_id: 910005, release_year: null },
        { igdb_id: OCARINA, release_year: 1998 },
      ]);
      // The classic's year is news (one change logged, devices showing it pull it); the dated
      // game's year is not, and its row is left as it was.
      expect(await logged()).toBe(before + 1);
      expect(
        (
          await old.query(
            `select tbl, (key ->> 'igdb_id')::bigint::int as igdb_id from public.sync_change order by id desc limit 1`,
          )
        )[0],
      ).toEqual({ tbl: 'game', igdb_id: OCARINA });
      expect(
        (
          await old.query<{ updated_at: unknown }>(`select updated_at from public.game where igdb_id = $1`, [CELESTE])
        )[0]?.updated_at,
      ).toEqual(stamp);
      // The triggers are back on: a new game is logged and searchable.
      await old.query('select public.import_catalogue($1::jsonb)', [
        JSON.stringify([{ id: 910006, name: 'After The Migration', release_year: 2020 }]),
      ]);
      expect(await logged()).toBe(before + 2);
      expect((await old.query(`select search_name, release_year from public.game where igdb_id = 910006`))[0]).toEqual({
        search_name: 'after the migration',
        release_year: 2020,
      });
    } finally {
      await close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
