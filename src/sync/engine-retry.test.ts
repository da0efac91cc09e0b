// The engine noticing quickly, in every tab: retries a server that does not answer at most 4 s apart
// while the page is on screen (a minute apart while hidden, for the battery), asks again when the
// window gets the focus after a failure, and counts the outbox it shares with the other tabs and
// the service worker from the database, so every tab shows the same waiting changes. On the fake
// server and fake-indexeddb, with the engine's timers in the test's hands.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckpointDb } from '../store/db.ts';
import { FakeSyncServer } from '../../tests/support/fake-remote.ts';
import { GAMES, IGDB } from '../../tests/support/fixtures.ts';
import { openLocalDb } from '../../tests/support/local-db.ts';
import { BACKOFF_CAP_MS, VISIBLE_BACKOFF_CAP_MS } from './backoff.ts';
import { createSyncEngine, SYNC_INTERVAL_MS, type SyncEngine, type Timers } from './engine.ts';
import { mutate } from './mutate.ts';
import { pushOutbox } from './push.ts';
import { NetworkError, type Remote } from './remote.ts';
import { addToScope } from './state.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  vi.unstubAllGlobals();
});

function freshDb(name?: string): CheckpointDb {
  const db = name === undefined ? openLocalDb() : new CheckpointDb(name);
  cleanups.push(() => db.close());
  return db;
}

/** The engine's timers, run by the test: what is due, and firing it (awaiting the sync it starts). */
function manualTimers() {
  const due: Array<{ readonly ms: number; readonly callback: () => unknown; cancelled: boolean }> = [];
  const timers: Timers = {
    setTimeout(callback, ms) {
      const timer = { ms, callback, cancelled: false };
      due.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  };
  const next = () => {
    const live = due.filter((t) => !t.cancelled);
    const last = live.at(-1);
    if (!last) throw new Error('No timer is due');
    return last;
  };
  return {
    timers,
    /** The wait of the timer set last. */
    nextMs: () => next().ms,
    async fire() {
      const timer = next();
      timer.cancelled = true;
      await timer.callback();
    },
  };
}

/** A remote that fails as a server out of reach would while `down`. */
function switchable(inner: Remote) {
  /** `calls`: pulls asked for, one per sync that got past its push. */
  const state = { down: false, calls: 0 };
  const remote: Remote = {
    push: (clientId, mutations) =>
      state.down ? Promise.reject(new NetworkError('sync_push failed (no answer)')) : inner.push(clientId, mutations),
    pull: (cursor, scope, limit) => {
      // Every sync that gets through ends with a pull.
      state.calls += 1;
      return state.down
        ? Promise.reject(new NetworkError('sync_pull failed (no answer)'))
        : inner.pull(cursor, scope, limit);
    },
  };
  return { remote, state };
}

function started(engine: SyncEngine): SyncEngine {
  cleanups.push(engine.start());
  return engine;
}

const noRefresh = async () => {};
const at = () => new Date().toISOString();

describe('noticing the server again', () => {
  it('retries a server out of reach at most 4 s apart while the page is on screen, a minute apart while hidden, and is back at the next retry', async () => {
    const server = new FakeSyncServer(GAMES);
    const me = server.addMember('restart');
    const db = freshDb();
    await addToScope(db, 'game_ids', server.gameIds());
    const { remote, state } = switchable(server.remoteFor(me));
    const clock = manualTimers();
    let onScreen = true;
    const engine = started(
      createSyncEngine({
        db,
        remote,
        refreshSession: noRefresh,
        timers: clock.timers,
        // The longest draw full jitter can make: the worst case.
        random: () => 0.999_999,
        visible: () => onScreen,
        lock: { locks: null },
      }),
    );
    await engine.syncNow();
    expect(clock.nextMs()).toBe(SYNC_INTERVAL_MS);

    // The server restarts with a write waiting: each retry fails, none waits longer than the cap.
    await mutate(db, 'wishlist.set', { igdb_id: IGDB.hades, in: true }, { me, now: at() });
    state.down = true;
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      await clock.fire();
      waits.push(clock.nextMs());
    }
    expect(engine.status.getSnapshot()).toMatchObject({ reachable: false, pending: 1 });
    expect(waits.slice(0, 3)).toEqual([999, 1999, 3999]);
    expect(Math.max(...waits)).toBeLessThan(VISIBLE_BACKOFF_CAP_MS);

    // Hidden, the same failures wait up to a minute: no tight polling in the background.
    onScreen = false;
    await clock.fire();
    expect(clock.nextMs()).toBe(BACKOFF_CAP_MS - 1);

    // On screen again, the server back: the next retry (at most 4 s away) gets through and says so.
    onScreen = true;
    await clock.fire();
    expect(clock.nextMs()).toBeLessThan(VISIBLE_BACKOFF_CAP_MS);
    state.down = false;
    await clock.fire();
    expect(engine.status.getSnapshot()).toMatchObject({
      reachable: true,
      pending: 0,
      lastError: null,
      backoffUntil: null,
    });
    expect(clock.nextMs()).toBe(SYNC_INTERVAL_MS);
  });

  it('waits the long backoff without a network, and asks again as soon as the browser says it is back', async () => {
    const window = new EventTarget();
    vi.stubGlobal('addEventListener', window.addEventListener.bind(window));
    vi.stubGlobal('removeEventListener', window.removeEventListener.bind(window));
    const server = new FakeSyncServer(GAMES);
    const db = freshDb();
    const { remote, state } = switchable(server.remoteFor(server.addMember('no_network')));
    const clock = manualTimers();
    const engine = started(
      createSyncEngine({
        db,
        remote,
        refreshSession: noRefresh,
        timers: clock.timers,
        random: () => 0.999_999,
        visible: () => true,
        lock: { locks: null },
      }),
    );
    await engine.syncNow();
    window.dispatchEvent(new Event('offline'));
    state.down = true;
    for (let i = 0; i < 8; i++) await clock.fire();
    expect(engine.status.getSnapshot()).toMatchObject({ online: false, reachable: false });
    expect(clock.nextMs()).toBe(BACKOFF_CAP_MS - 1);

    state.down = false;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() =>
      expect(engine.status.getSnapshot()).toMatchObject({ online: true, reachable: true, backoffUntil: null }),
    );
  });

  it('asks again when the window gets the focus after a failure, and not when all is well', async () => {
    const window = new EventTarget();
    vi.stubGlobal('addEventListener', window.addEventListener.bind(window));
    vi.stubGlobal('removeEventListener', window.removeEventListener.bind(window));
    vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
    const server = new FakeSyncServer(GAMES);
    const db = freshDb();
    const { remote, state } = switchable(server.remoteFor(server.addMember('focus')));
    const clock = manualTimers();
    const engine = started(
      createSyncEngine({ db, remote, refreshSession: noRefresh, timers: clock.timers, lock: { locks: null } }),
    );
    await engine.syncNow();
    const calls = state.calls;
    window.dispatchEvent(new Event('focus'));
    await engine.syncNow();
    // Only the syncNow above: the focus asked nothing of a server that answers.
    expect(state.calls).toBe(calls + 1);

    state.down = true;
    await engine.syncNow();
    expect(engine.status.getSnapshot().reachable).toBe(false);
    // The server is back before the retry is due: the focus finds it at once.
    state.down = false;
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(engine.status.getSnapshot()).toMatchObject({ reachable: true, syncing: false }));
  });
});

