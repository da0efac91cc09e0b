// Browsing the catalogue (supabase/schema/functions/) as callers see it: browse_games,
// game_rating_stats and catalogue_page over a small real catalogue whose members rate games
// through sync_push as the app's outbox does, and over the bundled 385-game seed for paging and
// the limits.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogue } from '../../supabase/local/catalogue.ts';
import { call, createAccount, createTestDb, VISITOR, type Actor, type TestDb } from '../support/test-db.ts';

// Imported in this order, so internal ids rise in this order (ties are broken by id).
const GAMES = [
  {
    id: 1942,
    name: 'The Witcher 3: Wild Hunt',
    first_release_date: 1431993600,
    category: 0,
    total_rating: 93,
    total_rating_count: 3200,
    genres: ['Role-playing (RPG)', 'Adventure'],
    platforms: ['PC (Microsoft Windows)', 'PlayStation 4', 'Xbox One'],
    developer: 'CD Projekt RED',
    publisher: 'CD Projekt',
    popularity: { igdb_visits: 0.001, igdb_played: 0.002, steam_total_reviews: 0.5 },
  },
  {
    id: 12503,
    name: 'The Witcher 3: Wild Hunt - Hearts of Stone',
    first_release_date: 1444694400,
    category: 2,
    parent_game: 1942,
    genres: ['Role-playing (RPG)'],
    platforms: ['PC (Microsoft Windows)'],
    developer: 'CD Projekt RED',
    popularity: { igdb_visits: 0.0001 },
  },
  {
    id: 7346,
    name: 'The Legend of Zelda: Breath of the Wild',
    first_release_date: 1488499200,
    category: 0,
    genres: ['Adventure'],
    platforms: ['Nintendo Switch', 'Wii U'],
    developer: 'Nintendo EPD',
    publisher: 'Nintendo',
    alternative_names: ['BotW'],
    popularity: { igdb_played: 0.002, igdb_want_to_play: 0.0005 },
  },
  {
    id: 26758,
    name: 'Mario Kart 8 Deluxe',
    first_release_date: 1493337600,
    category: 0,
    genres: ['Racing'],
    platforms: ['Nintendo Switch'],
    developer: 'Nintendo EPD',
    publisher: 'Nintendo',
    popularity: { igdb_visits: 0.0004, global_sales_millions: 60 },
  },
  {
    id: 673,
    name: 'Doom',
    first_release_date: 755481600,
    category: 0,
    genres: ['Shooter'],
    platforms: ['PC (Microsoft Windows)'],
    developer: 'id Software',
  },
  {
    id: 427,
    name: 'Final Fantasy VII',
    first_release_date: 854668800,
    category: 0,
    genres: ['Role-playing (RPG)'],
    platforms: ['PlayStation'],
    developer: 'Square',
    popularity: { igdb_visits: 0.0009 },
  },
  {
    id: 1020,
    name: 'Grand Theft Auto V',
    first_release_date: 1379376000,
    category: 0,
    genres: ['Shooter', 'Racing'],
    platforms: ['PlayStation 4', 'Xbox One', 'PC (Microsoft Windows)'],
    developer: 'Rockstar North',
    alternative_names: ['GTA V', 'GTA 5'],
    popularity: { igdb_played: 0.004 },
  },
  // No release date; a lower-case genre; an accented name.
  { id: 1291, name: 'Ōkami', category: 0, genres: ['adventure'], developer: 'Clover Studio' },
  // A popularity figure that is not a number counts as none.
  {
    id: 2155,
    name: 'Dark Souls',
    first_release_date: 1316649600,
    category: 0,
    genres: ['Role-playing (RPG)'],
    platforms: ['PlayStation 3', 'Xbox 360'],
    developer: 'FromSoftware',
    popularity: { igdb_visits: 'lots' },
  },
  {
    id: 1022,
    name: 'The Legend of Zelda',
    first_release_date: 509328000,
    category: 0,
    genres: ['Adventure'],
    platforms: ['NES'],
    developer: 'Nintendo',
  },
  {
    id: 1025,
    name: 'Zelda II: The Adventure of Link',
    first_release_date: 537580800,
    category: 0,
    genres: ['Adventure', 'Role-playing (RPG)'],
    platforms: ['NES'],
    developer: 'Nintendo',
  },
];

