// The writes the server refused (db.refused, recorded by the push wherever it ran: this page,
// another tab or the service worker), each told once as a toast. A live query: it sees a refusal
// another context recorded too (Dexie tells every context of a write, over a BroadcastChannel).
// The header's badge counts them itself (sync-badge.tsx); the sync details list them (refused-list.ts).
import { liveQuery } from 'dexie';
import { localDb } from './backend.ts';
import type { CheckpointDb, RefusedRow } from '../store/db.ts';
import { claimUntoasted } from '../store/refused.ts';

/**
 * Tells `onRefused` of each refusal no page has shown yet, now and whenever one is recorded, in
 * the order they were refused. Each is claimed in a transaction, so of several tabs one shows it.
 */
export function watchUntoasted(onRefused: (row: RefusedRow) => void, db: CheckpointDb = localDb()): () => void {
  let stopped = false;
  // Claims run one after another: a change heard while one runs is claimed by the next.
  let claiming = Promise.resolve();
  const claim = () => {
    claiming = claiming
      .then(async () => {
        if (stopped) return;
        for (const row of await claimUntoasted(db)) onRefused(row);
      })
      // A failed claim (the database closing) leaves the rows unshown: the next change or start claims them.
      .catch(() => undefined);
  };
  const subscription = liveQuery(() => db.refused.filter((r) => r.toasted === 0).count()).subscribe({
    next: (fresh) => {
      if (fresh > 0) claim();
    },
    // Not this watch's to report: the sync details read the same table and show its error.
    error: () => undefined,
  });
  return () => {
    stopped = true;
    subscription.unsubscribe();
  };
}
