// The play journal on the real server (supabase/schema/tables/public.play_session.sql): journal.add / update / delete through
// sync_push with the client's messages, the table's own guards for direct writes, exactly-once
// by mutation id and by session key, sync_pull sending a member their own sessions (private ones
// included) and nobody else's, and get_user_journal showing each caller only what they may see,
// totals included. Runs on PGlite, and on PostgreSQL 15 through tests/support/with-postgres.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { VISITOR, asActor, call, createTestDb } from '../support/test-db.ts';
import {
  IGDB,
  attempt,
  batchOf,
  createMember,
  importCatalogue,
  pull,
  push,
  pushBatch,
  pushOk,
  type Member,
  type MutationResult,
} from '../support/fixtures.ts';

const db = await createTestDb();
afterAll(() => db.close());
const games = await importCatalogue(db);
const gameId = (igdb: number): number => games.get(igdb) ?? Number.NaN;

let serial = 0;
const member = (name: string): Promise<Member> => createMember(db, `${name}_${++serial}`);
const summary = (results: readonly MutationResult[]) =>
  results.map((r) => [r.status, r.code ?? null, r.message ?? null]);
const platformId = async (name: string): Promise<number> =>
  Number((await db.query<{ id: number }>('select id from public.platform where name = $1', [name]))[0]?.id);
const isoDay = (offsetDays: number): string =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const session = (extra: Record<string, unknown> = {}) => ({
  key: randomUUID(),
  igdb_id: IGDB.hades,
  played_on: isoDay(-1),
  minutes: 90,
  ...extra,
});

interface Journal {
  entries: Array<
    Record<string, unknown> & { id: number; minutes: number; is_private: boolean; game: { name: string } }
  >;
  has_more: boolean;
  total_minutes: number;
  session_count: number;
}

describe('journal.add', () => {
  it('logs a session with its platform, a trimmed note and privacy, dated as given', async () => {
    const m = await member('logger');
    const pc = await platformId('PC (Microsoft Windows)');
    const row = await pushOk(
      db,
      m.actor,
      'journal.add',
      session({ platform_id: pc, note: '  Beat the Bone Hydra  ', is_private: true }),
    );
    expect(row).toMatchObject({
      user_id: m.id,
      game_id: gameId(IGDB.hades),
      igdb_id: IGDB.hades,
      played_on: isoDay(-1),
      minutes: 90,
      platform_id: pc,
      note: 'Beat the Bone Hydra',
      is_private: true,
    });
  });

  it.each([
    ['minutes 0', { minutes: 0 }, 'invalid_minutes', 'Minutes played must be a whole number from 1 to 1440'],
    ['minutes 1441', { minutes: 1441 }, 'invalid_minutes', 'Minutes played must be a whole number from 1 to 1440'],
    [
      'fractional minutes',
      { minutes: 12.5 },
      'invalid_minutes',
      'Minutes played must be a whole number from 1 to 1440',
    ],
    ['minutes as text', { minutes: '30' }, 'invalid_minutes', 'Minutes played must be a whole number from 1 to 1440'],
    ['no date', { played_on: undefined }, 'invalid_play_date', 'Play date must be a valid date'],
    ['an impossible date', { played_on: '2025-02-30' }, 'invalid_play_date', 'Play date must be a valid date'],
    ['a date before 1970', { played_on: '1969-12-31' }, 'invalid_play_date', 'Play date cannot be before 1970'],
    ['a date two days ahead', { played_on: isoDay(2) }, 'invalid_play_date', 'Play date cannot be in the future'],
    ['a note of 281 characters', { note: 'x'.repeat(281) }, 'note_too_long', 'Note exceeds 280 characters'],
    [
      'a platform the game is not on',
      { igdb_id: IGDB.portal2, platform_name: 'Nintendo Switch' },
      'platform_not_for_game',
      "That platform is not one of this game's platforms",
    ],
    ['an unknown platform', { platform_id: 987654 }, 'platform_not_found', 'Platform "987654" not found in database'],
    ['no key', { key: 'not-a-uuid' }, 'invalid_session', 'Invalid play session ID'],
    ['private as text', { is_private: 'yes' }, 'invalid_private', 'Private must be true or false'],
  ] as const)('refuses %s with a clear message and writes nothing', async (_name, extra, code, message) => {
    const m = await member('refused');
    const { platform_name: platformName, ...rest } = extra as Record<string, unknown>;
    const args: Record<string, unknown> = session(rest);
    if (typeof platformName === 'string') args.platform_id = await platformId(platformName);
    if ('played_on' in rest && rest.played_on === undefined) delete args.played_on;
    expect(summary(await push(db, m.actor, [['journal.add', args]]))).toEqual([['rejected', code, message]]);
    expect(await db.query('select 1 from public.play_session where user_id = $1', [m.id])).toEqual([]);
  });

  it('takes tomorrow (a member east of UTC is a day ahead) and a note of exactly 280 characters', async () => {
    const m = await member('edge');
    const row = await pushOk(
      db,
      m.actor,
      'journal.add',
      session({ played_on: isoDay(1), note: 'n'.repeat(280), minutes: 1440 }),
    );
    expect(row).toMatchObject({ played_on: isoDay(1), minutes: 1440 });
  });

  it('is exactly-once by mutation id and by session key', async () => {
    const m = await member('once');
    const args = session();
    const batch = batchOf([['journal.add', args]]);
    const first = await pushBatch(db, m.actor, batch);
    const again = await pushBatch(db, m.actor, batch);
    const sameKey = await push(db, m.actor, [['journal.add', { ...args, minutes: 5 }]]);
    expect(again).toEqual(first);
    expect(sameKey[0]?.result).toMatchObject({ id: first[0]?.result?.id, minutes: 90 });
    expect(await db.query('select count(*)::int as n from public.play_session where user_id = $1', [m.id])).toEqual([
      { n: 1 },
    ]);
  });

  it("refuses another member's key, even of a private session they cannot see", async () => {
    const [a, b] = [await member('keyowner'), await member('keythief')];
    const key = randomUUID();
    await pushOk(db, a.actor, 'journal.add', session({ key, is_private: true }));
    expect(summary(await push(db, b.actor, [['journal.add', session({ key })]]))).toEqual([
      ['rejected', 'invalid_session', 'Invalid play session ID'],
    ]);
  });
});

