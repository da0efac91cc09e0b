// The import's done screen (watchImportSync) over real IndexedDB (fake-indexeddb): it counts a
// write as refused from the device's record of refusals, so a refusal made by a push it never heard
// (the service worker's Background Sync, another tab) is named as refused, never counted as saved.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { gameRow, ME, openLocalDb, userRow } from '../../../tests/support/local-db.ts';
import { CheckpointDb } from '../../store/db.ts';
import { recordRefusals } from '../../store/refused.ts';
import { createImportJob, readImportJob, runImportJob } from './apply.ts';
import { watchImportSync, type ImportSyncState } from './jobs.ts';

let db: CheckpointDb;
const stops: Array<() => void> = [];
beforeEach(async () => {
  db = openLocalDb();
  await db.games.bulkPut([gameRow(11, 26226, 'Celeste'), gameRow(12, 113112, 'Hades'), gameRow(13, 7346, 'Zelda')]);
  await db.users.put(userRow(ME, 'me'));
});
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  db.close();
  await db.delete();
});

/** A job of three Wishlist adds, applied (queued in the outbox); their mutation ids. */
async function appliedJob(): Promise<{ jobId: string; ids: string[] }> {
  const games = [26226, 113112, 7346];
  const jobId = await createImportJob(
    db,
    ME,
    'grouvee.csv',
    games.map((igdb_id) => ({ name: 'wishlist.set', args: { igdb_id, in: true } })),
    new Date(),
    ['Celeste', 'Hades', 'Zelda'],
  );
  await runImportJob(db, jobId);
  const ids = (await readImportJob(db, jobId))?.mutations.map((m) => m.id ?? '') ?? [];
  expect(await db.outbox.where('id').anyOf(ids).count()).toBe(3);
  return { jobId, ids };
}

/**
 * What another context's push does to this device's database (the service worker's, over its own
 * connection): rows answered leave the outbox, a refused one is recorded, in one transaction, and
 * no event of this page's is told.
 */
async function pushElsewhere(accepted: readonly string[], refused: string, message: string): Promise<void> {
  const worker = new CheckpointDb(db.name);
  await worker.transaction('rw', [worker.outbox, worker.refused], async () => {
    await worker.outbox
      .where('id')
      .anyOf([...accepted, refused])
      .delete();
    await recordRefusals(
      worker,
      [{ id: refused, name: 'wishlist.set', args: { igdb_id: 7346, in: true }, code: 'invalid_args', message }],
      new Date().toISOString(),
    );
  });
  worker.close();
}

/** The done screen's watch; `next` waits for the first state that passes `test`. */
function watch(jobId: string): { next(test: (s: ImportSyncState) => boolean): Promise<ImportSyncState> } {
  let latest: ImportSyncState | undefined;
  const waiters = new Set<() => void>();
  stops.push(
    watchImportSync(
      jobId,
      (state) => {
        latest = state;
        for (const w of [...waiters]) w();
      },
      db,
    ),
  );
  return {
    next: (test) =>
      new Promise((resolve) => {
        const check = () => {
          if (latest && test(latest)) {
            waiters.delete(check);
            resolve(latest);
          }
        };
        waiters.add(check);
        check();
      }),
  };
}

it('counts a write refused by a push it never heard as refused, with its name and why, not as saved', async () => {
  const { jobId, ids } = await appliedJob();
  const screen = watch(jobId);
  expect(await screen.next((s) => s.pending === 3)).toEqual({ pending: 3, saved: 0, refused: [] });

  await pushElsewhere(ids.slice(0, 2), ids[2] ?? '', 'Game not found');
  expect(await screen.next((s) => s.pending === 0)).toEqual({
    pending: 0,
    saved: 2,
    refused: [{ label: 'Zelda', message: 'Game not found' }],
  });
});

it('counts a refusal made while no page watched (the tab was closed when the worker pushed)', async () => {
  const { jobId, ids } = await appliedJob();
  await pushElsewhere(ids.slice(0, 2), ids[2] ?? '', 'Game not found');
  const screen = watch(jobId);
  expect(await screen.next(() => true)).toEqual({
    pending: 0,
    saved: 2,
    refused: [{ label: 'Zelda', message: 'Game not found' }],
  });
  // Dismissed in the sync details, it is still refused here.
  await db.refused.update(ids[2] ?? '', { dismissed: 1 });
  const again = watch(jobId);
  expect((await again.next(() => true)).saved).toBe(2);
});
