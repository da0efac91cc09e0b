// The sync engine: push then pull, one run at a time per origin (leader.ts), with its triggers —
// start, `online`, the page becoming visible or focused, another context reaching the server, local
// writes (debounced) and a timer that is the periodic pull when all is well and the backoff after a
// failure (short while the page is on screen, long while hidden). No window needed: the service worker and Node run it too.
import { realTimers, type Timers } from '../core/timers.ts';
import type { CheckpointDb } from '../store/db.ts';
import { emitServerReached, onLocalWrite, onServerReached } from '../store/events.ts';
import { readOutboxSummary, watchOutbox } from '../store/outbox-watch.ts';
import { BACKOFF_CAP_MS, backoffDelay, VISIBLE_BACKOFF_CAP_MS } from './backoff.ts';
import { withSyncLock, type SyncLocks } from './leader.ts';
import { pullChanges } from './pull.ts';
import { pushOutbox } from './push.ts';
import { upgradeOutbox } from './upgrade.ts';
import { AuthError, ClientTooOldError, MemberChangedError, NetworkError, type Remote } from './remote.ts';
import { createSyncStatus, SESSION_EXPIRED, type SyncStatusStore } from './status.ts';
import { browserOnline, pageVisible, watchEnvironment } from './triggers.ts';

/** Pull for other members' changes this often while nothing else triggers a sync. */
export const SYNC_INTERVAL_MS = 60_000;
/** Local writes closer together than this go in one push. */
export const LOCAL_WRITE_DEBOUNCE_MS = 500;

export { SESSION_EXPIRED } from './status.ts';

export type { Timers } from '../core/timers.ts';

export interface SyncEngineOptions {
  readonly db: CheckpointDb;
  readonly remote: Remote;
  /** Gets a new access token; rejects when there is none to be had (see refreshSessionOf). */
  readonly refreshSession: () => Promise<void>;
  /** ms since the epoch. */
  readonly now?: () => number;
  /** [0, 1), for backoff jitter. */
  readonly random?: () => number;
  readonly timers?: Timers;
  /** Web Lock name; null forces the in-process mutex (tests). */
  readonly lock?: { readonly name?: string; readonly locks?: SyncLocks | null };
  readonly intervalMs?: number;
  readonly debounceMs?: number;
  /** Whether someone is looking: retries after a failure come sooner then (default: the page's visibility). */
  readonly visible?: () => boolean;
}

export interface SyncEngine {
  /** Pushes the outbox, then pulls. Never rejects: the outcome is in `status`. */
  syncNow(): Promise<void>;
  /** Wires the triggers (and syncs once); returns the function that unwires them. */
  start(): () => void;
  readonly status: SyncStatusStore;
}

