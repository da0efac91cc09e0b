// The sync details' "Last error" line in the member's words. Apart from sync-summary.ts, which
// the header's badge loads with every page: only the details (loaded when first opened) need it.
import type { SyncStatus } from '../../sync/status.ts';
import { connectionOf } from './sync-summary.ts';

/**
 * The last error as the member should read it. A failure to reach the server (the engine retries
 * it later) reads as such, not as the fetch error behind it; a write the full disk refused reads
 * as the full disk, which the panel explains below.
 */
export function describeLastError(status: SyncStatus, storageFull = false): string | null {
  if (status.lastError === null) return null;
  if (storageFull && status.lastError.includes('QuotaExceededError')) return 'Storage is full';
  return connectionOf(status) !== 'online' && status.backoffUntil !== null
    ? 'Could not reach the server'
    : status.lastError;
}
