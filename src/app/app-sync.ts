// The page's sync engine (src/sync/engine.ts) over the page's database and supabase-js client. The
// engine, the mutators it rebases with and the zod-checked remote load after the first paint (the
// home page's JavaScript budget, docs/decisions/0006-first-visit-javascript-budget.md): start()
// imports them, the status reads the initial snapshot until then. The client is created on first
// use, because its settings may have to be fetched first (/_dev/config.json with the local
// gateway); until then a push or pull fails as a network error and the engine retries with backoff.
import { backend, backendAllowed, localDb, memberPresent } from '../data/backend.ts';
import type { SyncEngine } from '../sync/engine.ts';
import { NetworkError, type Remote } from '../sync/remote.ts';
import { INITIAL_STATUS, type SyncStatus, type SyncStatusStore } from '../sync/status.ts';

async function reachBackend() {
  try {
    return await backend();
  } catch (cause) {
    throw new NetworkError(
      `The backend could not be reached: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
}

function lazyRemote(create: typeof import('../data/remote.ts').createSupabaseRemote): Remote {
  let remote: Promise<Remote> | undefined;
  const get = (): Promise<Remote> => {
    if (!remote) {
      const created = reachBackend().then((supabase) => create(supabase));
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

async function createEngine(now: boolean): Promise<SyncEngine> {
  // Its code (and the zod checks it builds) is evaluated after the first paint, like the client's,
  // and for a signed-out visitor only once they act (memberPresent); "Sync now" is acting.
  await backendAllowed();
  if (!now) await memberPresent();
  const [{ createSyncEngine }, { createSupabaseRemote, refreshSessionOf }] = await Promise.all([
    import('../sync/engine.ts'),
    import('../data/remote.ts'),
  ]);
  return createSyncEngine({
    db: localDb(),
    remote: lazyRemote(createSupabaseRemote),
    refreshSession: async () => refreshSessionOf(await reachBackend())(),
  });
}

export function createAppSync(): SyncEngine {
  let engine: SyncEngine | undefined;
  let loading: Promise<SyncEngine> | undefined;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  // Until the engine loads (a signed-out visitor's never does: one who only looks downloads no sync
  // code) the status still follows the connection, so the header says "Offline" when it drops.
  let initial: SyncStatus = { ...INITIAL_STATUS, online: navigator.onLine };
  const onConnection = () => {
    if (initial.online === navigator.onLine) return;
    initial = { ...initial, online: navigator.onLine };
    if (!engine) notify();
  };
  window.addEventListener('online', onConnection);
  window.addEventListener('offline', onConnection);

  const load = (now = false): Promise<SyncEngine> => {
    if (!loading) {
      const started = createEngine(now).then((created) => {
        engine = created;
        created.status.subscribe(notify);
        notify();
        return created;
      });
      // A chunk that could not be fetched is asked for again by the next call.
      started.catch(() => {
        if (loading === started) loading = undefined;
      });
      loading = started;
    }
    return loading;
  };

  const status: SyncStatusStore = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => engine?.status.getSnapshot() ?? initial,
  };

  return {
    status,
    syncNow: () =>
      load(true).then(
        (created) => created.syncNow(),
        () => undefined,
      ),
    start() {
      let stop: (() => void) | undefined;
      let stopped = false;
      load().then(
        (created) => {
          if (!stopped) stop = created.start();
        },
        () => undefined,
      );
      return () => {
        stopped = true;
        stop?.();
      };
    },
  };
}
