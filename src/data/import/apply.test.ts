// An import applied over real IndexedDB (fake-indexeddb): a Grouvee file read, matched against the
// device's catalogue, planned against the library and applied in batches through the outbox. A tab
// closed halfway resumes from the last batch (a new database connection), a cancel pauses, and the
// same file again changes nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gameRow, ME, NOW, openLocalDb, reviewRow, userRow } from '../../../tests/support/local-db.ts';
import { grouveeFile } from '../../core/import/fixtures.ts';
import { planImport, planMutations } from '../../core/import/plan.ts';
import { isMutationName, MutationError } from '../../core/mutations.ts';
import { CheckpointDb, MIRROR_NAMES } from '../../store/db.ts';
import { mutate } from '../../sync/mutate.ts';
import {
  applyImportBatch,
  createImportJob,
  readImportJob,
  resumeImportJob,
  runImportJob,
  unfinishedImports,
} from './apply.ts';
import { readLibrary } from './library.ts';
import { createImportReader } from './read-file.ts';

const GAMES = [
  gameRow(10, 1942, 'The Witcher 3: Wild Hunt', { release_date: '2015-05-19' }),
  gameRow(11, 26226, 'Celeste', { release_date: '2018-01-25' }),
  gameRow(12, 113112, 'Hades', { release_date: '2020-09-17' }),
  gameRow(13, 7346, 'The Legend of Zelda: Breath of the Wild', { release_date: '2017-03-03' }),
];
const FILE = grouveeFile([
  {
    id: 1,
    name: 'The Witcher 3: Wild Hunt',
    release: '2015-05-19',
    shelves: ['Played'],
    rating: 5,
    review: 'Best <img src=x onerror=alert(1)>',
    dates: [{ date_started: '2021-01-10', date_finished: '2021-02-01', seconds_played: 7200 }],
  },
  { id: 2, name: 'Celeste', release: '2018-01-25', shelves: ['Backlog'] },
  { id: 3, name: 'Hades', release: '2020-09-17', shelves: ['Wish List'] },
  { id: 4, name: 'Breath of the Wild', release: '2017-03-03', shelves: ['Playing'] },
  { id: 5, name: 'A game nobody has', shelves: ['Played'] },
]);
const OTHER_MEMBER = 2;
const strip = (t: string) => t.replace(/<img[^>]*>/g, '').trim();
let db: CheckpointDb;

beforeEach(async () => {
  db = openLocalDb();
  await db.games.bulkPut(GAMES);
  await db.users.put(userRow(ME, 'me'));
});
afterEach(async () => {
  db.close();
  await db.delete();
});

async function planFile(): Promise<ReturnType<typeof planMutations>> {
  const reader = createImportReader(
    db,
    new TextEncoder().encode(FILE),
    '2026-11-20',
    Date.parse(NOW) / 1000,
    () => undefined,
  );
  expect(reader.shape().kind).toBe('grouvee');
  const { parsed, matches } = await reader.match(null);
  const found = new Map(matches);
  expect(found.get(5)).toEqual({ kind: 'none' });
  expect(found.get(4)).toMatchObject({ kind: 'choice' });
  // The member picks the game for the ambiguous row, as the preview's choice does.
  const zelda = found.get(4);
  if (zelda?.kind === 'choice') {
    const pick = zelda.candidates.find((c) => c.igdb_id === 7346);
    if (pick) found.set(4, { kind: 'matched', game: pick, by: 'choice' });
  }
  const plan = planImport(parsed, found, await readLibrary(db, ME), { now: Date.parse(NOW), sanitizeReview: strip });
  return planMutations(plan);
}

