// A member's paged feed on their profile (the Activity tab, another member's Journal): the newest
// page from the server, pages further back on 'Load more', and offline (or when the server fails)
// what this device kept from last time, with when it was saved (data/saved-pages.ts).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useOnline } from '../../data/live.ts';
import type { Saved } from '../../data/saved-pages.ts';

/** Where a feed comes from: module-level, so the hook's effects do not rerun on every render. */
export interface FeedSource<V extends { readonly more: boolean }> {
  /** The newest page. */
  first(userId: number, signal: AbortSignal): Promise<V>;
  /**
   * Fetches the page further back than `shown`; resolves to how it joins what is shown by then (a
   * refresh may have replaced `shown` meanwhile).
   */
  next(userId: number, shown: V): Promise<(latest: V) => V>;
  saved(userId: number): Saved<V> | null;
  save(userId: number, value: V): void;
}

export type MemberFeedState<V> =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'offline-empty' }
  | {
      status: 'ready';
      value: V;
      /** When the value comes from this device (offline or the server failed): when it was saved. */
      savedAt: number | null;
      loadingMore: boolean;
      moreFailed: boolean;
    };

export interface MemberFeed<V> {
  readonly state: MemberFeedState<V>;
  retry(): void;
  loadMore(): void;
  readonly online: boolean;
}

const ready = <V>(value: V, savedAt: number | null): MemberFeedState<V> => ({
  status: 'ready',
  value,
  savedAt,
  loadingMore: false,
  moreFailed: false,
});

export function useMemberFeed<V extends { readonly more: boolean }>(
  source: FeedSource<V>,
  userId: number,
): MemberFeed<V> {
  const online = useOnline();
  const [state, setState] = useState<MemberFeedState<V>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const stateRef = useRef(state);
  stateRef.current = state;

  useEffect(() => {
    const saved = source.saved(userId);
    const fromDevice = (): MemberFeedState<V> =>
      saved ? ready(saved.value, saved.savedAt) : { status: 'offline-empty' };
    if (!online) {
      setState(fromDevice());
      return;
    }
    // Keep what is shown while it refreshes (a retry, the connection coming back).
    setState((prev) => (prev.status === 'ready' ? prev : { status: 'loading' }));
    const controller = new AbortController();
    source.first(userId, controller.signal).then(
      (value) => {
        source.save(userId, value);
        setState(ready(value, null));
      },
      () => {
        if (controller.signal.aborted) return;
        // The server failed but the device has last time's: show it rather than an error.
        setState(navigator.onLine && !saved ? { status: 'error' } : fromDevice());
      },
    );
    return () => controller.abort();
  }, [source, userId, online, attempt]);

  const loadMore = useCallback(() => {
    const current = stateRef.current;
    if (current.status !== 'ready' || current.loadingMore || !current.value.more) return;
    setState({ ...current, loadingMore: true, moreFailed: false });
    source.next(userId, current.value).then(
      (append) => {
        const latest = stateRef.current;
        if (latest.status !== 'ready') return;
        const value = append(latest.value);
        source.save(userId, value);
        setState({ ...latest, value, loadingMore: false });
      },
      () => {
        const latest = stateRef.current;
        if (latest.status === 'ready') setState({ ...latest, loadingMore: false, moreFailed: true });
      },
    );
  }, [source, userId]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry, loadMore, online };
}
