// sync_pull built as json answers what the page builder it replaced answered (the one deployed
// before it, kept in sync-pull-json.old-pull.sql and loaded under another name), page for page.
// Both are walked over the same seeded workload, for the author, a reader with a scope, a member
// who follows and a visitor, at several page sizes: same cursors, has_more and snapshot flags,
// and the same changes in the same order, with two intended differences: a game or member the old
// page listed twice (as its own change and as one referred to) is listed once; and a row is sent
// as its page's changes leave it (the change log's entries), where the old page sent it as it is
// now: a row written, deleted or hidden after the page may differ there (an upsert where the old
// page sent a delete, with the members and games it refers to), and must match where it last
// comes in the walk.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR, asActor, call, createTestDb, type Actor } from '../support/test-db.ts';
import { mulberry32 } from '../support/random.ts';
import {
  IGDB,
  Mirror,
  createMember,
  importCatalogue,
  pull,
  push,
  type Change,
  type Member,
  type Mutation,
  type PageRows,
  pageOrder,
  pageRank,
  type PullResult,
  type Scope,
  pushAll,
  pushOk,
  withRows,
} from '../support/fixtures.ts';

const db = await createTestDb();
afterAll(() => db.close());
await importCatalogue(db);

const OLD = 'app.pull_changes_2700';

beforeAll(async () => {
  const file = new URL('./sync-pull-json.old-pull.sql', import.meta.url);
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(`create or replace function ${OLD}(`);
  await db.query(text);
  await db.query(`grant execute on function ${OLD}(text, jsonb, integer, boolean) to anon, authenticated`);
}, 60_000);

function oldPull(actor: Actor, cursor: string | null, scope: Scope, limit: number): Promise<PullResult> {
  return asActor(db, actor, async (q) => {
    const rows = await q.query<{ r: PullResult }>(`select ${OLD}($1::text, $2::jsonb, $3::integer) as r`, [
      cursor,
      JSON.stringify(scope),
      limit,
    ]);
    return rows[0]!.r;
  });
}

