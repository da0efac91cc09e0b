// The change log keeps one entry per row, op, key and scope columns per transaction
// (supabase/schema/functions/app.drop_repeated_changes.sql): sync_push drops a batch's repeats when it is done. A repeat carries nothing
// a reader needs, since sync_pull sends a row's state as it is when read, chosen by the row's
// newest change the reader may see. These tests push the same seeded batches into two databases,
// one with repeats dropped and one without (app.drop_repeated_changes = 'off'), and expect every
// reader to end up holding the same rows at every page size, while the first log is smaller.
import { afterAll, describe, expect, it } from 'vitest';
import { VISITOR, asActor, createTestDb, type Actor, type TestDb } from '../support/test-db.ts';
import { mulberry32 } from '../support/random.ts';
import {
  IGDB,
  Mirror,
  batchOf,
  createMember,
  importCatalogue,
  pull,
  type Member,
  type MutationResult,
  type Mutation,
  type Scope,
} from '../support/fixtures.ts';
import type { Row } from '../../supabase/local/db.ts';

const opened: TestDb[] = [];
afterAll(() => Promise.all(opened.map((db) => db.close())));

async function push(db: TestDb, actor: Actor, mutations: readonly Mutation[], keepRepeats: boolean) {
  return asActor(db, actor, async (q) => {
    if (keepRepeats) await q.query("select set_config('app.drop_repeated_changes', 'off', true)");
    const out = await q.query<{ r: { results: MutationResult[] } }>(
      'select public.sync_push(gen_random_uuid(), $1::jsonb) as r',
      [JSON.stringify(batchOf(mutations))],
    );
    return out[0]!.r.results;
  });
}

/** A key from the seeded stream, so that both databases get the same keys. */
function seededKey(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const GAME_IDS = Object.values(IGDB);

/**
 * Batches that write one row several times: comments and likes on one review (its counts),
 * a draft made and published again, a shelf added, removed and added, a profile edited twice,
 * follows and unfollows (both members' counts).
 */
async function workload(db: TestDb, members: readonly Member[], keepRepeats: boolean): Promise<number> {
  const random = mulberry32(7);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  let ok = 0;
  const run = async (m: Member, batch: Mutation[]) => {
    const results = await push(db, m.actor, batch, keepRepeats);
    ok += results.filter((r) => r.status === 'ok').length;
  };
  for (const m of members)
    await run(
      m,
      GAME_IDS.slice(0, 4).map((igdb, i) => ['review.create', { igdb_id: igdb, rating: 6 + i, review: `R ${m.id}` }]),
    );
  for (let round = 0; round < 6; round++) {
    for (const m of members) {
      const others = members.filter((o) => o !== m);
      const ratings = await db.query<{ id: number }>('select id from public.rating where not is_draft order by id');
      const rating = pick(ratings).id;
      const igdb = pick(GAME_IDS.slice(0, 4));
      const other = pick(others).id;
      const keys = [seededKey(random), seededKey(random), seededKey(random)];
      const batch: Mutation[] = [
        ...keys.map((key, i): Mutation => ['comment.add', { key, rating_id: rating, content: `C${round}.${i}` }]),
        ['review_like.set', { rating_id: rating, liked: true }],
        ['comment_like.set', { comment_key: keys[0], liked: true }],
        ['comment_like.set', { comment_key: keys[0], liked: false }],
        ['comment.delete', { key: keys[1] }],
        ['review.update', { igdb_id: igdb, draft: true, review: `D${round}` }],
        ['review.update', { igdb_id: igdb, draft: random() < 0.5, review: `P${round}` }],
        ['wishlist.set', { igdb_id: pick(GAME_IDS), in: true }],
        ['wishlist.set', { igdb_id: GAME_IDS[round]!, in: false }],
        ['wishlist.set', { igdb_id: GAME_IDS[round]!, in: true }],
        ['profile.update', { bio: `Bio ${round}` }],
        ['profile.update', { location: `Town ${round}` }],
        ['follow.set', { user_id: other, following: true }],
        ['follow.set', { user_id: other, following: random() < 0.5 }],
        ['progress.set', { igdb_id: igdb, started: true }],
        ['progress.set', { igdb_id: igdb, completed: random() < 0.5 }],
      ];
      if (random() < 0.3) batch.push(['review_like.set', { rating_id: rating, liked: false }]);
      await run(m, batch);
    }
  }
  return ok;
}

/** A row as both databases hold it: times and edit clocks differ by when each ran, auth ids by chance. */
function comparable(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([k]) => !/(_at|_date|_time|hlc|clock)$|^provider_id$/.test(k)));
}

async function walk(db: TestDb, actor: Actor, from: string | null, scope: Scope, limit: number) {
  const mirror = new Mirror();
  let cursor = from;
  let pages = 0;
  for (;;) {
    const page = await pull(db, actor, cursor, scope, limit);
    mirror.apply(page.changes);
    pages++;
    if (!page.has_more || pages > 2000) break;
    cursor = page.cursor;
  }
  return { rows: new Map([...mirror.rows].map(([k, row]) => [k, comparable(row)])), pages };
}

