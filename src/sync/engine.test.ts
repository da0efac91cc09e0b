// The engine on the in-memory fake server (tests/support/fake-remote.ts, held to the real server's
// behaviour by tests/integration/sync-contract.test.ts) and fake-indexeddb: the paths that need
// many writes or odd answers, and a seeded fuzz of random writes, syncs, network failures and
// change-log prunes on three devices that must end with every device's mirrors equal to the
// server's rows.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUSH_BATCH_SIZE } from '../core/constants.ts';
import { MutationError, type MutationArgs, type MutationName } from '../core/mutations.ts';
import { MIRRORS, type CheckpointDb } from '../store/db.ts';
import { onRejected, type Rejection } from '../store/events.ts';
import { mutate } from './mutate.ts';
import { FakeSyncServer } from '../../tests/support/fake-remote.ts';
import { GAMES, IGDB } from '../../tests/support/fixtures.ts';
import { openLocalDb } from '../../tests/support/local-db.ts';
import { createSyncEngine, type SyncEngine } from './engine.ts';
import {
  AuthError,
  NetworkError,
  RejectedBatchError,
  type PullPage,
  type PushMutation,
  type PushReply,
  type Remote,
  type SyncScope,
} from './remote.ts';
import { addToScope } from './state.ts';

const dbs: CheckpointDb[] = [];
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  for (const db of dbs.splice(0)) db.close();
});

function freshDb(): CheckpointDb {
  const db = openLocalDb();
  dbs.push(db);
  return db;
}

function collectRejections(): Rejection[] {
  const seen: Rejection[] = [];
  cleanups.push(onRejected((r) => seen.push(r)));
  return seen;
}

const noRefresh = async () => {};
const at = () => new Date().toISOString();

/** A remote that lets the test intercept pushes. */
function intercept(inner: Remote, onPush: (mutations: readonly PushMutation[]) => void): Remote {
  return {
    push: (clientId, mutations) => {
      onPush(mutations);
      return inner.push(clientId, mutations);
    },
    pull: (cursor, scope, limit) => inner.pull(cursor, scope, limit),
  };
}

