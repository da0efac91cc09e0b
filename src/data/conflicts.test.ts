// Newest edit wins per field (docs/decisions/0002-hlc-per-field.md) on the engine (fake server +
// fake-indexeddb): two devices of one member edit the same review offline; the later edit wins
// whichever syncs last, the device whose edit lost records it once (and Use mine brings it back as
// a newer edit); a server that no longer reads a queued row answers client_too_old and the outbox
// keeps it until the app (or the server) moves on.
import { afterEach, describe, expect, it } from 'vitest';
import { SYNC_PROTOCOL } from '../core/constants.ts';
import { parseHlc } from '../core/hlc.ts';
import { conflictNames, resolveConflict } from './conflicts.ts';
import { yoursParts } from '../core/conflicts.ts';
import type { CheckpointDb } from '../store/db.ts';
import { mutate } from '../sync/mutate.ts';
import { FakeSyncServer } from '../../tests/support/fake-remote.ts';
import { GAMES, IGDB } from '../../tests/support/fixtures.ts';
import { openLocalDb } from '../../tests/support/local-db.ts';
import { createSyncEngine } from '../sync/engine.ts';
import { CLIENT_TOO_OLD_MESSAGE, type PushMutation, type Remote } from '../sync/remote.ts';
import { addToScope } from '../sync/state.ts';

const dbs: CheckpointDb[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
});

const DAY = 86_400_000;

async function device(server: FakeSyncServer, me: number) {
  const db = openLocalDb();
  dbs.push(db);
  const engine = createSyncEngine({
    db,
    remote: server.remoteFor(me),
    refreshSession: async () => {},
    lock: { locks: null },
  });
  await addToScope(db, 'game_ids', server.gameIds());
  await engine.syncNow();
  return { db, engine };
}

describe('conflicting edits on two devices', () => {
  it('[S11] keeps the later edit even when the earlier syncs last, and shows the loser once', async () => {
    const server = new FakeSyncServer(GAMES);
    const me = server.addMember('two_devices');
    const a = await device(server, me);
    const b = await device(server, me);
    await mutate(
      a.db,
      'review.create',
      { igdb_id: IGDB.hades, rating: 5, review: 'Start' },
      { me, now: new Date().toISOString() },
    );
    await a.engine.syncNow();
    await b.engine.syncNow();
    // Both offline: A edits first with a clock a day slow, B an hour later with a clock a day fast.
    const t = Date.now();
    await mutate(
      a.db,
      'review.update',
      { igdb_id: IGDB.hades, review: 'A edited FIRST', rating: 2 },
      { me, now: new Date(t - DAY).toISOString() },
    );
    await mutate(
      b.db,
      'review.update',
      { igdb_id: IGDB.hades, review: 'B edited LATER', rating: 10 },
      { me, now: new Date(t + DAY).toISOString() },
    );
    await b.engine.syncNow();
    await a.engine.syncNow();
    await b.engine.syncNow();
    for (const d of [a, b]) {
      expect(await d.db.reviews.where('[user_id+igdb_id]').equals([me, IGDB.hades]).first()).toMatchObject({
        review: 'B edited LATER',
        rating: 10,
      });
      expect(await d.db.outbox.count()).toBe(0);
    }
    const [conflict] = await a.db.conflicts.toArray();
    expect(conflict).toMatchObject({
      name: 'review.update',
      fields: ['rating', 'review'],
      args: { review: 'A edited FIRST', rating: 2 },
    });
    expect(await a.db.conflicts.count()).toBe(1);
    expect(await b.db.conflicts.count()).toBe(0);
    // A merged B's (fast) clock: its next edit is newer than B's, though its wall clock is behind.
    const clockA = parseHlc((await a.db.syncState.get('main'))?.hlc);
    expect(clockA?.ms).toBeGreaterThanOrEqual(t + DAY);

    // Use mine: a new edit, newer than B's; the conflict is answered and gone.
    await resolveConflict(me, conflict!, 'mine', a.db);
    expect(await a.db.conflicts.count()).toBe(0);
    await a.engine.syncNow();
    await b.engine.syncNow();
    expect(await a.db.conflicts.count()).toBe(0);
    expect(await b.db.reviews.where('[user_id+igdb_id]').equals([me, IGDB.hades]).first()).toMatchObject({
      review: 'A edited FIRST',
      rating: 2,
    });
  });

  it('[S11] Keep theirs sends nothing', async () => {
    const server = new FakeSyncServer(GAMES);
    const me = server.addMember('keep_theirs');
    const a = await device(server, me);
    await a.db.conflicts.add({
      id: crypto.randomUUID(),
      name: 'review.update',
      args: { igdb_id: IGDB.hades, review: 'x' },
      fields: ['review'],
      created_at: new Date().toISOString(),
    });
    const [conflict] = await a.db.conflicts.toArray();
    await resolveConflict(me, conflict!, 'theirs', a.db);
    expect(await a.db.conflicts.count()).toBe(0);
    expect(await a.db.outbox.count()).toBe(0);
  });
});

