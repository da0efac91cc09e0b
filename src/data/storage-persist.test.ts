import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, expect, it } from 'vitest';
import { CheckpointDb } from '../store/db.ts';
import {
  clearStorageError,
  isQuotaError,
  onStorageError,
  reportStorageError,
  storageErrorStore,
  watchStorageErrors,
  type StorageError,
} from './storage-persist.ts';

const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

afterEach(() => clearStorageError());

it('recognises a quota error however Dexie wrapped it, and nothing else', () => {
  expect(isQuotaError(quota())).toBe(true);
  expect(isQuotaError(new Dexie.AbortError('Transaction aborted', quota()))).toBe(true);
  expect(isQuotaError(new Dexie.BulkError('2 of 3 failed', { 1: quota() }))).toBe(true);
  expect(isQuotaError(new Error('write failed', { cause: quota() }))).toBe(true);
  expect(isQuotaError(new DOMException('Key already exists', 'ConstraintError'))).toBe(false);
  expect(isQuotaError(new Error('offline'))).toBe(false);
  expect(isQuotaError(null)).toBe(false);
});

it('makes a refused write visible state until cleared, and ignores other errors', () => {
  const seen: StorageError[] = [];
  const stop = onStorageError((e) => seen.push(e));
  expect(reportStorageError(new Error('offline'))).toBe(false);
  expect(storageErrorStore.getSnapshot()).toBeNull();

  expect(reportStorageError(quota())).toBe(true);
  expect(storageErrorStore.getSnapshot()?.message).toMatch(/no room left/);
  expect(seen).toHaveLength(1);
  clearStorageError();
  expect(storageErrorStore.getSnapshot()).toBeNull();
  expect(seen).toHaveLength(1);
  stop();
});

it('reports quota errors from writes on a watched database, still fails the write, and clears on the next good one', async () => {
  const db = new CheckpointDb(`quota-${crypto.randomUUID()}`);
  // Below the watcher, a layer that refuses writes to `games` as a full disk would.
  db.use({
    stack: 'dbcore',
    name: 'full-disk',
    level: 0,
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        return name === 'games' ? { ...table, mutate: () => Promise.reject(quota()) } : table;
      },
    }),
  });
  watchStorageErrors(db);

  await db.auth.put({ key: 'k', value: 'v' });
  expect(storageErrorStore.getSnapshot()).toBeNull();
  await expect(db.games.put({ id: 1, igdb_id: 1, name: 'Celeste', slug: 'celeste' })).rejects.toMatchObject({
    name: 'QuotaExceededError',
  });
  expect(storageErrorStore.getSnapshot()).not.toBeNull();
  // Room again: the next write that succeeds clears it.
  await db.auth.put({ key: 'k', value: 'w' });
  expect(storageErrorStore.getSnapshot()).toBeNull();
  db.close();
  await db.delete();
});