type Row = Record<string, unknown>;
interface Game extends Row {
  id: number;
  igdb_id: number;
  name: string;
  avg_user_rating: number | null;
  user_rating_count: number;
}
interface Page {
  total: number;
  games: Game[];
}
interface Stat {
  igdb_id: number;
  game_id: number;
  avg_user_rating: number | null;
  user_rating_count: number;
}
interface CataloguePage {
  games: Row[];
  next: number | null;
}
interface PushResult {
  id: string;
  status: string;
  code?: string;
  message?: string;
  result?: Row;
}

interface BrowseArgs {
  query?: string | null;
  platforms?: number[] | null;
  genres?: string[] | null;
  year?: number | null;
  minRating?: number | null;
  sort?: string | null;
  order?: string | null;
  limit?: number | null;
  offset?: number | null;
}

let db: TestDb;
let alice: Actor;
let bob: Actor;
let carol: Actor;
const ids: Record<number, number> = {};
const platformIds: Record<string, number> = {};

/** Calls browse_games with only the named arguments given, as PostgREST does. */
function browse(args: BrowseArgs = {}, actor: Actor = VISITOR): Promise<Page> {
  const params: unknown[] = [];
  const named: string[] = [];
  const put = (name: string, type: string, value: unknown) => {
    if (value === undefined) return;
    params.push(value);
    named.push(`${name} => $${params.length}::${type}`);
  };
  put('p_query', 'text', args.query);
  put('p_platforms', 'bigint[]', args.platforms);
  put('p_genres', 'text[]', args.genres);
  put('p_year', 'integer', args.year);
  put('p_min_rating', 'numeric', args.minRating);
  put('p_sort', 'text', args.sort);
  put('p_order', 'text', args.order);
  put('p_limit', 'integer', args.limit);
  put('p_offset', 'integer', args.offset);
  return call<Page>(db, actor, `public.browse_games(${named.join(', ')})`, params);
}

const igdbIds = (page: Page) => page.games.map((g) => g.igdb_id);
const stats = (igdb: number[], actor: Actor = VISITOR) =>
  call<Stat[]>(db, actor, 'public.game_rating_stats($1::bigint[])', [igdb]);

/** Pushes mutations as the member, as the outbox would, and expects every one applied. */
async function push(actor: Actor, ...mutations: Array<[string, Row]>): Promise<void> {
  const out = await call<{ results: PushResult[] }>(db, actor, 'public.sync_push($1::uuid, $2::jsonb)', [
    randomUUID(),
    JSON.stringify(mutations.map(([name, args]) => ({ id: randomUUID(), name, args }))),
  ]);
  for (const result of out.results) expect(result.status, JSON.stringify(result)).toBe('ok');
}

// Members' ratings below: The Witcher 3 9.5, 8, 6.5 (8.0 of 3); Breath of the Wild 10, 9 (9.5 of
// 2); Doom 7, 7.5 (7.25, shown 7.3, of 2); Final Fantasy VII 6; Mario Kart 8 Deluxe 8; GTA V 5.
const RATED_BY_AVG_DESC = [7346, 1942, 26758, 673, 427, 1020];
const UNRATED_BY_ID = [12503, 1291, 2155, 1022, 1025];
const BY_NAME = [2155, 673, 427, 1020, 26758, 1291, 1022, 7346, 1942, 12503, 1025];

beforeAll(async () => {
  db = await createTestDb();
  await db.query('select public.import_catalogue($1::jsonb)', [JSON.stringify(GAMES)]);
  for (const row of await db.query<{ id: number; igdb_id: number }>('select id, igdb_id from public.game')) {
    ids[row.igdb_id] = Number(row.id);
  }
  for (const row of await db.query<{ id: number; name: string }>('select id, name from public.platform')) {
    platformIds[row.name] = Number(row.id);
  }
  alice = await createAccount(db, 'alice');
  bob = await createAccount(db, 'bob');
  carol = await createAccount(db, 'carol');
  await push(
    alice,
    ['review.create', { igdb_id: 1942, rating: 9.5, review: 'A masterpiece.' }],
    ['review.create', { igdb_id: 7346, rating: 10 }],
    ['review.create', { igdb_id: 673, rating: 7 }],
    ['review.create', { igdb_id: 427, rating: 6 }],
  );
  await push(
    bob,
    ['review.create', { igdb_id: 1942, rating: 8 }],
    ['review.create', { igdb_id: 7346, rating: 9 }],
    ['review.create', { igdb_id: 26758, rating: 8 }],
  );
  await push(
    carol,
    ['review.create', { igdb_id: 1942, rating: 6.5 }],
    ['review.create', { igdb_id: 673, rating: 7.5 }],
    ['review.create', { igdb_id: 1020, rating: 5 }],
  );
});

