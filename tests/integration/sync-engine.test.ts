// The sync engine end to end: devices are CheckpointDbs on fake-indexeddb (the real IndexedDB API),
// writes go through mutate() as the app's do, and the remote is src/data/remote.ts over
// supabase-js against the local gateway (real Postgres), wrapped only to cut the network on
// purpose. src/sync/SPEC.md: offline writes reach the server exactly once, rejections are removed,
// told and rolled back without blocking, mirrors converge on the server's rows, one pusher at a
// time, and a 401 is met with one refresh.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MutationArgs, MutationName } from '../../src/core/mutations.ts';
import { CheckpointDb, MIRRORS } from '../../src/store/db.ts';
import { onRejected, type Rejection } from '../../src/store/events.ts';
import { mutate } from '../../src/sync/mutate.ts';
import { createRpcRemote, createSupabaseRemote, refreshSessionOf } from '../../src/data/remote.ts';
import {
  createSyncEngine,
  SESSION_EXPIRED,
  type SyncEngine,
  type SyncEngineOptions,
  type Timers,
} from '../../src/sync/engine.ts';
import { pullChanges } from '../../src/sync/pull.ts';
import {
  NetworkError,
  type PullPage,
  type PushMutation,
  type PushReply,
  type Remote,
  type SyncScope,
} from '../../src/sync/remote.ts';
import { addToScope } from '../../src/sync/state.ts';
import { readThrough } from '../../src/sync/read-through.ts';
import { loadGamePage } from '../../src/data/repos/game-page.ts';
import { loadRecentReviews } from '../../src/data/repos/home.ts';
import { GAMES, IGDB } from '../support/fixtures.ts';
import { linkToken, startTestGateway, type TestGateway } from '../support/gateway.ts';
import { startGateway } from '../../supabase/local/gateway.ts';

interface Member {
  readonly id: number;
  readonly email: string;
  readonly client: SupabaseClient;
}

const PASSWORD = 'Str0ng!Passw0rd';
let gw: TestGateway;
let alice: Member;
let bob: Member;
let gameIds: number[] = [];
let serial = 0;

async function signUp(name: string): Promise<Member> {
  const username = `${name}_${++serial}`;
  const email = `${username}@example.test`;
  const client = gw.client();
  expect((await client.auth.signUp({ email, password: PASSWORD, options: { data: { username } } })).error).toBeNull();
  const { tokenHash } = linkToken(await gw.lastMail(email, 'signup'));
  const verified = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
  expect(verified.error).toBeNull();
  const { data, error } = await client.rpc('get_or_create_user', {
    auth_id: verified.data.user?.id,
    user_email: email,
    user_name: username,
  });
  expect(error).toBeNull();
  return { id: Number(data), email, client };
}

/** The real remote, with switches to cut the network, and a count of calls in flight at once. */
class TestRemote implements Remote {
  offline = false;
  pushOffline = false;
  // failPushes, loseAnswers and pushes count pushes that carry writes: the empty push that asks whose
  // session it is (push.ts, before any write goes out) passes, so the faults land on a batch.
  /** Pushes of writes that fail before reaching the server. */
  failPushes = 0;
  /** Pushes of writes the server applies but whose answer never arrives. */
  loseAnswers = 0;
  delayMs = 0;
  pushes = 0;
  inFlight = 0;
  maxInFlight = 0;

  constructor(readonly inner: Remote) {}

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      if (this.offline) throw new NetworkError('fetch failed (offline)');
      return await fn();
    } finally {
      this.inFlight -= 1;
    }
  }

  push(clientId: string, mutations: readonly PushMutation[]): Promise<PushReply> {
    return this.call(async () => {
      if (this.pushOffline) throw new NetworkError('fetch failed (offline)');
      const writes = mutations.length > 0;
      if (writes) this.pushes += 1;
      if (writes && this.failPushes > 0) {
        this.failPushes -= 1;
        throw new NetworkError('connection reset');
      }
      const reply = await this.inner.push(clientId, mutations);
      if (writes && this.loseAnswers > 0) {
        this.loseAnswers -= 1;
        throw new NetworkError('the answer was lost');
      }
      return reply;
    });
  }

  /** Runs as each pull sets out (a test's write while a pull is on its way). */
  beforePull: ((cursor: string | null) => Promise<void>) | null = null;

  pull(cursor: string | null, scope: SyncScope, limit: number): Promise<PullPage> {
    return this.call(async () => {
      await this.beforePull?.(cursor);
      return this.inner.pull(cursor, scope, limit);
    });
  }
}

