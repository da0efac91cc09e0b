// Change-log retention (docs/decisions/0001-change-log-as-pull-source.md): app.prune_sync_changes
// deletes changes older than its window and raises the low-water mark in the same transaction;
// sync_pull refuses a cursor below the mark with 'cursor_too_old', and a new snapshot then brings
// the client back to server truth; the local gateway runs the prune on a timer. Runs on PGlite and
// on PostgreSQL 15 (tests/support/with-postgres.ts).
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';
import type { Db } from '../../supabase/local/db.ts';
import { startGateway } from '../../supabase/local/gateway.ts';
import { gatewayOptions } from '../../supabase/local/gateway-options.ts';
import { startRetention } from '../../supabase/local/retention.ts';
import { VISITOR, asActor, call, createTestDb, type Actor } from '../support/test-db.ts';
import {
  IGDB,
  Mirror,
  attempt,
  createMember,
  importCatalogue,
  pull,
  pushAll,
  pushOk,
  type Member,
} from '../support/fixtures.ts';

const db = await createTestDb();
afterAll(() => db.close());
await importCatalogue(db);

const SERVICE: Actor = { authId: null, role: 'service_role' };
let serial = 0;
const member = (name: string): Promise<Member> => createMember(db, `${name}_${++serial}`);

const prune = async (keep = '30 days'): Promise<number> =>
  Number(await call<number>(db, SERVICE, 'app.prune_sync_changes($1::interval)', [keep]));
const lowWater = async (): Promise<bigint> =>
  BigInt((await db.query<{ w: string }>('select low_water::text as w from public.sync_retention'))[0]?.w ?? '-1');
const maxXid = async (): Promise<bigint> =>
  BigInt((await db.query<{ x: string | null }>('select max(xid)::text as x from public.sync_change'))[0]?.x ?? '0');
/** Makes every change logged so far look older than the window, as if the days had passed. */
const ageEverything = (days = 31): Promise<unknown> =>
  db.query(`update public.sync_change set changed_at = changed_at - make_interval(days => $1::int)`, [days]);
const changeIds = async (): Promise<number[]> =>
  (await db.query<{ id: number }>('select id::int as id from public.sync_change order by id')).map((r) => Number(r.id));

