// Catalogue search as the app calls it: search_games_secure and
// search_games_by_genre over a small real catalogue, as a visitor and as a member.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asActor, createAccount, createTestDb, VISITOR, type Actor, type TestDb } from '../support/test-db.ts';

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
  },
  {
    id: 12503,
    name: 'The Witcher 3: Wild Hunt - Hearts of Stone',
    first_release_date: 1444694400,
    category: 2,
    parent_game: 1942,
    total_rating: 90,
    genres: ['Role-playing (RPG)'],
    developer: 'CD Projekt RED',
    publisher: 'CD Projekt',
  },
  {
    id: 12502,
    name: 'The Witcher 3: Wild Hunt - Blood and Wine',
    first_release_date: 1464652800,
    category: 2,
    parent_game: 1942,
    total_rating: 92,
    genres: ['Role-playing (RPG)'],
    developer: 'CD Projekt RED',
    publisher: 'CD Projekt',
  },
  {
    id: 80,
    name: 'The Witcher',
    first_release_date: 1193356800,
    category: 0,
    total_rating: 80,
    genres: ['Role-playing (RPG)'],
    developer: 'CD Projekt RED',
    publisher: 'Atari',
  },
  {
    id: 673,
    name: 'Doom',
    first_release_date: 755481600,
    category: 0,
    total_rating: 86,
    genres: ['Shooter'],
    developer: 'id Software',
    publisher: 'id Software',
  },
  {
    id: 103298,
    name: 'Doom Eternal',
    first_release_date: 1584662400,
    category: 0,
    total_rating: 87,
    genres: ['Shooter'],
    developer: 'id Software',
    publisher: 'Bethesda Softworks',
  },
  {
    id: 674,
    name: 'Final Doom',
    first_release_date: 834969600,
    category: 0,
    total_rating: 72,
    genres: ['Shooter'],
    developer: 'TeamTNT',
    publisher: 'GT Interactive',
  },
  {
    id: 7346,
    name: 'The Legend of Zelda: Breath of the Wild',
    first_release_date: 1488499200,
    category: 0,
    total_rating: 96,
    genres: ['Adventure', 'Role-playing (RPG)'],
    platforms: ['Nintendo Switch', 'Wii U'],
    developer: 'Nintendo EPD',
    publisher: 'Nintendo',
    alternative_names: ['BotW'],
  },
  {
    id: 26758,
    name: 'Mario Kart 8 Deluxe',
    first_release_date: 1493337600,
    category: 0,
    total_rating: 91,
    genres: ['Racing'],
    platforms: ['Nintendo Switch'],
    developer: 'Nintendo EPD',
    publisher: 'Nintendo',
  },
  {
    id: 1561,
    name: 'Pokémon Red Version',
    first_release_date: 825379200,
    category: 0,
    total_rating: 85,
    genres: ['Role-playing (RPG)', 'Turn-based strategy (TBS)'],
    developer: 'Game Freak',
    publisher: 'Nintendo',
    alternative_names: ['Pocket Monsters Red'],
  },
  {
    id: 1020,
    name: 'Grand Theft Auto V',
    first_release_date: 1379376000,
    category: 0,
    total_rating: 90,
    genres: ['Shooter', 'Racing'],
    developer: 'Rockstar North',
    publisher: 'Rockstar Games',
    alternative_names: ['GTA V', 'GTA 5'],
  },
  {
    id: 732,
    name: 'Resident Evil 2',
    first_release_date: 885340800,
    category: 0,
    total_rating: 89,
    total_rating_count: 600,
    genres: ['Shooter', 'Adventure'],
    developer: 'Capcom',
    publisher: 'Capcom',
  },
  {
    id: 19686,
    name: 'Resident Evil 2',
    first_release_date: 1548374400,
    category: 8,
    total_rating: 91,
    total_rating_count: 1500,
    genres: ['Shooter', 'Adventure'],
    developer: 'Capcom',
    publisher: 'Capcom',
  },
  {
    id: 427,
    name: 'Final Fantasy VII',
    first_release_date: 854668800,
    category: 0,
    total_rating: 88,
    genres: ['Role-playing (RPG)'],
    developer: 'Square',
    publisher: 'Sony Computer Entertainment',
  },
  {
    id: 121,
    name: 'Minecraft',
    first_release_date: 1321574400,
    category: 0,
    total_rating: 83,
    genres: ['Simulator', 'Adventure'],
    developer: 'Mojang Studios',
    publisher: 'Mojang Studios',
  },
];

interface Hit {
  id: number;
  igdb_id: number;
  name: string;
  category: number | null;
  search_rank: number;
  [column: string]: unknown;
}

let db: TestDb;
let member: Actor;

function search(query: string | null, limit?: number, actor: Actor = VISITOR): Promise<Hit[]> {
  return asActor(db, actor, (q) =>
    limit === undefined
      ? q.query<Hit>('select * from public.search_games_secure($1)', [query])
      : q.query<Hit>('select * from public.search_games_secure($1, $2)', [query, limit]),
  );
}

const names = (hits: Hit[]) => hits.map((h) => h.name);

beforeAll(async () => {
  db = await createTestDb();
  await db.query('select public.import_catalogue($1::jsonb)', [JSON.stringify(GAMES)]);
  member = await createAccount(db, 'searcher');
});

afterAll(async () => {
  await db?.close();
});

