// What the sync engine is doing, for the UI: a tiny external store that React reads with
// useSyncExternalStore. Snapshots are immutable and replaced only when a field changes, which is
// what useSyncExternalStore needs to avoid render loops.

/** What the member is told when the server no longer accepts the session (kept here, light, for the UI). */
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

export interface SyncStatus {
  /** The device has a network: navigator.onLine and its `online`/`offline` events. */
  readonly online: boolean;
  /**
   * The last call reached the server (an answer, even a refusal), or none was made yet. False
   * with `online` true: the network is up and the server down or out of reach.
   */
  readonly reachable: boolean;
  /** The server refused the session and it could not be refreshed: the member must sign in again. */
  readonly sessionExpired: boolean;
  /** Mutations in the outbox, not yet accepted or rejected by the server. */
  readonly pending: number;
  /** When the oldest of them was made (ms since the epoch), or null when none waits. */
  readonly pendingSince: number | null;
  readonly syncing: boolean;
  /** When the last push + pull finished without error (ms since the epoch). */
  readonly lastSyncedAt: number | null;
  /** Why the last sync failed, or null. */
  readonly lastError: string | null;
  /** When the next retry is due after a failure (ms since the epoch), or null. */
  readonly backoffUntil: number | null;
  /** The server answered client_too_old: the outbox waits for an updated app (docs/decisions/0009-sync-protocol-versions.md). */
  readonly updateNeeded: boolean;
}

/** The read side, handed to the UI. */
export interface SyncStatusStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): SyncStatus;
}

/** The write side, kept by the engine. */
export interface WritableSyncStatus extends SyncStatusStore {
  update(patch: Partial<SyncStatus>): void;
}

const FIELDS = [
  'online',
  'reachable',
  'sessionExpired',
  'pending',
  'pendingSince',
  'syncing',
  'lastSyncedAt',
  'lastError',
  'backoffUntil',
  'updateNeeded',
] as const satisfies ReadonlyArray<keyof SyncStatus>;

export const INITIAL_STATUS: SyncStatus = {
  online: true,
  reachable: true,
  sessionExpired: false,
  pending: 0,
  pendingSince: null,
  syncing: false,
  lastSyncedAt: null,
  lastError: null,
  backoffUntil: null,
  updateNeeded: false,
};

export function createSyncStatus(initial: Partial<SyncStatus> = {}): WritableSyncStatus {
  let snapshot: SyncStatus = { ...INITIAL_STATUS, ...initial };
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    update(patch) {
      const next = { ...snapshot, ...patch };
      if (FIELDS.every((key) => Object.is(next[key], snapshot[key]))) return;
      snapshot = next;
      for (const listener of [...listeners]) listener();
    },
  };
}