describe('the sync engine on the fake server', () => {
  it(`[S4] pushes the outbox in order, in batches of ${PUSH_BATCH_SIZE}`, async () => {
    const server = new FakeSyncServer(GAMES);
    const me = server.addMember('batches');
    const db = freshDb();
    const batches: string[][] = [];
    const engine = createSyncEngine({
      db,
      remote: intercept(server.remoteFor(me), (m) => batches.push(m.map((x) => x.id))),
      refreshSession: noRefresh,
    });
    await addToScope(db, 'game_ids', server.gameIds());
    await engine.syncNow();
    const games = Object.values(IGDB);
    const ids: string[] = [];
    for (let i = 0; i < 2 * PUSH_BATCH_SIZE + 30; i++) {
      ids.push(
        await mutate(
          db,
          'wishlist.set',
          { igdb_id: games[i % games.length] ?? IGDB.hades, in: true, priority: i % 10 },
          { me, now: at() },
        ),
      );
    }
    await engine.syncNow();
    // First an empty push: whose session is this (push.ts), then the batches.
    expect(batches.map((b) => b.length)).toEqual([0, PUSH_BATCH_SIZE, PUSH_BATCH_SIZE, 30]);
    expect(batches.flat()).toEqual(ids);
    expect(ids.every((id) => server.hasApplied(id))).toBe(true);
    expect(engine.status.getSnapshot()).toMatchObject({ pending: 0, lastError: null });
  });

  it('[S4] [S5] a server that refuses every batch as a whole gets each mutation alone, rejected, so the queue never jams', async () => {
    const server = new FakeSyncServer(GAMES);
    const me = server.addMember('jam');
    const db = freshDb();
    const rejections = collectRejections();
    let refuse = true;
    const inner = server.remoteFor(me);
    const remote: Remote = {
      push: async (clientId, mutations) => {
        if (refuse && mutations.length > 0)
          throw new RejectedBatchError('batch_too_large', 'At most 500 mutations per push');
        return inner.push(clientId, mutations);
      },
      pull: (cursor, scope, limit) => inner.pull(cursor, scope, limit),
    };
    const engine = createSyncEngine({ db, remote, refreshSession: noRefresh });
    await addToScope(db, 'game_ids', server.gameIds());
    await engine.syncNow();
    await mutate(db, 'wishlist.set', { igdb_id: IGDB.celeste, in: true }, { me, now: at() });
    await mutate(db, 'progress.set', { igdb_id: IGDB.hades, started: true }, { me, now: at() });
    await engine.syncNow();
    expect(rejections).toEqual([
      { name: 'wishlist.set', code: 'batch_too_large', message: 'At most 500 mutations per push' },
      { name: 'progress.set', code: 'batch_too_large', message: 'At most 500 mutations per push' },
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.wishlist.count()).toBe(0); // rolled back by the pull
    refuse = false;
    await mutate(db, 'wishlist.set', { igdb_id: IGDB.portal2, in: true }, { me, now: at() });
    await engine.syncNow();
    expect((await db.wishlist.toArray()).map((w) => w.igdb_id)).toEqual([IGDB.portal2]);
  });

  it("[S13] drops a visitor's cursor once the member is known, so the member's own rows arrive", async () => {
    const server = new FakeSyncServer(GAMES);
    const me = server.addMember('late_sign_in');
    await server
      .remoteFor(me)
      .push(crypto.randomUUID(), [
        { id: crypto.randomUUID(), name: 'wishlist.set', args: { igdb_id: IGDB.zelda, in: true } },
      ]);
    const db = freshDb();
    let member: number | null = null;
    const remote: Remote = {
      push: (clientId, mutations) => server.remoteFor(member).push(clientId, mutations),
      pull: (cursor, scope, limit) => server.remoteFor(member).pull(cursor, scope, limit),
    };
    const engine = createSyncEngine({ db, remote, refreshSession: noRefresh });
    await addToScope(db, 'game_ids', server.gameIds());
    await engine.syncNow(); // as a visitor
    expect(await db.wishlist.count()).toBe(0);
    member = me; // signs in
    await engine.syncNow();
    expect((await db.wishlist.toArray()).map((w) => w.igdb_id)).toEqual([IGDB.zelda]);
    expect((await db.syncState.get('main'))?.user_id).toBe(me);
  });

  it('[S10] brings a device back after the change log was pruned past its cursor: a new snapshot, pending writes kept, nothing doubled', async () => {
    const server = new FakeSyncServer(GAMES);
    const me = server.addMember('long_away');
    const friend = server.addMember('stayed');
    const friendRemote = server.remoteFor(friend);
    const pushAs = (remote: Remote, name: string, args: Record<string, unknown>) =>
      remote.push(crypto.randomUUID(), [{ id: crypto.randomUUID(), name, args }]);
    await pushAs(friendRemote, 'follow.set', { user_id: me, following: true });
    await pushAs(friendRemote, 'review.create', { igdb_id: IGDB.hades, rating: 6 });

    const db = freshDb();
    const inner = server.remoteFor(me);
    const pulls: Array<string | null> = [];
    let pushes = 0;
    let midPullWrite: (() => Promise<unknown>) | null = null;
    const remote: Remote = {
      async push(clientId, mutations) {
        const reply = await inner.push(clientId, mutations);
        // The first push after coming back is applied, but its answer is lost.
        if (mutations.length > 0 && ++pushes === 1) throw new NetworkError('answer lost');
        return reply;
      },
      async pull(cursor, scope, limit) {
        pulls.push(cursor);
        // The member writes while the stale pull is on its way: that write must survive the resnapshot.
        const during = midPullWrite;
        midPullWrite = null;
        await during?.();
        return inner.pull(cursor, scope, limit);
      },
    };
    const engine = createSyncEngine({ db, remote, refreshSession: noRefresh });
    await addToScope(db, 'game_ids', server.gameIds());
    await addToScope(db, 'user_ids', [friend]);
    await engine.syncNow();
    expect(await db.follows.count()).toBe(1);
    expect(await db.reviews.count()).toBe(1);

    // Offline for longer than the window: writes queue up here, the friend changes things there,
    // and the server prunes every change the device has not seen.
    const queued = [
      await mutate(db, 'wishlist.set', { igdb_id: IGDB.celeste, in: true }, { me, now: at() }),
      await mutate(db, 'review.create', { igdb_id: IGDB.portal2, rating: 9, review: 'Still great' }, { me, now: at() }),
      await mutate(db, 'progress.set', { igdb_id: IGDB.zelda, started: true }, { me, now: at() }),
    ];
    await pushAs(friendRemote, 'follow.set', { user_id: me, following: false });
    await pushAs(friendRemote, 'review.update', { igdb_id: IGDB.hades, rating: 8.5 });
    expect(server.pruneChangeLog()).toBeGreaterThan(0);
    const stale = (await db.syncState.get('main'))?.cursor ?? null;
    expect(stale).not.toBeNull();

    await engine.syncNow(); // the answer to the push is lost
    expect(engine.status.getSnapshot().lastError).toBe('answer lost');
    midPullWrite = () =>
      mutate(db, 'wishlist.set', { igdb_id: IGDB.hades, in: true }, { me, now: at() }).then((id) => queued.push(id));
    pulls.length = 0;
    await engine.syncNow();
    expect(engine.status.getSnapshot()).toMatchObject({ lastError: null, pending: 1 });
    // Refused once for its age, then a snapshot of the whole scope.
    expect(pulls).toEqual([stale, null]);
    // The mid-pull write is still pending and still shown; the friend's unfollow and new rating are in.
    expect((await db.outbox.toArray()).map((row) => row.id)).toEqual([queued[3]]);
    expect((await db.wishlist.toArray()).map((w) => w.igdb_id).sort((a, b) => a - b)).toEqual(
      [IGDB.celeste, IGDB.hades].sort((a, b) => a - b),
    );
    expect(await db.follows.count()).toBe(0);
    expect((await db.reviews.toArray()).map((r) => [r.user_id, r.rating]).sort()).toEqual(
      [
        [friend, 8.5],
        [me, 9],
      ].sort(),
    );

    await engine.syncNow();
    expect(engine.status.getSnapshot()).toMatchObject({ lastError: null, pending: 0 });
    expect(queued.every((id) => server.hasApplied(id))).toBe(true);
    const truth = await server
      .remoteFor(me)
      .pull(null, { game_ids: [], user_ids: [], rating_ids: [], author_ids: [] }, 5000);
    const mine = (table: string) => truth.changes.filter((c) => c.table === table && c.op === 'upsert');
    expect(mine('rating')).toHaveLength(1);
    expect(mine('user_wishlist')).toHaveLength(2);
    expect(mine('game_progress')).toHaveLength(1);
    expect(await db.wishlist.count()).toBe(2);
    expect(await db.reviews.count()).toBe(2);
  });

  it("[S13] stops, without retrying, when the session is another member's than the device's data", async () => {
    const server = new FakeSyncServer(GAMES);
    const first = server.addMember('first');
    const second = server.addMember('second');
    const db = freshDb();
    await createSyncEngine({ db, remote: server.remoteFor(first), refreshSession: noRefresh }).syncNow();
    const engine = createSyncEngine({ db, remote: server.remoteFor(second), refreshSession: noRefresh });
    await engine.syncNow();
    expect(engine.status.getSnapshot()).toMatchObject({
      lastError: 'Signed in as another member than the one whose data is on this device',
      backoffUntil: null,
    });
    expect((await db.syncState.get('main'))?.user_id).toBe(first);
  });

  it('tells a server that does not answer from no network, and an expired session from both; says since when changes wait', async () => {
    const server = new FakeSyncServer(GAMES);
    const me = server.addMember('status');
    const db = freshDb();
    const inner = server.remoteFor(me);
    let fault: 'down' | 'revoked' | null = null;
    const remote: Remote = {
      push: (clientId, mutations) => {
        if (fault === 'down') return Promise.reject(new NetworkError('sync_push failed (no answer)'));
        if (fault === 'revoked') return Promise.reject(new AuthError('JWT expired'));
        return inner.push(clientId, mutations);
      },
      pull: (cursor, scope, limit) =>
        fault === null ? inner.pull(cursor, scope, limit) : Promise.reject(new NetworkError('no answer')),
    };
    let refreshes = 0;
    const refreshSession = async () => {
      refreshes += 1;
      if (fault === 'revoked') throw new Error('Invalid Refresh Token: Refresh Token Not Found');
    };
    const engine = createSyncEngine({ db, remote, refreshSession, random: () => 0 });
    await addToScope(db, 'game_ids', server.gameIds());
    await engine.syncNow();
    expect(engine.status.getSnapshot()).toMatchObject({
      online: true,
      reachable: true,
      sessionExpired: false,
      pending: 0,
      pendingSince: null,
    });

    const madeAt = '2026-11-20T08:30:00.000Z';
    await mutate(db, 'wishlist.set', { igdb_id: IGDB.hades, in: true }, { me, now: madeAt });
    await mutate(db, 'wishlist.set', { igdb_id: IGDB.zelda, in: true }, { me, now: at() });
    fault = 'down';
    await engine.syncNow();
    expect(engine.status.getSnapshot()).toMatchObject({
      online: true,
      reachable: false,
      sessionExpired: false,
      pending: 2,
      pendingSince: Date.parse(madeAt),
      lastError: 'sync_push failed (no answer)',
    });

    fault = 'revoked';
    await engine.syncNow();
    expect(refreshes).toBe(1);
    expect(engine.status.getSnapshot()).toMatchObject({
      reachable: true,
      sessionExpired: true,
      pending: 2,
      lastError: 'Your session has expired. Please sign in again.',
      backoffUntil: null,
    });

    // Signed in again: the waiting writes go once and every flag clears.
    fault = null;
    await engine.syncNow();
    expect(engine.status.getSnapshot()).toMatchObject({
      reachable: true,
      sessionExpired: false,
      pending: 0,
      pendingSince: null,
      lastError: null,
    });
    expect((await db.wishlist.toArray()).map((w) => w.igdb_id).sort()).toEqual([IGDB.hades, IGDB.zelda].sort());
  });

  it('stays offline when the browser goes offline while a sync is on its way, and its answer comes after', async () => {
    const window = new EventTarget();
    vi.stubGlobal('addEventListener', window.addEventListener.bind(window));
    vi.stubGlobal('removeEventListener', window.removeEventListener.bind(window));
    cleanups.push(() => vi.unstubAllGlobals());
    const server = new FakeSyncServer(GAMES);
    const db = freshDb();
    const inner = server.remoteFor(server.addMember('offline_mid_sync'));
    let held: (() => void) | null = null;
    let hold = true;
    const remote: Remote = {
      push: (clientId, mutations) => inner.push(clientId, mutations),
      // The answer is on its way when the network goes: it arrives after the `offline` event.
      pull: async (cursor, scope, limit) => {
        const page = await inner.pull(cursor, scope, limit);
        if (hold) {
          hold = false;
          await new Promise<void>((resolve) => (held = resolve));
        }
        return page;
      },
    };
    const engine = createSyncEngine({ db, remote, refreshSession: noRefresh });
    cleanups.push(engine.start());
    await vi.waitFor(() => expect(held).not.toBeNull());
    window.dispatchEvent(new Event('offline'));
    expect(engine.status.getSnapshot().online).toBe(false);
    held!();
    // The run ends with the server's answer (no new run: it would be asked after the event).
    await vi.waitFor(() => expect(engine.status.getSnapshot().syncing).toBe(false));
    expect(engine.status.getSnapshot()).toMatchObject({ online: false, reachable: true, lastError: null });
    // The next answer, asked once the network is back, says online again.
    held = null;
    hold = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(held).not.toBeNull());
    held!();
    await vi.waitFor(() => expect(engine.status.getSnapshot().syncing).toBe(false));
    expect(engine.status.getSnapshot()).toMatchObject({ online: true, reachable: true, lastError: null });
  });

  it("[S13] never pushes the first member's waiting write under another member's session", async () => {
    const server = new FakeSyncServer(GAMES);
    const first = server.addMember('first');
    const second = server.addMember('second');
    const db = freshDb();
    await addToScope(db, 'game_ids', server.gameIds());
    await createSyncEngine({ db, remote: server.remoteFor(first), refreshSession: noRefresh }).syncNow();
    const id = await mutate(db, 'wishlist.set', { igdb_id: IGDB.hades, in: true }, { me: first, now: at() });
    const engine = createSyncEngine({ db, remote: server.remoteFor(second), refreshSession: noRefresh });
    await engine.syncNow();
    expect(server.hasApplied(id)).toBe(false);
    expect(engine.status.getSnapshot()).toMatchObject({
      pending: 1,
      lastError: 'Signed in as another member than the one whose data is on this device',
    });
    // The first member, back, syncs it once.
    const back = createSyncEngine({ db, remote: server.remoteFor(first), refreshSession: noRefresh });
    await back.syncNow();
    expect(server.hasApplied(id)).toBe(true);
    expect(back.status.getSnapshot()).toMatchObject({ pending: 0, lastError: null });
  });
});