describe('the waiting count in every tab', () => {
  it("counts the outbox the tabs share: another tab's write, and its push, show in this tab's count without a sync here", async () => {
    const server = new FakeSyncServer(GAMES);
    const me = server.addMember('two_tabs');
    const name = `test-two-tabs-${crypto.randomUUID()}`;
    // Two tabs: one database, two connections.
    const first = freshDb(name);
    const second = freshDb(name);
    await addToScope(first, 'game_ids', server.gameIds());
    const { remote, state } = switchable(server.remoteFor(me));
    const clock = manualTimers();
    const engine = started(
      createSyncEngine({ db: second, remote, refreshSession: noRefresh, timers: clock.timers, lock: { locks: null } }),
    );
    await engine.syncNow();
    state.down = true;
    await engine.syncNow();
    expect(engine.status.getSnapshot()).toMatchObject({ reachable: false, pending: 0 });
    const calls = state.calls;

    const madeAt = '2026-11-20T08:30:00.000Z';
    await mutate(first, 'wishlist.set', { igdb_id: IGDB.celeste, in: true }, { me, now: madeAt });
    await vi.waitFor(() =>
      expect(engine.status.getSnapshot()).toMatchObject({ pending: 1, pendingSince: Date.parse(madeAt) }),
    );

    // The other tab (or the service worker) gets it through: this tab's count goes with it.
    state.down = false;
    await pushOutbox(first, remote);
    await vi.waitFor(() => expect(engine.status.getSnapshot()).toMatchObject({ pending: 0, pendingSince: null }));
    // This tab did not sync for it (its debounced push waits on a timer nobody fired).
    expect(state.calls).toBe(calls);
  });
});

describe('another tab getting through', () => {
  it('asks again at once when another tab reaches the server, instead of waiting out its retry', async () => {
    const server = new FakeSyncServer(GAMES);
    const me = server.addMember('tab_back');
    const name = `test-tab-back-${crypto.randomUUID()}`;
    const links = [switchable(server.remoteFor(me)), switchable(server.remoteFor(me))] as const;
    const clocks = [manualTimers(), manualTimers()] as const;
    const [first, second] = [0, 1].map((i) =>
      started(
        createSyncEngine({
          db: freshDb(name),
          remote: links[i]!.remote,
          refreshSession: noRefresh,
          timers: clocks[i]!.timers,
          // Hidden: its own retry would be up to a minute away.
          visible: () => false,
          random: () => 0.999_999,
          lock: { locks: null },
        }),
      ),
    ) as [SyncEngine, SyncEngine];
    await first.syncNow();
    for (const link of links) link.state.down = true;
    for (let i = 0; i < 8; i++) await clocks[1].fire();
    expect(second.status.getSnapshot().reachable).toBe(false);
    expect(clocks[1].nextMs()).toBe(BACKOFF_CAP_MS - 1);

    for (const link of links) link.state.down = false;
    await first.syncNow();
    await vi.waitFor(() =>
      expect(second.status.getSnapshot()).toMatchObject({ reachable: true, syncing: false, backoffUntil: null }),
    );
  });
});
