// Asked when a member signs in on a device that still holds another account's changes that never
// reached the server: keep them for that account (this session ends on the device) or discard
// them. Nothing is sent, merged or dropped until the member chooses.
import { useState } from 'react';
import type { HeldChanges } from '../../data/auth/auth-store.ts';
import { useAuthStore } from '../../ui/auth/auth-context.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

export function HeldChangesDialog({
  held,
  username,
}: {
  readonly held: HeldChanges;
  readonly username: string | null;
}) {
  const store = useAuthStore();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const other = held.username ? `@${held.username}` : 'another account';
  const changes = held.unsynced === 1 ? '1 change' : `${held.unsynced} changes`;
  const choose = (choice: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    choice().catch((cause: unknown) => {
      setBusy(false);
      setError(cause instanceof Error && cause.message ? cause.message : 'Something went wrong. Please try again.');
    });
  };
  return (
    <ConfirmDialog
      title="Changes from another account are waiting"
      cancelLabel={`Keep them for ${other}`}
      confirmLabel="Discard them"
      busyLabel="Please wait..."
      busy={busy}
      error={error}
      onCancel={() => choose(() => store.keepHeldChanges())}
      onConfirm={() => choose(() => store.discardHeldChanges())}
    >
      <p>
        This device has {changes} made as {other} that {held.unsynced === 1 ? "hasn't" : "haven't"} reached the server
        yet.
      </p>
      <p>
        Keep them for {other}: you will be signed out here, and they sync when {other} signs in again. Or discard them
        for good and continue{username ? ` as @${username}` : ''}.
      </p>
    </ConfirmDialog>
  );
}