describe('search_games_secure', () => {
  it("ranks 'The Witcher 3: Wild Hunt' first for 'witcher 3', its expansions after it", async () => {
    const hits = await search('witcher 3');
    expect(hits[0]?.name).toBe('The Witcher 3: Wild Hunt');
    expect(names(hits).slice(1, 3).sort()).toEqual([
      'The Witcher 3: Wild Hunt - Blood and Wine',
      'The Witcher 3: Wild Hunt - Hearts of Stone',
    ]);
    expect(names(hits)).not.toContain('Doom');
  });

  it('puts an exact name above a prefix above a name that merely contains the words', async () => {
    const hits = await search('doom');
    expect(names(hits)).toEqual(['Doom', 'Doom Eternal', 'Final Doom']);
    const [exact, prefix, contains] = hits.map((h) => h.search_rank);
    expect(exact).toBeGreaterThan(prefix ?? Infinity);
    expect(prefix).toBeGreaterThan(contains ?? Infinity);
  });

  it('puts the main game above a remake of the same name', async () => {
    const hits = await search('Resident Evil 2');
    expect(hits.map((h) => [h.igdb_id, h.category])).toEqual([
      [732, 0],
      [19686, 8],
    ]);
  });

  it('matches case and accents loosely, sequel numbers either way, and a swapped letter pair', async () => {
    expect(names(await search('POKEMON RED'))[0]).toBe('Pokémon Red Version');
    expect(names(await search('final fantasy 7'))[0]).toBe('Final Fantasy VII');
    expect(names(await search('zelad'))[0]).toBe('The Legend of Zelda: Breath of the Wild');
  });

  it('finds games by developer or publisher', async () => {
    const nintendo = names(await search('nintendo'));
    expect(nintendo.sort()).toEqual([
      'Mario Kart 8 Deluxe',
      'Pokémon Red Version',
      'The Legend of Zelda: Breath of the Wild',
    ]);
    expect(names(await search('cd projekt')).sort()).toEqual([
      'The Witcher',
      'The Witcher 3: Wild Hunt',
      'The Witcher 3: Wild Hunt - Blood and Wine',
      'The Witcher 3: Wild Hunt - Hearts of Stone',
    ]);
  });

  it('finds games by an alternative name', async () => {
    expect(names(await search('gta 5'))[0]).toBe('Grand Theft Auto V');
    expect(names(await search('pocket monsters'))).toEqual(['Pokémon Red Version']);
    expect(names(await search('botw'))).toEqual(['The Legend of Zelda: Breath of the Wild']);
  });

  it('honours the limit, clamped to 1..200', async () => {
    expect(await search('the', 2)).toHaveLength(2);
    expect(await search('the', 0)).toHaveLength(1);
    expect((await search('the', 5000)).length).toBeLessThanOrEqual(200);
    expect((await search('the')).length).toBeGreaterThan(2);
  });

  it('answers blank text with no rows', async () => {
    for (const blank of ['', '   ', null, '%', '_', '\'";()', '--', '/**/']) {
      expect(await search(blank), String(blank)).toEqual([]);
    }
  });

  it('sanitises hostile text instead of failing, and changes nothing', async () => {
    for (const hostile of ["'; drop table game; --", "zelda'); delete from game; --", "\\' or 1=1 /*", 'mario%_kart']) {
      await expect(search(hostile)).resolves.toEqual(expect.any(Array));
    }
    expect((await search('mario%_kart')).map((h) => h.name)).toEqual(['Mario Kart 8 Deluxe']);
    expect((await db.query<{ n: number }>('select count(*)::int as n from public.game'))[0]?.n).toBe(GAMES.length);
  });

  it('returns whole game rows without the search columns, to visitors and members alike', async () => {
    const [visitorHit] = await search('minecraft');
    const [memberHit] = await search('minecraft', 10, member);
    expect(memberHit).toEqual(visitorHit);
    expect(visitorHit).toMatchObject({
      igdb_id: 121,
      game_id: '121',
      name: 'Minecraft',
      slug: 'minecraft',
      genres: ['Simulator', 'Adventure'],
    });
    expect(visitorHit).not.toHaveProperty('search_name');
    expect(visitorHit).not.toHaveProperty('search_vector');
    expect(typeof visitorHit?.search_rank).toBe('number');
  });
});

describe('search_games_by_genre', () => {
  const byGenre = (genre: string | null, limit?: number) =>
    asActor(db, VISITOR, (q) =>
      limit === undefined
        ? q.query<Hit>('select * from public.search_games_by_genre($1)', [genre])
        : q.query<Hit>('select * from public.search_games_by_genre($1, $2)', [genre, limit]),
    );

  it('finds games whose genres contain the text, case-insensitively, best rated first', async () => {
    expect(names(await byGenre('racing'))).toEqual(['Mario Kart 8 Deluxe', 'Grand Theft Auto V']);
    const rpg = await byGenre('RPG');
    expect(rpg[0]?.name).toBe('The Legend of Zelda: Breath of the Wild');
    expect(rpg).toHaveLength(7);
    expect(names(await byGenre('Role-playing (RPG)'))).toEqual(names(rpg));
    expect(names(await byGenre('turn-based'))).toEqual(['Pokémon Red Version']);
  });

  it('honours the limit and answers blank or unknown genres with no rows', async () => {
    expect(await byGenre('adventure', 2)).toHaveLength(2);
    expect(await byGenre('')).toEqual([]);
    expect(await byGenre(null)).toEqual([]);
    expect(await byGenre('%')).toEqual([]);
    expect(await byGenre('dating sim')).toEqual([]);
  });
});
