// The activity feed's state: the newest page from get_user_activity, pages further back on
// 'Load More Activity', and offline the items this device kept from last time.
import { useCallback, useEffect, useRef, useState } from 'react';
import { appendPage, mayHaveMore, nextCursor, orderActivity, type ActivityItem } from '../../../core/activity.ts';
import { fetchActivity, saveActivity, savedActivity } from '../../../data/activity-remote.ts';
import { useOnline } from '../../../data/live.ts';

export type ActivityState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'offline-empty' }
  | {
      status: 'ready';
      items: ActivityItem[];
      more: boolean;
      /** When the items come from this device (offline or the server failed): when they were saved. */
      savedAt: number | null;
      loadingMore: boolean;
      moreFailed: boolean;
    };

export function useActivity(userId: number): { state: ActivityState; retry(): void; loadMore(): void; online: boolean } {
  const online = useOnline();
  const [state, setState] = useState<ActivityState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const stateRef = useRef(state);
  stateRef.current = state;

  useEffect(() => {
    const saved = savedActivity(userId);
    const fromDevice = (): ActivityState => saved
      ? { status: 'ready', items: saved.items, more: saved.more, savedAt: saved.savedAt, loadingMore: false, moreFailed: false }
      : { status: 'offline-empty' };
    if (!online) { setState(fromDevice()); return; }
    // Keep what is shown while it refreshes (a retry, the connection coming back).
    setState((prev) => (prev.status === 'ready' ? prev : { status: 'loading' }));
    const controller = new AbortController();
    fetchActivity(userId, null, controller.signal).then(
      (page) => {
        const items = orderActivity(page);
        const more = mayHaveMore(page);
        saveActivity(userId, items, more);
        setState({ status: 'ready', items, more, savedAt: null, loadingMore: false, moreFailed: false });
      },
      () => {
        if (controller.signal.aborted) return;
        // The server failed but the device has last time's items: show them rather than an error.
        setState(navigator.onLine && !saved ? { status: 'error' } : fromDevice());
      },
    );
    return () => controller.abort();
  }, [userId, online, attempt]);

  const loadMore = useCallback(() => {
    const current = stateRef.current;
    if (current.status !== 'ready' || current.loadingMore || !current.more) return;
    const cursor = nextCursor(current.items);
    setState({ ...current, loadingMore: true, moreFailed: false });
    fetchActivity(userId, cursor).then(
      (page) => {
        const latest = stateRef.current;
        if (latest.status !== 'ready') return;
        const items = appendPage(latest.items, page);
        const more = page.length > 0 && mayHaveMore(page);
        saveActivity(userId, items, more);
        setState({ ...latest, items, more, loadingMore: false });
      },
      () => {
        const latest = stateRef.current;
        if (latest.status === 'ready') setState({ ...latest, loadingMore: false, moreFailed: true });
      },
    );
  }, [userId]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry, loadMore, online };
}
