// The search service over a real IndexedDB API (fake-indexeddb) and an in-memory remote: local
// first, merged remote answer, games found remotely kept on the device, offline and failures.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckpointDb, type GameRow } from '../../store/db.ts';
import type { RatingStats, SearchRemote } from './remote.ts';
import { createSearchService, type SearchService } from './service.ts';
import type { BrowseQuery, Platform, UserHit } from './types.ts';

// Every ranking pass over the device's catalogue is one search() of an index the real
// buildLocalIndex made; the wrapper only counts them (the device's catalogue is ranked once per
// keystroke).
const devicePasses = vi.hoisted(() => ({ queries: [] as string[] }));
vi.mock('../../core/search/local-index.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../core/search/local-index.ts')>();
  return {
    ...real,
    buildLocalIndex: (...args: Parameters<typeof real.buildLocalIndex>) => {
      const built = real.buildLocalIndex(...args);
      return {
        size: built.size,
        search: (...call: Parameters<typeof built.search>) => {
          devicePasses.queries.push(call[0]);
          return built.search(...call);
        },
      };
    },
  };
});

type Loose = Record<string, unknown>;
const NOW_MS = Date.UTC(2026, 10, 21);
const secs = (year: number) => Date.UTC(year, 5, 1) / 1000;

const dbGame = (id: number, igdb: number, name: string, extra: Partial<GameRow> = {}): GameRow => ({
  id,
  igdb_id: igdb,
  name,
  slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  category: 0,
  genres: ['Adventure'],
  platforms: ['Nintendo Switch'],
  first_release_date: secs(2017),
  ...extra,
});
const igdbGame = (id: number, name: string, extra: Loose = {}): Loose => ({
  id,
  name,
  category: 0,
  first_release_date: secs(2019),
  cover: { url: '//images.igdb.com/igdb/image/upload/t_thumb/abc.jpg' },
  genres: [{ name: 'Role-playing (RPG)' }],
  platforms: [{ name: 'PC (Microsoft Windows)' }],
  involved_companies: [{ company: { name: 'Studio' }, developer: true, publisher: false }],
  total_rating: 85,
  total_rating_count: 300,
  ...extra,
});

interface Calls {
  database: string[];
  catalogue: string[];
  stats: number[][];
  browse: [BrowseQuery, number, number][];
  users: string[];
  pages: number[];
}

function fakeRemote(
  data: {
    database?: Loose[];
    catalogue?: Record<string, Loose[]>;
    stats?: RatingStats[];
    users?: UserHit[];
    platforms?: Platform[];
    pages?: Loose[][];
  },
  fail: { database?: boolean; catalogue?: boolean | RegExp } = {},
) {
  const calls: Calls = { database: [], catalogue: [], stats: [], browse: [], users: [], pages: [] };
  const remote: SearchRemote = {
    async searchDatabase(q) {
      calls.database.push(q);
      if (fail.database) throw new Error('database down');
      return (data.database ?? []).filter((g) =>
        String(g['name'])
          .toLowerCase()
          .includes(q.toLowerCase().split(' ')[0] ?? ''),
      );
    },
    async searchCatalogue(q) {
      calls.catalogue.push(q);
      if (fail.catalogue === true || (fail.catalogue instanceof RegExp && fail.catalogue.test(q)))
        throw new Error('IGDB API error: 502');
      return data.catalogue?.[q] ?? [];
    },
    async ratingStats(ids) {
      calls.stats.push([...ids]);
      return (data.stats ?? []).filter((s) => ids.includes(s.igdb_id));
    },
    async browse(query, limit, offset) {
      calls.browse.push([query, limit, offset]);
      const all = data.database ?? [];
      return { total: all.length, games: all.slice(offset, offset + limit) };
    },
    async searchUsers(q, limit) {
      calls.users.push(q);
      return (data.users ?? []).slice(0, limit);
    },
    async platforms() {
      return data.platforms ?? [];
    },
    async cataloguePage(after, limit) {
      calls.pages.push(after);
      const rows = (data.pages ?? [])
        .flat()
        .filter((g) => Number(g['id']) > after)
        .slice(0, limit);
      const last = rows.at(-1);
      const more = last !== undefined && (data.pages ?? []).flat().some((g) => Number(g['id']) > Number(last['id']));
      return { games: rows, next: more ? Number(last?.['id']) : null };
    },
  };
  return { remote, calls };
}

let db: CheckpointDb;
let online = true;
const service = (remote: SearchRemote): SearchService =>
  createSearchService({ db, remote, isOnline: () => online, now: () => NOW_MS });

