// Gives the shell and the screens the page's sync engine: its status (for the badge) and syncNow
// (for "Sync now"). The engine starts once the first screen is up and stops with the provider; every local write also
// asks for a Background Sync, so the worker can push after this tab is gone.
import { createContext, use, useEffect, type ReactNode } from 'react';
import type { SyncEngine } from '../sync/engine.ts';
import { afterStartup } from './after-startup.ts';
import { requestOutboxSyncOnLocalWrite } from './background-sync.ts';

export type AppSync = Pick<SyncEngine, 'status' | 'syncNow'>;

const SyncContext = createContext<AppSync | null>(null);

/**
 * How long after the page's load the engine's first run waits. The first screen has read through
 * what it shows by then (the engine's first pull on a new device fetches that same scope again),
 * and pending writes are safe in the outbox until it runs.
 */
const ENGINE_START_DELAY_MS = 4000;

export function SyncProvider({ engine, children }: { engine: SyncEngine; children: ReactNode }) {
  useEffect(() => {
    // The first screen first (after-startup.ts); a write made meanwhile waits in the outbox, and
    // "Sync now" or sign-in run the engine at once anyway.
    let stop: (() => void) | undefined;
    const cancel = afterStartup(() => { stop = engine.start(); }, ENGINE_START_DELAY_MS);
    return () => { cancel(); stop?.(); };
  }, [engine]);
  useEffect(() => requestOutboxSyncOnLocalWrite(), []);
  return <SyncContext value={engine}>{children}</SyncContext>;
}

export function useAppSync(): AppSync {
  const sync = use(SyncContext);
  if (!sync) throw new Error('useAppSync needs a <SyncProvider> above it');
  return sync;
}