afterAll(async () => {
  await db?.close();
});

describe('browse_games', () => {
  it("lists every game by name by default, 20 a page, with members' average and count beside the game row", async () => {
    const page = await browse();
    expect(page.total).toBe(11);
    expect(igdbIds(page)).toEqual(BY_NAME);
    const witcher = page.games.find((g) => g.igdb_id === 1942);
    expect(witcher).toMatchObject({
      id: ids[1942],
      igdb_id: 1942,
      game_id: '1942',
      name: 'The Witcher 3: Wild Hunt',
      slug: 'the-witcher-3-wild-hunt',
      release_date: '2015-05-19',
      igdb_rating: 93,
      rating_count: 3200,
      avg_user_rating: 8,
      user_rating_count: 3,
    });
    expect(witcher).not.toHaveProperty('search_name');
    expect(witcher).not.toHaveProperty('search_vector');
    expect(page.games.find((g) => g.igdb_id === 673)).toMatchObject({ avg_user_rating: 7.3, user_rating_count: 2 });
    expect(page.games.find((g) => g.igdb_id === 12503)).toMatchObject({ avg_user_rating: null, user_rating_count: 0 });
    // The same for members: ratings are public.
    expect(await browse({}, alice)).toEqual(page);
  });

  describe('the text filter', () => {
    it('matches words of the name case- and accent-insensitively, sequel numbers either way', async () => {
      expect(igdbIds(await browse({ query: 'witcher' }))).toEqual([1942, 12503]);
      expect(igdbIds(await browse({ query: 'WITCHER 3 wild' }))).toEqual([1942, 12503]);
      expect(igdbIds(await browse({ query: 'okami' }))).toEqual([1291]);
      expect(igdbIds(await browse({ query: 'Ōkami' }))).toEqual([1291]);
      expect(igdbIds(await browse({ query: 'final fantasy 7' }))).toEqual([427]);
      expect(igdbIds(await browse({ query: 'zelda' }))).toEqual([1022, 7346, 1025]);
    });

    it('matches alternative names and, from 3 characters, text inside a word of the name', async () => {
      expect(igdbIds(await browse({ query: 'gta' }))).toEqual([1020]);
      expect(igdbIds(await browse({ query: 'BotW' }))).toEqual([7346]);
      expect(igdbIds(await browse({ query: 'itche' }))).toEqual([1942, 12503]);
      expect((await browse({ query: 'no such game' })).total).toBe(0);
    });

    it('is sanitised, and blank (or blank once sanitised) means no text filter', async () => {
      for (const blank of [null, '', '   ', "'%_();"]) {
        expect((await browse({ query: blank })).total).toBe(11);
      }
      expect(igdbIds(await browse({ query: "doom'; --" }))).toEqual([673]);
      expect(igdbIds(await browse({ query: '%oom' }))).toEqual([673]);
    });
  });

  it('filters by platform id, any of several; an empty list is no filter', async () => {
    const switchGames = await browse({ platforms: [platformIds['Nintendo Switch'] ?? -1] });
    expect(switchGames).toMatchObject({ total: 2 });
    expect(igdbIds(switchGames)).toEqual([26758, 7346]);
    expect(igdbIds(await browse({ platforms: [platformIds.NES ?? -1, platformIds.PlayStation ?? -1] }))).toEqual([
      427, 1022, 1025,
    ]);
    expect((await browse({ platforms: [] })).total).toBe(11);
    expect((await browse({ platforms: [987654] })).total).toBe(0);
  });

  it('filters by genre name, any of several, case-insensitively, whole names only', async () => {
    expect(igdbIds(await browse({ genres: ['adventure'] }))).toEqual([1291, 1022, 7346, 1942, 1025]);
    expect(igdbIds(await browse({ genres: ['RACING', ' shooter '] }))).toEqual([673, 1020, 26758]);
    expect((await browse({ genres: ['role'] })).total).toBe(0);
    expect((await browse({ genres: [] })).total).toBe(11);
  });

  it('filters by release year, and refuses a year that is no year', async () => {
    expect(igdbIds(await browse({ year: 2015 }))).toEqual([1942, 12503]);
    expect(igdbIds(await browse({ year: 2017 }))).toEqual([26758, 7346]);
    expect((await browse({ year: 2000 })).total).toBe(0);
    await expect(browse({ year: 0 })).rejects.toMatchObject({ code: '22023', hint: 'invalid_year' });
  });

  it("filters by members' average rating as shown (one decimal), which leaves out unrated games", async () => {
    expect(igdbIds(await browse({ minRating: 8 }))).toEqual([26758, 7346, 1942]);
    // Doom averages 7.25, shown as 7.3.
    expect(igdbIds(await browse({ minRating: 7.3 }))).toEqual([673, 26758, 7346, 1942]);
    expect((await browse({ minRating: 1 })).total).toBe(6);
    expect((await browse({ minRating: 9.6 })).total).toBe(0);
  });

  it('combines filters: all must hold', async () => {
    expect(igdbIds(await browse({ genres: ['Adventure'], year: 2015 }))).toEqual([1942]);
    expect(igdbIds(await browse({ query: 'witcher', minRating: 8 }))).toEqual([1942]);
    const pc = platformIds['PC (Microsoft Windows)'] ?? -1;
    expect(igdbIds(await browse({ platforms: [pc], genres: ['shooter'], sort: 'avg_rating' }))).toEqual([673, 1020]);
    expect((await browse({ query: 'zelda', platforms: [pc] })).total).toBe(0);
  });

  describe('sorts', () => {
    it('by name: accent-folded and lower-case, ascending unless asked; desc reverses', async () => {
      expect(igdbIds(await browse({ sort: 'name' }))).toEqual(BY_NAME);
      expect(igdbIds(await browse({ sort: 'name', order: 'desc' }))).toEqual([...BY_NAME].reverse());
      expect(igdbIds(await browse({ sort: ' NAME ', order: 'DESC' }))).toEqual([...BY_NAME].reverse());
    });

    it('by release date: newest first unless asked, and a game without a date last either way', async () => {
      const newest = [26758, 7346, 12503, 1942, 1020, 2155, 427, 673, 1025, 1022];
      expect(igdbIds(await browse({ sort: 'release_date' }))).toEqual([...newest, 1291]);
      expect(igdbIds(await browse({ sort: 'release_date', order: 'asc' }))).toEqual([...newest].reverse().concat(1291));
    });

    it("by members' average (alias rating): highest first unless asked, ties by id, unrated last either way", async () => {
      expect(igdbIds(await browse({ sort: 'avg_rating' }))).toEqual([...RATED_BY_AVG_DESC, ...UNRATED_BY_ID]);
      expect(igdbIds(await browse({ sort: 'rating' }))).toEqual([...RATED_BY_AVG_DESC, ...UNRATED_BY_ID]);
      // The Witcher 3 and Mario Kart tie at 8.0: id order both ways.
      expect(igdbIds(await browse({ sort: 'avg_rating', order: 'asc' }))).toEqual([
        1020,
        427,
        673,
        1942,
        26758,
        7346,
        ...UNRATED_BY_ID,
      ]);
      const top = (await browse({ sort: 'avg_rating', limit: 3 })).games;
      expect(top.map((g) => [g.igdb_id, g.avg_user_rating, g.user_rating_count])).toEqual([
        [7346, 9.5, 2],
        [1942, 8, 3],
        [26758, 8, 1],
      ]);
    });

    it("by the number of members' ratings: most first unless asked, ties by id", async () => {
      expect(igdbIds(await browse({ sort: 'rating_count' }))).toEqual([
        1942,
        7346,
        673,
        26758,
        427,
        1020,
        ...UNRATED_BY_ID,
      ]);
      expect(igdbIds(await browse({ sort: 'rating_count', order: 'asc' }))).toEqual([
        ...UNRATED_BY_ID,
        26758,
        427,
        1020,
        7346,
        673,
        1942,
      ]);
    });

    it('by popularity (the IGDB shares summed): most first unless asked, games without it last either way', async () => {
      const noFigure = [673, 1291, 2155, 1022, 1025];
      expect(igdbIds(await browse({ sort: 'popularity' }))).toEqual([1020, 1942, 7346, 427, 26758, 12503, ...noFigure]);
      expect(igdbIds(await browse({ sort: 'popularity', order: 'asc' }))).toEqual([
        12503,
        26758,
        427,
        7346,
        1942,
        1020,
        ...noFigure,
      ]);
    });

    it('by relevance with a query: a name that starts with the text before one that contains it', async () => {
      expect(igdbIds(await browse({ query: 'zelda', sort: 'relevance' }))).toEqual([1025, 1022, 7346]);
      expect(igdbIds(await browse({ query: 'zelda', sort: 'relevance', order: 'asc' }))).toEqual([7346, 1022, 1025]);
      expect(igdbIds(await browse({ query: 'the witcher 3 wild hunt', sort: 'relevance' }))).toEqual([1942, 12503]);
      expect(igdbIds(await browse({ query: 'gta 5', sort: 'relevance' }))).toEqual([1020]);
    });

    it('by relevance without a query: by name', async () => {
      expect(igdbIds(await browse({ sort: 'relevance' }))).toEqual(BY_NAME);
      expect(igdbIds(await browse({ query: '  ', sort: 'relevance', order: 'desc' }))).toEqual([...BY_NAME].reverse());
    });

    it("takes an order it does not know as the sort's default, and a blank sort as name", async () => {
      expect(igdbIds(await browse({ sort: 'release_date', order: 'sideways', limit: 1 }))).toEqual([26758]);
      expect(igdbIds(await browse({ sort: 'name', order: null, limit: 1 }))).toEqual([2155]);
      expect(igdbIds(await browse({ sort: null }))).toEqual(BY_NAME);
      expect(igdbIds(await browse({ sort: '' }))).toEqual(BY_NAME);
    });

    it('refuses a sort it does not know with a clear message', async () => {
      for (const sort of ['loudest', 'name; drop table game']) {
        const failure = browse({ sort });
        await expect(failure).rejects.toThrow(
          'Invalid sort option: use name, release_date, avg_rating, rating_count, popularity or relevance',
        );
        await expect(failure).rejects.toMatchObject({ code: '22023', hint: 'invalid_sort' });
      }
    });
  });

  it('pages with an exact total: pages join up to the whole list, past the end is empty', async () => {
    const seen: number[] = [];
    for (let offset = 0; offset < 11; offset += 4) {
      const page = await browse({ sort: 'avg_rating', limit: 4, offset });
      expect(page.total).toBe(11);
      expect(page.games.length).toBe(Math.min(4, 11 - offset));
      seen.push(...igdbIds(page));
    }
    expect(seen).toEqual([...RATED_BY_AVG_DESC, ...UNRATED_BY_ID]);
    expect(await browse({ limit: 5, offset: 11 })).toEqual({ total: 11, games: [] });
    const filtered = await browse({ genres: ['adventure'], limit: 2, offset: 2 });
    expect(filtered.total).toBe(5);
    expect(igdbIds(filtered)).toEqual([7346, 1942]);
  });

  it('clamps the limit to 1..100 and a negative offset to 0', async () => {
    expect(igdbIds(await browse({ limit: 0 }))).toEqual([2155]);
    expect(igdbIds(await browse({ limit: -5 }))).toEqual([2155]);
    expect(igdbIds(await browse({ limit: 2, offset: -3 }))).toEqual([2155, 673]);
    expect(igdbIds(await browse({ limit: null, offset: null }))).toEqual(BY_NAME);
  });
});

