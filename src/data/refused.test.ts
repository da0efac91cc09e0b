// Writes the server refused, as the shell shows them, over real IndexedDB (fake-indexeddb): each
// once as a toast whichever tab hears it first (two tabs are two connections to one database), one
// refused before the page opened on its start, never again after a reload; listed with what it
// was until dismissed.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { gameRow, openLocalDb, reviewRow, userRow } from '../../tests/support/local-db.ts';
import { CheckpointDb, type RefusedRow } from '../store/db.ts';
import { recordRefusals, type Refusal } from '../store/refused.ts';
import { dismissAllRefused, dismissRefused, refusedWrites } from './refused-list.ts';
import { watchUntoasted } from './refused.ts';

let db: CheckpointDb;
const stops: Array<() => void> = [];
beforeEach(async () => {
  db = openLocalDb();
  const hades = gameRow(12, 113112, 'Hades');
  await db.games.put(hades);
  await db.users.put(userRow(2, 'maya'));
  await db.reviews.put(reviewRow(40, 2, hades));
});
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  db.close();
  await db.delete();
});

const COMMENT: Refusal = {
  id: 'r-comment',
  name: 'comment.add',
  args: { key: 'k1', rating_id: 40, content: 'Agreed' },
  code: 'draft_target',
  message: 'Review not found',
};
const FOLLOW: Refusal = {
  id: 'r-follow',
  name: 'follow.set',
  args: { user_id: 2, following: true },
  code: 'not_found',
  message: 'User not found',
};
const REVIEW: Refusal = {
  id: 'r-review',
  name: 'review.create',
  args: { igdb_id: 113112, rating: 8 },
  code: 'duplicate_review',
  message: 'You have already reviewed this game',
};

/** A push's record, made over its own connection (another tab or the service worker). */
async function refusedElsewhere(refusals: readonly Refusal[], at = new Date().toISOString()): Promise<void> {
  const other = new CheckpointDb(db.name);
  await other.transaction('rw', other.refused, () => recordRefusals(other, refusals, at));
  other.close();
}

/** A page's toasts: the messages it was told, in order. */
function page(connection: CheckpointDb): string[] {
  const told: string[] = [];
  stops.push(watchUntoasted((row: RefusedRow) => told.push(row.message), connection));
  return told;
}

async function until(test: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await test()); i++) await new Promise((r) => setTimeout(r, 10));
  expect(await test()).toBe(true);
}

it('[S15] shows each refusal once, in whichever of two tabs claims it, and a refusal made before the page opened on start', async () => {
  await refusedElsewhere([REVIEW], '2026-11-01T00:00:00.000Z');
  const tabA = page(db);
  const second = new CheckpointDb(db.name);
  stops.push(() => second.close());
  const tabB = page(second);
  await until(() => tabA.length + tabB.length === 1);

  await refusedElsewhere([COMMENT, FOLLOW]);
  await until(() => tabA.length + tabB.length === 3);
  // Give both tabs time to hear every change: still once each.
  await new Promise((r) => setTimeout(r, 100));
  expect([...tabA, ...tabB].sort()).toEqual([
    'Review not found',
    'User not found',
    'You have already reviewed this game',
  ]);
  expect(await db.refused.filter((r) => r.toasted === 0).count()).toBe(0);

  // A reload: nothing shown again.
  const third = new CheckpointDb(db.name);
  stops.push(() => third.close());
  const reloaded = page(third);
  await new Promise((r) => setTimeout(r, 100));
  expect(reloaded).toEqual([]);
});

it('[S15] lists each refusal with what it was and why, newest first, until dismissed', async () => {
  await refusedElsewhere([REVIEW], '2026-11-01T00:00:00.000Z');
  await refusedElsewhere([COMMENT], '2026-11-02T00:00:00.000Z');
  await refusedElsewhere([FOLLOW], '2026-11-03T00:00:00.000Z');
  expect((await refusedWrites(db)).map(({ label, message }) => ({ label, message }))).toEqual([
    { label: 'Follow maya', message: 'User not found' },
    { label: 'Comment on Hades', message: 'Review not found' },
    { label: 'Review of Hades', message: 'You have already reviewed this game' },
  ]);

  await dismissRefused(COMMENT.id, db);
  expect((await refusedWrites(db)).map((w) => w.id)).toEqual([FOLLOW.id, REVIEW.id]);
  // Still on record: an import's done screen counts it as refused.
  expect(await db.refused.get(COMMENT.id)).toMatchObject({ dismissed: 1 });

  await dismissAllRefused(db);
  expect(await refusedWrites(db)).toEqual([]);
  expect(await db.refused.count()).toBe(3);
});
