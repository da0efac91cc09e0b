// What becomes a toast: a write the server refused (its message is the spec's text, e.g.
// 'You have already reviewed this game'), told once whichever context pushed it (this page,
// another tab, the service worker: data/refused.ts reads the device's record of them), and a
// write the device refused for lack of space.
import { onStorageError } from '../data/storage-persist.ts';
import { afterStartup } from './after-startup.ts';
import type { ToastStore } from './toasts.ts';

/** How long a failed load of the refusals' watch waits before it is tried again. */
const REFUSED_RETRY_MS = 30_000;

export function connectToastSources(toasts: ToastStore): () => void {
  let stopRefused = () => {};
  let stopped = false;
  // The refusals' watch loads once the first screen is up (its code is not the first screen's);
  // one recorded before then is still unshown, and shown as the watch starts. Without a service
  // worker (a first visit) the page may be offline by then: the chunk is asked for again when the
  // connection comes back, or a while later, and the refusals wait on the device meanwhile.
  let retry: number | undefined;
  const load = () => {
    if (retry !== undefined) window.clearTimeout(retry);
    retry = undefined;
    window.removeEventListener('online', load);
    import('../data/refused.ts').then(
      ({ watchUntoasted }) => {
        if (!stopped) stopRefused = watchUntoasted(({ message }) => toasts.push(message));
      },
      () => {
        if (stopped) return;
        window.addEventListener('online', load);
        retry = window.setTimeout(load, REFUSED_RETRY_MS);
      },
    );
  };
  const cancelStart = afterStartup(load, 0);
  const stopStorage = onStorageError(({ message }) => toasts.push(`Storage is full: ${message}`));
  return () => {
    stopped = true;
    cancelStart();
    window.removeEventListener('online', load);
    if (retry !== undefined) window.clearTimeout(retry);
    stopRefused();
    stopStorage();
  };
}