describe('game_rating_stats', () => {
  it("gives members' average (one decimal) and count for the games asked, in the order asked", async () => {
    expect(await stats([673, 1942, 12503, 7346])).toEqual([
      { igdb_id: 673, game_id: ids[673], avg_user_rating: 7.3, user_rating_count: 2 },
      { igdb_id: 1942, game_id: ids[1942], avg_user_rating: 8, user_rating_count: 3 },
      { igdb_id: 12503, game_id: ids[12503], avg_user_rating: null, user_rating_count: 0 },
      { igdb_id: 7346, game_id: ids[7346], avg_user_rating: 9.5, user_rating_count: 2 },
    ]);
    expect(await stats([1020], alice)).toEqual([
      { igdb_id: 1020, game_id: ids[1020], avg_user_rating: 5, user_rating_count: 1 },
    ]);
  });

  it('leaves out ids with no game, repeats and nulls; no ids give an empty list', async () => {
    const out = await call<Stat[]>(db, VISITOR, 'public.game_rating_stats($1::bigint[])', [
      [987654321, 427, null, 427],
    ]);
    expect(out).toEqual([{ igdb_id: 427, game_id: ids[427], avg_user_rating: 6, user_rating_count: 1 }]);
    expect(await stats([])).toEqual([]);
    expect(await call(db, VISITOR, 'public.game_rating_stats(null)')).toEqual([]);
  });

  it('follows reviews as members change and delete them', async () => {
    const dave = await createAccount(db, 'dave');
    await push(dave, ['review.create', { igdb_id: 2155, rating: 7 }]);
    expect(await stats([2155])).toEqual([
      { igdb_id: 2155, game_id: ids[2155], avg_user_rating: 7, user_rating_count: 1 },
    ]);
    await push(carol, ['review.create', { igdb_id: 2155, rating: 10 }]);
    expect(await stats([2155])).toEqual([
      { igdb_id: 2155, game_id: ids[2155], avg_user_rating: 8.5, user_rating_count: 2 },
    ]);
    expect((await browse({ query: 'dark souls' })).games[0]).toMatchObject({
      avg_user_rating: 8.5,
      user_rating_count: 2,
    });
    await push(dave, ['review.delete', { igdb_id: 2155 }]);
    await push(carol, ['review.delete', { igdb_id: 2155 }]);
    expect(await stats([2155])).toEqual([
      { igdb_id: 2155, game_id: ids[2155], avg_user_rating: null, user_rating_count: 0 },
    ]);
  });

  it('takes at most 200 ids', async () => {
    const ids200 = Array.from({ length: 200 }, (_, i) => i + 1);
    expect(await stats(ids200)).toEqual([]);
    const failure = stats([...ids200, 1942]);
    await expect(failure).rejects.toThrow('Too many games: ask for at most 200 at a time');
    await expect(failure).rejects.toMatchObject({ code: '22023', hint: 'too_many_games' });
  });
});

