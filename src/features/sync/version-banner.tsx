// "A new version is needed to sync your changes" with Update
// (docs/decisions/0009-sync-protocol-versions.md): the server answered client_too_old. Every change
// stays in the outbox; Update brings in the new version (the service worker's update flow,
// app/service-worker.ts) and the reloaded app syncs on start.
import { useState, useSyncExternalStore } from 'react';
import { CLIENT_TOO_OLD_MESSAGE } from '../../sync/remote.ts';
import type { SyncStatusStore } from '../../sync/status.ts';
import './conflict-notice.css';

export function VersionBanner({ status, onUpdate }: { status: SyncStatusStore; onUpdate: () => void }) {
  const snapshot = useSyncExternalStore(status.subscribe, status.getSnapshot);
  const [updating, setUpdating] = useState(false);
  if (!snapshot.updateNeeded) return null;
  return (
    <section className="version-banner" role="alert" aria-label="Update needed">
      <p className="version-banner__text">{CLIENT_TOO_OLD_MESSAGE}</p>
      <button
        type="button"
        className="button button--primary"
        disabled={updating}
        onClick={() => {
          setUpdating(true);
          onUpdate();
        }}
      >
        {updating ? 'Updating…' : 'Update'}
      </button>
    </section>
  );
}
