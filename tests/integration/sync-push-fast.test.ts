// sync_push's set-based progress marks (supabase/schema/functions/app.push_progress_set.sql), reviews and play sessions
// (supabase/schema/functions/app.push_review_set.sql, app.push_session_set.sql) against its one-by-one path (app.push_set_based = 'off'): the
// same mixed batch, pushed twice, then batches of reviews and play sessions (sets that are applied
// together, sets that fall back to one by one for a refusal, a repeat or a duplicate, and edits
// their clocks supersede), as the same member on two fresh databases, must give the same results,
// the same rows (ids included) and the same change log (each row's entries in the same order; only
// the interleaving of different rows' entries may differ, and it does, which shows the set-based
// path ran).
// Runs on PGlite, and on PostgreSQL 15 through tests/support/with-postgres.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { asActor, createTestDb, type TestDb } from '../support/test-db.ts';
import { IGDB, createMember, importCatalogue, type Member } from '../support/fixtures.ts';

interface Row {
  id: unknown;
  name: string;
  args: unknown;
  hlc?: string;
}

const CLIENT = 'cccccccc-0000-4000-8000-00000000000c';
const hlc = (n: number) => `001795608000000-${String(n).padStart(6, '0')}-${CLIENT}`;
const TABLES = ['game_progress', 'rating', 'play_session', 'user_wishlist', 'user_collection', 'edit_clock'];

/** The batch: plain marks (a game marked two and three times), marks that are refused or not
 * plain, the other writes an import makes, writes that must stay in order with a mark of the same
 * game, a write of another kind, repeats, a borrowed id, a malformed id. */
function batch(borrowed: string, games: Map<number, number>): Row[] {
  const key = randomUUID();
  let n = 0;
  const r = (name: string, args: unknown, id: unknown = randomUUID()): Row => ({ id, name, args, hlc: hlc(n++) });
  const rows: Row[] = [
    r('wishlist.set', { igdb_id: IGDB.zelda, in: true }),
    r('progress.set', { igdb_id: IGDB.witcher3, started: true, at: '2021-03-01T12:00:00.000Z' }),
    r('progress.set', { igdb_id: IGDB.witcher3, started: true, completed: true, at: '2021-03-09T12:00:00.000Z' }),
    r('review.create', { igdb_id: IGDB.witcher3, rating: 8, review: 'Great <b>bold</b>', draft: false }),
    r('journal.add', {
      key,
      igdb_id: IGDB.witcher3,
      played_on: '2021-03-01',
      minutes: 60,
      note: 'Imported',
      is_private: false,
    }),
    // Held behind the journal entry above and applied after this mark, in one-by-one order for zelda.
    r('progress.set', { igdb_id: IGDB.zelda, started: true }),
    r('progress.set', { igdb_id: IGDB.gta5, started: 'maybe' }),
    r('progress.set', { igdb_id: 999_999_999, started: true }),
    r('collection.set', { igdb_id: IGDB.hades, in: true }),
    r('progress.set', { igdb_id: IGDB.hades, completed: true }),
    r('progress.set', { igdb_id: IGDB.eldenRing, started: true, at: 'not a date' }),
    r('progress.set', { igdb_id: IGDB.eldenRing, started: true, at: '2021-02-30T00:00:00Z' }),
    r('profile.update', { bio: 'Imported from Grouvee' }),
    r('progress.set', { game_id: games.get(IGDB.celeste), started: true }),
    r('progress.set', { igdb_id: IGDB.stardew, started: true }),
    r('wishlist.set', { igdb_id: IGDB.portal2, in: true }),
    r('progress.set', { igdb_id: IGDB.stardew, completed: true, at: '2020-01-01T00:00:00Z' }),
    r('progress.set', { igdb_id: IGDB.stardew, started: true }),
    r('progress.set', { igdb_id: IGDB.portal2, started: true }, borrowed),
    r('progress.set', { igdb_id: IGDB.portal2, started: true }, 'not-a-uuid'),
    r('review.create', { igdb_id: IGDB.hades, rating: 11 }),
    r('journal.add', { key, igdb_id: IGDB.witcher3, played_on: '2021-03-02', minutes: 30 }),
    r('progress.set', { igdb_id: IGDB.hollowKnight, started: false }),
    r('progress.set', { igdb_id: IGDB.rdr2, started: true, completed: null }),
  ];
  // The first mark again, by id, later in the same batch: its result, applied once.
  rows.push({ ...(rows[1] as Row) });
  return rows;
}

