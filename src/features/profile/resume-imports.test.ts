// The next visit goes on with an import the last one left running, and says so; an import the
// member started in this visit (before the resume looked, within the first seconds) is not
// "resumed": the member is told nothing and it runs once. Over the page's database on
// fake-indexeddb (the real IndexedDB API).
import { afterEach, beforeEach, expect, it } from 'vitest';
import { gameRow, ME, userRow } from '../../../tests/support/local-db.ts';
import type { PlannedMutation } from '../../core/import/plan.ts';
import { localDb } from '../../data/backend.ts';
import { importJob, runImport, startImportJob } from '../../data/import/jobs.ts';
import { resumeImports } from './resume-imports.ts';

const GAMES = Array.from({ length: 30 }, (_, i) => gameRow(100 + i, 5000 + i, `Game ${i}`));
const WRITES: PlannedMutation[] = GAMES.map(
  (g) => ({ name: 'wishlist.set', args: { igdb_id: g.igdb_id, in: true } }) as PlannedMutation,
);

beforeEach(async () => {
  await localDb().games.bulkPut(GAMES);
  await localDb().users.put(userRow(ME, 'me'));
});
afterEach(async () => {
  await Promise.all(localDb().tables.map((t) => t.clear()));
});

it('goes on with a job the last visit left running, and tells the member', async () => {
  const id = await startImportJob(ME, 'grouvee.csv', WRITES);
  const told: string[] = [];
  await resumeImports(ME, (m) => told.push(m));
  expect(told).toEqual([
    'Resuming the import of grouvee.csv: 0 of 30 changes saved so far.',
    'Import of grouvee.csv finished.',
  ]);
  expect((await importJob(id))?.state).toBe('done');
  expect(await localDb().outbox.count()).toBe(30);
});

it('leaves alone a job this visit is already running: no "Resuming" and every write queued once', async () => {
  const id = await startImportJob(ME, 'grouvee.csv', WRITES);
  const running = runImport(id, () => undefined);
  const told: string[] = [];
  await resumeImports(ME, (m) => told.push(m));
  expect(told).toEqual([]);
  expect((await running).state).toBe('done');
  expect(await localDb().outbox.count()).toBe(30);
});