/** Runs fn; on a 401 refreshes the session once (per sync run) and runs it again. */
function refreshingOnce(refreshSession: () => Promise<void>): <T>(fn: () => Promise<T>) => Promise<T> {
  let refreshed = false;
  return async (fn) => {
    for (;;) {
      try {
        return await fn();
      } catch (error) {
        if (!(error instanceof AuthError) || refreshed) throw error;
        refreshed = true;
        try {
          await refreshSession();
        } catch (cause) {
          throw new AuthError(`Session refresh failed: ${cause instanceof Error ? cause.message : String(cause)}`);
        }
      }
    }
  };
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db, remote, refreshSession } = options;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const timers = options.timers ?? realTimers;
  const intervalMs = options.intervalMs ?? SYNC_INTERVAL_MS;
  const debounceMs = options.debounceMs ?? LOCAL_WRITE_DEBOUNCE_MS;
  const visible = options.visible ?? pageVisible;
  const status = createSyncStatus({ online: browserOnline() });

  let failures = 0;
  let running: Promise<void> | null = null;
  let again = false;
  let started = false;
  let cancelNext: (() => void) | null = null;
  let cancelDebounce: (() => void) | null = null;
  /** Whether this engine (this start of the app) has brought an older build's outbox rows to its protocol. */
  let outboxUpgraded = false;
  /** The browser's `offline` events so far: a sync under way when one comes is no proof of a network now. */
  let offlineEvents = 0;

  const showError = (error: unknown) =>
    status.update({ lastError: error instanceof Error ? error.message : String(error) });
  /** While started, the outbox is watched (it changes in other tabs and the service worker too). */
  let unwatchOutbox: (() => void) | null = null;
  /** Never rejects: callers fire and forget it; a failure to count is shown as the error. */
  const refreshPending = (): Promise<void> =>
    unwatchOutbox ? Promise.resolve() : readOutboxSummary(db).then((summary) => status.update(summary), showError);

  /** Also kept with the data, so a page can tell why the service worker's last run failed. */
  const recordError = (message: string | null): Promise<void> =>
    db.syncState.update('main', { last_error: message }).then(() => undefined, showError);

  /** The one timer: the next periodic pull, or the retry after a failure. Only while started. */
  function scheduleNext(ms: number | null): void {
    cancelNext?.();
    cancelNext = null;
    if (started && ms !== null) cancelNext = timers.setTimeout(() => syncNow(), ms);
  }

  /** One push + pull under the lock; records the outcome. Returns whether it succeeded. */
  async function runOnce(): Promise<boolean> {
    status.update({ syncing: true });
    // A server's answer proves a network, whatever navigator.onLine said, but only as of when it was
    // asked: an `offline` since then is newer, and the device stays offline (an answer arriving just
    // after the network went kept the offline banner away).
    const offlineBefore = offlineEvents;
    const answered = () => (offlineEvents === offlineBefore ? { online: true } : {});
    try {
      await withSyncLock(async () => {
        // Inside the lock, so two tabs never refresh the same token at once.
        const withAuth = refreshingOnce(refreshSession);
        if (!outboxUpgraded) {
          // Once per start of the app: rows an older build queued, in this build's shape
          // (docs/decisions/0009-sync-protocol-versions.md).
          await upgradeOutbox(db);
          outboxUpgraded = true;
        }
        await withAuth(() => pushOutbox(db, remote));
        await withAuth(() => pullChanges(db, remote, { now }));
      }, options.lock);
      failures = 0;
      status.update({
        ...answered(),
        reachable: true,
        sessionExpired: false,
        lastSyncedAt: now(),
        lastError: null,
        backoffUntil: null,
        updateNeeded: false,
      });
      emitServerReached();
      scheduleNext(intervalMs);
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof ClientTooOldError) {
        // Retrying cannot help until the app is updated (the Update button reloads into the new
        // version, which syncs on start); the periodic timer still asks now and then, in case the
        // server is rolled back.
        status.update({ ...answered(), reachable: true, lastError: message, backoffUntil: null, updateNeeded: true });
        scheduleNext(intervalMs);
      } else if (error instanceof AuthError || error instanceof MemberChangedError) {
        // The server answered, but retrying cannot help until the member signs in again; the next
        // trigger (a write, `online`, the page shown again) tries anew.
        status.update({
          ...answered(),
          reachable: true,
          sessionExpired: error instanceof AuthError,
          lastError: error instanceof AuthError ? SESSION_EXPIRED : message,
          backoffUntil: null,
        });
        scheduleNext(null);
      } else {
        // NetworkError, or anything unexpected: try again later, further apart each time.
        failures += 1;
        // While the page is on screen no wait is long, so a server back after a restart is seen
        // within seconds; hidden (or in the service worker) the waits grow to a minute, for the
        // battery, and so they do without a network at all: its return is the `online` event's to tell.
        const shortWaits = visible() && status.getSnapshot().online;
        const delay = backoffDelay(failures, random, shortWaits ? VISIBLE_BACKOFF_CAP_MS : BACKOFF_CAP_MS);
        // Whether the device has a network at all is the browser's to say (`offline`); here the
        // server did not answer, which with a network up reads "the server can't be reached".
        status.update({
          reachable: error instanceof NetworkError ? false : status.getSnapshot().reachable,
          lastError: message,
          backoffUntil: now() + delay,
        });
        scheduleNext(delay);
      }
      await recordError(status.getSnapshot().lastError);
      return false;
    } finally {
      status.update({ syncing: false });
      await refreshPending();
    }
  }

  function syncNow(): Promise<void> {
    if (running) {
      // A write made during a run may have missed its push: run once more after it.
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
        } while ((await runOnce()) && again);
      } finally {
        running = null;
        again = false;
      }
    })();
    return running;
  }

  /** Triggers that are not the member's doing wait out a backoff (its timer runs the retry). */
  function syncUnlessBackingOff(): Promise<void> {
    const until = status.getSnapshot().backoffUntil;
    return until === null || until <= now() ? syncNow() : Promise.resolve();
  }

  /** Asks again now if the last run failed on the network, unless a run is on its way. */
  function retryIfFailed(): void {
    if (!running && status.getSnapshot().backoffUntil !== null) void syncNow();
  }

  function start(): () => void {
    if (started) throw new Error('The sync engine is already started');
    started = true;
    const unwatch = watchEnvironment({
      online: () => {
        // Whether the server answers is not known yet: the sync this starts will say.
        status.update({ online: true, reachable: true });
        void syncNow();
      },
      offline: () => {
        offlineEvents += 1;
        status.update({ online: false });
      },
      visible: () => void syncNow(),
      // Focus alone comes often (every switch back to the window): it only asks again after a
      // failure, and not while a run (the one `visibilitychange` just started) is on its way.
      focus: retryIfFailed,
    });
    // Another tab (or the service worker) got through: the server is back for this one too.
    const unheard = onServerReached(retryIfFailed);
    unwatchOutbox = watchOutbox(
      db,
      (summary) => status.update(summary),
      (error) => {
        // The watch ends with its error: counts are read again after each write and sync instead.
        unwatchOutbox = null;
        showError(error);
      },
    );
    const unsubscribe = onLocalWrite(() => {
      void refreshPending();
      cancelDebounce?.();
      cancelDebounce = timers.setTimeout(() => {
        cancelDebounce = null;
        return syncUnlessBackingOff();
      }, debounceMs);
    });
    void syncNow();
    return () => {
      started = false;
      unwatch();
      unheard();
      unwatchOutbox?.();
      unwatchOutbox = null;
      unsubscribe();
      cancelDebounce?.();
      cancelDebounce = null;
      scheduleNext(null);
    };
  }

  return { syncNow, start, status };
}