/** Reviews, play sessions and shelves, in five batches pushed after the first (clocks numbered
 * from `from`): the first is written whole together; in the second, a review of a game already
 * reviewed, two reviews of one game, a review without a rating, a session key used again and
 * refused sessions make each set fall back to one by one; the third has a review whose platform is
 * refused beside one that is fine, a refused session alone, and an edit older than the review it
 * edits (superseded by the clocks the set wrote); the fourth adds games to the wishlist and the
 * collection together; in the fifth, a game already on a shelf, a started game, two shelf writes
 * of one game and an older edit of a shelf (superseded) make the shelf set fall back. */
function laterBatches(from: number): Row[][] {
  let n = from;
  const r = (name: string, args: unknown, at = n++): Row => ({ id: randomUUID(), name, args, hlc: hlc(at) });
  const [k1, k2, k3, k4, k5, k6, k7] = Array.from({ length: 7 }, () => randomUUID());
  const created = n;
  return [
    [
      r('review.create', { igdb_id: IGDB.zelda, rating: 7, review: ' Fine ', platform: 'Nintendo Switch' }),
      r('journal.add', { key: k1, igdb_id: IGDB.zelda, played_on: '2021-04-01', minutes: 90, note: '  walk  ' }),
      r('review.create', { igdb_id: IGDB.gta5, rating: 9.5, draft: true, playtime_hours: 12 }),
      r('progress.set', { igdb_id: IGDB.celeste, completed: true, at: '2021-04-02T10:00:00.000Z' }),
      r('journal.add', { key: k2, igdb_id: IGDB.gta5, played_on: '2021-04-02', minutes: 45, is_private: true }),
      r('review.create', { igdb_id: IGDB.celeste, rating: 6, review: '   ', is_recommended: true }),
      r('wishlist.set', { igdb_id: IGDB.portal2, in: true }),
      r('journal.add', { key: k3, igdb_id: IGDB.celeste, played_on: '2021-04-03', minutes: 30, note: null }),
    ],
    [
      r('review.create', { igdb_id: IGDB.zelda, rating: 5 }),
      r('review.create', { igdb_id: IGDB.eldenRing, rating: 8 }),
      r('review.create', { igdb_id: IGDB.eldenRing, rating: 9 }),
      r('review.create', { igdb_id: IGDB.hollowKnight, review: 'No rating' }),
      r('journal.add', { key: k1, igdb_id: IGDB.zelda, played_on: '2021-04-09', minutes: 5 }),
      r('journal.add', { key: k4, igdb_id: IGDB.hollowKnight, played_on: '2021-04-04', minutes: 0 }),
      r('journal.add', { key: k5, igdb_id: IGDB.rdr2, played_on: '2999-01-01', minutes: 20 }),
      r('journal.add', { key: k6, igdb_id: IGDB.rdr2, played_on: '2021-05-01', minutes: 20 }),
    ],
    [
      r('review.update', { igdb_id: IGDB.zelda, rating: 3, review: 'Older edit' }, created - 1),
      r('review.create', { igdb_id: IGDB.rdr2, rating: 8, platform: 'Atari Jaguar' }),
      r('review.create', { igdb_id: IGDB.hades, rating: 4.5, review: 'Short' }),
      r('journal.add', { key: k7, igdb_id: IGDB.hades, played_on: '2021-06-01', minutes: 10, is_private: 'yes' }),
    ],
    [
      r('wishlist.set', { igdb_id: IGDB.hollowKnight, in: true, priority: 2, notes: ' hi ' }),
      r('collection.set', { igdb_id: IGDB.eldenRing }),
      r('collection.set', { igdb_id: IGDB.gta5 }),
    ],
    [
      r('collection.set', { igdb_id: IGDB.portal2, in: true }),
      r('wishlist.set', { igdb_id: IGDB.stardew, in: true }),
      r('collection.move', { igdb_id: IGDB.eldenRing, to: 'wishlist' }),
      r('wishlist.set', { igdb_id: IGDB.eldenRing, priority: 1 }),
      r('collection.set', { igdb_id: IGDB.hollowKnight }, created - 1),
    ],
  ];
}