describe('catalogue_page', () => {
  const KEYS = [
    'alternative_names',
    'avg_user_rating',
    'category',
    'cover_url',
    'developer',
    'first_release_date',
    'genres',
    'id',
    'igdb_id',
    'igdb_rating',
    'name',
    'parent_game',
    'platforms',
    'popularity',
    'publisher',
    'rating_count',
    'release_date',
    'release_year',
    'slug',
    'user_rating_count',
  ];

  it("gives compact games in id order with members' ratings, and next until the last page", async () => {
    const first = await call<CataloguePage>(db, VISITOR, 'public.catalogue_page(0, 4)');
    expect(first.games.map((g) => g.igdb_id)).toEqual([1942, 12503, 7346, 26758]);
    expect(first.next).toBe(ids[26758]);
    for (const g of first.games) expect(Object.keys(g).sort()).toEqual(KEYS);
    expect(first.games[0]).toEqual({
      id: ids[1942],
      igdb_id: 1942,
      name: 'The Witcher 3: Wild Hunt',
      slug: 'the-witcher-3-wild-hunt',
      cover_url: null,
      first_release_date: 1431993600,
      release_date: '2015-05-19',
      release_year: 2015,
      category: 0,
      parent_game: null,
      genres: ['Role-playing (RPG)', 'Adventure'],
      platforms: ['PC (Microsoft Windows)', 'PlayStation 4', 'Xbox One'],
      developer: 'CD Projekt RED',
      publisher: 'CD Projekt',
      alternative_names: [],
      igdb_rating: 93,
      rating_count: 3200,
      popularity: { igdb_visits: 0.001, igdb_played: 0.002, steam_total_reviews: 0.5 },
      avg_user_rating: 8,
      user_rating_count: 3,
    });
    expect(first.games[1]).toMatchObject({
      igdb_id: 12503,
      parent_game: 1942,
      category: 2,
      avg_user_rating: null,
      user_rating_count: 0,
    });

    const all: number[] = [];
    let after = 0;
    let pages = 0;
    for (;;) {
      const page = await call<CataloguePage>(db, VISITOR, 'public.catalogue_page($1, $2)', [after, 4]);
      pages += 1;
      all.push(...page.games.map((g) => Number(g.id)));
      if (page.next === null) break;
      expect(page.next).toBe(page.games.at(-1)?.id);
      after = page.next;
    }
    expect(pages).toBe(3);
    expect(all).toEqual(GAMES.map((g) => ids[g.id]));
  });

  it('says done on a page that ends exactly at the last game, and past the end is empty', async () => {
    const whole = await call<CataloguePage>(db, alice, 'public.catalogue_page(0, 11)');
    expect(whole.games.length).toBe(11);
    expect(whole.next).toBeNull();
    const ten = await call<CataloguePage>(db, VISITOR, 'public.catalogue_page(0, 10)');
    expect(ten.next).toBe(ids[1022]);
    const last = await call<CataloguePage>(db, VISITOR, 'public.catalogue_page($1, 10)', [ten.next]);
    expect(last.games.map((g) => g.igdb_id)).toEqual([1025]);
    expect(last.next).toBeNull();
    expect(await call(db, VISITOR, 'public.catalogue_page($1)', [ids[1025]])).toEqual({ games: [], next: null });
  });

  it('defaults to the start and 1000 games, and clamps the limit to 1..5000', async () => {
    const defaults = await call<CataloguePage>(db, VISITOR, 'public.catalogue_page()');
    expect(defaults.games.length).toBe(11);
    expect(defaults.next).toBeNull();
    expect((await call<CataloguePage>(db, VISITOR, 'public.catalogue_page(null, null)')).games.length).toBe(11);
    const one = await call<CataloguePage>(db, VISITOR, 'public.catalogue_page(0, 0)');
    expect(one.games.map((g) => g.igdb_id)).toEqual([1942]);
    expect(one.next).toBe(ids[1942]);
    expect((await call<CataloguePage>(db, VISITOR, 'public.catalogue_page(0, -7)')).games.length).toBe(1);
    expect((await call<CataloguePage>(db, VISITOR, 'public.catalogue_page(0, 100000)')).games.length).toBe(11);
  });
});