describe('journal.update and journal.delete', () => {
  it('update changes the fields given (by key or id), clears the platform with null, and moves updated_at', async () => {
    const m = await member('editor');
    const pc = await platformId('PC (Microsoft Windows)');
    const args = session({ platform_id: pc, note: 'first' });
    const created = await pushOk(db, m.actor, 'journal.add', args);
    const byKey = await pushOk(db, m.actor, 'journal.update', {
      key: args.key,
      minutes: 45,
      platform_id: null,
      is_private: true,
    });
    expect(byKey).toMatchObject({
      id: created.id,
      minutes: 45,
      platform_id: null,
      is_private: true,
      note: 'first',
      played_on: args.played_on,
    });
    const byId = await pushOk(db, m.actor, 'journal.update', { id: created.id, note: '   ' });
    expect(byId).toMatchObject({ note: null, minutes: 45, created_at: created.created_at });
    expect(summary(await push(db, m.actor, [['journal.update', { id: created.id, minutes: 2000 }]]))).toEqual([
      ['rejected', 'invalid_minutes', 'Minutes played must be a whole number from 1 to 1440'],
    ]);
  });

  it('another member cannot edit or delete a session, by id or key; a session gone counts as deleted', async () => {
    const [a, b] = [await member('mine'), await member('notmine')];
    const args = session();
    const created = await pushOk(db, a.actor, 'journal.add', args);
    expect(
      summary(
        await push(db, b.actor, [
          ['journal.update', { id: created.id, minutes: 1 }],
          ['journal.update', { key: args.key, note: 'hijacked' }],
          ['journal.delete', { id: created.id }],
        ]),
      ),
    ).toEqual([
      ['rejected', 'session_forbidden', 'Play session not found or you do not have permission to edit it'],
      ['rejected', 'session_forbidden', 'Play session not found or you do not have permission to edit it'],
      ['rejected', 'session_forbidden', 'Play session not found or you do not have permission to delete it'],
    ]);
    expect(
      summary(
        await push(db, a.actor, [
          ['journal.delete', { key: args.key }],
          ['journal.delete', { key: args.key }],
        ]),
      ),
    ).toEqual([
      ['ok', null, null],
      ['ok', null, null],
    ]);
    expect(await db.query('select 1 from public.play_session where id = $1', [created.id])).toEqual([]);
  });
});

describe('the table guards every path', () => {
  it('a direct insert with a platform the game is not on, or a future day, is refused', async () => {
    const m = await member('direct');
    const sw = await platformId('Nintendo Switch');
    const insert = (day: string, platform: number | null) =>
      attempt(() =>
        asActor(db, m.actor, (q) =>
          q.query(
            'insert into public.play_session (client_key, user_id, game_id, played_on, minutes, platform_id) values ($1::uuid, $2::bigint, $3::bigint, $4::date, 30, $5::bigint)',
            [randomUUID(), m.id, gameId(IGDB.portal2), day, platform],
          ),
        ),
      );
    const wrongPlatform = await insert(isoDay(0), sw);
    expect(wrongPlatform.ok ? 'ok' : wrongPlatform.error.message).toBe(
      "That platform is not one of this game's platforms",
    );
    const future = await insert(isoDay(3), null);
    expect(future.ok ? 'ok' : future.error.message).toBe('Play date cannot be in the future');
    const fine = await insert(isoDay(0), null);
    expect(fine.ok).toBe(true);
  });
});

