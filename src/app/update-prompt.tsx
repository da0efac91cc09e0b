// "A new version is available — Reload": shown when an updated service worker is waiting, or when
// another tab already let it take over, so an installed app does not run old code unnoticed.
// Nothing reloads by itself: Reload hands over to the waiting worker (the page reloads once when it
// takes control); Later hides the prompt until the next start, when the waiting worker is offered
// again.
import { useState, useSyncExternalStore } from 'react';
import type { ServiceWorkerControl } from './service-worker.ts';
import './update-prompt.css';

export function UpdatePrompt({ control }: { control: ServiceWorkerControl }) {
  const ready = useSyncExternalStore(control.updateReady.subscribe, control.updateReady.getSnapshot);
  const [dismissed, setDismissed] = useState(false);
  const [applying, setApplying] = useState(false);
  if (!ready || dismissed) return null;
  return (
    <section className="update-prompt" role="status" aria-label="Update available">
      <svg className="update-prompt__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M16 10a6 6 0 1 1-1.8-4.3M16 3.5v3.2h-3.2"
        />
      </svg>
      <p className="update-prompt__text">
        A new version is available —{' '}
        <button
          type="button"
          className="update-prompt__reload"
          disabled={applying}
          onClick={() => {
            setApplying(true);
            control.applyUpdate();
          }}
        >
          {applying ? 'Reloading…' : 'Reload'}
        </button>
      </p>
      <button type="button" className="button button--ghost update-prompt__later" onClick={() => setDismissed(true)}>
        Later
      </button>
    </section>
  );
}
