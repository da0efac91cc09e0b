// What the header badge says about sync, from the engine's status and the storage state. Pure, so
// the wording rules are tested without a browser.
import type { SyncStatus } from '../../sync/status.ts';

export type BadgeTone = 'ok' | 'offline' | 'pending' | 'syncing' | 'danger';

export interface BadgeSummary {
  /** The pill's text. */
  readonly label: string;
  /** Waiting changes shown as a counter beside the label (offline only, to stay short on phones). */
  readonly count: number | null;
  /** The whole state in words, for screen readers. */
  readonly description: string;
  readonly tone: BadgeTone;
}

/** "1 change waiting", "3 changes waiting". */
export function changesWaiting(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'} waiting`;
}

const plain = (label: string, tone: BadgeTone): BadgeSummary => ({ label, count: null, description: label, tone });

/**
 * The badge, or null when there is nothing to say (online, nothing pending, nothing wrong).
 * A full disk outranks everything: writes are being refused. Then syncing, then offline (with
 * what waits), then what waits.
 */
export function summarizeSync(status: SyncStatus, storageFull: boolean): BadgeSummary | null {
  if (storageFull) return { ...plain('Storage full', 'danger'), description: 'Storage is full' };
  if (status.syncing && status.online) return plain('Syncing…', 'syncing');
  if (!status.online) {
    if (status.pending === 0) return plain('Offline', 'offline');
    return { label: 'Offline', count: status.pending, description: `Offline · ${changesWaiting(status.pending)}`, tone: 'offline' };
  }
  if (status.pending > 0) return plain(changesWaiting(status.pending), 'pending');
  return null;
}

/**
 * The last error as the member should read it. A failure to reach the server (the engine marks it
 * offline and schedules a retry) reads as such, not as the fetch error behind it; a write the full
 * disk refused reads as the full disk, which the panel explains below.
 */
export function describeLastError(status: SyncStatus, storageFull = false): string | null {
  if (status.lastError === null) return null;
  if (storageFull && status.lastError.includes('QuotaExceededError')) return 'Storage is full';
  return !status.online && status.backoffUntil !== null ? 'Could not reach the server' : status.lastError;
}