describe('a server that no longer reads a queued row', () => {
  it('[S12] keeps the outbox, says a new version is needed, and syncs once it can', async () => {
    const server = new FakeSyncServer(GAMES);
    const me = server.addMember('old_outbox');
    const a = await device(server, me);
    await mutate(a.db, 'wishlist.set', { igdb_id: IGDB.celeste, in: true }, { me, now: new Date().toISOString() });
    // A row an old build queued: no clock, no protocol (its shape is protocol 1).
    await a.db.outbox.add({
      id: crypto.randomUUID(),
      name: 'wishlist.set',
      args: { igdb_id: IGDB.stardew, in: true },
      created_at: new Date().toISOString(),
      attempts: 0,
    });
    server.minProtocol = SYNC_PROTOCOL;
    await a.engine.syncNow();
    expect(a.engine.status.getSnapshot()).toMatchObject({
      updateNeeded: true,
      lastError: CLIENT_TOO_OLD_MESSAGE,
      pending: 1,
    });
    expect((await a.db.outbox.toArray()).map((r) => r.args)).toEqual([{ igdb_id: IGDB.stardew, in: true }]);
    // The server reads it again (as an updated app would find): it syncs, once.
    server.minProtocol = 1;
    await a.engine.syncNow();
    expect(a.engine.status.getSnapshot()).toMatchObject({ updateNeeded: false, lastError: null, pending: 0 });
    expect((await a.db.wishlist.toArray()).map((w) => w.igdb_id).sort()).toEqual([IGDB.celeste, IGDB.stardew].sort());
  });

  it('the updated app brings the old rows to its protocol as it starts, dated when they were made, and a server that refused them takes them', async () => {
    const server = new FakeSyncServer(GAMES);
    const me = server.addMember('updated_app');
    const a = await device(server, me);
    // Two rows an old build queued a week ago, in one millisecond (no clock, no protocol),
    const weekAgo = new Date(Date.now() - 7 * DAY).toISOString();
    const old = [crypto.randomUUID(), crypto.randomUUID()];
    await a.db.outbox.add({
      id: old[0]!,
      name: 'wishlist.set',
      args: { igdb_id: IGDB.stardew, in: true },
      created_at: weekAgo,
      attempts: 0,
    });
    await a.db.outbox.add({
      id: old[1]!,
      name: 'wishlist.set',
      args: { igdb_id: IGDB.celeste, in: true, priority: 3 },
      created_at: weekAgo,
      attempts: 0,
    });
    server.minProtocol = SYNC_PROTOCOL;
    await a.engine.syncNow();
    expect(a.engine.status.getSnapshot()).toMatchObject({ updateNeeded: true, pending: 2 });

    // Update: the app starts again on the same data (a new engine), the server still refusing protocol 1.
    const remote = server.remoteFor(me);
    const pushed = new Map<string, PushMutation>();
    const watched: Remote = {
      ...remote,
      push: (clientId, mutations) => {
        for (const m of mutations) pushed.set(m.id, m);
        return remote.push(clientId, mutations);
      },
    };
    const updated = createSyncEngine({
      db: a.db,
      remote: watched,
      refreshSession: async () => {},
      lock: { locks: null },
    });
    await updated.syncNow();
    expect(updated.status.getSnapshot()).toMatchObject({ updateNeeded: false, lastError: null, pending: 0 });
    expect((await a.db.wishlist.toArray()).map((w) => w.igdb_id).sort()).toEqual([IGDB.stardew, IGDB.celeste].sort());
    // Dated a week ago, in queue order: an edit made since on another device is newer than them.
    expect(old.map((id) => pushed.get(id)?.v)).toEqual([undefined, undefined]);
    const clocks = old.map((id) => pushed.get(id)?.hlc);
    expect(clocks.map((c) => parseHlc(c)?.ms)).toEqual([Date.parse(weekAgo), Date.parse(weekAgo)]);
    expect(clocks.map((c) => parseHlc(c)?.counter)).toEqual([0, 1]);
  });

  it('leaves a row no schema of today reads as it is: the server still decides', async () => {
    const server = new FakeSyncServer(GAMES);
    const me = server.addMember('unreadable_row');
    const a = await device(server, me);
    await a.db.outbox.add({
      id: crypto.randomUUID(),
      name: 'wishlist.set',
      args: { igdb_id: 'not a game', in: true },
      created_at: new Date().toISOString(),
      attempts: 0,
    });
    server.minProtocol = SYNC_PROTOCOL;
    const updated = createSyncEngine({
      db: a.db,
      remote: server.remoteFor(me),
      refreshSession: async () => {},
      lock: { locks: null },
    });
    await updated.syncNow();
    expect(updated.status.getSnapshot()).toMatchObject({ updateNeeded: true, pending: 1 });
    expect(await a.db.outbox.toArray()).toEqual([expect.not.objectContaining({ protocol: expect.anything() })]);
  });
});

describe('the conflict notice names what the device holds', () => {
  it("shows a lost review edit's platform by name ('Platform: PC'), not by its id", async () => {
    const db = openLocalDb();
    dbs.push(db);
    await db.platforms.bulkPut([
      { id: 1, name: 'PC (Microsoft Windows)' },
      { id: 2, name: 'PlayStation 5' },
    ]);
    await db.games.put({ id: 5, igdb_id: 1942, name: 'The Witcher 3: Wild Hunt', slug: 'the-witcher-3-wild-hunt' });
    const conflict = {
      id: 'c1',
      name: 'review.update',
      args: { igdb_id: 1942, platform_id: 1, rating: 7.5 },
      fields: ['rating', 'platform'],
    };
    const names = await conflictNames(db, conflict.args);
    expect(names.game?.(1942)).toBe('The Witcher 3: Wild Hunt');
    expect(yoursParts(conflict, names)).toEqual(['Rating: 7.5', 'Platform: PC']);
  });
});
