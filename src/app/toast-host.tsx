// Where toasts appear: bottom of the screen, newest last, each with a close button and a timer.
// The region is a polite live region, so a screen reader reads each new message once.
import { useEffect, useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, type Toast, type ToastStore } from './toasts.ts';

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onDismiss]);
  return (
    <li className={`toast toast--${toast.tone}`}>
      <span className="toast__message">{toast.message}</span>
      <button
        type="button"
        className="toast__close"
        aria-label="Dismiss notification"
        onClick={() => onDismiss(toast.id)}
      >
        ×
      </button>
    </li>
  );
}

export function ToastHost({ store }: { store: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return (
    <section className="toasts" aria-label="Notifications">
      <ol className="toasts__list" aria-live="polite" aria-relevant="additions">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={store.dismiss} />
        ))}
      </ol>
    </section>
  );
}
