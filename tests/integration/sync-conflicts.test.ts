// Conflicts on the real server (supabase/schema/tables/public.edit_clock.sql, supabase/schema/tables/public.sync_protocol.sql;
// docs/decisions/0002-hlc-per-field.md): the newest edit of each field wins by its clock (HLC),
// whichever device syncs last, and a superseded edit says so in its result; Top 5 merges by edit
// time; old argument shapes are upgraded and what the server no longer reads is answered
// client_too_old without applying or recording it.
// Runs on PGlite, and on PostgreSQL 15 through tests/support/with-postgres.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { formatHlc } from '../../src/core/hlc.ts';
import { asActor, call, createTestDb, type Actor } from '../support/test-db.ts';
import { IGDB, createMember, importCatalogue, pull, pushAll, pushOk, type Member } from '../support/fixtures.ts';

const db = await createTestDb();
afterAll(() => db.close());
await importCatalogue(db);

const DEVICE_A = 'aaaaaaaa-0000-4000-8000-00000000000a';
const DEVICE_B = 'bbbbbbbb-0000-4000-8000-00000000000b';
const DAY = 86_400_000;
const HOUR = 3_600_000;
/**
 * Ahead of the server clock, which dates the scenes set up with protocol 1 (no clocks), for as long
 * as the file runs; the server dates on arrival a clock more than a day ahead of it, so every clock
 * here stays within a day.
 */
const T = Date.now() + HOUR;
/** A device clock running fast: most of a day (a full day past T would be dated on arrival). */
const AHEAD = 20 * HOUR;
const at = (ms: number, device: string, counter = 0) => formatHlc({ ms, counter, device });

let serial = 0;
const member = (name: string): Promise<Member> => createMember(db, `${name}_${++serial}`);

interface Row {
  id: string;
  name: string;
  args: unknown;
  hlc?: string;
  v?: number;
}
interface Reply {
  results: Array<{
    id: string;
    status: string;
    code?: string;
    message?: string;
    result?: unknown;
    superseded?: string[];
  }>;
  user_id: number;
  clock: string | null;
  client_too_old?: { id: string | null; code: string; message: string };
}
const row = (name: string, args: unknown, extra: Partial<Row> = {}): Row => ({
  id: randomUUID(),
  name,
  args,
  ...extra,
});
const syncPush = (
  actor: Actor,
  rows: readonly Row[],
  protocol?: number,
  client: string = randomUUID(),
): Promise<Reply> =>
  protocol === undefined
    ? call<Reply>(db, actor, 'public.sync_push($1::uuid, $2::jsonb)', [client, JSON.stringify(rows)])
    : call<Reply>(db, actor, 'public.sync_push($1::uuid, $2::jsonb, $3::integer)', [
        client,
        JSON.stringify(rows),
        protocol,
      ]);
const review = async (m: Member) =>
  (
    await db.query<{ rating: number; review: string | null }>(
      'select rating::float8 as rating, review from public.rating r join public.game g on g.id = r.game_id where r.user_id = $1 and g.igdb_id = $2',
      [m.id, IGDB.hades],
    )
  )[0];
const topFive = async (m: Member) =>
  (
    await db.query<{ igdb_id: number }>(
      'select g.igdb_id from public.user_top_games t join public.game g on g.id = t.game_id where t.user_id = $1 order by t.position',
      [m.id],
    )
  ).map((r) => Number(r.igdb_id));

