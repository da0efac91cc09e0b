// Gives the shell and the screens the page's sync engine: its status (for the badge) and syncNow
// (for "Sync now"). The engine starts with the provider and stops with it; every local write also
// asks for a Background Sync, so the worker can push after this tab is gone.
import { createContext, use, useEffect, type ReactNode } from 'react';
import type { SyncEngine } from '../sync/engine.ts';
import { requestOutboxSyncOnLocalWrite } from './background-sync.ts';

export type AppSync = Pick<SyncEngine, 'status' | 'syncNow'>;

const SyncContext = createContext<AppSync | null>(null);

export function SyncProvider({ engine, children }: { engine: SyncEngine; children: ReactNode }) {
  useEffect(() => engine.start(), [engine]);
  useEffect(() => requestOutboxSyncOnLocalWrite(), []);
  return <SyncContext value={engine}>{children}</SyncContext>;
}

export function useAppSync(): AppSync {
  const sync = use(SyncContext);
  if (!sync) throw new Error('useAppSync needs a <SyncProvider> above it');
  return sync;
}