describe('over the 385-game seed', () => {
  let seed: TestDb;
  let count = 0;

  beforeAll(async () => {
    seed = await createTestDb();
    count = await importCatalogue(seed);
  });

  afterAll(async () => {
    await seed?.close();
  });

  it('browse_games caps a page at 100 and pages through all of them', async () => {
    expect(count).toBe(385);
    const page = await call<Page>(seed, VISITOR, 'public.browse_games(p_limit => 1000)');
    expect(page.total).toBe(385);
    expect(page.games.length).toBe(100);
    expect((await call<Page>(seed, VISITOR, 'public.browse_games()')).games.length).toBe(20);
    const seen = new Set<number>();
    for (let offset = 0; offset < 385; offset += 100) {
      const next = await call<Page>(
        seed,
        VISITOR,
        'public.browse_games(p_sort => $1, p_limit => 100, p_offset => $2)',
        ['popularity', offset],
      );
      expect(next.total).toBe(385);
      for (const g of next.games) seen.add(g.id);
    }
    expect(seen.size).toBe(385);
  });

  it('catalogue_page downloads the whole catalogue in pages', async () => {
    const ids: number[] = [];
    let after = 0;
    for (;;) {
      const page = await call<CataloguePage>(seed, VISITOR, 'public.catalogue_page($1, 100)', [after]);
      ids.push(...page.games.map((g) => Number(g.id)));
      if (page.next === null) break;
      after = page.next;
    }
    expect(ids.length).toBe(385);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const known = await seed.query<{ id: number }>('select id from public.game order by id');
    expect(ids).toEqual(known.map((r) => Number(r.id)));
  });
});