describe('[S7] a batch logs each row once', () => {
  it('readers end up with the same rows with and without repeated log entries, at every page size', async () => {
    // One after the other: on a PostgreSQL server, two databases set up at once race on its roles.
    const setups = [];
    for (const keepRepeats of [false, true]) {
      const db = await createTestDb();
      opened.push(db);
      await importCatalogue(db);
      const members = [];
      for (const name of ['rep_a', 'rep_b', 'rep_c']) members.push(await createMember(db, name));
      setups.push({ db, members, keepRepeats });
    }
    const readers = (members: Member[]): Array<[string, Actor, Scope]> => [
      ['author', members[0]!.actor, {}],
      ['follower', members[1]!.actor, { user_ids: [members[0]!.id] }],
      ['visitor', VISITOR, { user_ids: members.map((m) => m.id) }],
    ];
    const cursors = await Promise.all(
      setups.map(({ db, members }) =>
        Promise.all(readers(members).map(([, actor, scope]) => pull(db, actor, null, scope).then((p) => p.cursor))),
      ),
    );
    const writes = [];
    for (const { db, members, keepRepeats } of setups) writes.push(await workload(db, members, keepRepeats));
    expect(writes[0]).toBe(writes[1]);
    expect(writes[0]).toBeGreaterThan(200);

    // The log without repeats is smaller, and holds no two identical entries of a row in a transaction.
    const logged = await Promise.all(
      setups.map(({ db }) => db.query<{ n: number }>('select count(*)::int as n from public.sync_change')),
    );
    expect(logged[0]![0]!.n).toBeLessThan(logged[1]![0]!.n - 100);
    const repeats = await setups[0]!.db.query(
      `select xid, tbl, row_id from public.sync_change
        group by xid, tbl, row_id, op, key::text, user_id, subject_user_id, game_id, rating_id, private_to
       having count(*) > 1`,
    );
    expect(repeats).toEqual([]);

    let compared = 0;
    for (const [r, [name]] of readers(setups[0]!.members).entries()) {
      for (const limit of [1, 3, 1000]) {
        const [without, withRepeats] = await Promise.all(
          setups.map(({ db, members }, s) => {
            const [, actor, scope] = readers(members)[r]!;
            return walk(db, actor, cursors[s]![r]!, scope, limit);
          }),
        );
        expect(without!.rows, `${name}, limit ${limit}`).toEqual(withRepeats!.rows);
        // Fewer entries, so no more pages.
        expect(without!.pages, `${name}, limit ${limit}`).toBeLessThanOrEqual(withRepeats!.pages);
        compared += without!.rows.size;
      }
      // And the snapshot of a new device.
      const snapshots = await Promise.all(
        setups.map(({ db, members }) => {
          const [, actor, scope] = readers(members)[r]!;
          return walk(db, actor, null, scope, 1000);
        }),
      );
      expect(snapshots[0]!.rows, `${name}, snapshot`).toEqual(snapshots[1]!.rows);
    }
    expect(compared).toBeGreaterThan(100);
  }, 300_000);

  it('keeps one entry of a review that a batch of comments counted, and every entry that differs', async () => {
    const db = await createTestDb();
    opened.push(db);
    await importCatalogue(db);
    const author = await createMember(db, 'rep_author');
    const reader = await createMember(db, 'rep_reader');
    await push(db, author.actor, [['review.create', { igdb_id: IGDB.hades, rating: 8, review: 'Good' }]], false);
    await push(db, author.actor, [['review.create', { igdb_id: IGDB.rdr2, rating: 9, review: 'Vast' }]], false);
    const [rating, quiet] = (await db.query<{ id: number }>('select id from public.rating order by id')).map(
      (r) => r.id,
    );
    const comments: Mutation[] = Array.from({ length: 5 }, (_, i) => [
      'comment.add',
      { key: `00000000-0000-4000-a000-00000000000${i}`, rating_id: rating, content: `Comment ${i}` },
    ]);
    const entries = async () =>
      db.query<{ tbl: string; op: string; private_to: number | null; newest: boolean }>(
        `select tbl, op, private_to, id = max(id) over (partition by tbl, row_id) as newest from public.sync_change
          where xid = (select max(xid) from public.sync_change) order by id`,
      );

    await push(db, reader.actor, comments, false);
    const kept = await entries();
    expect(kept.filter((e) => e.tbl === 'comment')).toHaveLength(5);
    // The review's comment count changed five times: one entry, the newest of them.
    expect(kept.filter((e) => e.tbl === 'rating')).toEqual([
      { tbl: 'rating', op: 'upsert', private_to: null, newest: true },
    ]);

    // Without dropping repeats, five (the setting is what the test above compares against).
    await push(
      db,
      reader.actor,
      comments.map(([name, args]) => [name, { ...args, key: String(args['key']).replace('a000', 'b000') }]),
      true,
    );
    expect((await entries()).filter((e) => e.tbl === 'rating')).toHaveLength(5);

    // A review (with no comments yet) made a draft and edited as a draft in one batch: the first
    // entry is public (it was published), the second its author's alone. Both stay, and the reader,
    // who held it published, is told it is gone.
    const scope = { rating_ids: [quiet!] };
    const cursor = (await pull(db, reader.actor, null, scope)).cursor;
    await push(
      db,
      author.actor,
      [
        ['review.update', { igdb_id: IGDB.rdr2, draft: true, review: 'Draft' }],
        ['review.update', { igdb_id: IGDB.rdr2, review: 'Draft, edited' }],
        ['review.update', { igdb_id: IGDB.rdr2, review: 'Draft, edited again' }],
      ],
      false,
    );
    expect((await entries()).filter((e) => e.tbl === 'rating').map((e) => e.private_to)).toEqual([null, author.id]);
    const page = await pull(db, reader.actor, cursor, scope);
    expect(page.changes.filter((c) => c.table === 'rating')).toEqual([
      expect.objectContaining({ table: 'rating', op: 'delete', id: quiet }),
    ]);
    // The author's own device gets the draft as it is now.
    const own = await pull(db, author.actor, cursor);
    expect(own.changes.find((c) => c.table === 'rating' && c.id === quiet)?.row).toMatchObject({
      is_draft: true,
      review: 'Draft, edited again',
    });
  }, 120_000);
});
