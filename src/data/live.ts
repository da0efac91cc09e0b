// React's view of the device's data: live queries over IndexedDB (they re-render when a write,
// a pull or a read-through changes what they read) and read-through of public rows a screen needs
// (fetched in the background; offline, the screen shows what is cached and says so).
import { liveQuery } from 'dexie';
import { startTransition, useEffect, useState } from 'react';
import type { ReadScope } from '../sync/read-through.ts';
import { localDb, readRpc } from './backend.ts';
import { onServerReached } from '../store/events.ts';
import type { CheckpointDb } from '../store/db.ts';
import { trackRead } from './direct-rpc.ts';
import { readThroughCode } from './read-code.ts';

/**
 * Read-through and its zod-checked remote load on demand (issue 7's budget for the home page's
 * JavaScript): the screen renders from the device meanwhile. On a visit's first screen the read
 * goes out before supabase-js is made (readRpc).
 */
function fetchScope(scope: ReadScope): Promise<number> {
  return trackRead(
    (async () => {
      const [{ readThrough }, { createRpcRemote }] = await readThroughCode();
      return readThrough(localDb(), createRpcRemote(readRpc), scope);
    })(),
  );
}

/** Starts downloading read-through's code (a failure is the fetch's to report, when it runs). */
export function warmReadThrough(): void {
  void readThroughCode().catch(() => undefined);
}

/**
 * A live query over the page's database: undefined until the first answer; while the deps change,
 * the last answer until the new query's first. An error is thrown to the screen's error boundary.
 *
 * Each answer re-renders as a transition, which React renders in slices of a few milliseconds with
 * the page free to take input between them, not in one task (issue 20 §3: Total Blocking Time). An
 * answer can be a large render: a profile's library of hundreds of games, a game page's reviews,
 * each with its covers (browse's page of twenty games, rendered the same way, took one task of
 * 350–570 ms at a phone's speed). A transition shows nothing half-rendered: React commits the
 * whole answer at once, and a newer answer arriving first replaces it. Not dexie-react-hooks'
 * useLiveQuery: it re-renders through a forced update with the answer kept outside React's state,
 * which a transition could render half old, half new.
 */
export function useLive<T>(query: (db: CheckpointDb) => Promise<T>, deps: readonly unknown[]): T | undefined {
  const [answer, setAnswer] = useState<{ value?: T; error?: unknown }>({});
  useEffect(() => {
    const subscription = liveQuery(() => query(localDb())).subscribe({
      next: (value) => startTransition(() => setAnswer({ value })),
      error: (error: unknown) => startTransition(() => setAnswer({ error })),
    });
    return () => subscription.unsubscribe();
    // The deps are the caller's: the query closes over exactly those values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  if ('error' in answer) throw answer.error;
  return answer.value;
}

export type FreshnessState = 'idle' | 'refreshing' | 'fresh' | 'offline' | 'failed';

/**
 * Fetches the public rows of `scope` into the device (and keeps them in the pull scope) whenever
 * the key changes and when the connection comes back. Null scope: nothing to fetch (yet).
 */
export function useReadThrough(scope: ReadScope | null, key: string): FreshnessState {
  const [state, setState] = useState<FreshnessState>('idle');
  const online = useOnline();
  useEffect(() => {
    if (scope === null) {
      // The scope is still being looked up (a game page asks the server for the game's id first):
      // its code downloads meanwhile, not after the answer.
      if (online) warmReadThrough();
      setState('idle');
      return;
    }
    if (!online) {
      setState('offline');
      return;
    }
    let live = true;
    let stopWaiting = () => {};
    const read = (retry: boolean) => {
      // A retry keeps what the screen shows (the device's rows, the banner) until it has an answer.
      if (!retry) setState('refreshing');
      fetchScope(scope).then(
        () => {
          if (live) setState('fresh');
        },
        () => {
          if (!live) return;
          setState(navigator.onLine ? 'failed' : 'offline');
          // The server did not answer: read again once a sync reaches it, so the screen's "couldn't
          // be reached" banner clears itself instead of staying until a reload.
          stopWaiting();
          stopWaiting = onServerReached(() => {
            stopWaiting();
            if (live) read(true);
          });
        },
      );
    };
    read(false);
    return () => {
      live = false;
      stopWaiting();
    };
    // The key stands for the scope's contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, online]);
  return state;
}

/** Whether the browser says it is online, kept up to date. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}