interface Run {
  replies: unknown[];
  rows: Record<string, unknown[]>;
  changes: Array<Record<string, unknown>>;
}

/** Replaces what differs between the two databases whatever the path (each push's now() as
 * to_jsonb writes it, the member's auth id and sign-up time) by its name, everywhere in value. */
function normalise(value: unknown, names: Readonly<Record<string, string>>): unknown {
  return JSON.parse(
    Object.entries(names).reduce(
      (text, [name, was]) => text.replaceAll(JSON.stringify(was), JSON.stringify(`<${name}>`)),
      JSON.stringify(value),
    ),
  );
}

async function run(
  setBased: boolean,
  mutationIds: { borrowed: string; first: Row[] | null; more: Row[][] | null },
): Promise<Run> {
  const db: TestDb = await createTestDb();
  try {
    const games = await importCatalogue(db);
    // Another member used an id first.
    const other: Member = await createMember(db, 'other_member');
    const me: Member = await createMember(db, 'fast_member');
    const push = (who: Member, rows: readonly Row[]) =>
      asActor(db, who.actor, async (q) => {
        if (!setBased) await q.query("select set_config('app.push_set_based', 'off', true)");
        const out = await q.query<{ r: unknown; now: string }>(
          'select public.sync_push($1::uuid, $2::jsonb, 2) as r, to_jsonb(now()) #>> $3 as now',
          [CLIENT, JSON.stringify(rows), '{}'],
        );
        return out[0] as { r: unknown; now: string };
      });
    await push(other, [{ id: mutationIds.borrowed, name: 'wishlist.set', args: { igdb_id: IGDB.rdr2, in: true } }]);
    const before = Number(
      (await db.query<{ n: number }>('select coalesce(max(id), 0) as n from public.sync_change'))[0]?.n,
    );
    mutationIds.first ??= batch(mutationIds.borrowed, games);
    const first = await push(me, mutationIds.first);
    const again = await push(me, mutationIds.first);
    mutationIds.more ??= laterBatches(1000);
    const more = [];
    for (const rows of mutationIds.more) more.push(await push(me, rows));
    const joined = await db.query<{ t: string }>(
      `select to_jsonb(created_at) #>> '{}' as t from public."user" where id = $1`,
      [me.id],
    );
    const nows = {
      'first push': first.now,
      'second push': again.now,
      ...Object.fromEntries(more.map((m, i) => [`review push ${i + 1}`, m.now])),
      'auth id': me.actor.authId ?? '',
      'signed up': joined[0]?.t ?? '',
    };
    const rows: Record<string, unknown[]> = {};
    for (const table of TABLES)
      rows[table] = (
        await db.query<{ r: unknown }>(
          `select to_jsonb(t) as r from public.${table} t where t.user_id = $1 order by 1`,
          [me.id],
        )
      ).map((x) => x.r);
    rows.sync_applied = (
      await db.query<{ r: unknown }>(
        `select to_jsonb(t) - 'applied_at' as r from public.sync_applied t where t.user_id = $1 order by t.mutation_id`,
        [me.id],
      )
    ).map((x) => x.r);
    rows.user = await db.query('select id, username, bio from public."user" where id = $1', [me.id]);
    const changes = await db.query<Record<string, unknown>>(
      `select tbl, row_id, op, key, user_id, subject_user_id, game_id, rating_id, private_to
       from public.sync_change where id > $1 order by id`,
      [before],
    );
    return {
      replies: normalise([first.r, again.r, ...more.map((m) => m.r)], nows) as unknown[],
      rows: normalise(rows, nows) as Record<string, unknown[]>,
      changes: normalise(changes, nows) as Array<Record<string, unknown>>,
    };
  } finally {
    await db.close();
  }
}

