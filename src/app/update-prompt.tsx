// "A new version of Checkpoint is ready": shown when an updated service worker is waiting. Reload
// hands over to it (the page reloads when it takes control); Later hides the prompt until the next
// start, when the waiting worker is offered again.
import { useState, useSyncExternalStore } from 'react';
import type { ServiceWorkerControl } from './service-worker.ts';

export function UpdatePrompt({ control }: { control: ServiceWorkerControl }) {
  const ready = useSyncExternalStore(control.updateReady.subscribe, control.updateReady.getSnapshot);
  const [dismissed, setDismissed] = useState(false);
  const [applying, setApplying] = useState(false);
  if (!ready || dismissed) return null;
  return (
    <section className="update-prompt" role="status" aria-label="Update available">
      <p className="update-prompt__text">A new version of Checkpoint is ready</p>
      <div className="update-prompt__actions">
        <button type="button" className="button button--ghost" onClick={() => setDismissed(true)}>
          Later
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={applying}
          onClick={() => {
            setApplying(true);
            control.applyUpdate();
          }}
        >
          {applying ? 'Reloading…' : 'Reload'}
        </button>
      </div>
    </section>
  );
}
