// The toasts the shell shows: a small store any part of the app pushes messages into (sync
// rejections with the spec's text, a full disk). The spec's rule: "At most 20 toasts are held at
// once" — the oldest goes first. A message already showing is not shown twice.
export const TOAST_LIMIT = 20;
/** How long a toast stays unless dismissed. Not in the spec; long enough to read two lines. */
export const TOAST_DURATION_MS = 7_000;

export type ToastTone = 'error' | 'info';

export interface Toast {
  readonly id: number;
  readonly message: string;
  readonly tone: ToastTone;
}

export interface ToastStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly Toast[];
  push(message: string, tone?: ToastTone): number;
  dismiss(id: number): void;
}

export function createToastStore(): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const set = (next: readonly Toast[]) => {
    toasts = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => toasts,
    push(message, tone = 'error') {
      // The same message twice (five writes refused for one full disk) is one toast.
      const held = toasts.find((t) => t.message === message && t.tone === tone);
      if (held) return held.id;
      const id = nextId++;
      set([...toasts, { id, message, tone }].slice(-TOAST_LIMIT));
      return id;
    },
    dismiss(id) {
      if (toasts.some((t) => t.id === id)) set(toasts.filter((t) => t.id !== id));
    },
  };
}
