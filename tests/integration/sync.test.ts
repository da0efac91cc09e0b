// Server-side sync invariants (src/sync/SPEC.md [S3]–[S7]): sync_push applies each mutation exactly
// once and a rejected one never blocks the rest; counters stay exact; sync_pull sends a snapshot,
// then deltas with tombstones, pages without splitting a transaction and never skips a change,
// even when transactions commit out of order. The concurrency tests need several connections, so
// they run only on a real server (tests/support/with-postgres.ts); the rest run on PGlite too.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Row } from '../../supabase/local/db.ts';
import { VISITOR, asActor, call, createTestDb, type Actor } from '../support/test-db.ts';
import { mulberry32 } from '../support/random.ts';
import {
  GAMES,
  IGDB,
  Mirror,
  PULL_SQL,
  withRows,
  attempt,
  batchOf,
  counterDrift,
  createMember,
  importCatalogue,
  pull,
  push,
  pushAll,
  pushBatch,
  pushOk,
  type Change,
  type Member,
  type MutationResult,
  type PullResult,
  type QueuedMutation,
  type Scope,
} from '../support/fixtures.ts';

const db = await createTestDb();
afterAll(() => db.close());
const games = await importCatalogue(db);
const allGameIds = [...games.values()];

let serial = 0;
/** A member with a unique name, so tests never share rows they count. */
const member = (name: string): Promise<Member> => createMember(db, `${name}_${++serial}`);
const summary = (results: readonly MutationResult[]) =>
  results.map((r) => [r.status, r.code ?? null, r.message ?? null]);
const count = async (sql: string, params: unknown[] = []): Promise<number> =>
  Number((await db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]?.n);
const one = async (sql: string, params: unknown[] = []): Promise<Row> => (await db.query(sql, params))[0] ?? {};

// ---------------------------------------------------------------------------------------------

describe('sync_push: each mutation takes effect exactly once', () => {
  it('[S3] the same batch pushed three times applies once and answers the same each time', async () => {
    const a = await member('idem');
    const b = await member('idem_target');
    const commentKey = randomUUID();
    const first = batchOf([
      ['review.create', { igdb_id: IGDB.witcher3, rating: 8.5, review: 'Great', platform: 'PC' }],
      ['follow.set', { user_id: b.id, following: true }],
      ['wishlist.set', { igdb_id: IGDB.stardew, in: true }],
      ['progress.set', { igdb_id: IGDB.zelda, completed: true }],
      ['top5.replace', { games: [{ igdb_id: IGDB.witcher3 }] }],
    ]);
    const [created] = await pushBatch(db, a.actor, first.slice(0, 1));
    const ratingId = Number(created?.result?.id);
    const batch: QueuedMutation[] = [
      ...first,
      ...batchOf([
        ['comment.add', { key: commentKey, rating_id: ratingId, content: 'First!' }],
        ['review_like.set', { rating_id: ratingId, liked: true }],
      ]),
    ];
    const clientId = randomUUID();
    const changesBefore = await count('public.sync_change');
    const r1 = await pushBatch(db, a.actor, batch, clientId);
    const changesAfterFirst = await count('public.sync_change');
    const r2 = await pushBatch(db, a.actor, batch, clientId);
    const r3 = await pushBatch(db, a.actor, batch, randomUUID()); // another tab of the same member
    expect(r1.map((r) => r.status)).toEqual(batch.map(() => 'ok'));
    expect(r1[0]).toEqual(created);
    expect(r2).toEqual(r1);
    expect(r3).toEqual(r1);
    expect(await count('public.sync_change')).toBe(changesAfterFirst);
    expect(changesAfterFirst).toBeGreaterThan(changesBefore);
    expect(
      await one(
        `
      select (select count(*) from public.rating where user_id = $1::bigint)::int as reviews,
             (select count(*) from public.comment where user_id = $1::bigint)::int as comments,
             (select count(*) from public.content_like where user_id = $1::bigint)::int as likes,
             (select like_count from public.rating where id = $3::bigint) as like_count,
             (select comment_count from public.rating where id = $3::bigint) as comment_count,
             (select follower_count from public."user" where id = $2::bigint) as followers,
             (select count(*) from public.user_wishlist where user_id = $1::bigint)::int as wishlist,
             (select count(*) from public.game_progress where user_id = $1::bigint and completed)::int as finished,
             (select count(*) from public.user_top_games where user_id = $1::bigint)::int as top5`,
        [a.id, b.id, ratingId],
      ),
    ).toEqual({
      reviews: 1,
      comments: 1,
      likes: 1,
      like_count: 1,
      comment_count: 1,
      followers: 1,
      wishlist: 1,
      finished: 1,
      top5: 1,
    });
    const applied = await db.query<{ mutation_id: string; status: string }>(
      'select mutation_id::text, status from public.sync_applied where user_id = $1::bigint order by applied_at',
      [a.id],
    );
    expect(applied.map((r) => r.mutation_id).sort()).toEqual(batch.map((m) => m.id).sort());
  });

  it('[S3] a batch that grew while offline applies only its new tail', async () => {
    const a = await member('grow');
    const head = batchOf([
      ['wishlist.set', { igdb_id: IGDB.hades }],
      ['collection.set', { igdb_id: IGDB.celeste }],
    ]);
    const r1 = await pushBatch(db, a.actor, head);
    const tail = batchOf([['collection.move', { igdb_id: IGDB.hades, to: 'collection' }]]);
    const r2 = await pushBatch(db, a.actor, [...head, ...tail]);
    expect(r2.slice(0, 2)).toEqual(r1);
    expect(summary(r2)).toEqual([
      ['ok', null, null],
      ['ok', null, null],
      ['ok', null, null],
    ]);
    expect(await count('public.user_collection where user_id = $1::bigint', [a.id])).toBe(2);
    expect(await count('public.user_wishlist where user_id = $1::bigint', [a.id])).toBe(0);
  });

  // sync_applied's RLS hides another member's record of the id, so sync_push asks its owner
  // through a definer helper; otherwise the primary key would fail the whole push for good.
  it("[S3] a mutation id another member already used is rejected, and the first member's result stays theirs", async () => {
    const a = await member('first_user');
    const b = await member('second_user');
    const batch = batchOf([['review.create', { igdb_id: IGDB.portal2, rating: 9, review: 'Mine' }]]);
    const [mine] = await pushBatch(db, a.actor, batch);
    const [theirs] = await pushBatch(db, b.actor, [{ ...batch[0], args: { igdb_id: IGDB.portal2, rating: 1 } }]);
    expect(mine?.status).toBe('ok');
    expect(theirs).toEqual({
      id: batch[0]?.id,
      status: 'rejected',
      code: 'id_conflict',
      message: 'Mutation id already used',
    });
    expect(await count('public.rating where user_id = $1::bigint', [b.id])).toBe(0);
    expect(await pushBatch(db, a.actor, batch)).toEqual([mine]);
  });

  it('[S4] a batch over 500 mutations is refused as a whole; 500 are accepted', async () => {
    const a = await member('big_batch');
    const tooMany = batchOf([
      ['review.create', { igdb_id: IGDB.celeste, rating: 7 }],
      ...Array.from({ length: 500 }, () => ['comment.delete', { key: randomUUID() }] as const),
    ]);
    const refused = await attempt(() => pushBatch(db, a.actor, tooMany));
    expect(refused.ok ? 'accepted' : `${refused.error.hint} ${refused.error.message}`).toBe(
      'batch_too_large At most 500 mutations per push',
    );
    expect(await count('public.sync_applied where user_id = $1::bigint', [a.id])).toBe(0);
    expect(await count('public.rating where user_id = $1::bigint', [a.id])).toBe(0);
    const results = await pushBatch(db, a.actor, tooMany.slice(0, 500));
    expect(results.filter((r) => r.status === 'ok')).toHaveLength(500);
    expect(await count('public.sync_applied where user_id = $1::bigint', [a.id])).toBe(500);
  });
});