beforeEach(async () => {
  db = new CheckpointDb(`search-${Math.random()}`);
  online = true;
  await db.games.bulkPut([
    dbGame(1, 1025, 'The Legend of Zelda: Breath of the Wild'),
    dbGame(2, 427, 'Final Fantasy VII', {
      first_release_date: secs(1997),
      platforms: ['PlayStation'],
      genres: ['Role-playing (RPG)'],
    }),
    dbGame(3, 1514, 'Pokémon Red', { first_release_date: secs(1996), platforms: ['Game Boy'] }),
    dbGame(4, 9001, 'Zelda Fan Quest', {
      category: 5,
      first_release_date: secs(2010),
      involved_companies: ['Nintendo'],
    }),
  ]);
});

afterEach(async () => {
  db.close();
  await db.delete();
});

describe('games', () => {
  it('answers offline from the device alone, ranked, and says so', async () => {
    online = false;
    const { remote, calls } = fakeRemote({});
    const result = await service(remote).searchGames('zelda');
    expect(result.games.map((g) => g.name)).toEqual(['The Legend of Zelda: Breath of the Wild']);
    expect(result).toMatchObject({ fromDevice: true, complete: true, source: 'database' });
    expect(calls.database).toEqual([]);
    expect(calls.catalogue).toEqual([]);
  });

  it('folds accents and numerals on the device: "pokemon red", "final fantasy 7" and "ff7"', async () => {
    online = false;
    const s = service(fakeRemote({}).remote);
    expect((await s.searchGames('pokemon red')).games[0]?.name).toBe('Pokémon Red');
    expect((await s.searchGames('final fantasy 7')).games[0]?.name).toBe('Final Fantasy VII');
    expect((await s.searchGames('ff7')).games[0]?.name).toBe('Final Fantasy VII');
  });

  it('shows the device answer first, then merges the database and the catalogue function by external id', async () => {
    const { remote, calls } = fakeRemote({
      database: [
        { ...dbGame(1, 1025, 'The Legend of Zelda: Breath of the Wild') },
        { ...dbGame(7, 7346, 'The Legend of Zelda: Tears of the Kingdom') },
      ],
      catalogue: {
        zelda: [igdbGame(1025, 'The Legend of Zelda: Breath of the Wild'), igdbGame(1022, 'The Legend of Zelda')],
      },
      stats: [{ igdb_id: 1025, game_id: 1, avg_user_rating: 9.5, user_rating_count: 4 }],
    });
    const steps: string[][] = [];
    const result = await service(remote).searchGames('zelda', {
      onLocal: (r) => steps.push(r.games.map((g) => g.name)),
    });
    expect(steps).toEqual([['The Legend of Zelda: Breath of the Wild']]);
    expect(result.complete).toBe(true);
    expect(result.fromDevice).toBe(false);
    expect(result.source).toBe('mixed');
    const names = result.games.map((g) => g.name);
    expect(names).toContain('The Legend of Zelda');
    expect(names).toContain('The Legend of Zelda: Tears of the Kingdom');
    expect(names.filter((n) => n === 'The Legend of Zelda: Breath of the Wild')).toHaveLength(1);
    expect(names).not.toContain('Zelda Fan Quest');
    const botw = result.games.find((g) => g.igdb_id === 1025);
    expect(botw).toMatchObject({ id: 1, avg_user_rating: 9.5, user_rating_count: 4 });
    const external = result.games.find((g) => g.igdb_id === 1022);
    expect(external).toMatchObject({
      id: -1022,
      fromIGDB: true,
      cover_url: 'https://images.igdb.com/igdb/image/upload/t_cover_big/abc.jpg',
    });
    // Variant queries went out besides the main one ("zelda" names a franchise: its flagship titles too).
    expect(calls.catalogue[0]).toBe('zelda');
    expect(calls.catalogue.length).toBeGreaterThan(1);
    expect(calls.catalogue.length).toBeLessThanOrEqual(6);
  });

  it('keeps games found remotely on the device, so the next search finds them offline', async () => {
    const { remote } = fakeRemote({
      database: [dbGame(7, 7346, 'The Legend of Zelda: Tears of the Kingdom')],
      catalogue: { zelda: [igdbGame(1022, 'The Legend of Zelda')] },
    });
    const s = service(remote);
    await s.searchGames('zelda');
    await expect
      .poll(() => db.games.where('igdb_id').anyOf([7346, 1022]).primaryKeys())
      .toEqual(expect.arrayContaining([7, -1022]));
    online = false;
    const offline = await s.searchGames('legend of zelda', { limit: 8 });
    expect(offline.fromDevice).toBe(true);
    expect(offline.games.map((g) => g.name)).toEqual(
      expect.arrayContaining(['The Legend of Zelda', 'The Legend of Zelda: Tears of the Kingdom']),
    );
  });

  it("replaces a device stand-in by the database's row, unless a pending write owns the stand-in", async () => {
    await db.games.bulkPut([dbGame(-555, 555, 'Hades'), dbGame(-556, 556, 'Hades II')]);
    await db.shadows.put({ table: 'games', id: -556, base: null });
    const { remote } = fakeRemote({ database: [dbGame(55, 555, 'Hades'), dbGame(56, 556, 'Hades II')] });
    await service(remote).searchGames('hades');
    await expect
      .poll(async () => (await db.games.where('igdb_id').anyOf([555, 556]).primaryKeys()).sort((a, b) => a - b))
      .toEqual([-556, 55, 56]);
  });

  it('swallows a failing variant query and falls back to the device when nothing answers', async () => {
    const { remote } = fakeRemote(
      { catalogue: { zelda: [igdbGame(1022, 'The Legend of Zelda')] } },
      { catalogue: /^(?!zelda$)/ },
    );
    const merged = await service(remote).searchGames('zelda');
    expect(merged.fromDevice).toBe(false);
    expect(merged.games.map((g) => g.name)).toContain('The Legend of Zelda');

    const down = fakeRemote({}, { database: true, catalogue: true });
    const result = await service(down.remote).searchGames('breath of the wild');
    expect(result).toMatchObject({ fromDevice: true, complete: true });
    expect(result.games.map((g) => g.name)).toEqual(['The Legend of Zelda: Breath of the Wild']);
  });

  it('answers a repeated search from the cache without the network', async () => {
    const { remote, calls } = fakeRemote({ database: [dbGame(1, 1025, 'The Legend of Zelda: Breath of the Wild')] });
    const s = service(remote);
    const first = await s.searchGames('zelda');
    const asked = calls.database.length;
    expect(await s.searchGames('ZELDA ')).toBe(first);
    expect(calls.database.length).toBe(asked);
  });

  it('ignores text under 2 characters and rejects an aborted search with an AbortError', async () => {
    const { remote, calls } = fakeRemote({});
    const s = service(remote);
    expect((await s.searchGames('z')).games).toEqual([]);
    expect((await s.searchGames(' ; -- ')).games).toEqual([]);
    expect(calls.database).toEqual([]);
    const controller = new AbortController();
    controller.abort();
    await expect(s.searchGames('zelda', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('deviceOnly answers without asking the network', async () => {
    const { remote, calls } = fakeRemote({});
    const result = await service(remote).searchGames('zelda', { deviceOnly: true });
    expect(result).toMatchObject({ fromDevice: true, complete: false });
    expect(calls.database).toEqual([]);
  });
});

describe('one ranking of the device catalogue per keystroke', () => {
  it("reuses the device answer's ranking in the merged answer the header asks for after the pause", async () => {
    // The network answers games the device already has, so its catalogue does not change here.
    const { remote } = fakeRemote({
      database: [{ ...dbGame(1, 1025, 'The Legend of Zelda: Breath of the Wild') }],
      catalogue: {
        zelda: [igdbGame(1025, 'The Legend of Zelda: Breath of the Wild')],
        zeld: [igdbGame(1025, 'The Legend of Zelda: Breath of the Wild')],
      },
    });
    const s = service(remote);
    await s.warm();
    devicePasses.queries = [];
    // What the header search does for one keystroke: the device's answer at once, then the merge.
    const device = await s.searchGames('zelda', { deviceOnly: true });
    const merged = await s.searchGames('zelda');
    expect(devicePasses.queries).toEqual(['zelda']);
    expect(device.games.map((g) => g.name)).toEqual(['The Legend of Zelda: Breath of the Wild']);
    expect(merged).toMatchObject({ fromDevice: false, complete: true, source: 'database' });
    expect(merged.games.map((g) => g.name)).toEqual(['The Legend of Zelda: Breath of the Wild']);
    // The next keystroke is a new text: ranked once more, and once only.
    await s.searchGames('zeld', { deviceOnly: true });
    await s.searchGames('zeld');
    expect(devicePasses.queries).toEqual(['zelda', 'zeld']);
  });

  it('ranks again when the device catalogue changed between the two calls', async () => {
    const { remote } = fakeRemote({ catalogue: { zelda: [igdbGame(1022, 'The Legend of Zelda')] } });
    const s = service(remote);
    devicePasses.queries = [];
    await s.searchGames('zelda', { deviceOnly: true });
    // The merged answer writes the game the network found into the catalogue (the small index).
    await s.searchGames('zelda');
    await vi.waitFor(async () => expect(await db.games.get(-1022)).toBeDefined());
    const before = devicePasses.queries.length;
    const again = await s.searchGames('zelda', { deviceOnly: true, limit: 3 });
    expect(devicePasses.queries.length).toBeGreaterThan(before);
    expect(again.games.map((g) => g.name)).toContain('The Legend of Zelda');
    expect((await s.searchGames('legend of zelda', { deviceOnly: true })).games.map((g) => g.name)).toContain(
      'The Legend of Zelda',
    );
  });
});

describe('browse', () => {
  const query = (over: Partial<BrowseQuery> = {}): BrowseQuery => ({
    q: '',
    platforms: [],
    genres: [],
    year: null,
    minRating: null,
    sort: 'name',
    order: 'asc',
    page: 1,
    ...over,
  });

  it('pages the database when there is no term (offset from the page number)', async () => {
    const rows = Array.from({ length: 45 }, (_, i) => dbGame(100 + i, 5000 + i, `Game ${String(i).padStart(2, '0')}`));
    const { remote, calls } = fakeRemote({ database: rows });
    const result = await service(remote).browseGames(query({ page: 2 }));
    expect(calls.browse.map(([, limit, offset]) => [limit, offset])).toEqual([[20, 20]]);
    expect(result).toMatchObject({ total: 45, source: 'database', fromDevice: false });
    expect(result.games[0]?.name).toBe('Game 20');
  });

  it('filters, sorts and pages the device catalogue offline', async () => {
    online = false;
    await db.platforms.bulkPut([
      { id: 6, name: 'PC (Microsoft Windows)' },
      { id: 130, name: 'Nintendo Switch' },
    ]);
    const s = service(fakeRemote({}).remote);
    const switchGames = await s.browseGames(query({ platforms: [130] }));
    expect(switchGames.games.map((g) => g.name)).toEqual([
      'The Legend of Zelda: Breath of the Wild',
      'Zelda Fan Quest',
    ]);
    expect(switchGames.fromDevice).toBe(true);
    const byDate = await s.browseGames(query({ sort: 'release_date', order: 'asc' }));
    expect(byDate.games.map((g) => g.release_year)).toEqual([1996, 1997, 2010, 2017]);
    expect((await s.browseGames(query({ year: 1997 }))).games.map((g) => g.name)).toEqual(['Final Fantasy VII']);
    expect((await s.browseGames(query({ genres: ['role-playing (rpg)'] }))).total).toBe(1);
  });

  it('filters a term search with the page filters, keeping the search source', async () => {
    const { remote } = fakeRemote({
      database: [
        dbGame(1, 1025, 'The Legend of Zelda: Breath of the Wild'),
        dbGame(7, 7346, 'The Legend of Zelda: Tears of the Kingdom', { first_release_date: secs(2023) }),
      ],
      catalogue: { zelda: [igdbGame(1022, 'The Legend of Zelda', { first_release_date: secs(1986) })] },
    });
    const result = await service(remote).browseGames(query({ q: 'zelda', year: 2023 }));
    expect(result.games.map((g) => g.name)).toEqual(['The Legend of Zelda: Tears of the Kingdom']);
    expect(result.total).toBe(1);
  });
});

describe('users and the catalogue download', () => {
  it('searches members online (limit 8) and on the device offline, case-insensitively on name and bio', async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      id: i + 1,
      username: `player${i}`,
      name: null,
      bio: null,
      avatar_url: null,
    }));
    const { remote } = fakeRemote({ users: many });
    expect((await service(remote).searchUsers('player')).users).toHaveLength(8);
    online = false;
    await db.users.bulkPut([
      {
        id: 1,
        provider_id: 'a',
        username: 'PixelPilgrim',
        bio: 'Soulslike fan',
        created_at: '2026-01-01T00:00:00Z',
        follower_count: 0,
        following_count: 0,
      },
      {
        id: 2,
        provider_id: 'b',
        username: 'cozy',
        bio: 'I love PIXEL art',
        created_at: '2026-01-01T00:00:00Z',
        follower_count: 0,
        following_count: 0,
      },
      {
        id: 3,
        provider_id: 'c',
        username: 'other',
        bio: null,
        created_at: '2026-01-01T00:00:00Z',
        follower_count: 0,
        following_count: 0,
      },
    ]);
    const offline = await service(remote).searchUsers('pixel');
    expect(offline.fromDevice).toBe(true);
    expect(offline.users.map((u) => u.username).sort()).toEqual(['PixelPilgrim', 'cozy']);
    expect((await service(remote).searchUsers('p')).users).toEqual([]);
  });

  it('downloads the catalogue page by page, adding only the games the device lacks', async () => {
    const pages = [
      [
        dbGame(1, 1025, 'The Legend of Zelda: Breath of the Wild', { name: 'Changed on server' }),
        dbGame(20, 2020, 'Celeste'),
      ],
      [dbGame(21, 2121, 'Hollow Knight')],
    ];
    const { remote, calls } = fakeRemote({ pages });
    const s = service(remote);
    expect(await s.downloadCatalogue()).toBe(2);
    expect(calls.pages.length).toBeGreaterThanOrEqual(1);
    expect((await db.games.get(1))?.name).toBe('The Legend of Zelda: Breath of the Wild');
    online = false;
    expect((await s.searchGames('hollow knight')).games.map((g) => g.name)).toEqual(['Hollow Knight']);
  });
});
