// Whether the member's whole library is on this device (sync/SPEC.md [S16]), for the sync details
// and one's own profile: read from the device's sync state (the pull marks it when the member's
// snapshot is stored to its end), and how a download under way is going (this page's engine).
import { liveQuery } from 'dexie';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { CheckpointDb } from '../store/db.ts';
import { localDb } from './backend.ts';
import { libraryProgress, type LibraryProgress } from '../sync/library-progress.ts';
import { libraryOnDevice } from '../sync/state.ts';

/** 'none': no member's data on the device (a visitor, signed out). */
export type LibraryState = 'none' | 'downloading' | 'complete';

export async function libraryState(db: CheckpointDb): Promise<LibraryState> {
  const state = await db.syncState.get('main');
  if (!state || state.user_id === null) return 'none';
  return libraryOnDevice(state) ? 'complete' : 'downloading';
}

/**
 * libraryState, live: undefined until the device has answered. Not useLive: the sync state is
 * written by every pull, and a screen re-renders here only when the answer changes.
 */
export function useLibraryState(): LibraryState | undefined {
  const [state, setState] = useState<LibraryState>();
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    const subscription = liveQuery(() => libraryState(localDb())).subscribe({ next: setState, error: setFailure });
    return () => subscription.unsubscribe();
  }, []);
  // As useLive: a device that cannot be read is the screen's error boundary's to show.
  if (failure !== null) throw failure;
  return state;
}

/** The download under way in this page, or null. */
export function useLibraryProgress(): LibraryProgress | null {
  return useSyncExternalStore(libraryProgress.subscribe, libraryProgress.getSnapshot, libraryProgress.getSnapshot);
}

/** "Downloading your library: 120 of 340", or without numbers until the total is known. */
export function downloadingText(progress: LibraryProgress | null): string {
  if (progress?.total == null) return 'Downloading your library…';
  return `Downloading your library: ${Math.min(progress.done, progress.total)} of ${progress.total}`;
}
