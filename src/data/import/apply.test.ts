// An import applied over real IndexedDB (fake-indexeddb): a Grouvee file read, matched against the
// device's catalogue, planned against the library and applied in batches through the outbox. A tab
// closed halfway resumes from the last batch (a new database connection), a cancel pauses, and the
// same file again changes nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gameRow, ME, NOW, openLocalDb, userRow } from '../../../tests/support/local-db.ts';
import { grouveeFile } from '../../core/import/fixtures.ts';
import { planImport, planMutations } from '../../core/import/plan.ts';
import { CheckpointDb } from '../../store/db.ts';
import { applyImportBatch, createImportJob, resumeImportJob, runImportJob, unfinishedImports } from './apply.ts';
import { readLibrary } from './library.ts';
import { createImportReader } from './read-file.ts';

const GAMES = [
  gameRow(10, 1942, 'The Witcher 3: Wild Hunt', { release_date: '2015-05-19' }),
  gameRow(11, 26226, 'Celeste', { release_date: '2018-01-25' }),
  gameRow(12, 113112, 'Hades', { release_date: '2020-09-17' }),
  gameRow(13, 7346, 'The Legend of Zelda: Breath of the Wild', { release_date: '2017-03-03' }),
];
const FILE = grouveeFile([
  { id: 1, name: 'The Witcher 3: Wild Hunt', release: '2015-05-19', shelves: ['Played'], rating: 5, review: 'Best <img src=x onerror=alert(1)>', dates: [{ date_started: '2021-01-10', date_finished: '2021-02-01', seconds_played: 7200 }] },
  { id: 2, name: 'Celeste', release: '2018-01-25', shelves: ['Backlog'] },
  { id: 3, name: 'Hades', release: '2020-09-17', shelves: ['Wish List'] },
  { id: 4, name: 'Breath of the Wild', release: '2017-03-03', shelves: ['Playing'] },
  { id: 5, name: 'A game nobody has', shelves: ['Played'] },
]);
const strip = (t: string) => t.replace(/<img[^>]*>/g, '').trim();
let db: CheckpointDb;

beforeEach(async () => {
  db = openLocalDb();
  await db.games.bulkPut(GAMES);
  await db.users.put(userRow(ME, 'me'));
});
afterEach(async () => { db.close(); await db.delete(); });

async function planFile(): Promise<ReturnType<typeof planMutations>> {
  const reader = createImportReader(db, new TextEncoder().encode(FILE), '2026-11-20', Date.parse(NOW) / 1000, () => undefined);
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
    expect(await db.progress.where('[user_id+igdb_id]').equals([ME, 7346]).first()).toMatchObject({ started: true, completed: false });
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
    const paused = await runImportJob(db, id, { now: () => NOW, batchSize: 2, onProgress: (p) => { if (p.done >= 2) cancel.abort(); }, signal: cancel.signal });
    expect(paused).toMatchObject({ done: 2, state: 'paused' });
    expect(await db.outbox.count()).toBe(2);
    // Paused jobs do not run by themselves.
    expect(await runImportJob(db, id)).toMatchObject({ done: 2, state: 'paused' });
    await resumeImportJob(db, id);
    expect(await runImportJob(db, id, { now: () => NOW })).toMatchObject({ done: writes.length, state: 'done' });
    expect(await db.outbox.count()).toBe(writes.length);
  });
});