// ---------------------------------------------------------------------------------------------

describe('sync_push: a rejected mutation never blocks the ones behind it', () => {
  it("[S5] rejections in the middle of a batch carry the spec's message and code; the rest apply", async () => {
    const a = await member('mixed');
    const b = await member('mixed_other');
    const review = Number((await pushOk(db, a.actor, 'review.create', { igdb_id: IGDB.witcher3, rating: 9 })).id);
    const theirs = Number((await pushOk(db, b.actor, 'comment.add', { rating_id: review, content: 'Not yours' })).id);
    const batch = batchOf([
      ['review.create', { igdb_id: IGDB.witcher3, rating: 5 }],
      ['comment.add', { rating_id: review, content: 'One' }],
      ['follow.set', { user_id: a.id }],
      ['comment.add', { rating_id: review, content: 'x'.repeat(501) }],
      ['comment.add', { rating_id: review, parent_id: 999_999_999, content: 'Reply to nothing' }],
      ['progress.set', { igdb_id: IGDB.hades, started: true }],
      ['wishlist.set', { igdb_id: IGDB.hades, in: true }],
      ['comment.edit', { id: theirs, content: 'Edited by someone else' }],
      ['review.update', { rating_id: review, rating: 11 }],
      ['follow.set', { user_id: b.id }],
      ['collection.set', { igdb_id: IGDB.hades, in: true }],
      ['wishlist.set', { igdb_id: IGDB.celeste, in: true }],
    ]);
    const results = await pushBatch(db, a.actor, batch);
    expect(summary(results)).toEqual([
      ['rejected', 'already_reviewed', 'You have already reviewed this game'],
      ['ok', null, null],
      ['rejected', 'self_follow', 'You cannot follow yourself'],
      ['rejected', 'comment_too_long', 'Comment exceeds 500 characters'],
      ['rejected', 'parent_not_found', 'Parent comment not found'],
      ['ok', null, null],
      ['rejected', 'game_started', 'Cannot add to wishlist: game already started or completed'],
      ['rejected', 'comment_forbidden', 'Comment not found or you do not have permission to edit it'],
      ['rejected', 'invalid_rating', 'Rating must be from 1 to 10 in steps of 0.5'],
      ['ok', null, null],
      ['rejected', 'game_started', 'Cannot add to collection: game already started or completed'],
      ['ok', null, null],
    ]);
    expect(
      await one(
        `
      select (select count(*) from public.comment where user_id = $1::bigint)::int as comments,
             (select content from public.comment where id = $3::bigint) as their_comment,
             (select rating from public.rating where id = $4::bigint)::float as rating,
             (select count(*) from public.user_follow where follower_id = $1::bigint and following_id = $2::bigint)::int as follows,
             (select count(*) from public.game_progress where user_id = $1::bigint and started)::int as started,
             (select count(*) from public.user_wishlist where user_id = $1::bigint)::int as wishlist,
             (select count(*) from public.user_collection where user_id = $1::bigint)::int as collection`,
        [a.id, b.id, theirs, review],
      ),
    ).toEqual({
      comments: 1,
      their_comment: 'Not yours',
      rating: 9,
      follows: 1,
      started: 1,
      wishlist: 1,
      collection: 0,
    });
    const stored = await db.query<{ mutation_id: string; status: string }>(
      'select mutation_id::text, status from public.sync_applied where mutation_id = any($1::uuid[])',
      [batch.map((m) => m.id)],
    );
    expect(stored).toHaveLength(batch.length);
    expect(await pushBatch(db, a.actor, batch)).toEqual(results);
  });

  it('[S5] an unknown mutation and malformed arguments are rejected without failing the batch', async () => {
    const a = await member('malformed');
    const review = Number((await pushOk(db, a.actor, 'review.create', { igdb_id: IGDB.gta5, rating: 6 })).id);
    const id = () => randomUUID();
    const batch = [
      { id: id(), name: 'review.explode', args: {} },
      { id: id(), name: 'review.create', args: [1, 2] },
      { id: id(), name: 'review.create', args: 'rating=10' },
      { id: 'not-a-uuid', name: 'follow.set', args: { user_id: 1 } },
      42,
      { id: id(), name: 'review.create', args: { igdb_id: IGDB.portal2, rating: 'ten' } },
      { id: id(), name: 'review_like.set', args: { rating_id: 'abc' } },
      { id: id(), name: 'comment.add', args: { rating_id: review, content: 'x', key: 'not-a-uuid' } },
      { id: id(), name: 'follow.set', args: { user_id: '99999999999999999999999' } },
      { id: id(), name: 'wishlist.set', args: { igdb_id: IGDB.portal2, priority: 'high' } },
      { id: id(), name: 'comment.add', args: { rating_id: review, content: 'Still here' } },
    ];
    const results = await pushBatch(db, a.actor, batch);
    expect(results).toHaveLength(batch.length);
    expect(summary(results.slice(0, 7))).toEqual([
      ['rejected', 'unknown_mutation', 'Unknown mutation: review.explode'],
      ['rejected', 'invalid_args', 'Mutation arguments must be an object'],
      ['rejected', 'invalid_args', 'Mutation arguments must be an object'],
      ['rejected', 'invalid_args', 'Mutation id must be a UUID'],
      ['rejected', 'invalid_args', 'Mutation id must be a UUID'],
      ['rejected', 'invalid_rating', 'Rating must be a number from 1 to 10'],
      ['rejected', 'invalid_review', 'Invalid review ID'],
    ]);
    expect(results.slice(7, 10).map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(results[10]?.status).toBe('ok');
    expect(await count('public.comment where user_id = $1::bigint', [a.id])).toBe(1);
  });

  // A client-sent game summary is capped (names of at most 200 characters) so it can never exceed
  // an index row or a tsvector, which would fail the whole push and be retried forever.
  it('[S5] an oversized game summary neither fails the batch nor reaches the index', async () => {
    const a = await member('oversized');
    const noise = Array.from({ length: 700 }, (_, i) => (i * 7919).toString(36)).join(' ');
    const results = await push(db, a.actor, [
      ['game.ensure', { id: 990_001, name: 'Oversized', genres: [noise, 'Puzzle'] }],
      ['wishlist.set', { igdb_id: IGDB.portal2 }],
    ]);
    expect(results.map((r) => r.status)).toEqual(['ok', 'ok']);
    expect(
      (await db.query<{ genres: string[] }>('select genres from public.game where igdb_id = 990001'))[0]?.genres,
    ).toEqual(['Puzzle']);
  });

  it('top5.replace without a games list is rejected, not read as "clear my Top 5"', async () => {
    const a = await member('top5_args');
    await pushOk(db, a.actor, 'review.create', { igdb_id: IGDB.hades, rating: 9 });
    await pushOk(db, a.actor, 'top5.replace', { games: [{ igdb_id: IGDB.hades }] });
    const [result] = await push(db, a.actor, [['top5.replace', { list: [] }]]);
    expect(result?.status).toBe('rejected');
    expect(await count('public.user_top_games where user_id = $1::bigint', [a.id])).toBe(1);
  });

  it('comment.delete of a comment that never reached the server is ok, and stays ok', async () => {
    const a = await member('ghost');
    const review = Number((await pushOk(db, a.actor, 'review.create', { igdb_id: IGDB.eldenRing, rating: 10 })).id);
    const key = randomUUID();
    const batch = batchOf([
      ['comment.delete', { key }],
      ['comment.delete', { id: 987_654_321 }],
    ]);
    const results = await pushBatch(db, a.actor, batch);
    expect(results.map((r) => [r.status, r.result?.deleted])).toEqual([
      ['ok', false],
      ['ok', false],
    ]);
    expect(await pushBatch(db, a.actor, batch)).toEqual(results);
    // Added and deleted in one batch (the add made it after all): both apply, in order.
    const both = await push(db, a.actor, [
      ['comment.add', { key, rating_id: review, content: 'Oops' }],
      ['comment.delete', { key }],
    ]);
    expect(both.map((r) => r.status)).toEqual(['ok', 'ok']);
    expect(both[1]?.result?.deleted).toBe(true);
    expect(await one('select comment_count from public.rating where id = $1::bigint', [review])).toEqual({
      comment_count: 0,
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe('counters stay exact', () => {
  it('through likes, unlikes, comments, replies, deletes, follows, unfollows and an account deletion', async () => {
    const [a, b, c, d] = [await member('cnt_a'), await member('cnt_b'), await member('cnt_c'), await member('cnt_d')];
    const review = Number(
      (await pushOk(db, a.actor, 'review.create', { igdb_id: IGDB.rdr2, rating: 10, review: 'Masterpiece' })).id,
    );
    const state = async () =>
      one(
        `
      select r.like_count, r.comment_count, (select follower_count from public."user" where id = $2::bigint) as followers,
             (select following_count from public."user" where id = $2::bigint) as following
        from public.rating r where r.id = $1::bigint`,
        [review, a.id],
      );

    for (const m of [b, c, d]) await pushOk(db, m.actor, 'review_like.set', { rating_id: review, liked: true });
    await pushOk(db, b.actor, 'review_like.set', { rating_id: review, liked: true }); // again: no change
    await pushOk(db, c.actor, 'review_like.set', { rating_id: review, liked: false });
    await pushOk(db, c.actor, 'review_like.set', { rating_id: review, liked: false }); // again: no change
    expect(await state()).toMatchObject({ like_count: 2 });

    // The spec's toggle, as the app's older calls make it.
    const toggled = await call<{ success: boolean; liked: boolean; likeCount: number }>(
      db,
      c.actor,
      'public.simple_toggle_like($1::bigint, $2::bigint)',
      [c.id, review],
    );
    expect(toggled).toMatchObject({ success: true, liked: true, likeCount: 3 });

    const bKey = randomUUID();
    await pushOk(db, b.actor, 'comment.add', { key: bKey, rating_id: review, content: 'Agreed' });
    await pushOk(db, c.actor, 'comment.add', { rating_id: review, content: 'Same' });
    await pushOk(db, a.actor, 'comment.add', { rating_id: review, parent_key: bKey, content: '@b thanks' });
    await pushOk(db, d.actor, 'comment_like.set', { comment_key: bKey, liked: true });
    await pushOk(db, a.actor, 'comment_like.set', { comment_key: bKey, liked: true });
    expect(await one('select like_count from public.comment where client_key = $1::uuid', [bKey])).toEqual({
      like_count: 2,
    });
    expect(await state()).toMatchObject({ comment_count: 3 });
    await pushOk(db, b.actor, 'comment.delete', { key: bKey }); // takes a's reply and both likes with it
    expect(await state()).toMatchObject({ like_count: 3, comment_count: 1 });

    for (const m of [b, c, d]) await pushOk(db, m.actor, 'follow.set', { user_id: a.id, following: true });
    await pushOk(db, a.actor, 'follow.set', { user_id: d.id, following: true });
    await pushOk(db, c.actor, 'follow.set', { user_id: a.id, following: false });
    await pushOk(db, c.actor, 'follow.set', { user_id: a.id, following: false });
    expect(await state()).toEqual({ like_count: 3, comment_count: 1, followers: 2, following: 1 });
    expect(await counterDrift(db)).toEqual([]);

    expect(await call(db, d.actor, 'public.delete_account()')).toBe(true);
    expect(await state()).toEqual({ like_count: 2, comment_count: 1, followers: 1, following: 0 });
    expect(await counterDrift(db)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

/** Pulls from the cursor until the server says there is no more; returns every page. */
async function pullAll(actor: Actor, cursor: string, scope: Scope = {}, limit = 1000): Promise<PullResult[]> {
  const pages: PullResult[] = [];
  for (
    let page = await pull(db, actor, cursor, scope, limit);
    ;
    page = await pull(db, actor, page.cursor, scope, limit)
  ) {
    pages.push(page);
    if (!page.has_more) return pages;
    if (pages.length > 200) throw new Error('sync_pull did not finish in 200 pages');
  }
}
const keyed = (changes: readonly Change[]) => changes.map((c) => `${c.op} ${c.table}:${c.id}`);
// Games and members that rows merely refer to are sent along with them and stay cached after the
// referring row goes; a fresh snapshot need not hold them. Compare the rows themselves, plus the
// members the reader asked about.
const withoutReferenced = (m: Mirror, members: readonly number[] = []) =>
  [...m.rows]
    .filter(([k]) => !k.startsWith('game:') && (!k.startsWith('user:') || members.includes(Number(k.slice(5)))))
    .sort(([x], [y]) => x.localeCompare(y));

describe('sync_pull', () => {
  it('[S7] answers a snapshot, then deltas; deletes arrive as tombstones with their natural key', async () => {
    const a = await member('puller');
    const b = await member('pusher');
    const review = Number(
      (await pushOk(db, a.actor, 'review.create', { igdb_id: IGDB.celeste, rating: 9.5, review: 'Tight' })).id,
    );
    await pushAll(db, a.actor, [
      ['wishlist.set', { igdb_id: IGDB.stardew }],
      ['top5.replace', { games: [{ igdb_id: IGDB.celeste }] }],
      ['follow.set', { user_id: b.id }],
    ]);
    const snapshot = await pull(db, a.actor, null);
    expect(snapshot).toMatchObject({ snapshot: true, has_more: false, user_id: a.id });
    expect(snapshot.cursor).toMatch(/^v1:\d+$/);
    const mirror = new Mirror();
    mirror.apply(snapshot.changes);
    expect(mirror.table('rating').get(review)).toMatchObject({ id: review, user_id: a.id, rating: 9.5, like_count: 0 });
    expect(mirror.table('user').get(a.id)).toMatchObject({ id: a.id, username: a.username });
    expect(mirror.table('game').get(games.get(IGDB.celeste) ?? 0)).toMatchObject({ igdb_id: IGDB.celeste });
    expect([...mirror.table('user_wishlist').values()]).toHaveLength(1);
    expect([...mirror.table('user_top_games').values()]).toHaveLength(1);
    expect([...mirror.table('user_follow').values()]).toHaveLength(1);

    const key = randomUUID();
    await pushAll(db, b.actor, [
      ['comment.add', { key, rating_id: review, content: 'Nice' }],
      ['review_like.set', { rating_id: review }],
    ]);
    const delta = await pull(db, a.actor, snapshot.cursor);
    expect(delta.snapshot).toBe(false);
    mirror.apply(delta.changes);
    expect([...mirror.table('comment').values()]).toEqual([
      expect.objectContaining({ client_key: key, content: 'Nice', user_id: b.id }),
    ]);
    expect(mirror.table('rating').get(review)).toMatchObject({ like_count: 1, comment_count: 1 });

    await pushAll(db, b.actor, [
      ['comment.delete', { key }],
      ['review_like.set', { rating_id: review, liked: false }],
    ]);
    await pushAll(db, a.actor, [
      ['follow.set', { user_id: b.id, following: false }],
      ['wishlist.set', { igdb_id: IGDB.stardew, in: false }],
      ['top5.replace', { games: [] }],
    ]);
    const deletes = await pull(db, a.actor, delta.cursor);
    const tombstones = deletes.changes.filter((c) => c.op === 'delete').map(({ table, key: k }) => ({ table, key: k }));
    expect(tombstones).toEqual(
      expect.arrayContaining([
        { table: 'comment', key: { client_key: key } },
        { table: 'content_like', key: { user_id: b.id, rating_id: review, comment_id: null } },
        { table: 'user_follow', key: { follower_id: a.id, following_id: b.id } },
        { table: 'user_wishlist', key: { user_id: a.id, igdb_id: IGDB.stardew } },
        { table: 'user_top_games', key: { user_id: a.id, position: 1 } },
      ]),
    );
    expect(tombstones).toHaveLength(5);
    mirror.apply(deletes.changes);
    expect(mirror.table('rating').get(review)).toMatchObject({ like_count: 0, comment_count: 0 });

    // Converged: the mirror holds what a fresh snapshot holds (games aside: they stay cached).
    const fresh = new Mirror();
    fresh.apply((await pull(db, a.actor, null)).changes);
    expect(withoutReferenced(mirror, [a.id])).toEqual(withoutReferenced(fresh, [a.id]));
  });

  it("applies RLS: a visitor's pull has no email and no unpublished comment; the author's has theirs", async () => {
    const a = await member('rls_author');
    const b = await member('rls_commenter');
    const review = Number((await pushOk(db, a.actor, 'review.create', { igdb_id: IGDB.hollowKnight, rating: 9 })).id);
    const scope: Scope = { user_ids: [a.id, b.id], rating_ids: [review], game_ids: allGameIds };
    const start = await pull(db, VISITOR, null, scope);
    const hidden = await asActor(db, b.actor, (q) =>
      q.query<{ id: number }>(
        `insert into public.comment (user_id, rating_id, content, is_published) values ($1::bigint, $2::bigint, 'draft', false) returning id`,
        [b.id, review],
      ),
    );
    await pushOk(db, b.actor, 'comment.add', { rating_id: review, content: 'Public' });
    const hiddenId = Number(hidden[0]?.id);
    const visitorPull = await pull(db, VISITOR, start.cursor, scope);
    const authorPull = await pull(db, a.actor, start.cursor, scope);
    const commenterPull = await pull(db, b.actor, start.cursor, scope);
    for (const p of [start, visitorPull, authorPull, commenterPull]) {
      expect(JSON.stringify(p)).not.toMatch(/@example\.test|"email":/);
    }
    const about = (p: PullResult) =>
      p.changes.filter((c) => c.table === 'comment' && c.id === hiddenId).map((c) => c.op);
    expect(about(visitorPull)).not.toContain('upsert');
    expect(about(authorPull)).not.toContain('upsert');
    expect(about(commenterPull)).toEqual(['upsert']);
    expect(JSON.stringify(visitorPull)).not.toContain('"content":"draft"');
    expect(
      visitorPull.changes.filter((c) => c.table === 'comment' && c.op === 'upsert').map((c) => c.row?.content),
    ).toEqual(['Public']);
  });

  it('[S7] pages never split a transaction and the loop runs to completion', async () => {
    const a = await member('pager');
    const start = await pull(db, a.actor, null);
    const review = Number((await pushOk(db, a.actor, 'review.create', { igdb_id: IGDB.zelda, rating: 10 })).id);
    await pushAll(db, a.actor, [
      // one transaction, many changes
      ['comment.add', { rating_id: review, content: 'One' }],
      ['comment.add', { rating_id: review, content: 'Two' }],
      ['review_like.set', { rating_id: review }],
      ['wishlist.set', { igdb_id: IGDB.portal2 }],
      ['collection.set', { igdb_id: IGDB.gta5 }],
      ['progress.set', { igdb_id: IGDB.hades, started: true }],
      ['top5.replace', { games: [{ igdb_id: IGDB.zelda }] }],
    ]);
    for (const igdb of [IGDB.celeste, IGDB.stardew, IGDB.rdr2, IGDB.eldenRing])
      await pushOk(db, a.actor, 'wishlist.set', { igdb_id: igdb });
    await pushOk(db, a.actor, 'review.update', { rating_id: review, rating: 9.5 });

    const pages = await pullAll(a.actor, start.cursor, {}, 2);
    expect(pages.length).toBeGreaterThan(3);
    expect(pages.at(-1)?.has_more).toBe(false);
    const from = start.cursor.slice(3);
    const txs = await db.query<{ rows: string[] }>(
      `
      select array_agg(tbl || ':' || row_id) as rows from public.sync_change
       where xid >= $1::xid8 and (user_id = $2::bigint or subject_user_id = $2::bigint or rating_id = $3::bigint)
       group by xid order by xid`,
      [from, a.id, review],
    );
    expect(txs.length).toBe(7);
    const pageKeys = pages.map((p) => new Set(p.changes.map((c) => `${c.table}:${c.id}`)));
    for (const tx of txs)
      expect(
        pageKeys.some((keys) => tx.rows.every((k) => keys.has(k))),
        tx.rows.join(' '),
      ).toBe(true);

    const paged = new Mirror();
    for (const p of pages) paged.apply(p.changes);
    const whole = new Mirror();
    whole.apply((await pull(db, a.actor, start.cursor, {}, 1000)).changes);
    expect([...paged.rows].sort()).toEqual([...whole.rows].sort());
  });

  it.each(['garbage', '', 'v1:', 'v1:abc', 'v2:100', 'v1:12;drop table rating'])(
    '[S7] refuses the cursor %j with Invalid sync cursor',
    async (cursor) => {
      const outcome = await attempt(() => pull(db, VISITOR, cursor));
      expect(outcome.ok ? 'accepted' : `${outcome.error.hint} ${outcome.error.message}`).toBe(
        'invalid_cursor Invalid sync cursor',
      );
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Several connections at once: only a real server has them.

const SERVER = db.kind === 'postgres' && db.url !== undefined;
/** A test that needs several connections: skipped on PGlite, with the reason in its name. */
const serverIt = (name: string, fn: () => Promise<void>, timeout?: number) =>
  it.skipIf(!SERVER)(
    SERVER
      ? name
      : `${name} (skipped: needs TEST_DATABASE_URL; PGlite has one connection, so nothing commits out of order)`,
    fn,
    timeout,
  );

/** One connection acting as one caller, with explicit transactions, as PostgREST runs them. */
class Session {
  private readonly client: pg.Client;
  constructor(private readonly actor: Actor) {
    this.client = new pg.Client({ connectionString: db.url });
  }
  async open(): Promise<this> {
    await this.client.connect();
    return this;
  }
  async begin(): Promise<void> {
    const claims = JSON.stringify({
      sub: this.actor.authId ?? undefined,
      role: this.actor.role,
      email: this.actor.email,
      user_metadata: {},
    });
    await this.client.query('begin');
    await this.client.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
    await this.client.query(`set local role ${this.actor.role}`);
  }
  async push(batch: readonly unknown[]): Promise<MutationResult[]> {
    const rows = await this.client.query<{ r: { results: MutationResult[] } }>(
      'select public.sync_push($1::uuid, $2::jsonb) as r',
      [randomUUID(), JSON.stringify(batch)],
    );
    return rows.rows[0]?.r.results ?? [];
  }
  async query(sql: string, params: unknown[] = []): Promise<Row[]> {
    return (await this.client.query<Row>(sql, params)).rows;
  }
  async commit(): Promise<void> {
    await this.client.query('commit');
  }
  async rollback(): Promise<void> {
    await this.client.query('rollback');
  }
  /** One pull in its own transaction. */
  async pull(cursor: string | null, scope: Scope, limit = 1000): Promise<PullResult> {
    await this.begin();
    try {
      const rows = await this.client.query<{ r: PullResult }>(`select to_jsonb(${PULL_SQL}) as r`, [
        cursor,
        JSON.stringify(scope),
        limit,
      ]);
      const result = rows.rows[0]?.r;
      if (!result) throw new Error('sync_pull returned nothing');
      return withRows(result);
    } finally {
      await this.commit();
    }
  }
  end(): Promise<void> {
    return this.client.end();
  }
}

const session = (actor: Actor): Promise<Session> => new Session(actor).open();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const settled = async (p: Promise<unknown>, ms: number): Promise<boolean> =>
  Promise.race([
    p.then(
      () => true,
      () => true,
    ),
    sleep(ms).then(() => false),
  ]);

describe('concurrency on a real server', () => {
  serverIt('[S7] a transaction that commits after a later one is still delivered by the next pull', async () => {
    const a = await member('slow_writer');
    const b = await member('fast_writer');
    const scope: Scope = { user_ids: [a.id, b.id] };
    const [t1, t2, reader] = [await session(a.actor), await session(b.actor), await session(VISITOR)];
    try {
      const start = await reader.pull(null, scope);
      await t1.begin();
      const [slow] = await t1.push(batchOf([['review.create', { igdb_id: IGDB.hades, rating: 8 }]]));
      await t2.begin();
      const [fast] = await t2.push(batchOf([['review.create', { igdb_id: IGDB.celeste, rating: 9 }]]));
      await t2.commit();
      const between = await reader.pull(start.cursor, scope);
      expect(keyed(between.changes)).toContain(`upsert rating:${fast?.result?.id}`);
      expect(keyed(between.changes)).not.toContain(`upsert rating:${slow?.result?.id}`);
      await t1.commit();

      // T1 started first and so has the older transaction id, yet committed last: a cursor of
      // "highest id seen" would now be past it.
      const xids = await db.query<{ row_id: number; xid: string }>(
        `select row_id, xid::text from public.sync_change where tbl = 'rating' and row_id = any($1::bigint[])`,
        [[slow?.result?.id, fast?.result?.id]],
      );
      const xidOf = (id: unknown) => BigInt(xids.find((x) => x.row_id === id)?.xid ?? 0);
      expect(xidOf(slow?.result?.id)).toBeLessThan(xidOf(fast?.result?.id));
      expect(BigInt(between.cursor.slice(3))).toBeLessThanOrEqual(xidOf(slow?.result?.id));

      const after = await reader.pull(between.cursor, scope);
      expect(keyed(after.changes)).toContain(`upsert rating:${slow?.result?.id}`);
    } finally {
      await Promise.all([t1, t2, reader].map((s) => s.end()));
    }
  });

  serverIt('[S3] two pushers of the same batch at once apply it once and answer alike', async () => {
    const a = await member('twin');
    const b = await member('twin_target');
    const review = Number((await pushOk(db, b.actor, 'review.create', { igdb_id: IGDB.portal2, rating: 9 })).id);
    const batch = batchOf([
      ['review.create', { igdb_id: IGDB.eldenRing, rating: 10 }],
      ['review_like.set', { rating_id: review }],
      ['follow.set', { user_id: b.id }],
      ['comment.add', { key: randomUUID(), rating_id: review, content: 'Twice?' }],
    ]);
    const [pusher1, pusher2] = [await session(a.actor), await session(a.actor)];
    try {
      await pusher1.begin();
      const first = await pusher1.push(batch);
      await pusher2.begin();
      const second = pusher2.push(batch);
      expect(await settled(second, 300)).toBe(false); // waits on the first pusher's advisory lock
      await pusher1.commit();
      expect(await second).toEqual(first);
      await pusher2.commit();
      expect(first.map((r) => r.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
    } finally {
      await Promise.all([pusher1, pusher2].map((s) => s.end()));
    }
    // And five at once, each in its own transaction, as racing tabs and a service worker would.
    const racers = await Promise.all(Array.from({ length: 5 }, () => session(a.actor)));
    const batch2 = batchOf([
      ['wishlist.set', { igdb_id: IGDB.stardew }],
      ['comment.add', { rating_id: review, content: 'Race' }],
    ]);
    try {
      const answers = await Promise.all(
        racers.map(async (s) => {
          await s.begin();
          const r = await s.push(batch2);
          await s.commit();
          return r;
        }),
      );
      for (const answer of answers) expect(answer).toEqual(answers[0]);
    } finally {
      await Promise.all(racers.map((s) => s.end()));
    }
    expect(
      await one(
        `
      select (select count(*) from public.rating where user_id = $1::bigint)::int as reviews,
             (select like_count from public.rating where id = $2::bigint) as likes,
             (select comment_count from public.rating where id = $2::bigint) as comments,
             (select follower_count from public."user" where id = $3::bigint) as followers,
             (select count(*) from public.sync_applied where user_id = $1::bigint)::int as applied`,
        [a.id, review, b.id],
      ),
    ).toEqual({ reviews: 1, likes: 1, comments: 2, followers: 1, applied: 6 });
  });

  serverIt(
    '[S7] 6 writers × 50 shuffled transactions: a reader pulling all along misses nothing',
    async () => {
      const seed = Number(process.env.SYNC_STRESS_SEED ?? Date.now() % 1_000_000);
      const random = mulberry32(seed);
      const pick = <T>(xs: readonly T[]): T | undefined => xs[Math.floor(random() * xs.length)];
      const writers = await Promise.all(Array.from({ length: 6 }, (_, i) => member(`stress_${i}`)));
      const writerIds = writers.map((w) => w.id);
      const scope: Scope = { user_ids: writerIds, game_ids: allGameIds };
      const igdbIds = GAMES.map((g) => g.id);
      const reader = await session(VISITOR);
      const conns = await Promise.all(writers.map((w) => session(w.actor)));
      const mirror = new Mirror();
      const seen = new Set<string>();
      const start = await reader.pull(null, scope);
      mirror.apply(start.changes);
      let done = false;
      let pulls = 0;
      const commits: bigint[] = []; // transaction ids in commit order

      const ids = async (sql: string, params: unknown[] = []) =>
        (await db.query<{ id: number }>(sql, params)).map((r) => Number(r.id));
      async function randomMutation(w: Member): Promise<readonly [string, Record<string, unknown>]> {
        const roll = random();
        if (roll < 0.15)
          return [
            'review.create',
            { igdb_id: pick(igdbIds), rating: 1 + Math.floor(random() * 19) / 2, review: `r${seed}` },
          ];
        if (roll < 0.25)
          return [
            'review.update',
            {
              rating_id: pick(await ids('select id from public.rating where user_id = $1::bigint', [w.id])) ?? 0,
              rating: 5,
            },
          ];
        if (roll < 0.3)
          return [
            'review.delete',
            { rating_id: pick(await ids('select id from public.rating where user_id = $1::bigint', [w.id])) ?? 0 },
          ];
        if (roll < 0.45)
          return [
            'comment.add',
            { rating_id: pick(await ids('select id from public.rating')) ?? 0, content: `c${seed}` },
          ];
        if (roll < 0.5)
          return [
            'comment.delete',
            { id: pick(await ids('select id from public.comment where user_id = $1::bigint', [w.id])) ?? 0 },
          ];
        if (roll < 0.65)
          return [
            'review_like.set',
            { rating_id: pick(await ids('select id from public.rating')) ?? 0, liked: random() < 0.7 },
          ];
        if (roll < 0.7)
          return [
            'comment_like.set',
            { comment_id: pick(await ids('select id from public.comment')) ?? 0, liked: random() < 0.7 },
          ];
        if (roll < 0.8) return ['follow.set', { user_id: pick(writerIds), following: random() < 0.6 }];
        if (roll < 0.88) return ['wishlist.set', { igdb_id: pick(igdbIds), in: random() < 0.7 }];
        if (roll < 0.93) return ['progress.set', { igdb_id: pick(igdbIds), started: true }];
        if (roll < 0.97) return ['collection.set', { igdb_id: pick(igdbIds), in: random() < 0.7 }];
        const rated = await ids('select game_id as id from public.rating where user_id = $1::bigint limit 5', [w.id]);
        return ['top5.replace', { games: rated.map((gid) => ({ game_id: gid })) }];
      }

      async function write(w: Member, s: Session): Promise<void> {
        for (let n = 0; n < 50; n++) {
          const mutations = [];
          for (let k = 1 + Math.floor(random() * 3); k > 0; k--) mutations.push(await randomMutation(w));
          const batch = batchOf(mutations);
          for (let attemptNo = 0; ; attemptNo++) {
            await s.begin();
            try {
              await s.push(batch);
              const [tx] = await s.query('select pg_current_xact_id()::text as xid, pg_sleep($1::float)', [
                random() * 0.02,
              ]);
              await s.commit();
              commits.push(BigInt(String(tx?.xid)));
              break;
            } catch (error) {
              await s.rollback();
              // Deadlocks between counter updates are the transient failures a client retries.
              if (!['40P01', '40001'].includes((error as { code?: string }).code ?? '') || attemptNo > 5) throw error;
            }
          }
          await sleep(random() * 10);
        }
      }

      async function read(): Promise<string> {
        let cursor = start.cursor;
        const step = async () => {
          const page = await reader.pull(cursor, scope, 50);
          for (const c of page.changes) seen.add(`${c.table}:${c.id}`);
          mirror.apply(page.changes);
          cursor = page.cursor;
          pulls++;
          return page.has_more;
        };
        while (!done) {
          await step();
          await sleep(5);
        }
        while (await step()) {
          /* drain the pages left */
        }
        await step();
        return cursor;
      }

      try {
        const reading = read();
        await Promise.all(writers.map((w, i) => write(w, conns[i] ?? reader)));
        done = true;
        await reading;
      } finally {
        done = true;
        await Promise.all([reader, ...conns].map((s) => s.end()));
      }

      // What the reader should hold: every row in its scope, as the server shows it to a visitor.
      const expected = await call<Record<string, Row> | null>(
        db,
        VISITOR,
        `(
      select jsonb_object_agg(t.tbl || ':' || t.id, app.row_json(t.tbl, t.id)) from (
        select 'user' as tbl, id from public."user" where id = any($1::bigint[])
        union all select 'game', id from public.game where id = any($2::bigint[])
        union all select 'rating', id from public.rating -- every game is in scope, so every review is
        union all select 'comment', id from public.comment where user_id = any($1::bigint[])
        union all select 'content_like', id from public.content_like where user_id = any($1::bigint[])
        union all select 'user_follow', id from public.user_follow where follower_id = any($1::bigint[])
        union all select 'game_progress', id from public.game_progress where user_id = any($1::bigint[])
        union all select 'user_wishlist', id from public.user_wishlist where user_id = any($1::bigint[])
        union all select 'user_collection', id from public.user_collection where user_id = any($1::bigint[])
        union all select 'user_top_games', id from public.user_top_games where user_id = any($1::bigint[])) t)`,
        [writerIds, allGameIds],
      );
      // Authors of in-scope reviews come along as referenced members; compare the writers' rows.
      const held = Object.fromEntries(
        [...mirror.rows]
          .filter(([k]) => !k.startsWith('user:') || writerIds.includes(Number(k.slice(5))))
          .sort(([x], [y]) => x.localeCompare(y)),
      );
      const want = Object.fromEntries(Object.entries(expected ?? {}).sort(([x], [y]) => x.localeCompare(y)));
      expect(Object.keys(held), `seed ${seed}`).toEqual(Object.keys(want));
      expect(held, `seed ${seed}`).toEqual(want);

      // And no logged change in scope was skipped on the way (each was sent at least once).
      const logged = await db.query<{ k: string }>(
        `
      select distinct tbl || ':' || row_id as k from public.sync_change
       where xid >= $1::xid8 and (user_id = any($2::bigint[]) or subject_user_id = any($2::bigint[]) or game_id = any($3::bigint[]))`,
        [start.cursor.slice(3), writerIds, allGameIds],
      );
      expect(
        logged.map((r) => r.k).filter((k) => !seen.has(k)),
        `seed ${seed}`,
      ).toEqual([]);
      expect(logged.length).toBeGreaterThan(300);
      expect(pulls).toBeGreaterThan(10);
      // The run did exercise the hard case: transactions committing after younger ones.
      const overtaken = commits.filter((xid, i) => commits.slice(i + 1).some((later) => later < xid)).length;
      expect(commits).toHaveLength(300);
      expect(overtaken).toBeGreaterThan(20);
    },
    120_000,
  );
});
