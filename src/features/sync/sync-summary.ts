// What the header badge says about sync, from the engine's status and the storage state. Pure, so
// the wording rules are tested without a browser.
import type { SyncStatus } from '../../sync/status.ts';

export type BadgeTone = 'ok' | 'offline' | 'pending' | 'syncing' | 'danger';

export interface BadgeSummary {
  /** The pill's text. */
  readonly label: string;
  /** A counter beside the label: waiting changes when offline, refused ones (short on phones). */
  readonly count: number | null;
  /** The whole state in words, for screen readers. */
  readonly description: string;
  readonly tone: BadgeTone;
}

/** "1 change waiting", "3 changes waiting". */
export function changesWaiting(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'} waiting`;
}

const plain = (label: string, tone: BadgeTone): BadgeSummary => ({ label, count: null, description: label, tone });

/** The header's words for a server that does not answer while the network is up (its name says them too, as axe wants). */
export const SERVER_UNREACHABLE = "Can't reach server";
export const SESSION_EXPIRED_LABEL = 'Session expired';
export { SESSION_EXPIRED as SESSION_EXPIRED_MESSAGE } from '../../sync/status.ts';

/** A state with a counter of what waits beside its label. */
const counted = (label: string, description: string, pending: number, tone: BadgeTone): BadgeSummary =>
  pending === 0
    ? { label, count: null, description, tone }
    : { label, count: pending, description: `${description} · ${changesWaiting(pending)}`, tone };

/** Where the device stands with the server, for the panel's "Connection" line. */
export type Connection = 'online' | 'offline' | 'unreachable';

/** No network is "offline"; a network without the server's answers is "unreachable". */
export function connectionOf(status: SyncStatus): Connection {
  if (!status.online) return 'offline';
  return status.reachable ? 'online' : 'unreachable';
}

/** The header's words for writes the server refused that the member has not dismissed. */
export const NOT_SAVED = 'Not saved';

/** "1 change refused by the server", "3 changes refused by the server". */
export function changesRefused(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'} refused by the server`;
}

/**
 * The badge, or null when there is nothing to say (online, nothing pending, nothing wrong).
 * A full disk outranks everything: writes are being refused. Then an expired session (nothing
 * syncs until the member signs in again), then writes the server refused (they are lost unless
 * the member reads them, so they show until dismissed), then syncing, then no network, then a
 * server out of reach (each with what waits, and kept while a retry runs), then what waits.
 */
export function summarizeSync(status: SyncStatus, storageFull: boolean, refused = 0): BadgeSummary | null {
  if (storageFull) return { ...plain('Storage full', 'danger'), description: 'Storage is full' };
  if (status.sessionExpired) return counted(SESSION_EXPIRED_LABEL, SESSION_EXPIRED_LABEL, status.pending, 'danger');
  if (refused > 0)
    return {
      label: NOT_SAVED,
      count: refused,
      description: `${NOT_SAVED} · ${changesRefused(refused)}`,
      tone: 'danger',
    };
  const connection = connectionOf(status);
  // A retry against a server that did not answer says nothing new until it has its answer: while
  // the page is on screen one runs every few seconds, and "Syncing…" would flash with each.
  if (status.syncing && connection === 'online') return plain('Syncing…', 'syncing');
  if (connection === 'offline') return counted('Offline', 'Offline', status.pending, 'offline');
  if (connection === 'unreachable') return counted(SERVER_UNREACHABLE, SERVER_UNREACHABLE, status.pending, 'offline');
  if (status.pending > 0) return plain(changesWaiting(status.pending), 'pending');
  return null;
}
