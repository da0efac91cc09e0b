// The page's side of the service worker (the spec: "registered at load; update check every 60
// seconds; the page reloads once when the worker controller changes"). Production builds only:
// `npm run dev` serves modules the worker would cache stale.

/** The spec's constant: "Service worker update check every 60 seconds." */
export const SW_UPDATE_CHECK_MS = 60_000;

export interface ServiceWorkerControl {
  /** True once a new version is installed and waiting for this page's go-ahead. */
  readonly updateReady: { subscribe(listener: () => void): () => void; getSnapshot(): boolean };
  /** Tells the waiting worker to take over (or, if another tab already did, reloads); the page reloads once. */
  applyUpdate(): void;
  /**
   * Asks the server for a new version first (the sync server said this one is too old, see
   * docs/decisions/0009-sync-protocol-versions.md), waits for it to install, then applies it as
   * applyUpdate does; without one, reloads.
   */
  checkAndApplyUpdate(): void;
}

/** How long Reload waits for the new worker to take over before reloading anyway. */
const RELOAD_FALLBACK_MS = 5000;

export function registerServiceWorker(when: Promise<unknown> = Promise.resolve()): ServiceWorkerControl | null {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return null;
  let ready = false;
  const listeners = new Set<() => void>();

  // Reload only when this page asked for the update (Reload in the prompt), and only once: the
  // reloaded page starts controlled by the new worker. A worker that another tab let take over never
  // reloads this one by itself (the member may be in the middle of typing a review): the prompt
  // appears instead, and its Reload reloads. The first worker claiming a page it did not control
  // (first visit) changes nothing visible.
  let controlled = navigator.serviceWorker.controller !== null;
  let requested = false;
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    const replaced = controlled;
    controlled = true;
    if (!replaced) return;
    if (requested) reload();
    else if (!ready) {
      ready = true;
      for (const listener of [...listeners]) listener();
    }
  });

  // workbox-window loads once `when` settles (the first screen shown, main.tsx), not in the app's
  // entry (it is not part of the first screen's JavaScript): the worker's install downloads every
  // file, which the first screen should not share the connection with anyway.
  void when
    .then(() => import('workbox-window'))
    .then(
      ({ Workbox }) => {
        const wb = new Workbox('/sw.js');
        wb.addEventListener('waiting', () => {
          ready = true;
          for (const listener of [...listeners]) listener();
        });
        // Without a worker (blocked, private mode) the app still runs, only not offline: say so, once.
        wb.register().catch((error: unknown) =>
          console.warn('Service worker registration failed; offline use is unavailable.', error),
        );
        setInterval(() => {
          // An update check that fails (offline, server down) is retried by the next tick.
          wb.update().catch(() => undefined);
        }, SW_UPDATE_CHECK_MS);
      },
      (error: unknown) => console.warn('Service worker registration failed; offline use is unavailable.', error),
    );

  const applyUpdate = (): void => {
    requested = true;
    void navigator.serviceWorker.getRegistration().then((registration) => {
      // Waiting: hand over, the controllerchange above reloads. Already taken over elsewhere: reload now.
      // Posted to the registration's waiting worker itself: workbox-window only knows a worker it
      // saw install, and one found by another tab's update check would never hear it.
      if (registration?.waiting) {
        registration.waiting.postMessage({ type: 'SKIP_WAITING' });
        // The member asked to reload: should the hand-over's controllerchange not reach this
        // page (a worker that another tab's check installed), reload all the same.
        setTimeout(reload, RELOAD_FALLBACK_MS);
      } else reload();
    }, reload);
  };

  return {
    updateReady: {
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      getSnapshot: () => ready,
    },
    applyUpdate,
    checkAndApplyUpdate: () => {
      void navigator.serviceWorker.getRegistration().then(async (registration) => {
        // An update check that fails (the server is down) still reloads: the page then syncs again.
        await registration?.update().catch(() => undefined);
        const installing = registration?.installing;
        if (installing) {
          await new Promise<void>((resolve) => {
            installing.addEventListener('statechange', () => {
              if (installing.state !== 'installing') resolve();
            });
            setTimeout(resolve, RELOAD_FALLBACK_MS);
          });
        }
        applyUpdate();
      }, reload);
    },
  };
}