describe('the newest edit of each field wins', () => {
  it("keeps B's later review when A's earlier offline edit syncs last, and tells A which fields lost", async () => {
    const m = await member('reviewer');
    await pushOk(db, m.actor, 'review.create', { igdb_id: IGDB.hades, rating: 5, review: 'First take' });
    // B edited later and synced first; A edited earlier (its own clock), synced last.
    const b = await syncPush(
      m.actor,
      [
        row(
          'review.update',
          { igdb_id: IGDB.hades, review: 'B edited LATER', rating: 10 },
          { hlc: at(T + 60_000, DEVICE_B) },
        ),
      ],
      2,
      DEVICE_B,
    );
    expect(b.results[0]).toMatchObject({ status: 'ok' });
    expect(b.results[0]).not.toHaveProperty('superseded');
    const aRow = row(
      'review.update',
      { igdb_id: IGDB.hades, review: 'A edited FIRST', rating: 2, playtime_hours: 12 },
      { hlc: at(T, DEVICE_A) },
    );
    const a = await syncPush(m.actor, [aRow], 2, DEVICE_A);
    expect(a.results[0]).toMatchObject({ status: 'ok', superseded: ['rating', 'review'] });
    // A field only A touched is A's.
    expect(await review(m)).toEqual({ rating: 10, review: 'B edited LATER' });
    expect(
      (await db.query<{ p: number }>('select playtime_hours as p from public.rating where user_id = $1', [m.id]))[0]?.p,
    ).toBe(12);
    // The stored answer says the same when A's push is repeated (its reply was lost).
    expect((await syncPush(m.actor, [aRow], 2, DEVICE_A)).results[0]).toEqual(a.results[0]);
    // Both pushes answer the member's newest clock, for devices to merge.
    expect(a.clock).toBe(at(T + 60_000, DEVICE_B));
    const page = await call<{ clock?: string }>(db, m.actor, 'public.sync_pull(null, $1::jsonb, 1000, true, 2)', [
      '{}',
    ]);
    expect(page.clock).toBe(at(T + 60_000, DEVICE_B));
  });

  it('a device whose clock is most of a day ahead wins only until the other device has seen its clock', async () => {
    const m = await member('skewed');
    await pushOk(db, m.actor, 'profile.update', { bio: 'start' });
    // A's clock runs 20 hours fast: its edit beats B's real-time edit made an hour later.
    await syncPush(
      m.actor,
      [row('profile.update', { bio: 'from A (fast clock)' }, { hlc: at(T + AHEAD, DEVICE_A) })],
      2,
      DEVICE_A,
    );
    const late = await syncPush(
      m.actor,
      [row('profile.update', { bio: 'from B, an hour later', location: 'Lyon' }, { hlc: at(T + 3_600_000, DEVICE_B) })],
      2,
      DEVICE_B,
    );
    expect(late.results[0]).toMatchObject({ status: 'ok', superseded: ['bio'] });
    // B merged the clock it was answered: its next edit is newer, whatever its wall clock says.
    const merged = at(T + AHEAD, DEVICE_B, 1);
    expect(merged > late.clock!).toBe(true);
    const next = await syncPush(m.actor, [row('profile.update', { bio: 'B again' }, { hlc: merged })], 2, DEVICE_B);
    expect(next.results[0]).not.toHaveProperty('superseded');
    const user = (
      await db.query<{ bio: string; location: string }>('select bio, location from public."user" where id = $1', [m.id])
    )[0];
    expect(user).toEqual({ bio: 'B again', location: 'Lyon' });
  });

  it("journal edits, comment edits and a game's shelf follow the same rule", async () => {
    const m = await member('journaler');
    const key = randomUUID();
    await pushOk(db, m.actor, 'journal.add', { key, igdb_id: IGDB.celeste, played_on: '2026-11-01', minutes: 30 });
    await syncPush(
      m.actor,
      [row('journal.update', { key, note: 'newer', minutes: 45 }, { hlc: at(T + 10, DEVICE_B) })],
      2,
    );
    const old = await syncPush(
      m.actor,
      [row('journal.update', { key, note: 'older', is_private: true }, { hlc: at(T, DEVICE_A) })],
      2,
    );
    expect(old.results[0]).toMatchObject({ status: 'ok', superseded: ['note'] });
    expect(
      (await db.query('select note, minutes, is_private from public.play_session where client_key = $1', [key]))[0],
    ).toEqual({ note: 'newer', minutes: 45, is_private: true });

    await syncPush(
      m.actor,
      [row('wishlist.set', { igdb_id: IGDB.stardew, in: true }, { hlc: at(T + 10, DEVICE_B) })],
      2,
    );
    const shelf = await syncPush(
      m.actor,
      [row('collection.set', { igdb_id: IGDB.stardew, in: true }, { hlc: at(T, DEVICE_A) })],
      2,
    );
    expect(shelf.results[0]).toMatchObject({ status: 'ok', superseded: ['shelf'] });
    const lists = await db.query<{ w: number; c: number }>(
      `select (select count(*)::int from public.user_wishlist where user_id = $1) as w,
              (select count(*)::int from public.user_collection where user_id = $1) as c`,
      [m.id],
    );
    expect(lists[0]).toEqual({ w: 1, c: 0 });
  });

  it("an older edit still refused for its own reasons is rejected with the spec's message, its clock not kept", async () => {
    const m = await member('refused');
    await pushOk(db, m.actor, 'review.create', { igdb_id: IGDB.portal2, rating: 6 });
    const bad = await syncPush(
      m.actor,
      [row('review.update', { igdb_id: IGDB.portal2, rating: 11 }, { hlc: at(T + AHEAD, DEVICE_A) })],
      2,
    );
    expect(bad.results[0]).toMatchObject({
      status: 'rejected',
      message: 'Rating must be from 1 to 10 in steps of 0.5',
    });
    const ok = await syncPush(
      m.actor,
      [row('review.update', { igdb_id: IGDB.portal2, rating: 7 }, { hlc: at(T, DEVICE_B) })],
      2,
    );
    expect(ok.results[0]).not.toHaveProperty('superseded');
  });
});