describe('sync_pull', () => {
  it("sends a member all their own sessions (private ones too) with their games, and none of another member's", async () => {
    const [a, b] = [await member('puller'), await member('neighbour')];
    await pushOk(db, a.actor, 'journal.add', session({ igdb_id: IGDB.celeste, is_private: true }));
    await pushOk(db, a.actor, 'journal.add', session({ igdb_id: IGDB.celeste }));
    const snapshot = await pull(db, b.actor, null, { user_ids: [a.id], game_ids: [gameId(IGDB.celeste)] });
    await pushOk(db, b.actor, 'journal.add', session({ igdb_id: IGDB.stardew }));
    const mine = await pull(db, b.actor, null);
    const sessions = mine.changes.filter((c) => c.table === 'play_session');
    expect(sessions.map((c) => c.row?.user_id)).toEqual([b.id]);
    expect(mine.changes.some((c) => c.table === 'game' && c.id === gameId(IGDB.stardew))).toBe(true);
    expect(snapshot.changes.filter((c) => c.table === 'play_session')).toEqual([]);

    const own = await pull(db, a.actor, null);
    expect(
      own.changes
        .filter((c) => c.table === 'play_session')
        .map((c) => c.row?.is_private)
        .sort(),
    ).toEqual([false, true]);

    // Deltas: a's new and changed sessions reach a (and only a), a delete arrives as a tombstone.
    const args = session({ igdb_id: IGDB.hollowKnight, is_private: true });
    await pushOk(db, a.actor, 'journal.add', args);
    const deltaA = await pull(db, a.actor, own.cursor);
    expect(deltaA.changes.filter((c) => c.table === 'play_session').map((c) => c.row?.client_key)).toEqual([args.key]);
    expect(deltaA.changes.some((c) => c.table === 'game' && c.id === gameId(IGDB.hollowKnight))).toBe(true);
    const deltaB = await pull(db, b.actor, mine.cursor, { user_ids: [a.id], game_ids: [gameId(IGDB.hollowKnight)] });
    expect(deltaB.changes.filter((c) => c.table === 'play_session')).toEqual([]);
    await pushOk(db, a.actor, 'journal.delete', { key: args.key });
    const tombstone = await pull(db, a.actor, deltaA.cursor);
    expect(tombstone.changes.filter((c) => c.table === 'play_session')).toEqual([
      expect.objectContaining({ op: 'delete', key: { client_key: args.key } }),
    ]);
  });
});

describe('the change log', () => {
  it("keeps a member's play session entries to that member (it would tell of private sessions)", async () => {
    const [a, b] = [await member('logged'), await member('snoop')];
    await pushOk(db, a.actor, 'journal.add', session({ is_private: true }));
    const sql = `select count(*)::int as n from public.sync_change where tbl = 'play_session' and user_id = $1::bigint`;
    const count = (actor: typeof a.actor) =>
      asActor(db, actor, (q) => q.query<{ n: number }>(sql, [a.id])).then((r) => r[0]?.n);
    expect(await count(a.actor)).toBe(1);
    expect(await count(b.actor)).toBe(0);
    expect(await count(VISITOR)).toBe(0);
  });
});

describe('get_user_journal', () => {
  it('shows the owner everything and others only public sessions, totals counting only what each may see', async () => {
    const [owner, other] = [await member('journaller'), await member('reader')];
    await pushOk(db, owner.actor, 'journal.add', session({ played_on: '2026-01-10', minutes: 60 }));
    await pushOk(
      db,
      owner.actor,
      'journal.add',
      session({ played_on: '2026-01-12', minutes: 30, is_private: true, note: 'secret' }),
    );
    await pushOk(
      db,
      owner.actor,
      'journal.add',
      session({ played_on: '2026-02-01', minutes: 120, igdb_id: IGDB.celeste }),
    );
    const sql = 'public.get_user_journal($1::bigint, $2::integer)';
    const own = await call<Journal>(db, owner.actor, sql, [owner.id, 50]);
    expect(own.entries.map((e) => [e.played_on, e.minutes, e.is_private])).toEqual([
      ['2026-02-01', 120, false],
      ['2026-01-12', 30, true],
      ['2026-01-10', 60, false],
    ]);
    expect(own).toMatchObject({ total_minutes: 210, session_count: 3, has_more: false });
    expect(own.entries[0]?.game.name).toBe('Celeste');
    for (const actor of [other.actor, VISITOR]) {
      const seen = await call<Journal>(db, actor, sql, [owner.id, 50]);
      expect(seen.entries.map((e) => e.minutes)).toEqual([120, 60]);
      expect(seen).toMatchObject({ total_minutes: 180, session_count: 2 });
      expect(JSON.stringify(seen)).not.toContain('secret');
    }
  });

  it('pages by the last entry shown without skipping or repeating', async () => {
    const m = await member('pager');
    for (const day of ['2026-03-01', '2026-03-01', '2026-03-02', '2026-03-03', '2026-02-28']) {
      await pushOk(db, m.actor, 'journal.add', session({ played_on: day, minutes: 10 }));
    }
    const seen: number[] = [];
    let before: [string, number] | null = null;
    for (let page = 0; page < 5; page++) {
      const j: Journal = await call<Journal>(
        db,
        VISITOR,
        'public.get_user_journal($1::bigint, $2::integer, $3::date, $4::bigint)',
        [m.id, 2, before?.[0] ?? null, before?.[1] ?? null],
      );
      seen.push(...j.entries.map((e) => e.id));
      const last = j.entries.at(-1);
      if (!j.has_more || !last) break;
      before = [String(last.played_on), last.id];
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });
});
