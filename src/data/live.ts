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
 * Read-through and its zod-checked remote load on demand (the home page's JavaScript budget,
 * docs/decisions/0006-first-visit-javascript-budget.md): the screen renders from the device
 * meanwhile. On a visit's first screen the read goes out before supabase-js is made (readRpc).
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
 * the page free to take input between them, not in one task (Lighthouse's Total Blocking Time). An
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

/** A failed read is asked again after this, then twice as long each time, up to the cap. */
const READ_RETRY_MS = 5_000;
const READ_RETRY_CAP_MS = 60_000;

/**
 * Fetches the public rows of `scope` into the device (and keeps them in the pull scope) whenever
 * the key changes and when the connection comes back. Null scope: nothing to fetch (yet).
 */
export function useReadThrough(scope: ReadScope | null, key: string): FreshnessState {
  const online = useOnline();
  // The state from the first render of a key on, before the effect below has run: a read about to
  // start is refreshing already, so a screen never shows its "nothing here" for a frame before its
  // loading state (a game page's "No written reviews yet", then the skeleton, then the text again).
  const start: FreshnessState = scope === null ? 'idle' : online ? 'refreshing' : 'offline';
  const token = `${online ? 'online' : 'offline'} ${key}`;
  const [state, setStateFor] = useState<{ readonly token: string; readonly value: FreshnessState }>({
    token,
    value: start,
  });
  // A new key or connection starts over (render-time reset, no effect needed).
  if (state.token !== token) setStateFor({ token, value: start });
  useEffect(() => {
    const setState = (value: FreshnessState) => setStateFor({ token, value });
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
    let failures = 0;
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
          // The server did not answer: read again once a sync reaches it, or after a wait that
          // doubles (a visitor has no sync), so the screen's "couldn't be reached" banner clears
          // itself instead of staying until a reload.
          stopWaiting();
          const again = () => {
            stopWaiting();
            if (live) read(true);
          };
          const stopListening = onServerReached(again);
          const timer = setTimeout(again, Math.min(READ_RETRY_CAP_MS, READ_RETRY_MS * 2 ** failures++));
          stopWaiting = () => {
            stopListening();
            clearTimeout(timer);
          };
        },
      );
    };
    read(false);
    return () => {
      live = false;
      stopWaiting();
    };
    // The key stands for the scope's contents (and the token for the key and the connection).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, online]);
  return state.token === token ? state.value : start;
}

/** How long a finished read waits for the screen's query to read back what it stored. */
const READ_BACK_GRACE_MS = 300;

/**
 * Whether a read's rows are still on their way to the screen: while `busy`, and once it ends until
 * the live `answer` changes (the screen's query re-runs after the read's write, a moment after the
 * read itself resolves), or for READ_BACK_GRACE_MS when it does not (nothing new was stored).
 * Without it a screen shows its "nothing here" for a frame between the read's end and its rows (a
 * game page's "No written reviews yet" before its reviews).
 */
export function useArriving(busy: boolean, answer: unknown): boolean {
  const [was, setWas] = useState(busy);
  const [heldFor, setHeldFor] = useState<{ readonly answer: unknown } | null>(null);
  // The read has just ended (or begun again): hold the answer on show (render-time reset).
  if (was !== busy) {
    setWas(busy);
    setHeldFor(busy ? null : { answer });
  }
  const holding = !busy && heldFor !== null && heldFor.answer === answer;
  useEffect(() => {
    if (!holding) return;
    const timer = setTimeout(() => setHeldFor(null), READ_BACK_GRACE_MS);
    return () => clearTimeout(timer);
  }, [holding]);
  return busy || holding;
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
