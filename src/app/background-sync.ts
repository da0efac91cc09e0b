// Asks the browser for a Background Sync after a local write (Chromium): the service worker then
// pushes the outbox when the network is there, even if this tab is closed first. Elsewhere (Safari,
// Firefox) the page's own engine is the pusher: it already syncs after each write (debounced),
// on `online`, on becoming visible and on its timer.
import { OUTBOX_SYNC_TAG } from '../data/backend.ts';
import { onLocalWrite } from '../store/events.ts';

/** Not in TypeScript's DOM lib: https://wicg.github.io/background-sync/spec/ */
interface SyncManager {
  register(tag: string): Promise<void>;
}

declare global {
  interface ServiceWorkerRegistration {
    readonly sync?: SyncManager;
  }
}

/** Resolves to whether the worker will be woken for the outbox. */
export async function requestOutboxSync(): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false;
  // getRegistration, not ready: in `npm run dev` there is no worker and `ready` never resolves.
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration?.active || !registration.sync) return false;
  try {
    await registration.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    // Refused (e.g. Background Sync disabled in the browser's site settings): the page engine's
    // own trigger for this write still runs, so nothing is lost.
    return false;
  }
}

/** Registers a Background Sync after every local write; returns the function that stops it. */
export function requestOutboxSyncOnLocalWrite(): () => void {
  return onLocalWrite(() => {
    void requestOutboxSync();
  });
}
