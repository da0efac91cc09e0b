// Private review drafts (rating.is_draft): a draft is its author's alone, on every
// path a client has — sync_pull (snapshot and incremental), each screen read, direct table reads —
// and counts nowhere, not even in the author's own figures, until it is published. Publishing
// dates it at the publish time and counts it once; likes and comments wait for it. Runs on PGlite,
// and on PostgreSQL 15 through tests/support/with-postgres.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { VISITOR, asActor, call, createTestDb, type Actor } from '../support/test-db.ts';
import {
  IGDB,
  Mirror,
  batchOf,
  counterDrift,
  createMember,
  importCatalogue,
  pull,
  push,
  pushAll,
  pushBatch,
  pushOk,
  type Member,
} from '../support/fixtures.ts';

const db = await createTestDb();
afterAll(() => db.close());

const games = await importCatalogue(db);
const gameId = (igdb: number): number => games.get(igdb) ?? Number.NaN;
const author = await createMember(db, 'drafty_dana');
const other = await createMember(db, 'other_otto');
const viewers: Array<[string, Actor]> = [
  ['another member', other.actor],
  ['a visitor', VISITOR],
];

type Row = Record<string, unknown>;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/** The author's review row as the database holds it (read as the database owner, past RLS). */
async function stored(id: number): Promise<Row> {
  const [row] = await db.query<Row>('select * from public.rating where id = $1', [id]);
  if (!row) throw new Error(`rating ${id} is gone`);
  return row;
}

/** Everything a screen read answers about a game or a member, as text (to search for the draft in). */
async function screenReads(actor: Actor, m: Member, igdb: number): Promise<Record<string, string>> {
  const q = (sql: string, params: unknown[]) => call(db, actor, sql, params).then((r) => JSON.stringify(r));
  return {
    game: await q('public.get_game_page($1::text, 50)', [String(igdb)]),
    review: await q('public.get_review($1::bigint, $2::bigint)', [m.id, igdb]),
    recent: await q('public.get_recent_reviews(50)', []),
    userReviews: await q('public.get_user_reviews($1::bigint)', [m.id]),
    profile: await q('public.get_profile($1::bigint)', [m.id]),
    activity: await q('public.get_user_activity($1::bigint)', [m.id]),
    users: await q(`public.get_users('drafty')`, []),
    stats: await q('public.game_rating_stats($1::bigint[])', [[igdb]]),
    browse: await q(`public.browse_games('hades', null, null, null, null, 'name', null, 50, 0)`, []),
    catalogue: await q('public.catalogue_page(0, 100)', []),
  };
}

const TEXT = 'Secret thoughts in progress';

