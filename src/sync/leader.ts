// One pusher/puller at a time per origin. Tabs and the service worker share a Web Lock by name;
// where Web Locks do not exist (Node, old browsers) an in-process mutex serialises the callers of
// this module, which is all that can run there.

export const SYNC_LOCK = 'checkpoint-sync';

/** The part of the Web Locks API (navigator.locks) used here. */
export interface SyncLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

const tails = new Map<string, Promise<void>>();

function inProcess<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const previous = tails.get(name) ?? Promise.resolve();
  const run = previous.then(fn);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  tails.set(name, tail);
  // Forget a settled chain so the map does not grow with lock names.
  void tail.then(() => {
    if (tails.get(name) === tail) tails.delete(name);
  });
  return run;
}

function webLocks(): SyncLocks | undefined {
  // navigator.locks is missing in Node and before Safari 15.4 / Firefox 96, whatever lib.dom says.
  return typeof navigator === 'undefined' ? undefined : (navigator.locks ?? undefined);
}

/**
 * Runs fn while holding the sync lock, waiting for any holder first. `locks: null` forces the
 * in-process mutex.
 */
export async function withSyncLock<T>(
  fn: () => Promise<T>,
  options: { name?: string; locks?: SyncLocks | null } = {},
): Promise<T> {
  const name = options.name ?? SYNC_LOCK;
  const locks = options.locks === undefined ? webLocks() : options.locks;
  // request() resolves with what the callback's promise resolves with, held until then.
  if (locks) return await locks.request(name, fn);
  return await inProcess(name, fn);
}