/** The old page's changes with exact repeats dropped (the one difference the new function makes). */
function once(changes: readonly Change[]): Change[] {
  const seen = new Set<string>();
  return changes.filter((c) => {
    const key = JSON.stringify(c);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A page's changes in a canonical order. Both functions order by (table rank, id); changes that
 * tie on both (a comment and a like with the same id, say) may come in either order.
 */
function canonical(page: PullResult): PullResult {
  const order = (c: Change) => `${pageRank(c)}:${String(c.id).padStart(12, '0')}:${c.table}:${c.op}`;
  return { ...page, changes: [...page.changes].sort((x, y) => order(x).localeCompare(order(y))) };
}

/** A change's row, as `table:id`. */
const rowKey = (c: Change) => `${c.table}:${c.id}`;

/** Where a change's row comes last in a walk: the index of its page. */
function lastPages(pages: readonly PullResult[]): Map<string, number> {
  const last = new Map<string, number>();
  pages.forEach((page, i) => page.changes.forEach((c) => last.set(rowKey(c), i)));
  return last;
}

/** The members and games a row refers to, as `table:id`. */
function referredTo(change: Change): string[] {
  const row = change.op === 'upsert' ? (change.row ?? {}) : {};
  const refs: string[] = [];
  for (const column of ['user_id', 'follower_id', 'following_id'])
    if (typeof row[column] === 'number') refs.push(`user:${row[column]}`);
  if (typeof row['game_id'] === 'number') refs.push(`game:${row['game_id']}`);
  return refs;
}

/**
 * The two walks' pages without the changes of rows that come again in a later page of either
 * walk: there the new page sends the row as that page's changes leave it (an upsert of a row
 * deleted or hidden since, say), the old one the row as it is now. At a row's last page both are
 * the row as it is now. Left out of the new walk too: a member or game that a page sends only
 * because such a row refers to it (the old page, sending a delete there, had no reason to).
 */
function settled(mine: readonly PullResult[], theirs: readonly PullResult[]): [PullResult[], PullResult[]] {
  const last = lastPages(mine);
  for (const [key, i] of lastPages(theirs)) last.set(key, Math.max(i, last.get(key) ?? i));
  const later = (c: Change, i: number) => last.get(rowKey(c))! > i;
  const settle = (pages: readonly PullResult[]) =>
    pages.map((page, i) => ({ ...page, changes: page.changes.filter((c) => !later(c, i)) }));
  const [a, b] = [settle(mine), settle(theirs)];
  return [
    a.map((page, i) => {
      const theirKeys = new Set((b[i]?.changes ?? []).map(rowKey));
      const byLater = new Set(mine[i]!.changes.filter((c) => later(c, i)).flatMap(referredTo));
      return { ...page, changes: page.changes.filter((c) => theirKeys.has(rowKey(c)) || !byLater.has(rowKey(c))) };
    }),
    b,
  ];
}

/** The page is ordered as sync_pull promises: games, members, reviews, then the rest, by id. */
function isOrdered(page: PullResult): boolean {
  return page.changes.every((c, i) => {
    const prev = page.changes[i - 1];
    return !prev || pageOrder(prev, c) <= 0;
  });
}

/** Every page from a cursor, by the new sync_pull and by the old function, side by side. */
async function walkBoth(
  actor: Actor,
  from: string | null,
  scope: Scope,
  limit: number,
): Promise<[PullResult[], PullResult[]]> {
  const mine: PullResult[] = [];
  const theirs: PullResult[] = [];
  let cursor = from;
  for (let i = 0; i < 200; i++) {
    const [a, b] = [await pull(db, actor, cursor, scope, limit), await oldPull(actor, cursor, scope, limit)];
    // The member's edit clock (protocol 2 on) is not in the old answer.
    const { clock: _clock, ...page } = a as PullResult & { clock?: unknown };
    mine.push(page);
    theirs.push({ ...b, changes: once(b.changes) });
    if (!a.has_more || !b.has_more || a.cursor !== b.cursor) break;
    cursor = a.cursor;
  }
  return [mine, theirs];
}

const GAME_IDS = Object.values(IGDB);

/** A seeded mix of every kind of write, deletes and drafts included, by three members. */
async function workload(seed: number, members: readonly Member[], rounds: number): Promise<number> {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const commentKeys = new Map<number, string[]>();
  let writes = 0;
  for (let round = 0; round < rounds; round++) {
    for (const m of members) {
      const others = members.filter((o) => o !== m);
      const igdb = pick(GAME_IDS);
      const batch: Mutation[] = [];
      const kind = Math.floor(random() * 10);
      if (kind === 0)
        batch.push([
          'review.create',
          { igdb_id: igdb, rating: 1 + Math.floor(random() * 19) / 2, review: `R${round}` },
        ]);
      else if (kind === 1) batch.push(['review.update', { igdb_id: igdb, draft: random() < 0.5, review: `U${round}` }]);
      else if (kind === 2) batch.push(['wishlist.set', { igdb_id: igdb, in: random() < 0.7 }]);
      else if (kind === 3) batch.push(['collection.set', { igdb_id: igdb, in: random() < 0.7 }]);
      else if (kind === 4) batch.push(['progress.set', { igdb_id: igdb, completed: random() < 0.5 }]);
      else if (kind === 5) batch.push(['follow.set', { user_id: pick(others).id, following: random() < 0.7 }]);
      else if (kind === 6)
        batch.push([
          'journal.add',
          { key: randomUUID(), igdb_id: igdb, played_on: '2026-11-01', minutes: 30, is_private: random() < 0.3 },
        ]);
      else if (kind === 7) batch.push(['top5.replace', { games: [{ igdb_id: igdb }, { igdb_id: pick(GAME_IDS) }] }]);
      const ratings = await db.query<{ id: number }>('select id from public.rating where not is_draft order by id');
      if (ratings.length > 0) {
        const rating = pick(ratings).id;
        if (kind === 8 || kind === 9) {
          const key = randomUUID();
          batch.push(['comment.add', { key, rating_id: rating, content: `C${round}` }]);
          commentKeys.set(m.id, [...(commentKeys.get(m.id) ?? []), key]);
        }
        if (random() < 0.3) batch.push(['review_like.set', { rating_id: rating, liked: random() < 0.7 }]);
        const keys = commentKeys.get(m.id) ?? [];
        if (keys.length > 0 && random() < 0.2) batch.push(['comment.delete', { key: keys.shift()! }]);
        if (random() < 0.05) batch.push(['review.delete', { igdb_id: igdb }]);
      }
      const results = await push(db, m.actor, batch);
      writes += results.filter((r) => r.status === 'ok').length;
    }
  }
  return writes;
}

describe('sync_pull as json answers as the function before it did', () => {
  it('page for page, for four readers and four page sizes, after a snapshot and from the start', async () => {
    const members = await Promise.all(['pj_a', 'pj_b', 'pj_c'].map((n) => createMember(db, n)));
    const [a, b, c] = members as [Member, Member, Member];
    await workload(11, members, 4);
    // Cursors taken now, before the rest of the workload: the deltas below start here.
    const cursors = new Map<Actor, string>();
    const readers: Array<[string, Actor, Scope]> = [
      ['author', a.actor, {}],
      ['reader with a scope', b.actor, { user_ids: [a.id], game_ids: [1, 2, 3] }],
      ['follower', c.actor, { user_ids: [a.id, b.id] }],
      ['visitor', VISITOR, { user_ids: [a.id, b.id, c.id] }],
    ];
    for (const [, actor, scope] of readers) cursors.set(actor, (await pull(db, actor, null, scope)).cursor);
    const writes = await workload(12, members, 30);
    expect(writes).toBeGreaterThan(80);

    let compared = 0;
    let deletes = 0;
    for (const [name, actor, scope] of readers) {
      // The snapshot (no cursor) once, and the deltas at several page sizes.
      for (const [from, limit] of [
        [null, 1000],
        [cursors.get(actor)!, 1],
        [cursors.get(actor)!, 3],
        [cursors.get(actor)!, 1000],
        [cursors.get(actor)!, 5000],
      ] as const) {
        // A cursor ends at the server's oldest running transaction: on a shared PostgreSQL server,
        // another database's transaction starting between the two calls moves it. A walk is taken
        // again (up to twice) when the cursors part; a real difference differs every time.
        let [mine, theirs] = await walkBoth(actor, from, scope, limit);
        for (let again = 0; again < 2 && mine.at(-1)?.cursor !== theirs.at(-1)?.cursor; again++)
          [mine, theirs] = await walkBoth(actor, from, scope, limit);
        const what = `${name}, from ${from ?? 'a snapshot'}, limit ${limit}`;
        expect(mine.every(isOrdered), what).toBe(true);
        // No row twice in a page (the old function could list a game or member twice).
        for (const page of mine) expect(new Set(page.changes.map(rowKey)).size, what).toBe(page.changes.length);
        const [ours, old] = settled(mine, theirs);
        expect(ours.map(canonical), what).toEqual(old.map(canonical));
        compared += ours.reduce((n, p) => n + p.changes.length, 0);
        deletes += mine.reduce((n, p) => n + p.changes.filter((ch) => ch.op === 'delete').length, 0);
      }
    }
    // The walks compared real pages: many changes, deletes among them.
    expect(compared).toBeGreaterThan(200);
    expect(deletes).toBeGreaterThan(0);
  }, 240_000);

  // supabase/schema/functions/app.log_change.sql: each upsert's change-log entry carries the row as written, and a page takes
  // it from there; since sync protocol 3 as its columns and values, sent in the page's
  // `rows` (protocol 3). A client before protocol 3 gets every row built when read, as pages were
  // before entries: both must answer the same changes, value for value, once a client has read the
  // rows (withRows; the entries' keys come in jsonb's order).
  it('[S7] sends each entry in rows by table (protocol 3), as the row built when read would be (protocol 2)', async () => {
    const members = await Promise.all(['pe_a', 'pe_b', 'pe_c'].map((n) => createMember(db, n)));
    const [a, b] = members as [Member, Member, Member];
    const readers: Array<[Actor, Scope]> = [
      [a.actor, {}],
      [b.actor, { user_ids: [a.id], game_ids: [1, 2, 3] }],
      [VISITOR, { user_ids: members.map((m) => m.id) }],
    ];
    const cursors = await Promise.all(
      readers.map(async ([actor, scope]) => (await pull(db, actor, null, scope)).cursor),
    );
    expect(await workload(21, members, 12)).toBeGreaterThan(20);
    // Every upsert of a table sent as it is carries its entry (members and games are built when
    // read), but for a row that is not everyone's as written (supabase/schema/functions/app.log_change.sql): the
    // workload's drafts.
    const missing = await db.query<{ tbl: string; n: number }>(
      `select c.tbl, count(*)::int as n from public.sync_change c
        where c.op = 'upsert' and c.tbl not in ('user', 'game') and (c.vals is null or c.cols is null)
          and not exists (select 1 from public.rating r where c.tbl = 'rating' and r.id = c.row_id and r.is_draft)
          and not exists (select 1 from public.comment m where c.tbl = 'comment' and m.id = c.row_id and not m.is_published)
        group by c.tbl`,
    );
    expect(missing).toEqual([]);
    const drafts = await db.query<{ n: number }>(
      `select count(*)::int as n from public.sync_change c join public.rating r on r.id = c.row_id
        where c.tbl = 'rating' and c.op = 'upsert' and r.is_draft and c.vals is null`,
    );
    expect(drafts[0]?.n).toBeGreaterThan(0);
    const page = (protocol: number) =>
      Promise.all(
        readers.map(([actor, scope], i) =>
          call<PullResult & { rows?: PageRows[] }>(
            db,
            actor,
            `public.sync_pull($1::text, $2::jsonb, 5000, true, ${protocol})`,
            [cursors[i]!, JSON.stringify(scope)],
          ),
        ),
      );
    const [grouped, built] = [await page(3), await page(2)];
    // One page each (no row comes again later), with the same cursor.
    for (const [i, p] of grouped.entries()) {
      expect(p.has_more).toBe(false);
      expect(p.cursor).toBe(built[i]!.cursor);
    }
    // Protocol 3 sends the entries in rows (each group's columns once, each row one value per
    // column), and no row twice; protocol 2 has no rows.
    const groups = grouped.flatMap((p) => p.rows ?? []);
    expect(groups.reduce((n, g) => n + g.values.length, 0)).toBeGreaterThan(20);
    for (const g of groups) {
      expect(g.columns).toContain('id');
      for (const values of g.values) expect(values).toHaveLength(g.columns.length);
    }
    expect(built.every((p) => p.rows === undefined)).toBe(true);
    for (const p of grouped.map(withRows)) expect(new Set(p.changes.map(rowKey)).size).toBe(p.changes.length);
    // The same changes, row for row, value for value, in the same order.
    expect(grouped.map((p) => withRows(p).changes)).toEqual(built.map((p) => withRows(p).changes));
  }, 120_000);

  // supabase/schema/functions/app.pull_changes.sql: a row whose newest change in a page has an entry goes as that
  // entry, with no look-up in its table; a row deleted or hidden since comes as it was, and its
  // later change in a later page.
  it('sends a row as its page leaves it, then its delete or its going back to draft in the next page, and never a draft', async () => {
    const [author, reader] = (await Promise.all(['ps_a', 'ps_b'].map((n) => createMember(db, n)))) as [Member, Member];
    const scope: Scope = { user_ids: [author.id] };
    const readerFrom = (await pull(db, reader.actor, null, scope)).cursor;
    const authorFrom = (await pull(db, author.actor, null)).cursor;
    // A review that goes back to draft (it has no replies), and one whose comment is deleted.
    const review = await pushOk(db, author.actor, 'review.create', {
      igdb_id: IGDB.hades,
      rating: 8,
      review: 'Published words',
    });
    const commented = await pushOk(db, author.actor, 'review.create', {
      igdb_id: IGDB.witcher3,
      rating: 9,
      review: 'Stays',
    });
    await pushAll(db, author.actor, [['comment.add', { key: randomUUID(), rating_id: commented.id, content: 'Kept' }]]);
    const gone = randomUUID();
    await pushAll(db, author.actor, [
      ['comment.add', { key: gone, rating_id: commented.id, content: 'Deleted later' }],
    ]);
    await pushAll(db, author.actor, [['comment.delete', { key: gone }]]);
    await pushAll(db, author.actor, [['review.update', { igdb_id: IGDB.hades, draft: true, review: 'Draft words' }]]);

    /** Every page from the cursor, one transaction each. */
    async function walk(actor: Actor, from: string, walkScope: Scope = {}): Promise<PullResult[]> {
      const pages: PullResult[] = [];
      let cursor = from;
      while (pages.length < 50) {
        const page = await pull(db, actor, cursor, walkScope, 1);
        pages.push(page);
        if (!page.has_more) break;
        cursor = page.cursor;
      }
      return pages;
    }
    const find = (pages: readonly PullResult[], table: string, id: number) =>
      pages.flatMap((page, i) => page.changes.filter((c) => c.table === table && c.id === id).map((c) => ({ i, c })));

    const pages = await walk(reader.actor, readerFrom, scope);
    // The review as published, in its own page (with its game and author), then gone when it went
    // back to draft: a delete, and its draft words in no page.
    const reviews = find(pages, 'rating', Number(review.id));
    expect(reviews.map(({ c }) => c.op)).toEqual(['upsert', 'delete']);
    expect(reviews[0]!.c.row).toMatchObject({ review: 'Published words', is_draft: false });
    expect(JSON.stringify(pages)).not.toContain('Draft words');
    const first = pages[reviews[0]!.i]!.changes.map((c) => `${c.table}:${c.id}`);
    expect(first).toEqual(
      expect.arrayContaining([`user:${author.id}`, 'game:' + String(reviews[0]!.c.row!['game_id'])]),
    );
    // The comment deleted later: sent as written, then its delete in a later page.
    const comments = pages.flatMap((page) => page.changes.filter((c) => c.table === 'comment'));
    const deleted = comments.find((c) => c.op === 'upsert' && c.row?.['content'] === 'Deleted later');
    expect(deleted).toBeDefined();
    const ops = find(pages, 'comment', deleted!.id).map(({ i, c }) => [i, c.op] as const);
    expect(ops.map(([, op]) => op)).toEqual(['upsert', 'delete']);
    expect(ops[1]![0]).toBeGreaterThan(ops[0]![0]);
    // A device that applies the pages in order holds what the server shows the reader now.
    const device = new Mirror();
    for (const page of pages) device.apply(page.changes);
    expect([...device.table('rating').keys()]).toEqual([commented.id]);
    expect([...device.table('comment').values()].map((c) => c['content'])).toEqual(['Kept']);

    // The author sees their own draft, built as it is now.
    const own = find(await walk(author.actor, authorFrom), 'rating', Number(review.id));
    expect(own.at(-1)!.c).toMatchObject({ op: 'upsert', row: { review: 'Draft words', is_draft: true } });
  });

  it('answers protocol 2 with the edit clock, and a visitor without one', async () => {
    const m = await createMember(db, 'pj_clock');
    await push(db, m.actor, [['wishlist.set', { igdb_id: IGDB.hades, in: true }]]);
    const sql = 'public.sync_pull(null, $1::jsonb, 1000, true, 2)';
    const mine = await asActor(db, m.actor, (q) =>
      q.query<{ r: PullResult & { clock?: unknown } }>(`select ${sql} as r`, ['{}']),
    );
    expect(typeof mine[0]!.r.clock).toBe('string');
    const visitor = await asActor(db, VISITOR, (q) =>
      q.query<{ r: PullResult & { clock?: unknown } }>(`select ${sql} as r`, ['{}']),
    );
    expect(visitor[0]!.r).not.toHaveProperty('clock');
    expect(visitor[0]!.r.user_id).toBeNull();
  });
});