describe('a draft stays with its author', () => {
  let draftId = 0;

  it('is saved as a draft through sync_push, exactly once however often the outbox sends it', async () => {
    const batch = batchOf([
      [
        'review.create',
        { igdb_id: IGDB.hades, rating: 8.5, review: TEXT, platform: 'PC', draft: true, post_date_time: minutesAgo(60) },
      ],
    ]);
    const client = randomUUID();
    const [first] = await pushBatch(db, author.actor, batch, client);
    const [again] = await pushBatch(db, author.actor, batch, client);
    expect(first?.status).toBe('ok');
    expect(again).toEqual(first);
    draftId = Number(first?.result?.id);
    expect(await db.query('select count(*)::int as n from public.rating where user_id = $1', [author.id])).toEqual([
      { n: 1 },
    ]);
    expect((await stored(draftId)).is_draft).toBe(true);
  });

  it('is the author’s on every read, with is_draft set', async () => {
    const page = await call<{ me: { review: Row } }>(db, author.actor, 'public.get_game_page($1::text)', [
      String(IGDB.hades),
    ]);
    expect(page.me.review).toMatchObject({ id: draftId, is_draft: true });
    const review = await call<{ review: Row }>(db, author.actor, 'public.get_review($1::bigint, $2::bigint)', [
      author.id,
      IGDB.hades,
    ]);
    expect(review.review).toMatchObject({ id: draftId, is_draft: true, review: TEXT });
    const snapshot = await pull(db, author.actor, null);
    expect(snapshot.changes.find((c) => c.table === 'rating' && c.id === draftId)?.row).toMatchObject({
      is_draft: true,
    });
  });

  it('counts nowhere, not even in the author’s own figures', async () => {
    for (const actor of [author.actor, other.actor, VISITOR]) {
      const page = await call<{
        ratings: { count: number; average: number | null };
        reviews: Row[];
        review_count: number;
      }>(db, actor, 'public.get_game_page($1::text)', [String(IGDB.hades)]);
      expect(page.ratings).toMatchObject({ count: 0, average: null });
      expect(page.reviews).toEqual([]);
      expect(page.review_count).toBe(0);
      const recent = await call<Row[]>(db, actor, 'public.get_recent_reviews(50)');
      expect(recent.map((r) => r.id)).not.toContain(draftId);
      const profile = await call<{ stats: { reviews: number }; top10: Row[] }>(
        db,
        actor,
        'public.get_profile($1::bigint)',
        [author.id],
      );
      expect(profile.stats.reviews).toBe(0);
      expect(profile.top10).toEqual([]);
      expect(await call<Row[]>(db, actor, 'public.get_user_activity($1::bigint)', [author.id])).toEqual([]);
      const [stats] = await call<Row[]>(db, actor, 'public.game_rating_stats($1::bigint[])', [[IGDB.hades]]);
      expect(stats).toMatchObject({ avg_user_rating: null, user_rating_count: 0 });
      const users = await call<{ stats: Row; top_reviewers: Row[] }>(db, actor, 'public.get_users()');
      expect(users.stats).toMatchObject({ active_reviewers: 0, total_reviews: 0 });
      expect(users.top_reviewers).toEqual([]);
    }
  });

  it.each(viewers)('is invisible to %s on every read, sync_pull and the table itself', async (_, actor) => {
    const reads = await screenReads(actor, author, IGDB.hades);
    for (const [name, text] of Object.entries(reads)) {
      expect(text, name).not.toContain(TEXT);
      expect(text, name).not.toContain(`"id": ${draftId},`);
    }
    expect(JSON.parse(reads.review ?? 'null')).toBeNull();
    expect(JSON.parse(reads.userReviews ?? '{}')).toMatchObject({ total: 0, reviews: [] });
    const rows = await asActor(db, actor, (q) => q.query('select id from public.rating where id = $1', [draftId]));
    expect(rows).toEqual([]);
    const snapshot = await pull(db, actor, null, {
      game_ids: [gameId(IGDB.hades)],
      user_ids: [author.id],
      rating_ids: [draftId],
    });
    expect(snapshot.changes.filter((c) => c.table === 'rating')).toEqual([]);
  });

  it.each(viewers)('leaves no trace in the change log for %s, while its author reads it there', async (_, actor) => {
    const logged = (who: Actor) =>
      asActor(db, who, (q) =>
        q.query<{ n: number }>(
          `select count(*)::int as n from public.sync_change where tbl = 'rating' and (row_id = $1 or user_id = $2)`,
          [draftId, author.id],
        ),
      );
    expect(await logged(actor)).toEqual([{ n: 0 }]);
    expect((await logged(author.actor))[0]?.n).toBeGreaterThan(0);
    // An edit of the draft, pulled incrementally with the game in scope: nothing arrives, not even a delete.
    const before = await pull(db, actor, null, { game_ids: [gameId(IGDB.hades)], user_ids: [author.id] });
    await pushOk(db, author.actor, 'review.update', { igdb_id: IGDB.hades, review: `${TEXT}, more of them` });
    await pushOk(db, author.actor, 'review.update', { igdb_id: IGDB.hades, review: TEXT });
    const after = await pull(db, actor, before.cursor, { game_ids: [gameId(IGDB.hades)], user_ids: [author.id] });
    expect(after.changes.filter((c) => c.table === 'rating')).toEqual([]);
    expect(await logged(actor)).toEqual([{ n: 0 }]);
  });

  it('cannot be liked or commented on, by its author with a clear message, by others as not found', async () => {
    const own = await push(db, author.actor, [
      ['review_like.set', { rating_id: draftId, liked: true }],
      ['comment.add', { key: randomUUID(), rating_id: draftId, content: 'note to self' }],
    ]);
    expect(own.map((r) => [r.status, r.code, r.message])).toEqual([
      ['rejected', 'review_is_draft', 'This review is a draft: it can be liked once it is published'],
      ['rejected', 'review_is_draft', 'This review is a draft: it can be commented on once it is published'],
    ]);
    const others = await push(db, other.actor, [
      ['review_like.set', { rating_id: draftId, liked: true }],
      ['comment.add', { key: randomUUID(), rating_id: draftId, content: 'found you' }],
    ]);
    expect(others.map((r) => [r.status, r.message])).toEqual([
      ['rejected', 'Review not found'],
      ['rejected', 'Review not found'],
    ]);
    // Straight into the tables (PostgREST grants inserts on both): refused by the triggers.
    const direct = await asActor(db, other.actor, (q) =>
      q.query('insert into public.content_like (user_id, rating_id) values ($1, $2) returning id', [other.id, draftId]),
    ).catch((e: Error) => e.message);
    expect(direct).toBe('Review not found');
    const toggle = await call<Row>(db, other.actor, 'public.simple_toggle_like($1::bigint, $2::bigint)', [
      other.id,
      draftId,
    ]);
    expect(toggle).toMatchObject({ success: false, error: 'Review not found' });
    expect(await stored(draftId)).toMatchObject({ like_count: 0, comment_count: 0 });
  });

  it('publishes once, dated when it was published, and then counts once for everyone', async () => {
    const otherMirror = new Mirror();
    const first = await pull(db, other.actor, null, { game_ids: [gameId(IGDB.hades)] });
    otherMirror.apply(first.changes);
    const before = await stored(draftId);
    const publishedAt = minutesAgo(5);
    const batch = batchOf([['review.update', { igdb_id: IGDB.hades, draft: false, post_date_time: publishedAt }]]);
    const client = randomUUID();
    expect((await pushBatch(db, author.actor, batch, client))[0]?.status).toBe('ok');
    expect((await pushBatch(db, author.actor, batch, client))[0]?.status).toBe('ok');
    const after = await stored(draftId);
    expect(after.is_draft).toBe(false);
    // Dated when it was published on the device (pg's microseconds against the client's milliseconds).
    expect(Math.abs(new Date(String(after.post_date_time)).getTime() - Date.parse(publishedAt))).toBeLessThan(1000);
    expect(new Date(String(after.post_date_time)).getTime()).toBeGreaterThan(
      new Date(String(before.post_date_time)).getTime(),
    );

    const next = await pull(db, other.actor, first.cursor, { game_ids: [gameId(IGDB.hades)] });
    otherMirror.apply(next.changes);
    expect(otherMirror.table('rating').get(draftId)).toMatchObject({ review: TEXT, is_draft: false });
    for (const actor of [author.actor, other.actor, VISITOR]) {
      const page = await call<{ ratings: { count: number; average: number }; reviews: Row[] }>(
        db,
        actor,
        'public.get_game_page($1::text)',
        [String(IGDB.hades)],
      );
      expect(page.ratings).toMatchObject({ count: 1, average: 8.5 });
      expect(page.reviews.map((r) => r.id)).toEqual([draftId]);
      const profile = await call<{ stats: { reviews: number } }>(db, actor, 'public.get_profile($1::bigint)', [
        author.id,
      ]);
      expect(profile.stats.reviews).toBe(1);
    }
    expect(await counterDrift(db)).toEqual([]);
  });

  it('an edit of a published review keeps its date; the date cannot be moved by hand', async () => {
    const dated = (await stored(draftId)).post_date_time;
    await pushOk(db, author.actor, 'review.update', {
      igdb_id: IGDB.hades,
      rating: 9,
      post_date_time: minutesAgo(600),
    });
    expect((await stored(draftId)).post_date_time).toEqual(dated);
    await asActor(db, author.actor, (q) =>
      q.query("update public.rating set post_date_time = now() - interval '9 days' where id = $1", [draftId]),
    );
    expect((await stored(draftId)).post_date_time).toEqual(dated);
  });

  it('goes back to draft while nobody has replied, arriving as a delete on other devices', async () => {
    const scope = { game_ids: [gameId(IGDB.hades)], rating_ids: [draftId] };
    const mirror = new Mirror();
    const first = await pull(db, other.actor, null, scope);
    mirror.apply(first.changes);
    expect(mirror.table('rating').has(draftId)).toBe(true);
    await pushOk(db, author.actor, 'review.update', { igdb_id: IGDB.hades, draft: true });
    const next = await pull(db, other.actor, first.cursor, scope);
    expect(next.changes).toContainEqual(expect.objectContaining({ table: 'rating', op: 'delete', id: draftId }));
    mirror.apply(next.changes);
    expect(mirror.table('rating').has(draftId)).toBe(false);
    const page = await call<{ ratings: { count: number } }>(db, VISITOR, 'public.get_game_page($1::text)', [
      String(IGDB.hades),
    ]);
    expect(page.ratings.count).toBe(0);
    // The author's own device keeps it, as a draft.
    const own = await pull(db, author.actor, first.cursor);
    expect(own.changes.find((c) => c.table === 'rating' && c.id === draftId)?.row).toMatchObject({ is_draft: true });
  });

  it('a review with likes or comments cannot go back to draft', async () => {
    await pushOk(db, author.actor, 'review.update', { igdb_id: IGDB.hades, draft: false });
    await pushOk(db, other.actor, 'review_like.set', { rating_id: draftId, liked: true });
    const [result] = await push(db, author.actor, [['review.update', { igdb_id: IGDB.hades, draft: true }]]);
    expect(result).toMatchObject({
      status: 'rejected',
      code: 'review_has_replies',
      message: 'A review with likes or comments cannot go back to being a draft',
    });
    expect(await stored(draftId)).toMatchObject({ is_draft: false, like_count: 1 });
  });

  it('refuses a draft flag that is not true or false, and keeps one review per game', async () => {
    const results = await push(db, author.actor, [
      ['review.create', { igdb_id: IGDB.celeste, rating: 7, draft: 'yes' }],
      ['review.create', { igdb_id: IGDB.hades, rating: 7, draft: true }],
    ]);
    expect(results.map((r) => [r.status, r.message])).toEqual([
      ['rejected', 'Draft must be true or false'],
      ['rejected', 'You have already reviewed this game'],
    ]);
  });

  it('a deleted draft leaves nothing behind', async () => {
    await pushAll(db, author.actor, [
      ['review.create', { igdb_id: IGDB.celeste, rating: 6, draft: true }],
      ['review.delete', { igdb_id: IGDB.celeste }],
    ]);
    expect(
      await db.query('select id from public.rating where user_id = $1 and game_id = $2', [
        author.id,
        gameId(IGDB.celeste),
      ]),
    ).toEqual([]);
    expect(await counterDrift(db)).toEqual([]);
  });
});

