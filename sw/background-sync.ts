/// <reference lib="webworker" />
// Background Sync (Chromium): after a local write the page registers OUTBOX_SYNC_TAG; the browser
// fires `sync` here when it is online, even if every tab is closed by then, and the worker pushes
// the outbox with the engine the page uses, over the session the page saved in IndexedDB. A run
// that fails for a transient reason rejects, so the browser tries again later with its backoff.
import { createWorkerBackend, OUTBOX_SYNC_TAG } from '../src/data/backend.ts';
import { CheckpointDb } from '../src/store/db.ts';
import { createSupabaseRemote, refreshSessionOf } from '../src/data/remote.ts';
import { createSyncEngine } from '../src/sync/engine.ts';

/** Not in TypeScript's WebWorker lib: https://wicg.github.io/background-sync/spec/ */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

declare global {
  interface ServiceWorkerGlobalScopeEventMap {
    sync: SyncEvent;
  }
}

export class OutboxSyncFailed extends Error {
  override readonly name = 'OutboxSyncFailed';
}

/** One engine run in the worker. Rejects when the browser should try again later. */
export async function syncOutbox(): Promise<void> {
  const db = new CheckpointDb();
  try {
    const supabase = await createWorkerBackend(db);
    const engine = createSyncEngine({
      db,
      remote: createSupabaseRemote(supabase),
      refreshSession: refreshSessionOf(supabase),
    });
    await engine.syncNow();
    const { lastError, backoffUntil, pending } = engine.status.getSnapshot();
    // backoffUntil is set only for failures worth retrying (network, server); an expired session
    // waits for the member instead, and the page shows it.
    if (lastError !== null && backoffUntil !== null && pending > 0) throw new OutboxSyncFailed(lastError);
  } finally {
    db.close();
  }
}

export function listenForBackgroundSync(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('sync', (event) => {
    if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(syncOutbox());
  });
}
