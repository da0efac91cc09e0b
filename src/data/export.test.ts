// The export builder over real IndexedDB (fake-indexeddb) mirrors: server rows as a pull leaves
// them, then writes made through mutate() that wait in the outbox. The file must hold both, the
// waiting ones marked, and read back through the published schema.
import { randomUUID } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  commentRow,
  EARLIER,
  gameRow,
  ME,
  NOW,
  OTHER,
  openLocalDb,
  reviewRow,
  userRow,
} from '../../tests/support/local-db.ts';
import { exportSchema } from '../core/export/schema.ts';
import type { CheckpointDb } from '../store/db.ts';
import { buildExportFile, loadExportSummary } from './export.ts';
import { mutate } from '../sync/mutate.ts';

const WITCHER = gameRow(10, 1942, 'The Witcher 3: Wild Hunt', { first_release_date: 1_431_993_600 });
const CELESTE = gameRow(11, 26226, 'Celeste', { release_date: '2018-01-25' });
const HADES = gameRow(12, 113112, 'Hades');
const ctx = { me: ME, now: NOW };
let db: CheckpointDb;

beforeEach(async () => {
  db = openLocalDb();
  await db.games.bulkPut([WITCHER, CELESTE, HADES]);
  await db.platforms.put({ id: 6, name: 'PC (Microsoft Windows)' });
  await db.users.bulkPut([
    userRow(ME, 'ada_plays', { platform: 'PC, Switch', bio: 'Hi, "friends"' }),
    userRow(OTHER, 'bo'),
  ]);
  // Synced rows, as a pull stores them.
  await db.reviews.bulkPut([
    reviewRow(100, ME, WITCHER, { rating: 9.5, review: 'Long, "great",\nand sad', platform_id: 6 }),
    reviewRow(200, OTHER, CELESTE, { rating: 8 }),
  ]);
  await db.comments.put(commentRow(300, ME, 200, { content: 'Agreed, =1+1' }));
  await db.likes.put({ id: 400, user_id: ME, rating_id: 200, comment_id: null, is_like: true, created_at: EARLIER });
  await db.progress.put({
    id: 500,
    user_id: ME,
    game_id: 10,
    igdb_id: 1942,
    started: true,
    completed: true,
    started_date: '2026-10-01T10:00:00+00:00',
    completed_date: '2026-10-20T10:00:00+00:00',
    created_at: EARLIER,
    updated_at: EARLIER,
  });
  await db.topGames.put({ id: 600, user_id: ME, game_id: 10, position: 1, created_at: EARLIER });
  // Someone else's rows never come along.
  await db.progress.put({
    id: 501,
    user_id: OTHER,
    game_id: 11,
    igdb_id: 26226,
    started: true,
    completed: false,
    started_date: EARLIER,
    completed_date: null,
    created_at: EARLIER,
    updated_at: EARLIER,
  });
});
afterEach(() => db.delete());

/** Writes that wait in the outbox (nothing pushes in a unit test). */
async function offlineWrites(): Promise<void> {
  await mutate(db, 'review.create', { igdb_id: 113112, rating: 7, review: 'Draft thoughts', draft: true }, ctx);
  await mutate(
    db,
    'journal.add',
    {
      key: randomUUID(),
      igdb_id: 1942,
      played_on: '2026-11-19',
      minutes: 90,
      platform_id: 6,
      note: 'Velen',
      is_private: true,
    },
    ctx,
  );
  await mutate(db, 'wishlist.set', { igdb_id: 26226, in: true }, ctx);
  await mutate(db, 'follow.set', { user_id: OTHER, following: true }, ctx);
}

