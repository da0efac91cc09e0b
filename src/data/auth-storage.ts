// Where the supabase-js session lives: the `auth` key-value table of the Checkpoint IndexedDB
// (store/db.ts), not localStorage, because the service worker has no localStorage and must push the
// outbox with the member's token. Page and worker each open the same database, so a token one
// of them refreshes is the token the other reads next.
import type { SupportedStorage } from '@supabase/supabase-js';
import type { CheckpointDb } from '../store/db.ts';

/** The `auth` table key of the last refresh's answer (auth-refresh.ts), removed with the session. */
export const LAST_REFRESH_KEY = 'checkpoint.auth.last-refresh';

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
      // A signed-out session leaves no tokens behind, the last refresh's answer included.
      await db.auth.bulkDelete([key, LAST_REFRESH_KEY]);
    },
  };
}
