// The details behind the sync badge: the writes the server refused (what each was and why, until
// dismissed), connection (no network, or a server out of reach), what waits and since when, when the last sync finished, the last error, an expired session with its
// Sign In button, a full disk, whether the browser keeps this site's data, whether the member's
// whole library is on the device yet (and how its download goes), and "Sync now".
import { useEffect, useState } from 'react';
import { downloadingText, useLibraryProgress, useLibraryState, type LibraryState } from '../../data/library-state.ts';
import { useLive } from '../../data/live.ts';
import { dismissAllRefused, dismissRefused, refusedWrites } from '../../data/refused-list.ts';
import { storageEstimate, storagePersisted, type StorageError, type StorageUse } from '../../data/storage-persist.ts';
import type { SyncStatus } from '../../sync/status.ts';
import { formatMoment, formatRelativeTime } from '../../core/dates.ts';
import { changesWaiting, connectionOf, NOT_SAVED, SESSION_EXPIRED_MESSAGE, type Connection } from './sync-summary.ts';
import { describeLastError } from './last-error.ts';

const CONNECTION: Record<Connection, { readonly text: string; readonly className: string }> = {
  online: { text: 'Online', className: 'sync-panel__ok' },
  offline: { text: 'Offline', className: 'sync-panel__warn' },
  unreachable: { text: "Server can't be reached", className: 'sync-panel__warn' },
};

/** The "Library" line: whether the member's whole library is on the device (sync/SPEC.md [S16]). */
function libraryText(
  state: LibraryState,
  progress: ReturnType<typeof useLibraryProgress>,
  connection: Connection,
): string {
  if (progress) return downloadingText(progress);
  if (state === 'complete') return 'Your library is on this device';
  if (connection === 'offline') return "Still downloading your library: it goes on when you're back online";
  if (connection === 'unreachable') return 'Still downloading your library: it goes on when the server can be reached';
  return 'Downloading your library…';
}

/** How often an open panel refreshes "Nm ago". */
const CLOCK_TICK_MS = 15_000;

export interface SyncPanelProps {
  readonly id: string;
  readonly status: SyncStatus;
  readonly storageError: StorageError | null;
  readonly onSyncNow: () => void;
  /** Opens the sign-in form (an expired session). */
  readonly onSignIn: () => void;
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

export function SyncPanel({ id, status, storageError, onSyncNow, onSignIn }: SyncPanelProps) {
  const now = useNow(CLOCK_TICK_MS);
  const [use, setUse] = useState<StorageUse | null>(null);
  const [persisted, setPersisted] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    // A browser that will not say how much is used leaves the line out; nothing to report.
    storageEstimate().then(
      (estimate) => live && setUse(estimate),
      () => undefined,
    );
    storagePersisted().then(
      (kept) => live && setPersisted(kept),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [storageError]);

  const refused = useLive((db) => refusedWrites(db), []) ?? [];
  const library = useLibraryState();
  const progress = useLibraryProgress();
  const canSync = status.online && !status.syncing && !status.sessionExpired;
  const lastError = describeLastError(status, storageError !== null);
  const connection = CONNECTION[connectionOf(status)];
  return (
    <section id={id} className="sync-panel" aria-label="Sync details">
      {refused.length > 0 && (
        <section className="sync-panel__refused" aria-labelledby={`${id}-refused`}>
          <h2 id={`${id}-refused`} className="sync-panel__heading">
            {NOT_SAVED}
          </h2>
          <p className="sync-panel__note">
            The server refused {refused.length === 1 ? 'this change' : 'these changes'}:
          </p>
          <ul className="sync-panel__refused-list">
            {refused.map((write) => (
              <li key={write.id} className="sync-panel__refused-item">
                <div>
                  <p className="sync-panel__refused-what">{write.label}</p>
                  <p className="sync-panel__refused-why">{write.message}</p>
                </div>
                <button
                  type="button"
                  className="sync-panel__dismiss"
                  aria-label={`Dismiss: ${write.label}`}
                  onClick={() => void dismissRefused(write.id)}
                >
                  Dismiss
                </button>
              </li>
            ))}
          </ul>
          {refused.length > 1 && (
            <button type="button" className="sync-panel__dismiss" onClick={() => void dismissAllRefused()}>
              Dismiss all
            </button>
          )}
        </section>
      )}
      <dl className="sync-panel__facts">
        <div>
          <dt>Connection</dt>
          <dd className={connection.className}>{connection.text}</dd>
        </div>
        <div>
          <dt>Waiting</dt>
          <dd>{status.pending > 0 ? changesWaiting(status.pending) : 'Nothing waiting'}</dd>
        </div>
        {status.pendingSince !== null && (
          <div>
            <dt>Waiting since</dt>
            <dd title={formatMoment(status.pendingSince)}>{formatRelativeTime(status.pendingSince, now)}</dd>
          </div>
        )}
        {library !== undefined && library !== 'none' && (
          <div>
            <dt>Library</dt>
            <dd className={library === 'complete' && !progress ? 'sync-panel__ok' : undefined}>
              {libraryText(library, progress, connectionOf(status))}
            </dd>
          </div>
        )}
        <div>
          <dt>Last synced</dt>
          <dd>{status.lastSyncedAt === null ? 'Not yet' : formatRelativeTime(status.lastSyncedAt, now)}</dd>
        </div>
        <div>
          <dt>Last error</dt>
          <dd className={lastError ? 'sync-panel__error' : undefined} title={status.lastError ?? undefined}>
            {lastError ?? 'None'}
          </dd>
        </div>
      </dl>
      {status.sessionExpired && (
        <p className="sync-panel__alert" role="alert">
          {SESSION_EXPIRED_MESSAGE} Your changes are kept on this device until then.
        </p>
      )}
      {storageError && (
        <p className="sync-panel__alert" role="alert">
          Storage is full: {storageError.message}
        </p>
      )}
      {use && (
        <p className="sync-panel__note">
          Stored on this device: {formatBytes(use.usage)} of {formatBytes(use.quota)}
        </p>
      )}
      {persisted !== null && (
        <p className="sync-panel__note">
          {persisted
            ? 'Storage is persistent: the browser keeps this data until you clear it.'
            : 'Storage is not persistent: the browser may clear this data when space runs low.'}
        </p>
      )}
      {status.pending > 0 && (
        <p className="sync-panel__warning">
          Clearing this site's data in your browser would delete{' '}
          {status.pending === 1 ? 'the change' : `the ${status.pending} changes`} that
          {status.pending === 1 ? " hasn't" : " haven't"} reached the server yet.
        </p>
      )}
      {status.online && !status.reachable && (
        <p className="sync-panel__note">
          Changes are kept on this device and sent when the server can be reached again.
        </p>
      )}
      {!status.online && (
        <p className="sync-panel__note">Changes are kept on this device and sent when you are back online.</p>
      )}
      {status.sessionExpired ? (
        <button type="button" className="sync-panel__action" onClick={onSignIn}>
          Sign In
        </button>
      ) : (
        <button type="button" className="sync-panel__action" disabled={!canSync} onClick={onSyncNow}>
          {status.syncing ? 'Syncing…' : 'Sync now'}
        </button>
      )}
    </section>
  );
}
