// The page's sync engine (src/sync/engine.ts) over the page's database and supabase-js client.
// The client is created on first use, because its settings may have to be fetched first
// (/_dev/config.json with the local gateway); until then a push or pull fails as a network error
// and the engine retries with backoff.
import { backend, localDb } from '../data/backend.ts';
import { createSupabaseRemote, refreshSessionOf } from '../data/remote.ts';
import { createSyncEngine, type SyncEngine } from '../sync/engine.ts';
import { NetworkError, type Remote } from '../sync/remote.ts';

async function reachBackend() {
  try {
    return await backend();
  } catch (cause) {
    throw new NetworkError(`The backend could not be reached: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

function lazyRemote(): Remote {
  let remote: Promise<Remote> | undefined;
  const get = (): Promise<Remote> => {
    if (!remote) {
      const created = reachBackend().then((supabase) => createSupabaseRemote(supabase));
      // Not reachable now (offline first start): the next call tries again.
      created.catch(() => {
        if (remote === created) remote = undefined;
      });
      remote = created;
    }
    return remote;
  };
  return {
    push: async (clientId, mutations) => (await get()).push(clientId, mutations),
    pull: async (cursor, scope, limit) => (await get()).pull(cursor, scope, limit),
  };
}

export function createAppSync(): SyncEngine {
  return createSyncEngine({
    db: localDb(),
    remote: lazyRemote(),
    refreshSession: async () => refreshSessionOf(await reachBackend())(),
  });
}
