// The details behind the sync badge: connection, what waits, when the last sync finished, the
// last error, a full disk, and a "Sync now" button.
import { useEffect, useState } from 'react';
import { storageEstimate, type StorageError, type StorageUse } from '../../data/storage-persist.ts';
import type { SyncStatus } from '../../sync/status.ts';
import { formatRelativeTime } from '../../core/dates.ts';
import { changesWaiting, describeLastError } from './sync-summary.ts';

/** How often an open panel refreshes "Nm ago". */
const CLOCK_TICK_MS = 15_000;

export interface SyncPanelProps {
  readonly id: string;
  readonly status: SyncStatus;
  readonly storageError: StorageError | null;
  readonly onSyncNow: () => void;
}

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value < 10 && unit > 0 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

export function SyncPanel({ id, status, storageError, onSyncNow }: SyncPanelProps) {
  const now = useNow(CLOCK_TICK_MS);
  const [use, setUse] = useState<StorageUse | null>(null);
  useEffect(() => {
    let live = true;
    // A browser that will not say how much is used leaves the line out; nothing to report.
    storageEstimate().then((estimate) => live && setUse(estimate), () => undefined);
    return () => {
      live = false;
    };
  }, [storageError]);

  const canSync = status.online && !status.syncing;
  const lastError = describeLastError(status, storageError !== null);
  return (
    <section id={id} className="sync-panel" aria-label="Sync details">
      <dl className="sync-panel__facts">
        <div>
          <dt>Connection</dt>
          <dd className={status.online ? 'sync-panel__ok' : 'sync-panel__warn'}>{status.online ? 'Online' : 'Offline'}</dd>
        </div>
        <div>
          <dt>Waiting</dt>
          <dd>{status.pending > 0 ? changesWaiting(status.pending) : 'Nothing waiting'}</dd>
        </div>
        <div>
          <dt>Last synced</dt>
          <dd>{status.lastSyncedAt === null ? 'Not yet' : formatRelativeTime(status.lastSyncedAt, now)}</dd>
        </div>
        <div>
          <dt>Last error</dt>
          <dd className={lastError ? 'sync-panel__error' : undefined} title={status.lastError ?? undefined}>{lastError ?? 'None'}</dd>
        </div>
      </dl>
      {storageError && <p className="sync-panel__alert" role="alert">Storage is full: {storageError.message}</p>}
      {use && <p className="sync-panel__note">Stored on this device: {formatBytes(use.usage)} of {formatBytes(use.quota)}</p>}
      {!status.online && <p className="sync-panel__note">Changes are kept on this device and sent when you are back online.</p>}
      <button type="button" className="sync-panel__action" disabled={!canSync} onClick={onSyncNow}>
        {status.syncing ? 'Syncing…' : 'Sync now'}
      </button>
    </section>
  );
}
