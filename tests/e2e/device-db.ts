// The app's IndexedDB ('checkpoint', src/store/db.ts) as the page holds it, read and written from a
// test with the browser's own IndexedDB API: what the device really stored, not what a screen shows.
// Reads never create the database (a plain open of a name that does not exist makes an empty one,
// which the app would then have to upgrade): before the app has made it, a read finds nothing.
import type { Page } from 'playwright-core';
import { DEVICE_DB_NAME } from '../../src/core/constants.ts';

/** A store's key as the tests use them (the app's keys are numbers and strings). */
type Key = string | number;

/** One read of a store, in the page; null while the database does not exist. */
function readStore(page: Page, store: string, kind: 'all' | 'get' | 'count', key: Key = 0): Promise<unknown> {
  return page.evaluate(
    async ({ name, store, kind, key }) => {
      if (!(await indexedDB.databases()).some((d) => d.name === name)) return null;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      try {
        // The app makes every store with its database: a store it lacks is a mistake in the test.
        if (!db.objectStoreNames.contains(store)) throw new Error(`the app's database has no store ${store}`);
        const objects = db.transaction(store).objectStore(store);
        const request = kind === 'all' ? objects.getAll() : kind === 'get' ? objects.get(key) : objects.count();
        return await new Promise<unknown>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      } finally {
        db.close();
      }
    },
    { name: DEVICE_DB_NAME, store, kind, key },
  );
}

/** Every row of a store; none while the app has not made its database. */
export async function deviceRows<T>(page: Page, store: string): Promise<T[]> {
  return ((await readStore(page, store, 'all')) as T[] | null) ?? [];
}

/** The row of a store under `key`, or undefined. */
export async function deviceRow<T>(page: Page, store: string, key: Key): Promise<T | undefined> {
  return ((await readStore(page, store, 'get', key)) as T | null | undefined) ?? undefined;
}

/** How many rows a store holds; 0 while the app has not made its database. */
export async function deviceCount(page: Page, store: string): Promise<number> {
  return ((await readStore(page, store, 'count')) as number | null) ?? 0;
}

/** A row to write: `add` refuses a key the store already holds, `put` replaces it. */
export interface DeviceWrite {
  readonly store: string;
  readonly value: unknown;
  readonly op: 'add' | 'put';
}

/** Writes rows in one transaction, as the app would; the app must have made its database. */
export function writeDevice(page: Page, writes: readonly DeviceWrite[]): Promise<void> {
  return page.evaluate(
    async ({ name, writes }) => {
      if (!(await indexedDB.databases()).some((d) => d.name === name)) throw new Error(`no ${name} database yet`);
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      try {
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction([...new Set(writes.map((w) => w.store))], 'readwrite');
          for (const { store, value, op } of writes) tx.objectStore(store)[op](value);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
          tx.onabort = () => reject(tx.error ?? new Error('transaction aborted'));
        });
      } finally {
        db.close();
      }
    },
    { name: DEVICE_DB_NAME, writes },
  );
}