describe('applying an import', () => {
  it('applies every row through the outbox, in batches, and resumes after a closed tab', async () => {
    const writes = await planFile();
    expect(writes.length).toBeGreaterThan(4);
    const id = await createImportJob(db, ME, 'grouvee.csv', writes);
    const first = await applyImportBatch(db, id, () => NOW, 3);
    expect(first).toMatchObject({ done: 3, state: 'running' });
    expect(await db.outbox.count()).toBe(3);

    // The tab closes: another connection (the next visit) finds the job and goes on from its batch.
    db.close();
    db = new CheckpointDb(db.name);
    expect((await unfinishedImports(db, ME)).map((j) => j.id)).toEqual([id]);
    const end = await runImportJob(db, id, { now: () => NOW, batchSize: 3 });
    expect(end).toMatchObject({ done: writes.length, total: writes.length, refused: 0, state: 'done' });
    const outbox = await db.outbox.toArray();
    expect(outbox.map((o) => o.name)).toEqual(writes.map((w) => w.name));
    expect(new Set(outbox.map((o) => o.id)).size).toBe(outbox.length);

    expect((await db.reviews.where('[user_id+igdb_id]').equals([ME, 1942]).first())?.review).toBe('Best');
    expect(await db.progress.where('[user_id+igdb_id]').equals([ME, 7346]).first()).toMatchObject({
      started: true,
      completed: false,
    });
    expect(await db.collection.where('[user_id+igdb_id]').equals([ME, 26226]).count()).toBe(1);
    expect(await db.wishlist.where('[user_id+igdb_id]').equals([ME, 113112]).count()).toBe(1);
    expect((await db.journal.toArray()).map((s) => s.minutes)).toEqual([120]);

    // The same file again: nothing to write.
    expect(await planFile()).toEqual([]);
  });

  it('stops between batches when cancelled, and resumes where it stopped', async () => {
    const writes = await planFile();
    const id = await createImportJob(db, ME, 'grouvee.csv', writes);
    const cancel = new AbortController();
    const paused = await runImportJob(db, id, {
      now: () => NOW,
      batchSize: 2,
      onProgress: (p) => {
        if (p.done >= 2) cancel.abort();
      },
      signal: cancel.signal,
    });
    expect(paused).toMatchObject({ done: 2, state: 'paused' });
    expect(await db.outbox.count()).toBe(2);
    // Paused jobs do not run by themselves.
    expect(await runImportJob(db, id)).toMatchObject({ done: 2, state: 'paused' });
    await resumeImportJob(db, id);
    expect(await runImportJob(db, id, { now: () => NOW })).toMatchObject({ done: writes.length, state: 'done' });
    expect(await db.outbox.count()).toBe(writes.length);
  });
});

