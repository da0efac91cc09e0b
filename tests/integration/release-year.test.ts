// The release year (public.game.release_year), so that a famous game dated only to its year is not
// shown as TBA: a game known only to the year keeps that year on every way in (the seed's import,
// a member's write naming a game the database lacks, IGDB's release_dates) and every read that
// carries the release date carries it too.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ROWS } from '../../supabase/functions/igdb-search/seed-catalogue.ts';
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
