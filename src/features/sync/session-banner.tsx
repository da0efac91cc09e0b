// Under the header while the server refuses the session (revoked, or expired beyond refreshing):
// what happened, that nothing is lost, and the way back. Signing in again as the same member sends
// the waiting changes (app/shell.tsx asks for a sync then).
import { useSyncExternalStore } from 'react';
import { SESSION_EXPIRED, type SyncStatusStore } from '../../sync/status.ts';
import { changesWaiting } from './sync-summary.ts';
import './sync.css';

export function SessionBanner({
  status,
  onSignIn,
}: {
  readonly status: SyncStatusStore;
  readonly onSignIn: () => void;
}) {
  const snapshot = useSyncExternalStore(status.subscribe, status.getSnapshot);
  if (!snapshot.sessionExpired) return null;
  return (
    <div className="session-banner" role="alert">
      <p>
        {SESSION_EXPIRED}
        {snapshot.pending > 0 && ` ${changesWaiting(snapshot.pending)} on this device.`}
      </p>
      <button type="button" className="button button--primary" onClick={onSignIn}>
        Sign In
      </button>
    </div>
  );
}