describe('the JSON export', () => {
  it("holds the member's synced rows and the waiting writes, marked, and nobody else's", async () => {
    await offlineWrites();
    const file = await buildExportFile(ME, 'json', { db, now: new Date(NOW), fetchRefs: null });
    expect(file.name).toMatch(/^checkpoint-ada_plays-2026-11-(19|20|21)\.json$/);
    expect(file.blob.type).toBe('application/json');
    const data = exportSchema().parse(JSON.parse(await file.blob.text()));
    expect(data).toMatchObject({ format: 'checkpoint-export', version: 1, exported_at: NOW, unsynced_changes: 4 });
    expect(data.profile).toMatchObject({ id: ME, username: 'ada_plays', platforms: ['PC', 'Switch'], synced: true });

    const witcher = { igdb_id: 1942, name: 'The Witcher 3: Wild Hunt', release_year: 2015, slug: WITCHER.slug };
    expect(data.reviews).toEqual([
      expect.objectContaining({
        game: expect.objectContaining({ igdb_id: 113112, name: 'Hades', release_year: null }),
        draft: true,
        synced: false,
        id: null,
      }),
      expect.objectContaining({
        id: 100,
        game: witcher,
        rating: 9.5,
        platform: 'PC (Microsoft Windows)',
        draft: false,
        synced: true,
      }),
    ]);
    expect(data.comments).toEqual([
      expect.objectContaining({
        id: 300,
        text: 'Agreed, =1+1',
        synced: true,
        on: {
          review_id: 200,
          author_id: OTHER,
          author_username: 'bo',
          game: expect.objectContaining({ name: 'Celeste', release_year: 2018 }),
        },
      }),
    ]);
    expect(data.likes).toEqual([
      expect.objectContaining({
        kind: 'review',
        review: expect.objectContaining({ review_id: 200, author_username: 'bo' }),
        synced: true,
      }),
    ]);
    expect(data.following).toEqual([
      expect.objectContaining({ user_id: OTHER, username: 'bo', since: NOW, synced: false }),
    ]);
    expect(data.journal).toEqual([
      expect.objectContaining({
        game: witcher,
        played_on: '2026-11-19',
        minutes: 90,
        private: true,
        note: 'Velen',
        synced: false,
      }),
    ]);
    expect(data.top5).toEqual([{ position: 1, game: witcher }]);
    // The draft counts nowhere: not in the Top 10.
    expect(data.top10).toEqual([{ position: 1, game: witcher, rating: 9.5 }]);

    expect(data.library.map((e) => [e.game.name, e.synced])).toEqual([
      ['Celeste', false],
      ['The Witcher 3: Wild Hunt', true],
    ]);
    expect(data.library[0]?.wishlist).toMatchObject({ added_at: NOW });
    expect(data.library[1]).toMatchObject({
      started: true,
      started_at: '2026-10-01T10:00:00.000Z',
      finished: true,
      finished_at: '2026-10-20T10:00:00.000Z',
      minutes_played: 90,
    });
  });

  it('marks a synced row that a waiting write changed', async () => {
    await mutate(db, 'review.update', { igdb_id: 1942, rating: 10, review: 'Even better' }, ctx);
    const { data } = await buildExportFile(ME, 'json', { db, now: new Date(NOW), fetchRefs: null });
    expect(data.reviews).toEqual([
      expect.objectContaining({ id: 100, rating: 10, review: 'Even better', synced: false }),
    ]);
    expect(data.unsynced_changes).toBe(1);
  });

  it('refuses, saying why, when the device does not hold the member', async () => {
    await expect(buildExportFile(999, 'json', { db, fetchRefs: null })).rejects.toThrow(
      'Your profile is not saved on this device yet',
    );
  });

  it('sums up what the dialog shows', async () => {
    await offlineWrites();
    expect(await loadExportSummary(db, ME)).toEqual({ games: 3, reviews: 1, drafts: 1, sessions: 1, unsynced: 4 });
  });
});

describe('the CSV export', () => {
  it('is a .zip of six UTF-8 CSV files with a BOM that read back to the same values', async () => {
    await offlineWrites();
    const file = await buildExportFile(ME, 'csv', { db, now: new Date(NOW), fetchRefs: null });
    expect(file.name).toMatch(/\.zip$/);
    expect(file.blob.type).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await file.blob.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      'comments.csv',
      'follows.csv',
      'games.csv',
      'journal.csv',
      'likes.csv',
      'reviews.csv',
    ]);
    const read = (name: string) => {
      const bytes = files[name];
      if (!bytes) throw new Error(`no ${name}`);
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // (TextDecoder, in strFromU8, drops it)
      const parsed = Papa.parse<Record<string, string>>(strFromU8(bytes), { header: true, skipEmptyLines: true });
      expect(parsed.errors).toEqual([]);
      return parsed.data;
    };

    const games = read('games.csv');
    expect(
      games.map((g) => [g.game, g.status, g.rating, g.review_draft, g.minutes_played, g.top5_position, g.synced]),
    ).toEqual([
      ['Celeste', 'wishlist', '', '', '0', '', 'false'],
      ['Hades', '', '7', 'true', '0', '', 'false'],
      ['The Witcher 3: Wild Hunt', 'finished', '9.5', 'false', '90', '1', 'true'],
    ]);
    expect(games[2]).toMatchObject({
      igdb_id: '1942',
      release_year: '2015',
      review: 'Long, "great",\nand sad',
      finished_at: '2026-10-20T10:00:00.000Z',
    });
    expect(read('reviews.csv').map((r) => [r.game, r.draft, r.synced])).toEqual([
      ['Hades', 'true', 'false'],
      ['The Witcher 3: Wild Hunt', 'false', 'true'],
    ]);
    expect(read('journal.csv')).toEqual([
      expect.objectContaining({
        game: 'The Witcher 3: Wild Hunt',
        played_on: '2026-11-19',
        minutes: '90',
        private: 'true',
        synced: 'false',
      }),
    ]);
    // A text a spreadsheet would run as a formula is kept as text.
    expect(read('comments.csv')).toEqual([
      expect.objectContaining({ review_author: 'bo', game: 'Celeste', comment: 'Agreed, =1+1' }),
    ]);
    expect(read('likes.csv')).toEqual([
      expect.objectContaining({
        kind: 'review',
        review_id: '200',
        review_author: 'bo',
        igdb_id: '26226',
        game: 'Celeste',
      }),
    ]);
    expect(read('follows.csv')).toEqual([{ user_id: '2', username: 'bo', since: NOW, synced: 'false' }]);
  });
});