describe('app.prune_sync_changes', () => {
  it('[S10] deletes what is older than the window, keeps the rest, sets the mark, and does nothing the second time', async () => {
    const a = await member('prune');
    await pushAll(db, a.actor, [['wishlist.set', { igdb_id: IGDB.stardew, in: true }]]);
    const oldTop = await maxXid();
    await ageEverything();
    const old = await changeIds();
    await pushAll(db, a.actor, [['progress.set', { igdb_id: IGDB.zelda, completed: true }]]);
    const recent = (await changeIds()).filter((id) => !old.includes(id));
    expect(recent.length).toBeGreaterThan(0);

    expect(await prune()).toBe(old.length);
    expect(await changeIds()).toEqual(recent);
    // The mark is the first transaction kept: above all that went, at or below all that stays.
    const firstKept = BigInt(
      (await db.query<{ x: string }>('select min(xid)::text as x from public.sync_change'))[0]?.x ?? '0',
    );
    expect(await lowWater()).toBeGreaterThan(oldTop);
    expect(await lowWater()).toBe(firstKept);
    const after = await db.query(
      'select pruned_at is not null as stamped, pruned_rows::int as rows from public.sync_retention',
    );
    expect(after).toEqual([{ stamped: true, rows: old.length }]);

    // Idempotent: nothing older is left, and the mark never moves back.
    expect(await prune()).toBe(0);
    expect(await prune('365 days')).toBe(0);
    expect(await changeIds()).toEqual(recent);
    expect(await lowWater()).toBe(firstKept);
  });

  it('[S10] prunes whole transactions, oldest first: one with a change inside the window is kept whole, and so is all after it', async () => {
    const a = await member('whole');
    await ageEverything();
    await prune(); // what earlier tests and the member's sign-up logged
    await pushAll(db, a.actor, [
      ['wishlist.set', { igdb_id: IGDB.witcher3, in: true }],
      ['wishlist.set', { igdb_id: IGDB.portal2, in: true }],
    ]);
    const older = await maxXid();
    await pushAll(db, a.actor, [['wishlist.set', { igdb_id: IGDB.hades, in: true }]]);
    const newer = await maxXid();
    const rowsOf = async (xid: bigint) =>
      Number(
        (
          await db.query<{ n: number }>(
            'select count(*)::int as n from public.sync_change where xid = $1::text::xid8',
            [xid.toString()],
          )
        )[0]?.n,
      );
    const olderRows = await rowsOf(older);
    expect(olderRows).toBe(2); // one push is one transaction
    expect(newer).toBeGreaterThan(older);
    // Only one change of the older transaction is old: it stays whole, and the newer one, old as it is, waits behind it.
    await db.query(
      `update public.sync_change set changed_at = now() - interval '40 days'
                    where id = (select min(id) from public.sync_change where xid = $1::text::xid8)`,
      [older.toString()],
    );
    await db.query(`update public.sync_change set changed_at = now() - interval '40 days' where xid = $1::text::xid8`, [
      newer.toString(),
    ]);
    expect(await prune()).toBe(0);
    expect(await rowsOf(older)).toBe(olderRows);
    // Once all of it is old, both go, and the mark rises above the newer one.
    await db.query(`update public.sync_change set changed_at = now() - interval '40 days' where xid = $1::text::xid8`, [
      older.toString(),
    ]);
    const newerRows = await rowsOf(newer);
    expect(await prune()).toBe(olderRows + newerRows);
    expect(await lowWater()).toBe(newer + 1n);
    const below = await db.query<{ n: number }>(
      'select count(*)::int as n from public.sync_change where xid < (select low_water from public.sync_retention)',
    );
    expect(below).toEqual([{ n: 0 }]);
  });

  it('rejects a negative window', async () => {
    const outcome = await attempt(() => prune('-1 day'));
    expect(outcome.ok ? 'ok' : `${outcome.error.hint}: ${outcome.error.message}`).toBe(
      'invalid_args: Retention must not be negative',
    );
  });

  it("is the service role's (and the scheduler's) alone", async () => {
    const a = await member('not_allowed');
    for (const actor of [VISITOR, a.actor]) {
      const outcome = await attempt(() => call(db, actor, 'app.prune_sync_changes()'));
      expect(outcome.ok ? 'ran' : outcome.error.code).toBe('42501');
    }
  });

  it('keeps the low-water mark readable and the table unwritable for clients', async () => {
    const a = await member('mark');
    const before = await lowWater();
    expect(await call(db, VISITOR, `(select low_water::text from public.sync_retention)`)).toBe(before.toString());
    for (const actor of [VISITOR, a.actor]) {
      for (const sql of [
        `update public.sync_retention set low_water = '0'::xid8`,
        'delete from public.sync_retention',
        `insert into public.sync_retention (id) values (false)`,
      ]) {
        const outcome = await attempt(() => asActor(db, actor, (q) => q.query(`${sql} returning 1`)));
        expect(outcome.ok ? 'changed' : outcome.error.code, sql).toBe('42501');
      }
    }
    expect(await lowWater()).toBe(before);
  });
});

describe('sync_pull below the low-water mark', () => {
  it('[S10] answers cursor_too_old; a new snapshot and pulls from it then bring the mirror to server truth', async () => {
    const a = await member('offline');
    const b = await member('other');
    const created = await pushOk(db, a.actor, 'review.create', {
      igdb_id: IGDB.witcher3,
      rating: 8,
      review: 'Before',
      platform: 'PC',
    });
    const reviewId = Number(created.id);

    // The device syncs, then goes away for longer than the window.
    const mirror = new Mirror();
    const first = await pull(db, a.actor, null, { user_ids: [b.id] });
    mirror.apply(first.changes);
    const stale = first.cursor;

    // Meanwhile: the review is edited, the wishlist entry made and removed again, b follows a.
    await pushAll(db, a.actor, [['review.update', { rating_id: reviewId, rating: 9, review: 'After' }]]);
    await pushAll(db, a.actor, [['wishlist.set', { igdb_id: IGDB.stardew, in: true }]]);
    await pushAll(db, a.actor, [['wishlist.set', { igdb_id: IGDB.stardew, in: false }]]);
    await pushAll(db, b.actor, [['follow.set', { user_id: a.id, following: true }]]);
    // A pull before the prune still works from the old cursor.
    expect((await pull(db, a.actor, stale, { user_ids: [b.id] })).changes.length).toBeGreaterThan(0);

    await ageEverything();
    await pushAll(db, a.actor, [['progress.set', { igdb_id: IGDB.zelda, completed: true }]]);
    expect(await prune()).toBeGreaterThan(0);
    expect(BigInt(stale.slice(3))).toBeLessThan(await lowWater());

    const refused = await attempt(() => pull(db, a.actor, stale, { user_ids: [b.id] }));
    expect(refused.ok ? 'answered' : `${refused.error.code} ${refused.error.hint}: ${refused.error.message}`).toBe(
      'P0001 cursor_too_old: Sync cursor is older than the change log; take a new snapshot',
    );
    // A visitor's cursor is refused the same way, and a cursor in the future is not.
    const visitor = await attempt(() => pull(db, VISITOR, stale, { user_ids: [b.id] }));
    expect(visitor.ok ? 'answered' : visitor.error.hint).toBe('cursor_too_old');

    // The client's answer: a snapshot replaces its mirror; then deltas go on from that cursor.
    const snapshot = await pull(db, a.actor, null, { user_ids: [b.id] });
    expect(snapshot.snapshot).toBe(true);
    const fresh = new Mirror();
    fresh.apply(snapshot.changes);
    expect(fresh.table('rating').get(reviewId)).toMatchObject({ rating: 9, review: 'After' });
    expect(fresh.table('user_wishlist').size).toBe(0);
    expect([...fresh.table('user_follow').values()]).toEqual([
      expect.objectContaining({ follower_id: b.id, following_id: a.id }),
    ]);
    expect([...fresh.table('game_progress').values()]).toEqual([
      expect.objectContaining({ user_id: a.id, completed: true }),
    ]);

    await pushAll(db, a.actor, [['review.update', { rating_id: reviewId, rating: 9.5, review: 'After all' }]]);
    const next = await pull(db, a.actor, snapshot.cursor, { user_ids: [b.id] });
    fresh.apply(next.changes);
    expect(fresh.table('rating').get(reviewId)).toMatchObject({ rating: 9.5, review: 'After all' });
  });

  it('[S10] still answers a cursor at the mark', async () => {
    const a = await member('at_mark');
    const mark = await lowWater();
    const page = await pull(db, a.actor, `v1:${mark}`);
    expect(page.snapshot).toBe(false);
    expect(page.user_id).toBe(a.id);
  });
});

