// The push on the in-memory fake server (tests/support/fake-remote.ts, which refuses a whole batch
// holding text Postgres cannot store, as the real server did): a batch refused as a whole costs
// only the row the server refuses alone, and a queued row with such text never goes out.
import { afterEach, describe, expect, it } from 'vitest';
import { INVALID_TEXT, INVALID_TEXT_MESSAGE } from '../core/storable-text.ts';
import type { CheckpointDb } from '../store/db.ts';
import { onPushAnswered, onRejected, type PushAnswer, type Rejection } from '../store/events.ts';
import { FakeSyncServer } from '../../tests/support/fake-remote.ts';
import { GAMES, IGDB } from '../../tests/support/fixtures.ts';
import { openLocalDb } from '../../tests/support/local-db.ts';
import { createSyncEngine } from './engine.ts';
import { mutate } from './mutate.ts';
import { RejectedBatchError, type PushMutation, type Remote } from './remote.ts';
import { addToScope } from './state.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const at = () => new Date().toISOString();
const GOOD = Object.values(IGDB);

interface Setup {
  readonly server: FakeSyncServer;
  readonly me: number;
  readonly db: CheckpointDb;
  readonly sent: PushMutation[][];
  readonly rejections: Rejection[];
  readonly answers: PushAnswer[];
  sync(): Promise<void>;
}

/** A device and the fake server, with `refuse` deciding which calls the server refuses whole. */
async function setup(refuse: (batch: readonly PushMutation[]) => boolean = () => false): Promise<Setup> {
  const server = new FakeSyncServer(GAMES);
  const me = server.addMember('pusher');
  const db = openLocalDb();
  cleanups.push(() => db.close());
  const sent: PushMutation[][] = [];
  const inner = server.remoteFor(me);
  const remote: Remote = {
    push: async (clientId, mutations) => {
      sent.push([...mutations]);
      if (mutations.length > 0 && refuse(mutations))
        throw new RejectedBatchError('P0001', 'the server refuses this batch as a whole');
      return inner.push(clientId, mutations);
    },
    pull: (cursor, scope, limit) => inner.pull(cursor, scope, limit),
  };
  const rejections: Rejection[] = [];
  const answers: PushAnswer[] = [];
  cleanups.push(onRejected((r) => rejections.push(r)));
  cleanups.push(onPushAnswered((a) => answers.push(...a)));
  const engine = createSyncEngine({ db, remote, refreshSession: async () => {} });
  await addToScope(db, 'game_ids', server.gameIds());
  await engine.syncNow();
  sent.length = 0;
  return { server, me, db, sent, rejections, answers, sync: () => engine.syncNow() };
}

/** Ten good writes (each game to Want to Play) around `middle`, queued in that order; their ids. */
async function queueAround(s: Setup, middle: () => Promise<string>): Promise<{ good: string[]; bad: string }> {
  const good: string[] = [];
  const wish = async (igdb_id: number) =>
    good.push(await mutate(s.db, 'wishlist.set', { igdb_id, in: true }, { me: s.me, now: at() }));
  for (const id of GOOD.slice(0, 5)) await wish(id);
  const bad = await middle();
  for (const id of GOOD.slice(5)) await wish(id);
  return { good, bad };
}

