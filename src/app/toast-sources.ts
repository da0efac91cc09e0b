// What becomes a toast: a write the server refused (its message is the spec's text, e.g.
// 'You have already reviewed this game'), told once whichever context pushed it (this page,
// another tab, the service worker: data/refused.ts reads the device's record of them), and a
// write the device refused for lack of space.
import { watchUntoasted } from '../data/refused.ts';
import { onStorageError } from '../data/storage-persist.ts';
import type { ToastStore } from './toasts.ts';

export function connectToastSources(toasts: ToastStore): () => void {
  const stops = [
    watchUntoasted(({ message }) => toasts.push(message)),
    onStorageError(({ message }) => toasts.push(`Storage is full: ${message}`)),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