// ---------------------------------------------------------------------------------------------
// Seeded fuzz

/** mulberry32: a small seeded PRNG, so a failing seed replays exactly. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Fails a share of calls: before they reach the server, or after (the answer is lost). */
class FlakyRemote implements Remote {
  failureRate = 0.3;
  constructor(
    private readonly inner: Remote,
    private readonly random: () => number,
  ) {}

  async push(clientId: string, mutations: readonly PushMutation[]): Promise<PushReply> {
    const roll = this.random();
    if (roll < this.failureRate / 2) throw new NetworkError('connection refused');
    const reply = await this.inner.push(clientId, mutations);
    if (roll < this.failureRate) throw new NetworkError('answer lost');
    return reply;
  }

  async pull(cursor: string | null, scope: SyncScope, limit: number): Promise<PullPage> {
    if (this.random() < this.failureRate / 2) throw new NetworkError('connection reset');
    return this.inner.pull(cursor, scope, limit);
  }
}

interface Device {
  readonly db: CheckpointDb;
  readonly me: number;
  readonly other: number;
  readonly remote: FlakyRemote;
  readonly engine: SyncEngine;
}

async function expectMirrorsEqualServer(server: FakeSyncServer, d: Device): Promise<void> {
  const state = await d.db.syncState.get('main');
  if (!state) throw new Error('never synced');
  const snapshot = await server.remoteFor(d.me).pull(null, state.scope, 5000);
  for (const [table, mirror] of Object.entries(MIRRORS)) {
    const rows = snapshot.changes.flatMap((c) => (c.table === table && c.op === 'upsert' ? [c.row] : []));
    let local = await d.db.table<{ id: number; user_id?: unknown }, number>(mirror).toArray();
    if (table === 'comment' || table === 'content_like') {
      // Known gap in sync_pull (supabase/schema/functions/public.sync_pull.sql), which the fake reproduces: deltas send the comments
      // and likes a member in scope writes anywhere, a snapshot only those on reviews in scope. Such
      // a row may be extra here, but it must be the server's current row. Remove with the gap.
      const inSnapshot = new Set(rows.map((r) => r.id));
      const extra = local.filter((r) => !inSnapshot.has(r.id));
      for (const row of extra) {
        expect(state.scope.user_ids).toContain(row.user_id);
        expect(row).toEqual(server.row(table, row.id));
      }
      local = local.filter((r) => inSnapshot.has(r.id));
    }
    expect(
      local.sort((a, b) => a.id - b.id),
      mirror,
    ).toEqual(rows.sort((a, b) => a.id - b.id));
  }
  expect(await d.db.outbox.count()).toBe(0);
  expect(await d.db.shadows.count()).toBe(0);
}