describe('push: one bad write never costs the others', () => {
  it('[S5] a batch refused as a whole is halved until the row refused alone: 10 applied, 1 rejected and told', async () => {
    const poisoned = (m: PushMutation) => (m.args as { review?: unknown }).review === 'poison';
    const s = await setup((batch) => batch.some(poisoned));
    const { good, bad } = await queueAround(s, () =>
      mutate(s.db, 'review.create', { igdb_id: IGDB.hades, rating: 8, review: 'poison' }, { me: s.me, now: at() }),
    );
    await s.sync();

    expect(good.every((id) => s.server.hasApplied(id))).toBe(true);
    expect(s.server.hasApplied(bad)).toBe(false);
    expect(s.rejections).toEqual([
      { name: 'review.create', code: 'P0001', message: 'the server refuses this batch as a whole' },
    ]);
    expect(s.answers.filter((a) => a.status === 'rejected').map((a) => a.id)).toEqual([bad]);
    expect(
      s.answers
        .filter((a) => a.status === 'ok')
        .map((a) => a.id)
        .sort(),
    ).toEqual([...good].sort());
    expect(await s.db.outbox.count()).toBe(0);
    // The pull after it shows the server's truth: the ten on the list, the refused review gone.
    expect((await s.db.wishlist.toArray()).map((w) => w.igdb_id).sort()).toEqual([...GOOD].sort());
    expect(await s.db.reviews.count()).toBe(0);
    // [S4] In order: every row went out after the ones queued before it, and the bad one alone last.
    const order = [...good.slice(0, 5), bad, ...good.slice(5)];
    const firstSent = new Map<string, number>();
    s.sent.flat().forEach((m, i) => firstSent.has(m.id) || firstSent.set(m.id, i));
    expect([...firstSent.keys()]).toEqual(order);
    expect(s.sent.filter((b) => b.length === 1 && b[0]?.id === bad)).toHaveLength(1);
    // Bisected, not one by one: the whose-session call, then 11 rows in six calls.
    expect(s.sent.length).toBeLessThanOrEqual(7);
  });

  it('[S3] [S5] a write re-sent while the batch is halved is applied once', async () => {
    let calls = 0;
    const s = await setup((batch) => {
      calls += 1;
      return batch.some((m) => (m.args as { review?: unknown }).review === 'poison');
    });
    const { good, bad } = await queueAround(s, () =>
      mutate(s.db, 'review.create', { igdb_id: IGDB.hades, rating: 8, review: 'poison' }, { me: s.me, now: at() }),
    );
    await s.sync();
    expect(calls).toBeGreaterThan(2);
    // Each good id was sent in a refused batch and again in an answered one: answered as ok once.
    const okAnswers = s.answers.filter((a) => a.status === 'ok').map((a) => a.id);
    expect(okAnswers.sort()).toEqual([...good].sort());
    expect(s.answers.some((a) => a.id === bad && a.status === 'rejected')).toBe(true);
    expect((await s.db.wishlist.toArray()).length).toBe(GOOD.length);
  });

  it('[S5] a queued row whose text the server cannot store is rejected unsent, with the message', async () => {
    const s = await setup();
    const { good, bad } = await queueAround(s, async () => {
      // Queued by an older build, before today's schemas refused such text.
      const id = crypto.randomUUID();
      await s.db.outbox.add({
        id,
        name: 'review.create',
        args: JSON.parse('{"igdb_id": 113112, "rating": 8, "review": "good\\u0000game"}'),
        created_at: at(),
        attempts: 0,
      });
      return id;
    });
    await s.sync();

    expect(good.every((id) => s.server.hasApplied(id))).toBe(true);
    expect(s.server.hasApplied(bad)).toBe(false);
    expect(s.sent.flat().some((m) => m.id === bad)).toBe(false);
    expect(s.rejections).toEqual([{ name: 'review.create', code: INVALID_TEXT, message: INVALID_TEXT_MESSAGE }]);
    expect(await s.db.outbox.count()).toBe(0);
    expect((await s.db.wishlist.toArray()).length).toBe(GOOD.length);
  });

  it('[S5] the fake server, like Postgres, refuses a whole batch holding a lone surrogate', async () => {
    const server = new FakeSyncServer(GAMES);
    const me = server.addMember('raw');
    const ok = { id: crypto.randomUUID(), name: 'wishlist.set', args: { igdb_id: IGDB.zelda, in: true } };
    const broken = {
      id: crypto.randomUUID(),
      name: 'wishlist.set',
      args: { igdb_id: IGDB.hades, in: true, notes: 'a\ud83d' },
    };
    await expect(server.remoteFor(me).push(crypto.randomUUID(), [ok, broken])).rejects.toBeInstanceOf(
      RejectedBatchError,
    );
    expect(server.hasApplied(ok.id)).toBe(false);
    const paired = { ...broken, args: { ...broken.args, notes: 'a😀' } };
    await server.remoteFor(me).push(crypto.randomUUID(), [ok, paired]);
    expect(server.hasApplied(ok.id) && server.hasApplied(paired.id)).toBe(true);
  });
});
