// A write the server refuses is on record (db.refused) in the transaction that takes it out of the
// outbox, whichever context pushed it, and the record is bounded: the push on the in-memory fake
// server (tests/support/fake-remote.ts), a real IndexedDB (fake-indexeddb).
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckpointDb } from '../store/db.ts';
import { recordRefusals, REFUSED_KEPT } from '../store/refused.ts';
import { FakeSyncServer } from '../../tests/support/fake-remote.ts';
import { GAMES, IGDB } from '../../tests/support/fixtures.ts';
import { openLocalDb } from '../../tests/support/local-db.ts';
import { createSyncEngine } from './engine.ts';
import { mutate } from './mutate.ts';
import { pushOutbox } from './push.ts';
import { addToScope } from './state.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const at = () => new Date().toISOString();

async function device() {
  const server = new FakeSyncServer(GAMES);
  const me = server.addMember('pusher');
  const db = openLocalDb();
  cleanups.push(() => db.close());
  const remote = server.remoteFor(me);
  const engine = createSyncEngine({ db, remote, refreshSession: async () => {} });
  await addToScope(db, 'game_ids', server.gameIds());
  await engine.syncNow();
  return { server, me, db, remote, sync: () => engine.syncNow() };
}

/** A write the server refuses (following oneself), queued as an older build or a crafted page would. */
async function queueRefusable(db: CheckpointDb, me: number): Promise<string> {
  const id = crypto.randomUUID();
  await db.outbox.add({
    id,
    name: 'follow.set',
    args: { user_id: me, following: true },
    created_at: at(),
    attempts: 0,
  });
  return id;
}

describe('refused writes on record', () => {
  it('[S15] a refused write leaves the outbox as a refusal on record, the accepted one beside it as nothing', async () => {
    const d = await device();
    const good = await mutate(d.db, 'wishlist.set', { igdb_id: IGDB.hades, in: true }, { me: d.me, now: at() });
    const bad = await queueRefusable(d.db, d.me);
    await d.sync();

    expect(await d.db.outbox.count()).toBe(0);
    expect(d.server.hasApplied(good)).toBe(true);
    const [row, ...more] = await d.db.refused.toArray();
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      id: bad,
      name: 'follow.set',
      args: { user_id: d.me, following: true },
      code: 'self_follow',
      message: 'You cannot follow yourself',
      toasted: 0,
      dismissed: 0,
    });
    expect(Date.parse(row?.refused_at ?? '')).not.toBeNaN();
  });

  it('[S15] the outbox delete and the record are one transaction: a record that fails keeps the row queued', async () => {
    const d = await device();
    const bad = await queueRefusable(d.db, d.me);
    const failing = () => {
      throw new Error('disk said no');
    };
    d.db.refused.hook('creating', failing);
    await expect(pushOutbox(d.db, d.remote)).rejects.toThrow('disk said no');
    // Neither happened: the write still waits, nothing was recorded.
    expect((await d.db.outbox.toArray()).map((r) => r.id)).toEqual([bad]);
    expect(await d.db.refused.count()).toBe(0);

    // The next push is answered the same (the server keeps its answer by id) and both happen.
    d.db.refused.hook('creating').unsubscribe(failing);
    await pushOutbox(d.db, d.remote);
    expect(await d.db.outbox.count()).toBe(0);
    expect((await d.db.refused.toArray()).map((r) => r.id)).toEqual([bad]);
  });

  it(`[S15] keeps the newest ${REFUSED_KEPT} refusals`, async () => {
    const db = openLocalDb();
    cleanups.push(() => db.close());
    const base = Date.parse('2026-11-01T00:00:00Z');
    const ids: string[] = [];
    for (let i = 0; i < REFUSED_KEPT + 5; i++) {
      const id = `r-${String(i).padStart(3, '0')}`;
      ids.push(id);
      await db.transaction('rw', db.refused, () =>
        recordRefusals(
          db,
          [{ id, name: 'follow.set', args: {}, code: 'self_follow', message: 'You cannot follow yourself' }],
          new Date(base + i * 1000).toISOString(),
        ),
      );
    }
    expect(await db.refused.count()).toBe(REFUSED_KEPT);
    expect(await db.refused.orderBy('refused_at').primaryKeys()).toEqual(ids.slice(5));
  });

  it('[S15] a refusal recorded again (a replayed answer) stays one row, as it was shown', async () => {
    const db = openLocalDb();
    cleanups.push(() => db.close());
    const refusal = {
      id: 'r-1',
      name: 'follow.set',
      args: {},
      code: 'self_follow',
      message: 'You cannot follow yourself',
    };
    await db.transaction('rw', db.refused, () => recordRefusals(db, [refusal], '2026-11-01T00:00:00.000Z'));
    await db.refused.update('r-1', { toasted: 1, dismissed: 1 });
    await db.transaction('rw', db.refused, () => recordRefusals(db, [refusal], '2026-11-02T00:00:00.000Z'));
    expect(await db.refused.toArray()).toEqual([
      { ...refusal, refused_at: '2026-11-01T00:00:00.000Z', toasted: 1, dismissed: 1 },
    ]);
  });
});
