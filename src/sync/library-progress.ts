// How far the member's first whole download has got in this context ([S16]), for the sync details'
// "Downloading your library: 120 of 340". In memory only: whether the library is whole is kept on
// the device (syncState.library_of); this only says how a download under way is going. A store
// that useSyncExternalStore reads: a snapshot is replaced, never changed, when the progress moves.

/** Changes stored of the snapshot's total, which is known once its one page has come (null until then). */
export interface LibraryProgress {
  readonly done: number;
  readonly total: number | null;
}

export interface LibraryProgressStore {
  subscribe(listener: () => void): () => void;
  /** The download under way, or null when none is. */
  getSnapshot(): LibraryProgress | null;
  set(progress: LibraryProgress | null): void;
}

export function createLibraryProgress(): LibraryProgressStore {
  let snapshot: LibraryProgress | null = null;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    set(progress) {
      if (progress?.done === snapshot?.done && progress?.total === snapshot?.total) return;
      snapshot = progress;
      for (const listener of [...listeners]) listener();
    },
  };
}

/** This context's: the page's engine reports to it, the sync details read it. */
export const libraryProgress: LibraryProgressStore = createLibraryProgress();
