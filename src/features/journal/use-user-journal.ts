// Another member's journal for the profile's Journal tab: pages from get_user_journal (only what
// the viewer may see), 'Load more' further back. What was shown is kept on this device, so offline
// (or when the server fails) the tab shows last time's sessions and says when they were saved.
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchUserJournal, saveUserJournal, savedUserJournal, type RemoteJournalPage } from '../../data/journal-remote.ts';
import { useOnline } from '../../data/live.ts';
import type { JournalEntry } from '../../data/repos/journal.ts';

export type UserJournalState =
  | { status: 'loading' } | { status: 'error' } | { status: 'offline' }
  | {
      status: 'ready'; entries: JournalEntry[]; more: boolean; totalMinutes: number; count: number;
      /** When the sessions come from this device (offline or the server failed): when they were saved. */
      savedAt: number | null;
      loadingMore: boolean; moreFailed: boolean;
    };

const ready = (page: RemoteJournalPage, savedAt: number | null): UserJournalState => ({
  status: 'ready', entries: page.entries, more: page.more, totalMinutes: page.totalMinutes, count: page.count,
  savedAt, loadingMore: false, moreFailed: false,
});

export function useUserJournal(userId: number): { state: UserJournalState; retry(): void; loadMore(): void; online: boolean } {
  const online = useOnline();
  const [state, setState] = useState<UserJournalState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const stateRef = useRef(state);
  stateRef.current = state;

  useEffect(() => {
    const saved = savedUserJournal(userId);
    const fromDevice = (): UserJournalState => (saved ? ready(saved, saved.savedAt) : { status: 'offline' });
    if (!online) { setState(fromDevice()); return; }
    // Keep what is shown while it refreshes (a retry, the connection coming back).
    setState((prev) => (prev.status === 'ready' ? prev : { status: 'loading' }));
    const controller = new AbortController();
    fetchUserJournal(userId, null, controller.signal).then(
      (page) => { saveUserJournal(userId, page); setState(ready(page, null)); },
      () => {
        if (controller.signal.aborted) return;
        // The server failed but the device has last time's sessions: show them rather than an error.
        setState(navigator.onLine && !saved ? { status: 'error' } : fromDevice());
      },
    );
    return () => controller.abort();
  }, [userId, online, attempt]);

  const loadMore = useCallback(() => {
    const current = stateRef.current;
    if (current.status !== 'ready' || current.loadingMore || !current.more) return;
    const last = current.entries.at(-1);
    if (!last) return;
    setState({ ...current, loadingMore: true, moreFailed: false });
    fetchUserJournal(userId, { played_on: last.played_on, id: last.id }).then(
      (page) => {
        const latest = stateRef.current;
        if (latest.status !== 'ready') return;
        const entries = [...latest.entries, ...page.entries.filter((e) => !latest.entries.some((p) => p.id === e.id))];
        const merged = { entries, more: page.more, totalMinutes: page.totalMinutes, count: page.count };
        saveUserJournal(userId, merged);
        setState({ ...latest, ...merged, loadingMore: false });
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
