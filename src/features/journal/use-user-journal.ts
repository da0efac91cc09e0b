// Another member's journal for the profile's Journal tab: pages from get_user_journal (only what
// the viewer may see), 'Load more' further back. Others' sessions are not kept on the device, so
// offline the tab says it needs the connection.
import { useCallback, useEffect, useState } from 'react';
import { fetchUserJournal } from '../../data/journal-remote.ts';
import { useOnline } from '../../data/live.ts';
import type { JournalEntry } from '../../data/repos/journal.ts';

export type UserJournalState =
  | { status: 'loading' } | { status: 'error' } | { status: 'offline' }
  | { status: 'ready'; entries: JournalEntry[]; more: boolean; totalMinutes: number; count: number; loadingMore: boolean; moreFailed: boolean };

export function useUserJournal(userId: number): { state: UserJournalState; retry(): void; loadMore(): void } {
  const online = useOnline();
  const [state, setState] = useState<UserJournalState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!online) { setState((prev) => (prev.status === 'ready' ? prev : { status: 'offline' })); return; }
    const controller = new AbortController();
    setState((prev) => (prev.status === 'ready' ? prev : { status: 'loading' }));
    fetchUserJournal(userId, null, controller.signal).then(
      (page) => setState({ status: 'ready', entries: page.entries, more: page.more, totalMinutes: page.totalMinutes, count: page.count, loadingMore: false, moreFailed: false }),
      () => { if (!controller.signal.aborted) setState({ status: navigator.onLine ? 'error' : 'offline' }); },
    );
    return () => controller.abort();
  }, [userId, online, attempt]);

  const loadMore = useCallback(() => {
    if (state.status !== 'ready' || state.loadingMore) return;
    const last = state.entries.at(-1);
    if (!last) return;
    setState({ ...state, loadingMore: true, moreFailed: false });
    fetchUserJournal(userId, { played_on: last.played_on, id: last.id }).then(
      (page) => setState((prev) => prev.status !== 'ready' ? prev : {
        ...prev, entries: [...prev.entries, ...page.entries.filter((e) => !prev.entries.some((p) => p.id === e.id))],
        more: page.more, totalMinutes: page.totalMinutes, count: page.count, loadingMore: false,
      }),
      () => setState((prev) => (prev.status === 'ready' ? { ...prev, loadingMore: false, moreFailed: true } : prev)),
    );
  }, [state, userId]);

  return { state, retry: () => setAttempt((n) => n + 1), loadMore };
}
