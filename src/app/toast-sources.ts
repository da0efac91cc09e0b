// What becomes a toast: a write the server refused (its message is the spec's text, e.g.
// 'You have already reviewed this game'), told once whichever context pushed it (this page,
// another tab, the service worker: data/refused.ts reads the device's record of them), and a
// write the device refused for lack of space.
import { onStorageError } from '../data/storage-persist.ts';
import { afterStartup } from './after-startup.ts';
import type { ToastStore } from './toasts.ts';

export function connectToastSources(toasts: ToastStore): () => void {
  let stopRefused = () => {};
  let stopped = false;
  // The refusals' watch loads once the first screen is up (its code is not the first screen's);
  // one recorded before then is still unshown, and shown as the watch starts. A chunk that fails
  // to load is an unhandled rejection, reported as any other.
  const cancelStart = afterStartup(() => {
    void import('../data/refused.ts').then(({ watchUntoasted }) => {
      if (!stopped) stopRefused = watchUntoasted(({ message }) => toasts.push(message));
    });
  }, 0);
  const stopStorage = onStorageError(({ message }) => toasts.push(`Storage is full: ${message}`));
  return () => {
    stopped = true;
    cancelStart();
    stopRefused();
    stopStorage();
  };
}
