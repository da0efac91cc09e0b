// Where the supabase-js session lives: the `auth` key-value table of the Checkpoint IndexedDB
// (db.ts), not localStorage, because the service worker has no localStorage and must push the
// outbox with the member's token. Page and worker each open the same database, so a token one
// of them refreshes is the token the other reads next.
import type { LockFunc, SupportedStorage } from '@supabase/supabase-js';
import type { CheckpointDb } from './db.ts';

/** auth-js tells a busy lock from a failure by this class (instanceof); loaded with supabase-js, not before. */
async function lockTimeout(message: string): Promise<Error> {
  const { NavigatorLockAcquireTimeoutError } = await import('@supabase/supabase-js');
  return new NavigatorLockAcquireTimeoutError(message);
}

/** The supabase-js `auth.storage` adapter over `db.auth`. Every call is one IndexedDB request. */
export function createAuthStorage(db: CheckpointDb): SupportedStorage {
  return {
    // Parameter types spelled out: the worker's lib has no `Storage` for SupportedStorage to pick from.
    async getItem(key: string): Promise<string | null> {
      return (await db.auth.get(key))?.value ?? null;
    },
    async setItem(key: string, value: string): Promise<void> {
      await db.auth.put({ key, value });
    },
    async removeItem(key: string): Promise<void> {
      await db.auth.delete(key);
    },
  };
}

/**
 * The auth lock, shared by every tab and the service worker of this origin (Web Locks).
 *
 * Why it is passed explicitly: since auth-js 2.107 a client without a `lock` takes no lock at all
 * ("lockless coordination") and leaves cross-tab refresh races to hosted GoTrue, which hands the
 * loser the already-rotated token. The local gateway, like GoTrue without a reuse interval,
 * treats a refresh token presented twice as theft and revokes the whole session. And the older
 * default (`navigatorLock` only when `window` exists) never covered the service worker. With this
 * lock every auth operation — above all the refresh inside getSession() before a push — runs
 * under one origin-wide lock named after the storage key; the second context then reads the
 * session the first one saved instead of refreshing it again (ARCHITECTURE §5, invariant 6).
 *
 * Unlike auth-js's own `navigatorLock`, it never steals a lock that is slow to come free: a
 * stolen lock is exactly the double refresh it exists to prevent. A lock held by a tab or worker
 * that dies is released by the browser. A caller that times out gets a LockAcquireTimeoutError
 * (the one auth-js's refresh tick expects); a push that hits it fails as transient and retries.
 */
export const webAuthLock: LockFunc = async (name, acquireTimeout, fn) => {
  const locks = globalThis.navigator?.locks;
  // No Web Locks (Node tests, very old browsers): one context only, nothing to coordinate with.
  if (!locks) return fn();
  const abort = new AbortController();
  const timer = acquireTimeout > 0 ? setTimeout(() => abort.abort(), acquireTimeout) : undefined;
  try {
    const options: LockOptions = acquireTimeout === 0 ? { ifAvailable: true } : { signal: abort.signal };
    return await locks.request(name, options, async (lock) => {
      clearTimeout(timer);
      if (!lock) throw await lockTimeout(`The auth lock "${name}" is busy`);
      return fn();
    });
  } catch (error) {
    if (abort.signal.aborted && error instanceof DOMException && error.name === 'AbortError') {
      throw await lockTimeout(`The auth lock "${name}" was not free within ${acquireTimeout} ms`);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
};