// Hosted Supabase prunes with pg_cron (checked by with-supabase.ts's push), not with our gateway.
describe.skipIf(process.env.TEST_SUPABASE === '1')("the local gateway's retention timer", () => {
  it('prunes at start and then on every tick, quietly, and stops when the gateway closes', async () => {
    const a = await member('timer');
    await pushAll(db, a.actor, [['wishlist.set', { igdb_id: IGDB.celeste, in: true }]]);
    await ageEverything();
    const lines: string[] = [];
    const gateway = await startGateway({
      db,
      port: 0,
      seed: false,
      log: (line) => lines.push(line),
      syncRetention: { days: 30, everyMs: 25 },
    });
    try {
      await expect
        .poll(() => lines.filter((l) => l.startsWith('pruned')), { timeout: 10_000 })
        .toEqual([expect.stringMatching(/^pruned \d+ sync changes? older than 30 days$/)]);
      expect(await changeIds()).toEqual([]);
      // A later tick takes what has grown old since; a tick with nothing to prune says nothing.
      await pushAll(db, a.actor, [['wishlist.set', { igdb_id: IGDB.celeste, in: false }]]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(lines.filter((l) => l.startsWith('pruned'))).toHaveLength(1);
      await ageEverything();
      await expect.poll(() => lines.filter((l) => l.startsWith('pruned')).length, { timeout: 10_000 }).toBe(2);
      expect(await changeIds()).toEqual([]);
    } finally {
      await gateway.close();
    }
    await pushAll(db, a.actor, [['wishlist.set', { igdb_id: IGDB.celeste, in: true }]]);
    await ageEverything();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await changeIds()).length).toBeGreaterThan(0);
    expect(lines.filter((l) => !l.startsWith('database ready'))).toHaveLength(2);
  });

  it('logs a failed prune instead of throwing, and tries again at the next tick', async () => {
    const lines: string[] = [];
    const broken: Db = { ...db, query: () => Promise.reject(new Error('connection lost')) };
    const job = startRetention(broken, { days: 30, everyMs: 20 }, (line) => lines.push(line));
    await expect.poll(() => lines.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    await job.stop();
    const seen = lines.length;
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(lines).toHaveLength(seen);
    expect(new Set(lines)).toEqual(new Set(['pruning sync changes failed: connection lost']));
  });

  it('[S10] takes its window from SYNC_RETENTION_DAYS (default 30 days, whole days from 1)', () => {
    expect(loadConfig({}).syncRetentionDays).toBe(30);
    expect(loadConfig({ SYNC_RETENTION_DAYS: '7' }).syncRetentionDays).toBe(7);
    expect(gatewayOptions(loadConfig({ SYNC_RETENTION_DAYS: '90' })).syncRetention).toEqual({ days: 90 });
    for (const bad of ['0', '-3', '1.5', 'month']) {
      expect(() => loadConfig({ SYNC_RETENTION_DAYS: bad }), bad).toThrow(/SYNC_RETENTION_DAYS=/);
    }
  });
});