const ids = { borrowed: randomUUID(), first: null as Row[] | null, more: null as Row[][] | null };
const oneByOne = await run(false, ids);
const setBased = await run(true, ids);
afterAll(() => undefined);

const perRow = (changes: ReadonlyArray<Record<string, unknown>>) => {
  const map = new Map<string, string[]>();
  for (const c of changes) {
    const k = `${String(c.tbl)}:${String(c.row_id)}`;
    map.set(k, [...(map.get(k) ?? []), JSON.stringify(c)]);
  }
  return Object.fromEntries([...map.entries()].sort(([a], [b]) => a.localeCompare(b)));
};

describe('sync_push: set-based progress marks and the one-by-one path', () => {
  it('answer the same, refusals and repeats included, on the first push and the second', () => {
    const [first] = oneByOne.replies as Array<{ results: Array<{ status: string; code?: string }> }>;
    // The batch holds refusals of several kinds, so the comparison covers them.
    expect(first?.results.filter((r) => r.status === 'rejected').map((r) => r.code)).toEqual([
      'invalid',
      'game_not_found',
      'invalid',
      'invalid',
      'id_conflict',
      'invalid_args',
      expect.any(String),
    ]);
    expect(setBased.replies).toEqual(oneByOne.replies);
  });

  it('answer the same for reviews and play sessions, whether a set is written whole or falls back', () => {
    type Reply = { results: Array<{ status: string; code?: string; superseded?: string[] }> };
    const [, , whole, fallBack, mixed] = oneByOne.replies as Reply[];
    expect(whole?.results.map((r) => r.status)).toEqual(Array(8).fill('ok'));
    expect(fallBack?.results.map((r) => r.code ?? r.status)).toEqual([
      'already_reviewed',
      'ok',
      'already_reviewed',
      'invalid_rating',
      'ok',
      'invalid_minutes',
      'invalid_play_date',
      'ok',
    ]);
    expect(mixed?.results.map((r) => r.code ?? r.status)).toEqual([
      'ok',
      'platform_not_found',
      'ok',
      'invalid_private',
    ]);
    expect(mixed?.results[0]?.superseded).toEqual(['rating', 'review']);
    expect(setBased.replies.slice(2, 5)).toEqual(oneByOne.replies.slice(2, 5));
  });

  it('answer the same for shelf writes, whether a set is written whole or falls back', () => {
    type Reply = { results: Array<{ status: string; code?: string; superseded?: string[] }> };
    const [, , , , , whole, fallBack] = oneByOne.replies as Reply[];
    expect(whole?.results.map((r) => r.code ?? r.status)).toEqual(['ok', 'ok', 'ok']);
    expect(fallBack?.results.map((r) => r.code ?? r.status)).toEqual(['ok', 'game_started', 'ok', 'ok', 'ok']);
    expect(fallBack?.results[4]?.superseded).toEqual(['shelf']);
    expect(setBased.replies.slice(5)).toEqual(oneByOne.replies.slice(5));
  });

  it('leave the same rows, ids included, and the same records of what was applied', () => {
    expect(oneByOne.rows.game_progress?.length).toBeGreaterThan(5);
    expect(setBased.rows).toEqual(oneByOne.rows);
  });

  it('log the same changes, each row’s in the same order; the set-based path did run', () => {
    expect(setBased.changes.length).toBe(oneByOne.changes.length);
    expect(perRow(setBased.changes)).toEqual(perRow(oneByOne.changes));
    // The marks gathered went in before the writes held behind them: the interleaving differs.
    expect(setBased.changes.map((c) => JSON.stringify(c))).not.toEqual(oneByOne.changes.map((c) => JSON.stringify(c)));
  });
});
