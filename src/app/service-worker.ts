// The page's side of the service worker (spec 002 §4: "registered at load; update check every 60
// seconds; the page reloads once when the worker controller changes"). Production builds only:
// `npm run dev` serves modules the worker would cache stale.
import { Workbox } from 'workbox-window';

/** Spec 002 §9: "Service worker update check every 60 seconds." */
export const SW_UPDATE_CHECK_MS = 60_000;

export interface ServiceWorkerControl {
  /** True once a new version is installed and waiting for this page's go-ahead. */
  readonly updateReady: { subscribe(listener: () => void): () => void; getSnapshot(): boolean };
  /** Tells the waiting worker to take over; the page reloads when it does. */
  applyUpdate(): void;
}

export function registerServiceWorker(): ServiceWorkerControl | null {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return null;
  const wb = new Workbox('/sw.js');
  let ready = false;
  const listeners = new Set<() => void>();

  wb.addEventListener('waiting', () => {
    ready = true;
    for (const listener of [...listeners]) listener();
  });

  // Reload only when a worker replaces one that already controlled this page (an update, accepted
  // here or in another tab), never when the first worker claims a page it did not control (first
  // visit), and only once: the reloaded page starts controlled, so nothing changes again.
  let controlled = navigator.serviceWorker.controller !== null;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    const replaced = controlled;
    controlled = true;
    if (!replaced || reloading) return;
    reloading = true;
    window.location.reload();
  });

  // Without a worker (blocked, private mode) the app still runs, only not offline: say so, once.
  wb.register().catch((error: unknown) => console.warn('Service worker registration failed; offline use is unavailable.', error));
  setInterval(() => {
    // An update check that fails (offline, server down) is retried by the next tick.
    wb.update().catch(() => undefined);
  }, SW_UPDATE_CHECK_MS);

  return {
    updateReady: {
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      getSnapshot: () => ready,
    },
    applyUpdate: () => wb.messageSkipWaiting(),
  };
}