describe('the profile', () => {
  it('is marked as waiting only while an edit of it waits (a follow changes just its counters)', async () => {
    await mutate(db, 'follow.set', { user_id: OTHER, following: true }, ctx);
    expect((await buildExportFile(ME, 'json', { db, fetchRefs: null })).data.profile.synced).toBe(true);
    await mutate(db, 'profile.update', { bio: 'New bio' }, ctx);
    const { data } = await buildExportFile(ME, 'json', { db, fetchRefs: null });
    expect(data.profile).toMatchObject({ bio: 'New bio', synced: false });
  });
});

describe('what comments and likes were on, when the device does not hold it', () => {
  /** The review commented on and liked gone from the device, and a like of a comment it never held. */
  async function forgetTheirReview(): Promise<void> {
    await db.reviews.delete(200);
    await db.likes.put({ id: 401, user_id: ME, rating_id: null, comment_id: 700, is_like: true, created_at: NOW });
  }
  const blank = { review_id: 200, author_id: null, author_username: null, game: null };

  it('offline, leaves them blank and says which ones and which fields', async () => {
    await forgetTheirReview();
    const file = await buildExportFile(ME, 'json', { db, now: new Date(NOW), fetchRefs: null });
    expect(file.data.comments[0]?.on).toEqual(blank);
    expect(file.data.likes.map((l) => [l.kind, l.review])).toEqual([
      ['review', blank],
      ['comment', null],
    ]);
    expect(file.unfilled).toEqual({
      comments: 1,
      likes: 2,
      fields: ['review_author', 'igdb_id', 'game'],
      why: 'offline',
    });
  });

  it('asks the server once for just those, and says so when it cannot be reached', async () => {
    await forgetTheirReview();
    const asked: unknown[] = [];
    const file = await buildExportFile(ME, 'csv', {
      db,
      now: new Date(NOW),
      fetchRefs: (wanted) => {
        asked.push(wanted);
        return Promise.reject(new TypeError('Failed to fetch'));
      },
    });
    expect(asked).toEqual([{ reviewIds: [200], commentIds: [700] }]);
    expect(file.unfilled).toMatchObject({ comments: 1, likes: 2, why: 'offline' });
  });

  it('asks nothing when the device names them all', async () => {
    const file = await buildExportFile(ME, 'json', {
      db,
      fetchRefs: () => Promise.reject(new Error('not to be asked')),
    });
    expect(file.unfilled).toBeNull();
  });

  it("names a like of someone's comment by the review the device holds the comment on", async () => {
    await db.comments.put(commentRow(701, OTHER, 200, { content: 'Thanks!' }));
    await db.likes.put({ id: 402, user_id: ME, rating_id: null, comment_id: 701, is_like: true, created_at: NOW });
    const { data, unfilled } = await buildExportFile(ME, 'json', {
      db,
      fetchRefs: () => Promise.reject(new Error('not to be asked')),
    });
    expect(data.likes.find((l) => l.kind === 'comment')).toMatchObject({
      comment_id: 701,
      review: {
        review_id: 200,
        author_username: 'bo',
        game: expect.objectContaining({ igdb_id: 26226, name: 'Celeste' }),
      },
    });
    expect(unfilled).toBeNull();
  });
});

describe('progress', () => {
  it('is told file by file', async () => {
    const csv: string[] = [];
    await buildExportFile(ME, 'csv', { db, fetchRefs: null, onProgress: (p) => csv.push(`${p.done}/${p.total}`) });
    expect(csv).toEqual(['1/6', '2/6', '3/6', '4/6', '5/6', '6/6']);
    const json: string[] = [];
    await buildExportFile(ME, 'json', { db, fetchRefs: null, onProgress: (p) => json.push(`${p.done}/${p.total}`) });
    expect(json).toEqual(['1/1']);
  });
});