// The batch path (stage.ts) against the path every other write takes: the same planned writes,
// applied one mutate() each on one copy of a device and as an import in batches on another, leave
// the same mirrors, shadows, outbox rows (clocks in order) and refusals. Temporary ids are random:
// they are compared as "a temporary id".
describe('an import batch leaves what one mutate() per write leaves', () => {
  const KEY = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const external = {
    name: 'Outer Wilds',
    slug: 'outer-wilds',
    first_release_date: 1559001600,
    platforms: ['PC (Microsoft Windows)'],
  };
  /** Every kind of write an import makes, with each rule's refusal and the cases where one write sees another's. */
  const WRITES: Array<{ name: string; args: unknown }> = [
    { name: 'progress.set', args: { igdb_id: 26226, started: true, at: '2021-01-10T12:00:00.000Z' } }, // Celeste: in the collection, leaves it
    { name: 'progress.set', args: { igdb_id: 26226, started: true, completed: true, at: '2021-02-01T12:00:00.000Z' } },
    { name: 'wishlist.set', args: { igdb_id: 26226, in: true } }, // refused: started just above
    { name: 'wishlist.set', args: { igdb_id: 113112, in: true } }, // Hades: in the collection → refused
    { name: 'collection.move', args: { igdb_id: 113112, to: 'wishlist' } },
    { name: 'collection.set', args: { igdb_id: 7346, in: true } }, // Zelda: on the wishlist, moves
    { name: 'review.create', args: { igdb_id: 1942, rating: 7, review: 'again' } }, // refused: reviewed already
    { name: 'review.update', args: { igdb_id: 1942, rating: 9.5, review: 'Even better' } },
    {
      name: 'review.create',
      args: {
        igdb_id: 26226,
        rating: 8,
        review: 'Tight',
        platform: 'pc (microsoft windows)',
        post_date_time: '2026-11-19T10:00:00.000Z',
      },
    },
    { name: 'review.create', args: { igdb_id: 113112, rating: 10, review: null, platform: 'Amiga', draft: true } },
    {
      name: 'journal.add',
      args: {
        key: KEY(1),
        igdb_id: 1942,
        played_on: '2021-01-10',
        minutes: 120,
        note: ' Imported ',
        is_private: false,
      },
    }, // known key: nothing
    {
      name: 'journal.add',
      args: {
        key: KEY(2),
        igdb_id: 26226,
        played_on: '2021-01-11',
        minutes: 60,
        note: null,
        is_private: true,
        platform_id: 6,
      },
    },
    { name: 'journal.add', args: { key: KEY(3), igdb_id: 26226, played_on: '2030-01-01', minutes: 60 } }, // refused: future
    { name: 'journal.add', args: { key: KEY(2), igdb_id: 26226, played_on: '2021-01-11', minutes: 60 } }, // the same key again in the batch
    {
      name: 'journal.add',
      args: { key: KEY(4), igdb_id: 12517, game: external, played_on: '2021-03-03', minutes: 30 },
    }, // a game the device lacks
    { name: 'review.create', args: { igdb_id: 12517, game: external, rating: 9 } },
    { name: 'progress.set', args: { igdb_id: 999_999, started: true } }, // refused: unknown game, no summary
    { name: 'progress.set', args: { igdb_id: 1942, started: true } }, // a pending row with a shadow already
    { name: 'review.create', args: { igdb_id: 1942, rating: 11 } }, // refused by the schema
    { name: 'no.such', args: {} }, // refused: unknown write
    { name: 'top5.replace', args: { games: [{ igdb_id: 1942 }, { igdb_id: 26226 }, { igdb_id: 12517 }] } },
    { name: 'top5.replace', args: { games: [{ igdb_id: 7346 }] } }, // refused: not rated
    { name: 'follow.set', args: { user_id: OTHER_MEMBER, following: true } },
    { name: 'follow.set', args: { user_id: ME, following: true } }, // refused: yourself
  ];

  async function device(): Promise<CheckpointDb> {
    const d = openLocalDb();
    await d.games.bulkPut(GAMES);
    await d.platforms.bulkPut([{ id: 6, name: 'PC (Microsoft Windows)' }]);
    await d.users.bulkPut([userRow(ME, 'me'), userRow(OTHER_MEMBER, 'other')]);
    await d.syncState.put({
      key: 'main',
      client_id: 'device-a',
      cursor: null,
      user_id: ME,
      last_success: null,
      last_error: null,
      scope: { game_ids: [], user_ids: [], rating_ids: [], author_ids: [] },
    });
    await d.reviews.put({ ...reviewRow(501, ME, GAMES[0]!), rating: 8, review: 'Great' });
    await d.collection.bulkPut([
      { id: 601, user_id: ME, igdb_id: 26226, game_id: 11, added_at: NOW },
      { id: 602, user_id: ME, igdb_id: 113112, game_id: 12, added_at: NOW },
    ]);
    await d.wishlist.put({
      id: 701,
      user_id: ME,
      igdb_id: 7346,
      game_id: 13,
      priority: 2,
      notes: 'soon',
      added_at: NOW,
    });
    await d.journal.put({
      id: 801,
      client_key: KEY(1),
      user_id: ME,
      game_id: 10,
      igdb_id: 1942,
      played_on: '2021-01-10',
      minutes: 120,
      platform_id: null,
      note: 'Imported',
      is_private: false,
      created_at: NOW,
      updated_at: NOW,
    });
    // A write still waiting: a pending progress row and its shadow.
    await d.progress.put({
      id: -1e12 - 1,
      user_id: ME,
      game_id: 10,
      igdb_id: 1942,
      started: false,
      completed: false,
      started_date: null,
      completed_date: null,
      created_at: NOW,
      updated_at: NOW,
    });
    await d.shadows.put({ table: 'progress', id: -1e12 - 1, base: null });
    return d;
  }

  const temp = (v: unknown): unknown =>
    typeof v === 'number' && v <= -1e11
      ? 'temporary id'
      : Array.isArray(v)
        ? v.map(temp)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, temp(x)]))
          : v;
  const sorted = (rows: unknown[]) =>
    rows
      .map(temp)
      .map((r) => JSON.stringify(r))
      .sort();
  async function state(d: CheckpointDb) {
    const tables: Record<string, string[]> = {};
    for (const t of [...MIRROR_NAMES, 'shadows'] as const) tables[t] = sorted(await d.table(t).toArray());
    const outbox = (await d.outbox.orderBy('seq').toArray()).map(({ seq: _s, id: _i, ...row }) => row);
    return { tables, outbox, hlc: (await d.syncState.get('main'))?.hlc };
  }

  it.each([1, 3, 7, 100])('in batches of %i', async (size) => {
    const one = await device();
    const refusedOne: number[] = [];
    for (const [index, w] of WRITES.entries()) {
      try {
        if (!isMutationName(w.name)) throw new MutationError('unknown_mutation', 'unknown');
        await mutate(one, w.name, w.args as never, { me: ME, now: NOW });
      } catch (error) {
        if (!(error instanceof MutationError)) throw error;
        refusedOne.push(index);
      }
    }
    const batched = await device();
    const id = await createImportJob(batched, ME, 'all-kinds.json', WRITES as never);
    const end = await runImportJob(batched, id, { now: () => NOW, batchSize: size });
    expect(end).toMatchObject({ state: 'done', done: WRITES.length, refused: refusedOne.length });
    expect((await readImportJob(batched, id))?.refused.map((r) => r.index)).toEqual(refusedOne);
    const [a, b] = [await state(one), await state(batched)];
    expect(b).toEqual(a);
    // The case list does what it says: some of each.
    expect(refusedOne.length).toBeGreaterThan(8);
    expect(a.outbox.length).toBeGreaterThan(10);
    one.close();
    batched.close();
    await Promise.all([one.delete(), batched.delete()]);
  });
});