/** Timers the test fires by hand; firing awaits the sync run the timer starts. */
function manualTimers() {
  const queue: Array<{ ms: number; run: () => unknown; cancelled: boolean }> = [];
  const timers: Timers = {
    setTimeout(run, ms) {
      const timer = { ms, run, cancelled: false };
      queue.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  };
  const pending = () => queue.filter((t) => !t.cancelled);
  return {
    timers,
    delays: () => pending().map((t) => t.ms),
    async fireNext(): Promise<void> {
      const [next] = pending();
      if (!next) throw new Error('no timer pending');
      next.cancelled = true;
      await next.run();
    },
  };
}

interface Device {
  readonly db: CheckpointDb;
  readonly remote: TestRemote;
  readonly engine: SyncEngine;
  readonly member: Member;
}

const opened: CheckpointDb[] = [];
const stops: Array<() => void> = [];

function device(member: Member, options: Partial<SyncEngineOptions> = {}, name = `device-${randomUUID()}`): Device {
  const db = new CheckpointDb(name);
  opened.push(db);
  const remote = new TestRemote(createSupabaseRemote(member.client));
  const engine = createSyncEngine({ db, remote, refreshSession: refreshSessionOf(member.client), ...options });
  return { db, remote, engine, member };
}

/** A device that has synced once with the catalogue in scope (as after browsing the games). */
async function syncedDevice(
  member: Member,
  scope: Partial<SyncScope> = {},
  options: Partial<SyncEngineOptions> = {},
): Promise<Device> {
  const d = device(member, options);
  await addToScope(d.db, 'game_ids', gameIds);
  await addToScope(d.db, 'user_ids', scope.user_ids ?? []);
  await addToScope(d.db, 'rating_ids', scope.rating_ids ?? []);
  await d.engine.syncNow();
  expect(d.engine.status.getSnapshot()).toMatchObject({ lastError: null, pending: 0 });
  return d;
}

function write<N extends MutationName>(d: Device, name: N, args: MutationArgs<N>): Promise<string> {
  return mutate(d.db, name, args, { me: d.member.id, now: new Date().toISOString() });
}

async function serverCount(sql: string, params: unknown[]): Promise<number> {
  return Number((await gw.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]?.n);
}

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

/** SPEC.md [S9]: the mirrors hold exactly the server's rows for the device's scope. */
async function expectMirrorsEqualServer(d: Device): Promise<void> {
  const state = await d.db.syncState.get('main');
  if (!state) throw new Error('the device never synced');
  const snapshot = await d.remote.inner.pull(null, state.scope, 5000);
  for (const [table, mirror] of Object.entries(MIRRORS)) {
    const server = snapshot.changes.flatMap((c) => (c.table === table && c.op === 'upsert' ? [c.row] : [])).sort(byId);
    const local = (await d.db.table<{ id: number }, number>(mirror).toArray()).sort(byId);
    // The games table is also the offline catalogue: it may hold more than the scope.
    if (mirror === 'games') expect(local, mirror).toEqual(expect.arrayContaining(server));
    else expect(local, mirror).toEqual(server);
  }
  expect(await d.db.outbox.count()).toBe(0);
  expect(await d.db.shadows.count()).toBe(0);
}

const rejections: Rejection[] = [];
let stopListening = () => {};

beforeAll(async () => {
  gw = await startTestGateway();
  await gw.db.query('select public.import_catalogue($1::jsonb)', [JSON.stringify(GAMES)]);
  gameIds = (await gw.db.query<{ id: number }>('select id from public.game order by id')).map((g) => Number(g.id));
  alice = await signUp('alice');
  bob = await signUp('bob');
  stopListening = onRejected((r) => rejections.push(r));
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  rejections.length = 0;
});

afterAll(async () => {
  stopListening();
  for (const db of opened) db.close();
  await gw?.close();
});

describe('the sync engine against the real server', () => {
  it('[S2] [S3] shows offline writes at once, keeps them across a reload, and delivers them exactly once', async () => {
    const name = `device-${randomUUID()}`;
    const first = device(alice, {}, name);
    await addToScope(first.db, 'game_ids', gameIds);
    await first.engine.syncNow();
    expect(await first.db.games.count()).toBe(GAMES.length);

    first.remote.offline = true;
    await write(first, 'review.create', { igdb_id: IGDB.witcher3, rating: 9, review: 'Played it on a train' });
    await write(first, 'wishlist.set', { igdb_id: IGDB.stardew, in: true });
    await write(first, 'follow.set', { user_id: bob.id, following: true });
    await first.engine.syncNow();
    expect(first.engine.status.getSnapshot()).toMatchObject({
      online: true,
      reachable: false,
      pending: 3,
      syncing: false,
    });
    expect(first.engine.status.getSnapshot().backoffUntil).not.toBeNull();
    const offline = await first.db.reviews.where('[user_id+igdb_id]').equals([alice.id, IGDB.witcher3]).first();
    expect(offline).toMatchObject({ rating: 9, review: 'Played it on a train' });
    expect(offline?.id).toBeLessThan(0);

    // A reload: the tab is gone, the same database is opened again by a new engine.
    first.db.close();
    const reloaded = device(alice, {}, name);
    // Not attempted: with no network the first call, which asks whose session it is, never got through.
    expect((await reloaded.db.outbox.toArray()).map((r) => [r.name, r.attempts])).toEqual([
      ['review.create', 0],
      ['wishlist.set', 0],
      ['follow.set', 0],
    ]);
    await reloaded.engine.syncNow();
    expect(reloaded.engine.status.getSnapshot()).toMatchObject({
      online: true,
      reachable: true,
      pending: 0,
      lastError: null,
      backoffUntil: null,
    });
    expect(await serverCount('public.rating where user_id = $1 and igdb_id = $2', [alice.id, IGDB.witcher3])).toBe(1);
    expect(
      await serverCount('public.user_wishlist where user_id = $1 and igdb_id = $2', [alice.id, IGDB.stardew]),
    ).toBe(1);
    expect(
      await serverCount('public.user_follow where follower_id = $1 and following_id = $2', [alice.id, bob.id]),
    ).toBe(1);
    const synced = await reloaded.db.reviews.where('[user_id+igdb_id]').equals([alice.id, IGDB.witcher3]).toArray();
    expect(synced).toEqual([expect.objectContaining({ rating: 9, review: 'Played it on a train' })]);
    expect(synced[0]?.id).toBeGreaterThan(0);
    await expectMirrorsEqualServer(reloaded);
  });

  it('[S4] backs off exponentially with jitter on network errors and retries without duplicating', async () => {
    const clock = { now: 1_000_000 };
    const time = manualTimers();
    const d = await syncedDevice(alice, {}, { now: () => clock.now, random: () => 0.5, timers: time.timers });
    d.remote.failPushes = 2;
    d.remote.loseAnswers = 1;
    await write(d, 'review.create', { igdb_id: IGDB.celeste, rating: 8, review: 'Strawberries' });
    await write(d, 'progress.set', { igdb_id: IGDB.hades, started: true });

    stops.push(d.engine.start());
    await d.engine.syncNow(); // joins the run start() began
    // Full jitter with random() = 0.5: half of 1 s, 2 s, 4 s.
    for (const [failures, delay] of [
      [1, 500],
      [2, 1000],
      [3, 2000],
    ] as const) {
      expect(d.engine.status.getSnapshot()).toMatchObject({
        online: true,
        reachable: false,
        pending: 2,
        backoffUntil: clock.now + delay,
      });
      expect(time.delays()).toEqual([delay]);
      expect((await d.db.outbox.toArray()).map((r) => r.attempts)).toEqual([failures, failures]);
      await time.fireNext();
    }
    expect(d.engine.status.getSnapshot()).toMatchObject({
      online: true,
      reachable: true,
      pending: 0,
      lastError: null,
      backoffUntil: null,
    });
    expect(d.remote.pushes).toBe(4);
    // The third push reached the server but its answer was lost; the fourth got the stored results.
    expect(await serverCount('public.rating where user_id = $1 and igdb_id = $2', [alice.id, IGDB.celeste])).toBe(1);
    expect(await serverCount('public.sync_applied where user_id = $1 and name = $2', [alice.id, 'progress.set'])).toBe(
      1,
    );
    expect(time.delays()).toEqual([60_000]); // the periodic pull

    // A local write schedules a push after a short quiet time; writes in a burst share it.
    await write(d, 'wishlist.set', { igdb_id: IGDB.rdr2, in: true });
    await write(d, 'wishlist.set', { igdb_id: IGDB.rdr2, in: true, notes: 'After the holidays' });
    expect(time.delays()).toEqual([60_000, 500]);
    await expect.poll(() => d.engine.status.getSnapshot().pending).toBe(2);
    await time.fireNext(); // the periodic pull comes first in the queue
    expect(await d.db.outbox.count()).toBe(0);
    await time.fireNext();
    expect(
      await serverCount('public.user_wishlist where user_id = $1 and notes = $2', [alice.id, 'After the holidays']),
    ).toBe(1);
    await expectMirrorsEqualServer(d);
  });

  it('[S5] removes a rejected write, tells the member, rolls it back, and never blocks the queue', async () => {
    const author = await syncedDevice(alice);
    await write(author, 'review.create', { igdb_id: IGDB.portal2, rating: 7, review: 'Short and sweet' });
    await write(author, 'review.create', { igdb_id: IGDB.zelda, rating: 10, review: 'Climb everything' });
    await author.engine.syncNow();
    const [portal, zelda] = await Promise.all(
      [IGDB.portal2, IGDB.zelda].map(async (igdb) =>
        Number((await author.db.reviews.where('[user_id+igdb_id]').equals([alice.id, igdb]).first())?.id),
      ),
    );
    if (!portal || !zelda) throw new Error('the reviews did not sync');

    const reader = await syncedDevice(bob, { rating_ids: [portal, zelda] });
    reader.remote.pushOffline = true;
    const doomed = randomUUID();
    const fine = randomUUID();
    await write(reader, 'comment.add', { key: doomed, rating_id: portal, content: 'Bob was here' });
    await write(reader, 'comment.add', { key: fine, rating_id: zelda, content: 'Same here' });
    expect(await reader.db.comments.where('client_key').equals(doomed).count()).toBe(1);

    // Meanwhile the author deletes the first review.
    await write(author, 'review.delete', { rating_id: portal });
    await author.engine.syncNow();

    // A pull alone: the review is gone; the comment on it no longer applies locally, but it stays
    // queued — the server decides.
    await pullChanges(reader.db, reader.remote);
    expect(await reader.db.reviews.get(portal)).toBeUndefined();
    expect(await reader.db.comments.where('client_key').equals(doomed).count()).toBe(0);
    expect((await reader.db.outbox.toArray()).map((r) => r.name)).toEqual(['comment.add', 'comment.add']);

    reader.remote.pushOffline = false;
    await reader.engine.syncNow();
    expect(rejections).toEqual([{ name: 'comment.add', code: 'review_not_found', message: 'Review not found' }]);
    expect(await reader.db.outbox.count()).toBe(0);
    expect(await reader.db.comments.where('client_key').equals(doomed).count()).toBe(0);
    expect(await reader.db.comments.where('client_key').equals(fine).first()).toMatchObject({ content: 'Same here' });
    expect(await serverCount('public.comment where client_key = $1', [fine])).toBe(1);
    await expectMirrorsEqualServer(reader);
  });

  it("[S9] converges: after both sync, each device's mirrors equal the server's rows for its scope", async () => {
    const a = await syncedDevice(alice, { user_ids: [bob.id] });
    await write(a, 'review.create', { igdb_id: IGDB.eldenRing, rating: 9.5, review: 'Praise the sun' });
    await a.engine.syncNow();
    const review = Number(
      (await a.db.reviews.where('[user_id+igdb_id]').equals([alice.id, IGDB.eldenRing]).first())?.id,
    );

    const b = await syncedDevice(bob, { user_ids: [alice.id], rating_ids: [review] });
    const key = randomUUID();
    await write(b, 'review_like.set', { rating_id: review, liked: true });
    await write(b, 'comment.add', { key, rating_id: review, content: 'Agreed' });
    await write(b, 'follow.set', { user_id: alice.id, following: true });
    await write(b, 'progress.set', { igdb_id: IGDB.hollowKnight, completed: true });
    await b.engine.syncNow();

    await a.engine.syncNow();
    expect(await a.db.comments.where('client_key').equals(key).first()).toMatchObject({ content: 'Agreed' });
    await write(a, 'comment.add', { key: randomUUID(), rating_id: review, parent_key: key, content: 'Thanks!' });
    await write(a, 'wishlist.set', { igdb_id: IGDB.gta5, in: true });
    await write(a, 'review.update', { igdb_id: IGDB.eldenRing, rating: 10 });
    await a.engine.syncNow();
    await b.engine.syncNow();
    await a.engine.syncNow();

    expect(await b.db.reviews.get(review)).toMatchObject({ rating: 10, like_count: 1, comment_count: 2 });
    await expectMirrorsEqualServer(a);
    await expectMirrorsEqualServer(b);
  });

  it('[S7] starts over with a snapshot when the server does not know the cursor', async () => {
    const d = await syncedDevice(bob);
    // A row the server never had, and a cursor it never made (another server, a restored backup).
    await d.db.follows.put({
      id: 999_999,
      follower_id: bob.id,
      following_id: alice.id,
      created_at: new Date().toISOString(),
    });
    await d.db.syncState.update('main', { cursor: 'v1:0x0' });
    await d.engine.syncNow();
    expect(d.engine.status.getSnapshot().lastError).toBeNull();
    expect((await d.db.syncState.get('main'))?.cursor).toMatch(/^v1:\d+$/);
    expect(await d.db.follows.get(999_999)).toBeUndefined();
    await expectMirrorsEqualServer(d);
  });

  it('[S6] never lets two engines on the same database push or pull at the same time', async () => {
    const a = await syncedDevice(alice);
    const second = createSyncEngine({ db: a.db, remote: a.remote, refreshSession: refreshSessionOf(alice.client) });
    a.remote.delayMs = 25;
    a.remote.maxInFlight = 0;
    await write(a, 'wishlist.set', { igdb_id: IGDB.hollowKnight, in: true, notes: 'one' });
    await write(a, 'progress.set', { igdb_id: IGDB.gta5, started: true });
    await write(a, 'wishlist.set', { igdb_id: IGDB.hollowKnight, in: true, notes: 'two' });
    await Promise.all([a.engine.syncNow(), second.syncNow(), a.engine.syncNow(), second.syncNow()]);
    expect(a.remote.maxInFlight).toBe(1);
    expect(await a.db.outbox.count()).toBe(0);
    expect(
      await serverCount('public.user_wishlist where user_id = $1 and igdb_id = $2', [alice.id, IGDB.hollowKnight]),
    ).toBe(1);
    expect(await serverCount('public.user_wishlist where user_id = $1 and notes = $2', [alice.id, 'two'])).toBe(1);
    expect(
      await serverCount('public.game_progress where user_id = $1 and igdb_id = $2 and started', [alice.id, IGDB.gta5]),
    ).toBe(1);
    await expectMirrorsEqualServer(a);
  });

  // Pages carry the member rows of the authors of what they send; the client then keeps those rows
  // fresh through the scope's author_ids (here bob's follower count, which alice's unfollow changed).
  it('keeps the member row of an author outside the scope fresh', async () => {
    const a = await syncedDevice(alice);
    await write(a, 'follow.set', { user_id: bob.id, following: true });
    await a.engine.syncNow();
    await write(a, 'follow.set', { user_id: bob.id, following: false });
    await a.engine.syncNow();
    const server = (
      await gw.db.query<{ follower_count: number }>('select follower_count from public."user" where id = $1', [bob.id])
    )[0];
    expect((await a.db.users.get(bob.id))?.follower_count).toBe(server?.follower_count);
  });

  it('[S14] meets a 401 with one session refresh and retries; a second 401 stops until the member signs in', async () => {
    const carol = await signUp('carol');
    // A client whose session is gone (as after the refresh token was lost): the server answers 401.
    const lostSession = gw.client();
    let refreshes = 0;
    const db = new CheckpointDb(`device-${randomUUID()}`);
    opened.push(db);
    const engine = createSyncEngine({
      db,
      remote: createSupabaseRemote(lostSession),
      refreshSession: async () => {
        refreshes += 1;
        const { error } = await lostSession.auth.signInWithPassword({ email: carol.email, password: PASSWORD });
        if (error) throw error;
      },
    });
    await mutate(
      db,
      'follow.set',
      { user_id: alice.id, following: true },
      { me: carol.id, now: new Date().toISOString() },
    );
    await engine.syncNow();
    expect(refreshes).toBe(1);
    expect(engine.status.getSnapshot()).toMatchObject({ lastError: null, pending: 0 });
    expect(
      await serverCount('public.user_follow where follower_id = $1 and following_id = $2', [carol.id, alice.id]),
    ).toBe(1);

    const time = manualTimers();
    const stuck = createSyncEngine({
      db,
      remote: createSupabaseRemote(gw.client()),
      timers: time.timers,
      refreshSession: async () => {
        refreshes += 1; // "refreshed", but the server still does not take the session
      },
    });
    await mutate(
      db,
      'follow.set',
      { user_id: bob.id, following: true },
      { me: carol.id, now: new Date().toISOString() },
    );
    stops.push(stuck.start());
    await stuck.syncNow();
    expect(refreshes).toBe(2);
    expect(stuck.status.getSnapshot()).toMatchObject({ lastError: SESSION_EXPIRED, backoffUntil: null, pending: 1 });
    expect(time.delays()).toEqual([]); // no retry until something new happens
    expect(
      await serverCount('public.user_follow where follower_id = $1 and following_id = $2', [carol.id, bob.id]),
    ).toBe(0);
  });

  // The server keeps its change log for a window
  // (docs/decisions/0001-change-log-as-pull-source.md); a device away for longer finds its cursor
  // refused (cursor_too_old) and takes a new snapshot under the sync lock, its pending writes
  // re-applied on top and then pushed once.
  it('[S10] brings back a device that was offline past the change-log window, with its pending writes, exactly once', async () => {
    const erin = await signUp('erin');
    const frank = await signUp('frank');
    const f = await syncedDevice(frank);
    await write(f, 'review.create', { igdb_id: IGDB.portal2, rating: 7, review: 'Slow start' });
    await write(f, 'follow.set', { user_id: erin.id, following: true });
    await f.engine.syncNow();
    const frankReview = Number(
      (await f.db.reviews.where('[user_id+igdb_id]').equals([frank.id, IGDB.portal2]).first())?.id,
    );

    const e = await syncedDevice(erin, { user_ids: [frank.id] });
    expect(await e.db.follows.count()).toBe(1);
    const staleCursor = (await e.db.syncState.get('main'))?.cursor;

    // Away: erin writes on; frank changes what erin's device holds.
    e.remote.offline = true;
    const commentKey = randomUUID();
    const queued = [
      await write(e, 'review.create', { igdb_id: IGDB.celeste, rating: 9, review: 'Written on a plane' }),
      await write(e, 'comment.add', { key: commentKey, rating_id: frankReview, content: 'It gets better' }),
      await write(e, 'wishlist.set', { igdb_id: IGDB.hades, in: true }),
      await write(e, 'follow.set', { user_id: frank.id, following: true }),
    ];
    await e.engine.syncNow();
    expect(e.engine.status.getSnapshot()).toMatchObject({ pending: 4 });
    await write(f, 'follow.set', { user_id: erin.id, following: false });
    await write(f, 'review.update', { igdb_id: IGDB.portal2, rating: 9, review: 'It got better' });
    await f.engine.syncNow();

    // 31 days later the gateway's retention timer (started with it) prunes everything logged so far.
    await gw.db.query(`update public.sync_change set changed_at = changed_at - interval '31 days'`);
    const lines: string[] = [];
    const pruner = await startGateway({
      db: gw.db,
      port: 0,
      seed: false,
      log: (line) => lines.push(line),
      syncRetention: { days: 30 },
    });
    await expect
      .poll(() => lines.find((line) => line.startsWith('pruned ')), { timeout: 10_000 })
      .toMatch(/^pruned \d+ sync changes older than 30 days$/);
    await pruner.close();
    expect(BigInt(String(staleCursor).slice(3))).toBeLessThan(
      BigInt((await gw.db.query<{ w: string }>('select low_water::text as w from public.sync_retention'))[0]?.w ?? '0'),
    );

    // Back online: the push goes through, the stale pull is refused, a snapshot replaces it; a
    // write made while that pull is on its way stays pending and shown.
    const pulls: Array<string | null> = [];
    let duringPull: string | undefined;
    e.remote.beforePull = async (cursor) => {
      pulls.push(cursor);
      if (cursor !== null && !duringPull)
        duringPull = await write(e, 'progress.set', { igdb_id: IGDB.celeste, completed: true });
    };
    e.remote.offline = false;
    await e.engine.syncNow();
    expect(e.engine.status.getSnapshot()).toMatchObject({ lastError: null, pending: 1 });
    expect(pulls).toEqual([staleCursor, null]);
    expect((await e.db.outbox.toArray()).map((row) => row.id)).toEqual([duringPull]);
    expect(await e.db.progress.where('[user_id+igdb_id]').equals([erin.id, IGDB.celeste]).first()).toMatchObject({
      completed: true,
    });
    expect(await e.db.reviews.get(frankReview)).toMatchObject({ rating: 9, review: 'It got better', comment_count: 1 });
    expect((await e.db.follows.toArray()).map((x) => [x.follower_id, x.following_id])).toEqual([[erin.id, frank.id]]);

    await e.engine.syncNow();
    expect(e.engine.status.getSnapshot()).toMatchObject({ lastError: null, pending: 0 });
    // Each write once on the server.
    const applied = await gw.db.query<{ mutation_id: string }>(
      'select mutation_id::text from public.sync_applied where mutation_id = any($1::uuid[])',
      [[...queued, duringPull]],
    );
    expect(applied).toHaveLength(5);
    expect(await serverCount('public.rating where user_id = $1', [erin.id])).toBe(1);
    expect(await serverCount('public.comment where client_key = $1', [commentKey])).toBe(1);
    expect(await serverCount('public.user_wishlist where user_id = $1', [erin.id])).toBe(1);
    expect(await serverCount('public.user_follow where follower_id = $1', [erin.id])).toBe(1);
    expect(await serverCount('public.game_progress where user_id = $1 and completed', [erin.id])).toBe(1);
    await expectMirrorsEqualServer(e);
  });

  // Pages are pipelined (server and device work overlap): the next page is asked for while one is
  // stored. Each page's cursor is still stored with its rows, in order, so a page that fails
  // mid-pull loses nothing.
  it('[S9] a page the gateway fails mid-pull: the pull resumes from the last stored page and ends equal to the server', async () => {
    const gina = await signUp('gina');
    const g = await syncedDevice(gina);
    await write(g, 'review.create', { igdb_id: IGDB.hades, rating: 8, review: 'One more run' });
    await g.engine.syncNow();
    const review = Number((await g.db.reviews.where('[user_id+igdb_id]').equals([gina.id, IGDB.hades]).first())?.id);
    expect(review).toBeGreaterThan(0);

    // Four server transactions, each its own page at this page size: two batches of comments, then
    // an edit of the first comment and a delete of the second (wrong if applied out of order).
    const addComments = (from: number) =>
      gw.db.query(
        `insert into public.comment (user_id, rating_id, content)
         select $1, $2, 'Comment ' || n from generate_series($3::int, $3::int + 29) n`,
        [gina.id, review, from],
      );
    await addComments(1);
    await addComments(31);
    const [first, second] = await gw.db.query<{ id: number }>(
      'select id from public.comment where rating_id = $1 order by id limit 2',
      [review],
    );
    await gw.db.query(`update public.comment set content = 'Comment 1, edited' where id = $1`, [first?.id]);
    await gw.db.query('delete from public.comment where id = $1', [second?.id]);

    // The gateway answers the second sync_pull with a 503, as a server that fell over would.
    const events: string[] = [];
    let calls = 0;
    let failCall = 2;
    const remote = createRpcRemote(async (fn, args, signal) => {
      const call = ++calls;
      events.push(`ask ${call}`);
      if (call === failCall)
        return { data: null, status: 503, error: { message: 'Service Unavailable', details: '', hint: '', code: '' } };
      return await gina.client.rpc(fn, args).abortSignal(signal);
    });
    const cursors: string[] = [];
    g.db.syncState.hook('updating', (mods: Partial<{ cursor: string | null }>) => {
      if (typeof mods.cursor === 'string') {
        cursors.push(mods.cursor);
        events.push(`stored ${cursors.length}`);
      }
      return undefined;
    });
    const before = (await g.db.syncState.get('main'))?.cursor;
    await expect(pullChanges(g.db, remote, { limit: 40 })).rejects.toBeInstanceOf(NetworkError);
    // The second page was asked for before the first was stored; the first is stored, alone.
    expect(events).toEqual(['ask 1', 'ask 2', 'stored 1']);
    expect((await g.db.syncState.get('main'))?.cursor).toBe(cursors[0]);
    const held = (await g.db.comments.where('rating_id').equals(review).toArray()).map((c) => c.content).sort();
    // The first transaction's comments as its changes left them (a page carries each row as of its
    // own changes, [S7]: the edit and the delete are later changes, in later pages).
    const firstBatch = Array.from({ length: 30 }, (_, i) => `Comment ${i + 1}`);
    expect(held).toEqual(firstBatch.sort());

    // Again, healthy: from the stored cursor, every page in order, ending as the server is.
    failCall = 0;
    const resumed = await pullChanges(g.db, remote, { limit: 40 });
    expect(resumed.pages).toBeGreaterThanOrEqual(2);
    const numbers = cursors.map((c) => BigInt(c.slice(3)));
    expect(numbers[0]).toBeGreaterThan(BigInt(String(before).slice(3)));
    for (let i = 1; i < numbers.length; i++) expect(numbers[i]).toBeGreaterThan(numbers[i - 1] ?? 0n);
    const comments = await g.db.comments.where('rating_id').equals(review).toArray();
    expect(comments).toHaveLength(59);
    expect(comments.find((c) => c.id === Number(first?.id))?.content).toBe('Comment 1, edited');
    expect(comments.find((c) => c.id === Number(second?.id))).toBeUndefined();
    expect(await g.db.reviews.get(review)).toMatchObject({ comment_count: 59 });
    await expectMirrorsEqualServer(g);
  });
  // A snapshot of thousands of rows is stored in slices that yield to the page, each
  // written over the rows the device holds; only the last drops what the snapshot lacks and moves
  // the cursor. Here the page closes half-way through; the next visit's pull takes it whole.
  it('[S10] a snapshot stored in slices and cut off half-way (the page closes) restarts and ends equal to the server; a reader between slices never loses a row', async () => {
    const hana = await signUp('hana');
    const name = `device-${randomUUID()}`;
    const h = device(hana, {}, name);
    await addToScope(h.db, 'game_ids', gameIds);
    await h.engine.syncNow();
    await write(h, 'review.create', { igdb_id: IGDB.celeste, rating: 9, review: 'Strawberries' });
    await h.engine.syncNow();
    const review = Number((await h.db.reviews.where('[user_id+igdb_id]').equals([hana.id, IGDB.celeste]).first())?.id);
    expect(review).toBeGreaterThan(0);
    await gw.db.query(
      `insert into public.comment (user_id, rating_id, content)
       select $1, $2, 'Comment ' || n from generate_series(1, 60) n`,
      [hana.id, review],
    );
    await h.engine.syncNow();
    const before = (await h.db.comments.toArray()).map((c) => c.id).sort((a, b) => a - b);
    expect(before).toHaveLength(60);

    // Meanwhile on the server: two comments deleted, one edited, 80 added. The added come last in
    // the snapshot (by id): the reader below closes the page once 20 of them are in, and the 60 after
    // those (six slices, with a yield before each) leave it time to, however the tasks interleave
    // (with 40 added, once in a CI run, the last slices went in before the reader's turn).
    const [gone1, gone2, edited] = before;
    await gw.db.query('delete from public.comment where id = any($1::bigint[])', [[gone1, gone2]]);
    await gw.db.query(`update public.comment set content = 'Edited' where id = $1`, [edited]);
    await gw.db.query(
      `insert into public.comment (user_id, rating_id, content)
       select $1, $2, 'Later ' || n from generate_series(1, 80) n`,
      [hana.id, review],
    );
    // A pending comment, offline, and the cursor dropped (as a sign-in after a visitor's pulls does).
    h.remote.offline = true;
    const mine = randomUUID();
    await write(h, 'comment.add', { key: mine, rating_id: review, content: 'Written offline' });
    await h.db.syncState.update('main', { cursor: null });

    // A reader (a list's live query) between slices; once part of the snapshot is in, the page closes.
    const reads: Array<{ ids: number[]; cursor: string | null }> = [];
    let closed = false;
    const reading = (async () => {
      while (!closed) {
        const read = await h.db
          .transaction('r', h.db.comments, h.db.syncState, async () => ({
            ids: (await h.db.comments.toArray()).map((c) => c.id),
            cursor: (await h.db.syncState.get('main'))?.cursor ?? null,
          }))
          .catch(() => null);
        if (read === null) break;
        reads.push(read);
        const later = read.ids.filter((id) => id > Math.max(...before)).length;
        if (later >= 20) {
          closed = true;
          h.db.close();
        }
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    })();
    const remote = createSupabaseRemote(hana.client);
    await expect(pullChanges(h.db, remote, { snapshotSlice: 10 })).rejects.toThrow();
    await reading;
    expect(closed).toBe(true);
    for (const read of reads) {
      expect(read.cursor).toBeNull();
      expect(read.ids).toEqual(expect.arrayContaining(before));
      expect(read.ids.some((id) => id < 0)).toBe(true);
    }

    // The next visit: the cursor never moved, nothing was taken away, the pending write still shows.
    const next = device(hana, {}, name);
    expect((await next.db.syncState.get('main'))?.cursor).toBeNull();
    const held = (await next.db.comments.toArray()).map((c) => c.id);
    expect(held).toEqual(expect.arrayContaining(before));
    expect(held.filter((id) => id > Math.max(...before)).length).toBeGreaterThanOrEqual(20);
    expect(held.filter((id) => id > Math.max(...before)).length).toBeLessThan(80);
    expect(await next.db.comments.where('client_key').equals(mine).first()).toMatchObject({
      content: 'Written offline',
    });

    // Its pull takes the snapshot whole: the server's rows, the pending write on top, exactly once.
    await pullChanges(next.db, next.remote, { snapshotSlice: 10 });
    const pulled = await next.db.comments.toArray();
    expect(pulled.filter((c) => c.id > 0)).toHaveLength(138);
    expect(pulled.find((c) => c.id === gone1 || c.id === gone2)).toBeUndefined();
    expect(pulled.find((c) => c.id === edited)?.content).toBe('Edited');
    expect(pulled.filter((c) => c.id < 0)).toMatchObject([{ client_key: mine, content: 'Written offline' }]);
    expect(await next.db.reviews.get(review)).toMatchObject({ comment_count: 139 });
    await next.engine.syncNow();
    expect(await serverCount('public.comment where client_key = $1', [mine])).toBe(1);
    await expectMirrorsEqualServer(next);
    expect(await next.db.comments.count()).toBe(139);
  });
});

describe('read-through', () => {
  it("[S1] brings a game's reviews and their authors into IndexedDB, and later pulls keep them fresh", async () => {
    const author = await syncedDevice(alice);
    await write(author, 'review.create', { igdb_id: IGDB.rdr2, rating: 8, review: 'Slow, sad and beautiful' });
    await author.engine.syncNow();
    const reader = device(bob); // a fresh device: nothing public cached yet
    await reader.engine.syncNow();
    const game = (await gw.db.query<{ id: number }>('select id from public.game where igdb_id = $1', [IGDB.rdr2]))[0];
    const gameId = Number(game?.id);
    expect(await loadGamePage(reader.db, String(gameId), bob.id)).toBeNull();

    await readThrough(reader.db, createSupabaseRemote(bob.client), { game_ids: [gameId] });
    const page = await loadGamePage(reader.db, String(gameId), bob.id);
    const username = (
      await gw.db.query<{ username: string }>('select username from public."user" where id = $1', [alice.id])
    )[0]?.username;
    expect(page?.reviews.map((r) => [r.review, r.author?.username])).toEqual([['Slow, sad and beautiful', username]]);

    await write(author, 'review.update', { igdb_id: IGDB.rdr2, rating: 9.5 });
    await author.engine.syncNow();
    await reader.engine.syncNow();
    expect((await loadGamePage(reader.db, String(gameId), bob.id))?.ratings.average).toBe(9.5);
    await expectMirrorsEqualServer(reader);
  });

  it('asks again for a snapshot taken before a pull moved the cursor past it (a first visit sends its read early)', async () => {
    const author = await syncedDevice(await signUp('snapshot_author'));
    await write(author, 'review.create', { igdb_id: IGDB.witcher3, rating: 7, review: 'Before the pull' });
    await author.engine.syncNow();
    const gameId = Number(
      (await gw.db.query<{ id: number }>('select id from public.game where igdb_id = $1', [IGDB.witcher3]))[0]?.id,
    );
    const reader = device(bob);
    const remote = createSupabaseRemote(bob.client);
    // The page's first script asked for the snapshot (first-read.ts)...
    const early = await remote.scopeSnapshot({ game_ids: [gameId] });
    // ...then the review changed and the device pulled (its scope did not hold the game yet).
    await write(author, 'review.update', { igdb_id: IGDB.witcher3, rating: 9, review: 'After the pull' });
    await author.engine.syncNow();
    await reader.engine.syncNow();
    const snapshots: string[] = [];
    const reader2 = {
      scopeSnapshot: async (scope: Parameters<typeof remote.scopeSnapshot>[0]) => {
        snapshots.push(snapshots.length === 0 ? 'early' : 'asked again');
        return snapshots.length === 1 ? early : remote.scopeSnapshot(scope);
      },
    };
    await readThrough(reader.db, reader2, { game_ids: [gameId] });
    expect(snapshots).toEqual(['early', 'asked again']);
    const page = await loadGamePage(reader.db, String(gameId), bob.id);
    const texts = page?.reviews.map((r) => r.review) ?? [];
    expect(texts).toContain('After the pull');
    expect(texts).not.toContain('Before the pull');

    // A snapshot at or after the cursor is stored as it is.
    await readThrough(reader.db, remote, { game_ids: [gameId] });
    await expectMirrorsEqualServer(reader);
  });

  it('[S1] offline, it fails as a network error and the cached screen data stays', async () => {
    const reader = await syncedDevice(bob);
    const before = await loadRecentReviews(reader.db);
    const offline = { scopeSnapshot: () => Promise.reject(new NetworkError('offline')) };
    await expect(readThrough(reader.db, offline, { user_ids: [alice.id] })).rejects.toBeInstanceOf(NetworkError);
    expect(await loadRecentReviews(reader.db)).toEqual(before);
  });
});
