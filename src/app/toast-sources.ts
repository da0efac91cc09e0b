// What becomes a toast: a mutation the server refused (its message is the spec's text, e.g.
// 'You have already reviewed this game') and a write the device refused for lack of space.
import { onRejected } from '../store/events.ts';
import { onStorageError } from '../data/storage-persist.ts';
import type { ToastStore } from './toasts.ts';

export function connectToastSources(toasts: ToastStore): () => void {
  const stops = [
    onRejected(({ message }) => toasts.push(message)),
    onStorageError(({ message }) => toasts.push(`Storage is full: ${message}`)),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
