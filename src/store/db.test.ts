// The local schema: every table and index the screens and the sync engine query, and upgrades.
// RELEASED freezes each schema version as it shipped; the harness opens a database at every
// released version, fills it, reopens it with the current CheckpointDb and checks nothing is lost.
// Adding version 2 to db.ts means appending one entry here (with its data and any migration).
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { EARLIER, gameRow, openLocalDb, reviewRow, userRow } from '../../tests/support/local-db.ts';
import { CheckpointDb, MIRROR_NAMES } from './db.ts';

interface Release {
  readonly version: number;
  /** The stores() given to this version, exactly as it shipped. */
  readonly stores: Record<string, string>;
  /** Rows written at this version, by table. */
  readonly data: Record<string, readonly object[]>;
  /** What the rows look like after upgrading to the current version (default: unchanged). */
  readonly migrated?: (data: Record<string, readonly object[]>) => Record<string, readonly object[]>;
}

const witcher = gameRow(10, 1942, 'The Witcher 3');
const RELEASED: readonly Release[] = [
  {
    version: 1,
    stores: {
      games: 'id, igdb_id, slug, name',
      platforms: 'id, name',
      users: 'id, provider_id, username',
      reviews: 'id, [user_id+igdb_id], [game_id+post_date_time], [user_id+post_date_time], post_date_time',
      comments: 'id, client_key, [rating_id+created_at], user_id',
      likes: 'id, [user_id+rating_id], [user_id+comment_id], rating_id, comment_id',
      follows: 'id, [follower_id+following_id], following_id',
      progress: 'id, [user_id+igdb_id], user_id',
      wishlist: 'id, [user_id+igdb_id], user_id',
      collection: 'id, [user_id+igdb_id], user_id',
      topGames: 'id, [user_id+position], user_id',
      shadows: '[table+id]',
      outbox: '++seq, &id',
      syncState: 'key',
      auth: 'key',
    },
    data: {
      games: [witcher],
      users: [userRow(1, 'me')],
      reviews: [reviewRow(-1e12 - 5, 1, witcher)],
      shadows: [{ table: 'reviews', id: -1e12 - 5, base: null }],
      outbox: [
        {
          seq: 1,
          id: '6f1c3c1e-8a4b-4f5e-9a53-0c1d2e3f4a5b',
          name: 'review.create',
          args: { igdb_id: 1942, rating: 8 },
          created_at: EARLIER,
          attempts: 2,
        },
      ],
      syncState: [
        {
          key: 'main',
          client_id: 'c1',
          cursor: 'v1:42',
          user_id: 1,
          last_success: null,
          last_error: null,
          scope: { game_ids: [10], user_ids: [], rating_ids: [] },
        },
      ],
      auth: [{ key: 'session', value: '{"access_token":"t"}' }],
    },
  },
  {
    version: 2,
    stores: { journal: 'id, client_key, [user_id+igdb_id], [user_id+played_on]' },
    data: {
      journal: [
        {
          id: -1e12 - 7,
          client_key: '0b7e9c52-2f43-4c1e-9d0a-5e6f7a8b9c0d',
          user_id: 1,
          game_id: 10,
          igdb_id: 1942,
          played_on: '2026-03-02',
          minutes: 90,
          platform_id: null,
          note: 'Velen',
          is_private: false,
          created_at: EARLIER,
          updated_at: EARLIER,
        },
      ],
    },
  },
  {
    // Edits another device's newer edit replaced; outbox rows gain hlc and protocol (no index).
    version: 3,
    stores: { conflicts: 'id, created_at' },
    data: {
      conflicts: [
        {
          id: '1d2c3b4a-5e6f-4a0b-8c9d-0e1f2a3b4c5d',
          name: 'review.update',
          args: { igdb_id: 1942, review: 'Mine' },
          fields: ['review'],
          created_at: EARLIER,
        },
      ],
    },
  },
  {
    // A confirmed import's writes and progress.
    version: 4,
    stores: { imports: 'id, member_id' },
    data: {
      imports: [
        {
          id: 'import-1',
          member_id: 1,
          file_name: 'grouvee.csv',
          created_at: EARLIER,
          done: 1,
          state: 'running',
          refused: [],
          mutations: [
            { name: 'wishlist.set', args: { igdb_id: 1942, in: true } },
            { name: 'collection.set', args: { igdb_id: 72, in: true } },
          ],
        },
      ],
    },
    // Version 5 keeps an import's progress in its own row.
    migrated: (data) => ({
      imports: (data.imports ?? []).map((job) => {
        const { done: _d, state: _s, refused: _r, ...writes } = job as Record<string, unknown>;
        return writes;
      }),
      importProgress: [{ id: 'import-1', done: 1, state: 'running', refused: [] }],
    }),
  },
  {
    // An import's progress apart from its writes, so a batch does not rewrite the whole plan.
    version: 5,
    stores: { importProgress: 'id' },
    data: {
      imports: [
        {
          id: 'import-2',
          member_id: 1,
          file_name: 'export.json',
          created_at: EARLIER,
          mutations: [{ name: 'follow.set', args: { user_id: 2, following: true } }],
        },
      ],
      importProgress: [
        { id: 'import-2', done: 0, state: 'paused', refused: [{ index: 0, message: 'User not found' }] },
      ],
    },
  },
  {
    // The Library tab's kept head per member, and [user_id + change time] indexes for
    // its signature. New indexes only: the rows of every table stay as they were.
    version: 6,
    stores: {
      progress: 'id, [user_id+igdb_id], user_id, [user_id+updated_at]',
      wishlist: 'id, [user_id+igdb_id], user_id, [user_id+added_at]',
      collection: 'id, [user_id+igdb_id], user_id, [user_id+added_at]',
      reviews:
        'id, [user_id+igdb_id], [game_id+post_date_time], [user_id+post_date_time], post_date_time, [user_id+updated_at]',
      journal: 'id, client_key, [user_id+igdb_id], [user_id+played_on], [user_id+updated_at]',
      libraryHeads: 'user_id',
    },
    data: {
      libraryHeads: [
        {
          user_id: 1,
          tables: '[[1,[1,"2026-11-01T08:00:00.000Z"]],[0,null],[0,null],[0,null],[0,null]]',
          outbox: '0:',
          count: 1,
          platforms: ['PC'],
          years: [2015],
          rows: [
            {
              key: '1942',
              name: 'The Witcher 3',
              statuses: ['finished'],
              platforms: ['PC'],
              rating: null,
              reviewed: false,
              year: 2015,
              releaseDate: '2015-05-19',
              updatedAt: EARLIER,
              minutesPlayed: 0,
              game: { id: 10, igdb_id: 1942, name: 'The Witcher 3', slug: 'the-witcher-3', cover_url: null },
            },
          ],
        },
      ],
    },
  },
  {
    // Writes the server refused, kept until dismissed, whichever context pushed them.
    version: 7,
    stores: { refused: 'id, refused_at' },
    data: {
      refused: [
        {
          id: '2e3d4c5b-6a7f-4b1c-9d0e-1f2a3b4c5d6e',
          name: 'comment.add',
          args: { key: 'k1', rating_id: 5, content: 'Nice' },
          code: 'not_found',
          message: 'Review not found',
          refused_at: EARLIER,
          toasted: 0,
          dismissed: 0,
        },
      ],
    },
  },
];