describe('Top 5 merges by edit time', () => {
  async function rated(m: Member, games: readonly number[]) {
    await pushAll(
      db,
      m.actor,
      games.map((igdb) => ['review.create', { igdb_id: igdb, rating: 8 }] as const),
    );
  }

  it('a game added on one device and another moved on the other both survive', async () => {
    const m = await member('topper');
    const { witcher3, hades, celeste, portal2 } = IGDB;
    await rated(m, [witcher3, hades, celeste, portal2]);
    await pushOk(db, m.actor, 'top5.replace', { games: list([witcher3, hades, celeste]) });
    const base = list([witcher3, hades, celeste]);
    // A (later) adds Portal 2 at the end; B (earlier, synced last) moves Celeste to the top.
    await syncPush(
      m.actor,
      [row('top5.replace', { games: list([witcher3, hades, celeste, portal2]), base }, { hlc: at(T + 10, DEVICE_A) })],
      2,
    );
    const b = await syncPush(
      m.actor,
      [row('top5.replace', { games: list([celeste, witcher3, hades]), base }, { hlc: at(T, DEVICE_B) })],
      2,
    );
    expect(b.results[0]).not.toHaveProperty('superseded');
    expect(await topFive(m)).toEqual([celeste, witcher3, hades, portal2]);
  });

  it('the other way round: the add is the older edit and syncs last, and still survives beside the newer move', async () => {
    const m = await member('topper2');
    const { witcher3, hades, celeste, portal2 } = IGDB;
    await rated(m, [witcher3, hades, celeste, portal2]);
    await pushOk(db, m.actor, 'top5.replace', { games: list([witcher3, hades, celeste]) });
    const base = list([witcher3, hades, celeste]);
    // B (later) moves Celeste to the top and syncs first; A (earlier) added Portal 2 and syncs last.
    await syncPush(
      m.actor,
      [row('top5.replace', { games: list([celeste, witcher3, hades]), base }, { hlc: at(T + 10, DEVICE_B) })],
      2,
      DEVICE_B,
    );
    const a = await syncPush(
      m.actor,
      [row('top5.replace', { games: list([witcher3, hades, celeste, portal2]), base }, { hlc: at(T, DEVICE_A) })],
      2,
      DEVICE_A,
    );
    expect(a.results[0]).toMatchObject({ status: 'ok' });
    expect(await topFive(m)).toEqual([celeste, witcher3, hades, portal2]);
  });

  it('the same game placed by two devices goes where the newer edit put it, and the older is told', async () => {
    const m = await member('placer');
    const { witcher3, hades, celeste } = IGDB;
    await rated(m, [witcher3, hades, celeste]);
    await pushOk(db, m.actor, 'top5.replace', { games: list([witcher3, hades, celeste]) });
    const base = list([witcher3, hades, celeste]);
    await syncPush(
      m.actor,
      [row('top5.replace', { games: list([witcher3, hades]), base }, { hlc: at(T + 10, DEVICE_A) })],
      2,
    );
    const older = await syncPush(
      m.actor,
      [row('top5.replace', { games: list([celeste, witcher3, hades]), base }, { hlc: at(T, DEVICE_B) })],
      2,
    );
    expect(older.results[0]).toMatchObject({ status: 'ok', superseded: ['games'] });
    expect(await topFive(m)).toEqual([witcher3, hades]);
  });

  it('keeps its refusals: a duplicate, an unrated game', async () => {
    const m = await member('dupe');
    await rated(m, [IGDB.hades]);
    const out = await syncPush(
      m.actor,
      [
        row('top5.replace', { games: list([IGDB.hades, IGDB.hades]) }, { hlc: at(T, DEVICE_A) }),
        row('top5.replace', { games: list([IGDB.rdr2]) }, { hlc: at(T + 1, DEVICE_A) }),
      ],
      2,
    );
    expect(out.results.map((r) => r.message)).toEqual([
      'A game can be in your Top 5 only once',
      'Only games you have rated can be in your Top 5',
    ]);
  });
});