async function fuzz(seed: number, steps: number): Promise<void> {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)];
  const server = new FakeSyncServer(GAMES);
  const alice = server.addMember(`alice_${seed}`);
  const bob = server.addMember(`bob_${seed}`);
  const devices: Device[] = [];
  for (const [me, other] of [
    [alice, bob],
    [alice, bob],
    [bob, alice],
  ] as const) {
    const db = freshDb();
    const remote = new FlakyRemote(server.remoteFor(me), random);
    await addToScope(db, 'game_ids', server.gameIds());
    await addToScope(db, 'user_ids', [other]);
    devices.push({
      db,
      me,
      other,
      remote,
      engine: createSyncEngine({ db, remote, refreshSession: noRefresh, random }),
    });
  }
  const queued: string[] = [];
  const games = Object.values(IGDB);
  const rating = () => 1 + Math.floor(random() * 19) / 2;

  for (let step = 0; step < steps; step++) {
    // Now and then the server prunes its change log: a device's next pull is refused for its age.
    if (random() < 0.03) server.pruneChangeLog();
    const d = pick(devices);
    if (!d) continue;
    if (random() < 0.25) {
      await d.engine.syncNow();
      continue;
    }
    const reviews = (await d.db.reviews.toArray()).filter((r) => r.id > 0);
    const ownComments = (await d.db.comments.toArray()).filter((c) => c.user_id === d.me && c.client_key !== null);
    const game = pick(games) ?? IGDB.hades;
    const writes: Array<() => Promise<string>> = [
      () =>
        write(d, 'review.create', {
          igdb_id: game,
          rating: rating(),
          review: random() < 0.5 ? `seed ${seed} step ${step}` : null,
        }),
      () => write(d, 'review.update', { igdb_id: game, rating: rating() }),
      () => write(d, 'review_like.set', { rating_id: pick(reviews)?.id ?? 1, liked: random() < 0.7 }),
      () =>
        write(d, 'comment.add', {
          key: crypto.randomUUID(),
          rating_id: pick(reviews)?.id ?? 1,
          content: `step ${step}`,
        }),
      () => write(d, 'comment.delete', { key: pick(ownComments)?.client_key ?? crypto.randomUUID() }),
      () => write(d, 'follow.set', { user_id: d.other, following: random() < 0.6 }),
      () => write(d, 'wishlist.set', { igdb_id: game, in: random() < 0.7 }),
      () => write(d, 'progress.set', { igdb_id: game, started: true, completed: random() < 0.3 }),
    ];
    const chosen = pick(writes);
    if (!chosen) continue;
    try {
      queued.push(await chosen());
    } catch (error) {
      // The local apply refused it with the spec's message, as the UI would show: not queued.
      if (!(error instanceof MutationError)) throw error;
    }
  }

  for (const d of devices) d.remote.failureRate = 0;
  for (let round = 0; round < 2; round++) for (const d of devices) await d.engine.syncNow();
  for (const d of devices) {
    expect(d.engine.status.getSnapshot()).toMatchObject({ lastError: null, pending: 0 });
    await expectMirrorsEqualServer(server, d);
  }
  expect(queued.filter((id) => !server.hasApplied(id))).toEqual([]);
}

function write<N extends MutationName>(d: Device, name: N, args: MutationArgs<N>): Promise<string> {
  return mutate(d.db, name, args, { me: d.me, now: at() });
}

describe('seeded fuzz: random writes, syncs, network failures and change-log prunes on three devices', () => {
  for (const seed of [1, 2, 3]) {
    it(
      `[S3] [S9] seed ${seed}: every write reaches the server, and every device ends equal to it`,
      () => fuzz(seed, 120),
      30_000,
    );
  }
});