const opened: Dexie[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

function track<T extends Dexie>(db: T): T {
  opened.push(db);
  return db;
}

/** Table name → primary key and sorted index sources, as Dexie reports them once open. */
function shape(db: Dexie): Record<string, string[]> {
  return Object.fromEntries(
    db.tables.map((t) => [t.name, [t.schema.primKey.src, ...t.schema.indexes.map((i) => i.src).sort()]]),
  );
}

describe('schema', () => {
  it('opens with every table and index the screens and the sync engine query', async () => {
    const db = track(openLocalDb());
    await db.open();
    const s = shape(db);
    expect(Object.keys(s).sort()).toEqual(
      [
        ...MIRROR_NAMES,
        'platforms',
        'shadows',
        'outbox',
        'conflicts',
        'syncState',
        'auth',
        'imports',
        'importProgress',
        'libraryHeads',
        'refused',
      ].sort(),
    );
    const needs: Record<string, string[]> = {
      games: ['igdb_id', 'slug', 'name'],
      users: ['provider_id', 'username'],
      reviews: [
        '[user_id+igdb_id]',
        '[game_id+post_date_time]',
        '[user_id+post_date_time]',
        'post_date_time',
        '[user_id+updated_at]',
      ],
      comments: ['client_key', '[rating_id+created_at]', 'user_id'],
      likes: ['[user_id+rating_id]', '[user_id+comment_id]', 'rating_id', 'comment_id'],
      follows: ['[follower_id+following_id]', 'following_id'],
      progress: ['[user_id+igdb_id]', 'user_id', '[user_id+updated_at]'],
      wishlist: ['[user_id+igdb_id]', 'user_id', '[user_id+added_at]'],
      collection: ['[user_id+igdb_id]', 'user_id', '[user_id+added_at]'],
      topGames: ['[user_id+position]', 'user_id'],
      journal: ['client_key', '[user_id+igdb_id]', '[user_id+played_on]', '[user_id+updated_at]'],
      libraryHeads: [],
    };
    for (const [table, indexes] of Object.entries(needs)) expect(s[table]).toEqual(expect.arrayContaining(indexes));
    expect(s.shadows?.[0]).toBe('[table+id]');
    expect(s.outbox?.slice(0, 2)).toEqual(['++seq', '&id']);
  });

  it("answers a screen's queries through its indexes", async () => {
    const db = track(openLocalDb());
    await db.reviews.bulkPut([
      reviewRow(1, 1, witcher, { post_date_time: '2026-11-01T00:00:00Z' }),
      reviewRow(2, 2, witcher, { post_date_time: '2026-11-03T00:00:00Z' }),
      reviewRow(3, 2, gameRow(11, 72, 'Portal 2'), { post_date_time: '2026-11-02T00:00:00Z' }),
    ]);
    const forGame = await db.reviews
      .where('[game_id+post_date_time]')
      .between([10, Dexie.minKey], [10, Dexie.maxKey])
      .reverse()
      .toArray();
    expect(forGame.map((r) => r.id)).toEqual([2, 1]);
    expect((await db.reviews.orderBy('post_date_time').reverse().limit(2).toArray()).map((r) => r.id)).toEqual([2, 3]);
    expect((await db.reviews.where('[user_id+igdb_id]').equals([2, 72]).first())?.id).toBe(3);
  });

  it('refuses a second outbox row with the same mutation id', async () => {
    const db = track(openLocalDb());
    const row = { id: 'same', name: 'follow.set', args: {}, created_at: EARLIER, attempts: 0 };
    await db.outbox.add(row);
    await expect(db.outbox.add(row)).rejects.toMatchObject({ name: 'ConstraintError' });
  });

  it('has a frozen release for the version CheckpointDb declares, with the same schema', async () => {
    const current = track(openLocalDb());
    await current.open();
    const latest = RELEASED.at(-1);
    expect(current.verno).toBe(latest?.version);
    const frozen = track(new Dexie(`${current.name}-frozen`));
    for (const r of RELEASED) frozen.version(r.version).stores(r.stores);
    await frozen.open();
    expect(shape(current)).toEqual(shape(frozen));
  });
});

describe('upgrades', () => {
  it("answers the Library head's [user_id + time] queries over rows written before version 6", async () => {
    const old = track(new Dexie(`upgrade-6-index-${crypto.randomUUID()}`));
    for (const r of RELEASED.filter((r) => r.version <= 5)) old.version(r.version).stores(r.stores);
    await old
      .table('reviews')
      .bulkAdd([
        reviewRow(1, 1, witcher, { updated_at: '2026-11-03T00:00:00Z' }),
        reviewRow(2, 1, gameRow(11, 72, 'Portal 2'), { updated_at: '2026-11-05T00:00:00Z' }),
        reviewRow(3, 2, gameRow(12, 73, 'Braid'), { updated_at: '2026-11-09T00:00:00Z' }),
      ]);
    await old
      .table('wishlist')
      .add({ id: 1, user_id: 1, igdb_id: 72, game_id: 11, priority: 0, notes: null, added_at: EARLIER });
    old.close();
    const db = track(new CheckpointDb(old.name));
    const mine = db.reviews.where('[user_id+updated_at]').between([1, Dexie.minKey], [1, Dexie.maxKey]);
    expect(await mine.count()).toBe(2);
    expect(await mine.clone().reverse().firstKey()).toEqual([1, '2026-11-05T00:00:00Z']);
    expect(await db.wishlist.where('[user_id+added_at]').equals([1, EARLIER]).count()).toBe(1);
  });

  it.each(RELEASED.map((r) => [r.version, r] as const))(
    'keeps the data of a database made at version %i',
    async (_, release) => {
      const old = track(new Dexie(`upgrade-${release.version}-${crypto.randomUUID()}`));
      for (const r of RELEASED.filter((r) => r.version <= release.version)) old.version(r.version).stores(r.stores);
      await old.transaction('rw', old.tables, async () => {
        for (const [table, rows] of Object.entries(release.data)) await old.table(table).bulkAdd([...rows]);
      });
      old.close();
      const upgraded = track(new CheckpointDb(old.name));
      const expected = release.migrated ? release.migrated(release.data) : release.data;
      for (const [table, rows] of Object.entries(expected)) expect(await upgraded.table(table).toArray()).toEqual(rows);
    },
  );
});