describe("a draft's text never reaches another member's device", () => {
  it('not when a review goes back to draft and is published again, even on a page that ends between', async () => {
    const writer = await createMember(db, 'redrafting_rae');
    const reader = await createMember(db, 'reading_rex');
    await pushOk(db, writer.actor, 'review.create', { igdb_id: IGDB.stardew, rating: 7, review: 'Cosy, as said' });
    const [review] = await db.query<{ id: number }>('select id from public.rating where user_id = $1', [writer.id]);
    const scope = { game_ids: [gameId(IGDB.stardew)], user_ids: [writer.id] };
    const { cursor } = await pull(db, reader.actor, null, scope);
    // Back to draft with new words (one write), the draft edited (another), then published again.
    await pushOk(db, writer.actor, 'review.update', { igdb_id: IGDB.stardew, draft: true, review: 'Draft secret' });
    await pushOk(db, writer.actor, 'review.update', { igdb_id: IGDB.stardew, review: 'Still a draft secret' });
    await pushOk(db, writer.actor, 'review.update', { igdb_id: IGDB.stardew, draft: false, review: 'Published again' });
    // Pages of one transaction each: the first ends after the write that made it a draft, and
    // before the publish. What the reader's device is sent, page by page, never holds the draft.
    const mirror = new Mirror();
    const sent: unknown[] = [];
    for (let from = cursor, pages = 0; ; pages++) {
      expect(pages).toBeLessThan(20);
      const page = await pull(db, reader.actor, from, scope, 1);
      sent.push(...page.changes);
      mirror.apply(page.changes);
      for (const [, row] of mirror.table('rating')) expect(row).toMatchObject({ is_draft: false });
      if (!page.has_more) break;
      from = page.cursor;
    }
    expect(JSON.stringify(sent)).not.toContain('secret');
    expect(mirror.table('rating').get(review?.id ?? 0)).toMatchObject({ review: 'Published again', is_draft: false });
  });
});
