// The header's sync badge: hidden while everything is saved on the server, otherwise a pill that
// says why not ("Offline", "Can't reach server", "Session expired", "3 changes waiting", "Syncing…",
// "Storage full", "Not saved" for writes the server refused until they are dismissed) and opens the
// details. A sync or a push that ends in a moment shows no pill
// (steady-badge.ts).
import { lazy, Suspense, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useLive } from '../../data/live.ts';
import { storageErrorStore } from '../../data/storage-persist.ts';
import type { SyncStatusStore } from '../../sync/status.ts';
import { useSteadyBadge } from './steady-badge.ts';
import { summarizeSync, type BadgeSummary } from './sync-summary.ts';
import './sync.css';

/** The details load when first opened (not with the first screen's JavaScript); the worker precaches them for offline. */
const SyncPanel = lazy(() => import('./sync-panel.tsx').then(({ SyncPanel: Panel }) => ({ default: Panel })));

export interface SyncBadgeProps {
  readonly status: SyncStatusStore;
  readonly onSyncNow: () => void;
  readonly onSignIn: () => void;
}

export function SyncBadge({ status, onSyncNow, onSignIn }: SyncBadgeProps) {
  const snapshot = useSyncExternalStore(status.subscribe, status.getSnapshot);
  const storageError = useSyncExternalStore(storageErrorStore.subscribe, storageErrorStore.getSnapshot);
  // Whichever context's push the server refused them in (a tab, the service worker). Counted here,
  // not through store/refused.ts, whose code (the push's record) would then load with every page.
  const refused = useLive((db) => db.refused.filter((r) => r.dismissed === 0).count(), []) ?? 0;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const summary = summarizeSync(snapshot, storageError !== null, refused);
  // A sync that ends in a moment shows nothing (steady-badge.ts).
  const steady = useSteadyBadge(summary);
  // While the details are open the badge says where things stand now, and stays, so a finished
  // sync does not pull them away.
  const shown: BadgeSummary | null = open
    ? (summary ?? { label: 'All changes synced', count: null, description: 'All changes synced', tone: 'ok' })
    : steady;

  return (
    <div className="sync-badge" ref={root}>
      {/* Always mounted, so screen readers hear "Offline" or "Syncing…" when the pill shows it. */}
      <span className="visually-hidden" aria-live="polite">
        {(open ? summary : steady)?.description ?? ''}
      </span>
      {shown && (
        <button
          ref={button}
          type="button"
          className={`sync-badge__pill sync-badge__pill--${shown.tone}`}
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={shown.description}
          onClick={() => setOpen((was) => !was)}
        >
          <span className="sync-badge__dot" aria-hidden="true" />
          <span className="sync-badge__label">{shown.label}</span>
          {/* The space keeps "Offline 2" in the text, as the name ("Offline · 2 changes waiting") says it. */}
          {shown.count !== null && (
            <>
              {' '}
              <span className="sync-badge__count">{shown.count}</span>
            </>
          )}
        </button>
      )}
      {shown && open && (
        <Suspense fallback={null}>
          <SyncPanel
            id={panelId}
            status={snapshot}
            storageError={storageError}
            onSyncNow={onSyncNow}
            onSignIn={() => {
              setOpen(false);
              onSignIn();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
