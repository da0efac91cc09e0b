// The browser's storage for this origin, as the member should see it. Everything Checkpoint keeps
// offline (mirrors, outbox, session) is in IndexedDB, which the browser may evict unless storage
// is persistent, and which refuses writes once the quota is used up. A refused write must be
// visible (the sync panel says "Storage is full: …"), never a silent loss.
import type { CheckpointDb } from '../store/db.ts';

/**
 * Asks the browser to keep this origin's data under storage pressure. Called on sign-in and on
 * `appinstalled`; Chromium grants it to installed or engaged sites without a prompt. Resolves to
 * whether storage is persistent; false where the API is missing.
 */
export async function requestPersistence(): Promise<boolean> {
  // Typed as optional: workers (and their lib) have no persist(), and old browsers neither.
  const storage: (Partial<Pick<StorageManager, 'persisted'>> & { persist?: () => Promise<boolean> }) | undefined =
    globalThis.navigator?.storage;
  if (!storage?.persist || !storage.persisted) return false;
  if (await storage.persisted()) return true;
  return storage.persist();
}

/** Whether the browser keeps this origin's data under storage pressure; null where it will not say. */
export async function storagePersisted(): Promise<boolean | null> {
  const storage: Partial<Pick<StorageManager, 'persisted'>> | undefined = globalThis.navigator?.storage;
  return storage?.persisted ? storage.persisted() : null;
}

export interface StorageUse {
  /** Bytes used by this origin. */
  readonly usage: number;
  /** Bytes this origin may use. */
  readonly quota: number;
}

/** How much of its quota the origin uses, or null where the browser does not say. */
export async function storageEstimate(): Promise<StorageUse | null> {
  const storage = globalThis.navigator?.storage;
  if (!storage?.estimate) return null;
  const { usage, quota } = await storage.estimate();
  return usage === undefined || quota === undefined ? null : { usage, quota };
}

export interface StorageError {
  /** What to show after "Storage is full: ". */
  readonly message: string;
  readonly at: number;
}

type Listener = () => void;
let current: StorageError | null = null;
const listeners = new Set<Listener>();

function set(next: StorageError | null): void {
  current = next;
  for (const listener of listeners) listener();
}

/** The last refused write (null: none since the last clear). useSyncExternalStore-shaped. */
export const storageErrorStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot(): StorageError | null {
    return current;
  },
};

/** Calls `listener` with each refused write; returns the unsubscribe function. */
export function onStorageError(listener: (error: StorageError) => void): () => void {
  return storageErrorStore.subscribe(() => {
    if (current) listener(current);
  });
}

export function clearStorageError(): void {
  if (current) set(null);
}

/**
 * True for a full disk or used-up quota, however Dexie wrapped the DOMException: as the `inner`
 * of an AbortError, the `cause` of a rethrown error, or one of a BulkError's `failures`.
 */
export function isQuotaError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  if ('name' in error && (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED'))
    return true;
  const wrapped = [
    'inner' in error ? error.inner : undefined,
    'cause' in error ? error.cause : undefined,
    ...('failures' in error && Array.isArray(error.failures) ? error.failures : []),
  ];
  return wrapped.some((e: unknown) => isQuotaError(e, depth + 1));
}

/** Makes `error` visible if it is a quota error; returns whether it was one. Rethrowing is the caller's. */
export function reportStorageError(error: unknown): boolean {
  if (!isQuotaError(error)) return false;
  const message = "this device has no room left for Checkpoint's data. Free up some space, then try again.";
  set({ message, at: Date.now() });
  return true;
}

/**
 * Reports every quota error from writes on `db`: a Dexie middleware that watches each write and
 * each read-write transaction (IndexedDB often refuses at commit, aborting the transaction rather
 * than failing the request). The error still reaches the writer unchanged. The next write that
 * succeeds clears the state.
 */
export function watchStorageErrors(db: CheckpointDb): void {
  db.use({
    stack: 'dbcore',
    name: 'checkpoint-storage-errors',
    create: (down) => ({
      ...down,
      transaction(stores, mode, options) {
        const tx = down.transaction(stores, mode, options);
        if (mode === 'readwrite' && typeof IDBTransaction !== 'undefined' && tx instanceof IDBTransaction) {
          tx.addEventListener('abort', () => reportStorageError(tx.error));
        }
        return tx;
      },
      table(name) {
        const table = down.table(name);
        return {
          ...table,
          mutate: (req) =>
            table.mutate(req).then(
              (result) => {
                // A write that goes through again means there is room again.
                clearStorageError();
                return result;
              },
              (error: unknown) => {
                reportStorageError(error);
                throw error;
              },
            ),
        };
      },
    }),
  });
}