describe('the sync protocol', () => {
  it('an app from before protocols (no p_protocol, no clocks, Top 5 without base) still syncs, dated on arrival', async () => {
    const m = await member('oldapp');
    await pushOk(db, m.actor, 'review.create', { igdb_id: IGDB.hades, rating: 4 });
    const old = await syncPush(m.actor, [
      row('review.update', { igdb_id: IGDB.hades, review: 'old app' }),
      row('top5.replace', { games: list([IGDB.hades]) }),
    ]);
    expect(old.results.map((r) => r.status)).toEqual(['ok', 'ok']);
    expect(old.client_too_old).toBeUndefined();
    expect((await review(m))?.review).toBe('old app');
    expect(await topFive(m)).toEqual([IGDB.hades]);
    // A row an old build queued, pushed by today's app: its shape (v 1) is read, its missing clock dated on arrival.
    const now = Date.now();
    const upgraded = await syncPush(
      m.actor,
      [row('review.update', { igdb_id: IGDB.hades, review: 'queued by an old build' }, { v: 1 })],
      2,
    );
    expect(upgraded.results[0]).toMatchObject({ status: 'ok' });
    const clock = (
      await db.query<{ hlc: string }>(`select hlc from public.edit_clock where user_id = $1 and field = 'review'`, [
        m.id,
      ])
    )[0]?.hlc;
    expect(Math.abs(Number(clock?.slice(0, 15)) - now)).toBeLessThan(60_000);
  });

  it('answers client_too_old for a shape it no longer reads, keeping it unapplied and unrecorded, after applying those before it', async () => {
    const m = await member('toolate');
    await pushOk(db, m.actor, 'review.create', { igdb_id: IGDB.hades, rating: 4 });
    await db.query('update public.sync_protocol set min_protocol = 2');
    try {
      const before = row('review.update', { igdb_id: IGDB.hades, rating: 6 }, { hlc: at(T, DEVICE_A) });
      const retired = row('review.update', { igdb_id: IGDB.hades, rating: 9 }, { v: 1 });
      const after = row('review.update', { igdb_id: IGDB.hades, rating: 3 }, { hlc: at(T + 1, DEVICE_A) });
      const reply = await syncPush(m.actor, [before, retired, after], 2);
      expect(reply.results.map((r) => r.id)).toEqual([before.id]);
      expect(reply.client_too_old).toEqual({
        id: retired.id,
        code: 'client_too_old',
        message: 'A new version is needed to sync your changes',
      });
      expect((await review(m))?.rating).toBe(6);
      const recorded = await db.query(
        'select mutation_id from public.sync_applied where mutation_id = any($1::uuid[])',
        [[retired.id, after.id]],
      );
      expect(recorded).toEqual([]);
      // A whole call in a retired protocol: nothing applied, no page, no cursor.
      const old = await syncPush(m.actor, [row('review.update', { igdb_id: IGDB.hades, rating: 1 })]);
      expect(old.results).toEqual([]);
      expect(old.client_too_old).toMatchObject({ id: null, code: 'client_too_old' });
      expect(await call(db, m.actor, 'public.sync_pull(null, $1::jsonb)', ['{}'])).toEqual({
        client_too_old: { id: null, code: 'client_too_old', message: 'A new version is needed to sync your changes' },
      });
      // This build's protocol is still read: its pull gets a page.
      expect((await pull(db, m.actor, null)).cursor).toMatch(/^v1:\d+$/);
    } finally {
      await db.query('update public.sync_protocol set min_protocol = 1');
    }
    // Once the server reads it again (or the app is updated), the kept rows apply, once.
    expect(
      (await syncPush(m.actor, [row('review.update', { igdb_id: IGDB.hades, rating: 9 }, { v: 1 })], 2)).results[0],
    ).toMatchObject({ status: 'ok' });
  });

  it('a protocol newer than the server is refused as 503 so the client retries', async () => {
    const m = await member('future');
    await expect(syncPush(m.actor, [], 99)).rejects.toMatchObject({ code: 'PT503' });
  });

  it("members cannot read or write each other's edit clocks, nor the protocol floor", async () => {
    const a = await member('clock_a');
    const b = await member('clock_b');
    await pushOk(db, a.actor, 'profile.update', { bio: 'mine' });
    const as = (actor: Actor, sql: string) => asActor(db, actor, (q) => q.query(sql));
    expect(await as(a.actor, 'select field from public.edit_clock')).toEqual([{ field: 'bio' }]);
    expect(await as(b.actor, 'select field from public.edit_clock')).toEqual([]);
    await expect(
      as(
        b.actor,
        `insert into public.edit_clock values (${a.id}, 'user', ${a.id}, 'bio', '${at(T + 99 * DAY, DEVICE_B)}')`,
      ),
    ).rejects.toThrow();
    // No update policy or grant for members: the floor stays where the operator put it.
    await as(b.actor, 'update public.sync_protocol set min_protocol = 5').catch(() => undefined);
    expect(await db.query('select min_protocol from public.sync_protocol')).toEqual([{ min_protocol: 1 }]);
  });
});

function list(ids: readonly number[]) {
  return ids.map((igdb_id) => ({ igdb_id }));
}
