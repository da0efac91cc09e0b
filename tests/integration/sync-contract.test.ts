// The sync protocol as the engine relies on it, as ONE suite run against two implementations of
// Remote: the real one (src/data/remote.ts: supabase-js → local gateway → Postgres) and the
// in-memory fake the engine's fast tests use (tests/support/fake-remote.ts). What passes here for
// both is what the fake may be trusted with.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatHlc } from '../../src/core/hlc.ts';
import { createSupabaseRemote } from '../../src/data/remote.ts';
import {
  AuthError,
  RejectedBatchError,
  type PullPage,
  type PushMutation,
  type Remote,
  type SyncScope,
} from '../../src/sync/remote.ts';
import type { ServerChange } from '../../src/store/overlay.ts';
import { FakeSyncServer } from '../support/fake-remote.ts';
import { GAMES, IGDB } from '../support/fixtures.ts';
import { linkToken, startTestGateway } from '../support/gateway.ts';

interface Member {
  readonly id: number;
  readonly remote: Remote;
}

interface Harness {
  /** A new member (a unique name is made from `name`) and the remote as they see it. */
  member(name: string): Promise<Member>;
  /** The remote as a visitor (no session) sees it. */
  visitor(): Remote;
  /** Prunes the change log as if its retention window had passed over everything logged so far. */
  pruneChangeLog(): Promise<void>;
  /** The oldest protocol (argument shapes) the server still reads (sync_protocol.min_protocol). */
  setMinProtocol(protocol: number): Promise<void>;
}

const EMPTY: SyncScope = { game_ids: [], user_ids: [], rating_ids: [], author_ids: [] };
const scope = (over: Partial<SyncScope>): SyncScope => ({ ...EMPTY, ...over });

const batch = (...mutations: Array<[string, Record<string, unknown>]>): PushMutation[] =>
  mutations.map(([name, args]) => ({ id: randomUUID(), name, args }));

/** Pushes one mutation and returns its result row, failing the test when it is rejected. */
async function pushOk(
  member: Member,
  name: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown> & { id: number }> {
  const [result] = (await member.remote.push(randomUUID(), batch([name, args]))).results;
  if (result?.status !== 'ok') throw new Error(`${name} was not applied: ${JSON.stringify(result)}`);
  const row = result.result;
  if (typeof row !== 'object' || row === null || !('id' in row) || typeof row.id !== 'number')
    throw new Error(`${name} returned no row`);
  return { ...row, id: row.id };
}

type Row = Record<string, unknown> & { id: number };
const upserts = (page: PullPage, table: string): Row[] =>
  page.changes.flatMap((c) => (c.table === table && c.op === 'upsert' ? [{ ...c.row }] : []));
const changeOf = (page: PullPage, table: string, id: number): ServerChange | undefined =>
  page.changes.find((c) => c.table === table && c.id === id);
const cursorNumber = (cursor: string): bigint => BigInt(/^v1:(\d+)$/.exec(cursor)?.[1] ?? '-1');

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

function contract(label: string, open: () => Promise<{ harness: Harness; close(): Promise<void> }>) {
  describe(label, () => {
    let h: Harness;
    let close: () => Promise<void> = async () => undefined;
    beforeAll(async () => {
      ({ harness: h, close } = await open());
    });
    afterAll(() => close());

    it('tells the member who they are, even for an empty batch', async () => {
      const a = await h.member('who');
      expect(await a.remote.push(randomUUID(), [])).toEqual({
        results: [],
        user_id: a.id,
        clock: null,
        client_too_old: null,
      });
    });

    it('[S11] keeps the newest edit of each field by its clock, and says which fields an older edit lost', async () => {
      const a = await h.member('clocks');
      await pushOk(a, 'review.create', { igdb_id: IGDB.hades, rating: 5, review: 'Start' });
      // Ahead of the server, which dated 'Start', but within the day it takes a device's clock from.
      const future = Date.now() + 3_600_000;
      const later = formatHlc({ ms: future + 60_000, counter: 0, device: 'bbbbbbbb-0000-4000-8000-00000000000b' });
      const earlier = formatHlc({ ms: future, counter: 0, device: 'aaaaaaaa-0000-4000-8000-00000000000a' });
      const b = await a.remote.push(randomUUID(), [
        {
          id: randomUUID(),
          name: 'review.update',
          args: { igdb_id: IGDB.hades, review: 'B edited LATER', rating: 10 },
          hlc: later,
        },
      ]);
      expect(b.results[0]).toEqual(expect.objectContaining({ status: 'ok' }));
      expect(b.results[0]).not.toHaveProperty('superseded');
      const older = {
        id: randomUUID(),
        name: 'review.update',
        args: { igdb_id: IGDB.hades, review: 'A edited FIRST', rating: 2, playtime_hours: 3 },
        hlc: earlier,
      };
      const reply = await a.remote.push(randomUUID(), [older]);
      expect(reply.results[0]).toMatchObject({ id: older.id, status: 'ok', superseded: ['rating', 'review'] });
      expect(reply.clock).toBe(later);
      expect(await a.remote.push(randomUUID(), [older])).toEqual(reply);
      const snap = await a.remote.pull(null, EMPTY, 1000);
      expect(snap.clock).toBe(later);
      expect(upserts(snap, 'rating').find((r) => r.user_id === a.id)).toMatchObject({
        review: 'B edited LATER',
        rating: 10,
        playtime_hours: 3,
      });
    });

    it('[S12] stops at a row shaped for a protocol it no longer reads: the ones before apply, it and the rest are not recorded', async () => {
      const a = await h.member('tooold');
      const review = await pushOk(a, 'review.create', { igdb_id: IGDB.celeste, rating: 5 });
      const [before, retired, after] = batch(
        ['review.update', { igdb_id: IGDB.celeste, rating: 6 }],
        ['review.update', { igdb_id: IGDB.celeste, rating: 9 }],
        ['review.update', { igdb_id: IGDB.celeste, rating: 3 }],
      ) as [PushMutation, PushMutation, PushMutation];
      await h.setMinProtocol(2);
      try {
        const reply = await a.remote.push(randomUUID(), [before, { ...retired, v: 1 }, after]);
        expect(reply.results.map((r) => r.id)).toEqual([before.id]);
        expect(reply.client_too_old).toEqual({
          id: retired.id,
          message: 'A new version is needed to sync your changes',
        });
      } finally {
        await h.setMinProtocol(1);
      }
      const again = await a.remote.push(randomUUID(), [before, { ...retired, v: 1 }, after]);
      expect(again.results.map((r) => r.status)).toEqual(['ok', 'ok', 'ok']);
      expect(again.client_too_old).toBeNull();
      const snap = await a.remote.pull(null, EMPTY, 1000);
      expect(upserts(snap, 'rating').find((r) => r.id === review.id)).toMatchObject({ rating: 3 });
    });

    it('[S3] the same batch pushed three times answers the same each time and takes effect once', async () => {
      const a = await h.member('idem');
      const b = await h.member('idem_target');
      const review = await pushOk(a, 'review.create', { igdb_id: IGDB.witcher3, rating: 8.5, review: 'Great' });
      const mutations = batch(
        ['follow.set', { user_id: b.id, following: true }],
        ['wishlist.set', { igdb_id: IGDB.stardew, in: true }],
        ['progress.set', { igdb_id: IGDB.zelda, completed: true }],
        ['comment.add', { key: randomUUID(), rating_id: review.id, content: 'First!' }],
        ['review_like.set', { rating_id: review.id, liked: true }],
      );
      const clientId = randomUUID();
      const first = await a.remote.push(clientId, mutations);
      const second = await a.remote.push(clientId, mutations);
      const fromAnotherTab = await a.remote.push(randomUUID(), mutations);
      expect(first.results.map((r) => [r.id, r.status])).toEqual(mutations.map((m) => [m.id, 'ok']));
      expect(second).toEqual(first);
      expect(fromAnotherTab).toEqual(first);

      const snap = await a.remote.pull(null, scope({ user_ids: [b.id] }), 1000);
      expect(upserts(snap, 'comment').filter((c) => c.rating_id === review.id)).toHaveLength(1);
      expect(upserts(snap, 'content_like').filter((l) => l.rating_id === review.id)).toHaveLength(1);
      expect(upserts(snap, 'rating').find((r) => r.id === review.id)).toMatchObject({
        like_count: 1,
        comment_count: 1,
      });
      expect(upserts(snap, 'user_follow').filter((f) => f.follower_id === a.id)).toHaveLength(1);
      expect(upserts(snap, 'user').find((u) => u.id === b.id)).toMatchObject({ follower_count: 1 });
      expect(upserts(snap, 'user_wishlist').filter((w) => w.user_id === a.id)).toHaveLength(1);
      expect(upserts(snap, 'game_progress').filter((p) => p.user_id === a.id)).toEqual([
        expect.objectContaining({ igdb_id: IGDB.zelda, started: true, completed: true }),
      ]);
    });

    it("[S5] rejects with the spec's code and message, and never blocks the mutations behind", async () => {
      const a = await h.member('mixed');
      const b = await h.member('mixed_other');
      const review = await pushOk(a, 'review.create', { igdb_id: IGDB.witcher3, rating: 9 });
      const theirs = await pushOk(b, 'comment.add', { key: randomUUID(), rating_id: review.id, content: 'Not yours' });
      const mutations = batch(
        ['review.create', { igdb_id: IGDB.witcher3, rating: 5 }],
        ['comment.add', { rating_id: review.id, content: 'One' }],
        ['follow.set', { user_id: a.id, following: true }],
        ['comment.add', { rating_id: review.id, content: 'x'.repeat(501) }],
        ['comment.add', { rating_id: review.id, parent_id: 999_999_999, content: 'Reply to nothing' }],
        ['comment.delete', { id: theirs.id }],
        ['review.update', { rating_id: review.id, rating: 11 }],
        ['review_like.set', { rating_id: 999_999_999, liked: true }],
        ['nope.do', {}],
        ['wishlist.set', { igdb_id: IGDB.celeste, in: true }],
      );
      const { results } = await a.remote.push(randomUUID(), mutations);
      expect(results.map((r) => (r.status === 'ok' ? ['ok'] : [r.status, r.code, r.message]))).toEqual([
        ['rejected', 'already_reviewed', 'You have already reviewed this game'],
        ['ok'],
        ['rejected', 'self_follow', 'You cannot follow yourself'],
        ['rejected', 'comment_too_long', 'Comment exceeds 500 characters'],
        ['rejected', 'parent_not_found', 'Parent comment not found'],
        ['rejected', 'comment_forbidden', 'Comment not found or you do not have permission to delete it'],
        ['rejected', 'invalid_rating', 'Rating must be from 1 to 10 in steps of 0.5'],
        ['rejected', 'review_not_found', 'Review not found'],
        ['rejected', 'unknown_mutation', 'Unknown mutation: nope.do'],
        ['ok'],
      ]);
      // A rejection is a result like any other: stored, and answered again as it was.
      expect((await a.remote.push(randomUUID(), mutations)).results).toEqual(results);
      // Nothing of the rejected ones took effect.
      const snap = await a.remote.pull(null, EMPTY, 1000);
      expect(upserts(snap, 'rating').filter((r) => r.user_id === a.id)).toEqual([
        expect.objectContaining({ id: review.id, rating: 9 }),
      ]);
      expect(
        upserts(snap, 'comment')
          .filter((c) => c.rating_id === review.id)
          .map((c) => c.content)
          .sort(),
      ).toEqual(['Not yours', 'One']);
    });

    it('[S3] rejects a malformed or borrowed mutation id on its own', async () => {
      const a = await h.member('ids');
      const b = await h.member('ids_other');
      const [mine] = batch(['wishlist.set', { igdb_id: IGDB.hades, in: true }]);
      if (!mine) throw new Error('no mutation');
      expect((await a.remote.push(randomUUID(), [mine])).results[0]?.status).toBe('ok');
      const { results } = await b.remote.push(randomUUID(), [
        { id: 'not-a-uuid', name: 'wishlist.set', args: { igdb_id: IGDB.hades, in: true } },
        mine,
        ...batch(['wishlist.set', { igdb_id: IGDB.hades, in: true }]),
      ]);
      expect(results.map((r) => (r.status === 'ok' ? ['ok'] : [r.id, r.code, r.message]))).toEqual([
        ['not-a-uuid', 'invalid_args', 'Mutation id must be a UUID'],
        [mine.id, 'id_conflict', 'Mutation id already used'],
        ['ok'],
      ]);
    });

    it('[S4] refuses a whole call with a typed error: too large a batch, a visitor, an unknown cursor', async () => {
      const a = await h.member('refused');
      const tooMany = batch(
        ...Array.from({ length: 501 }, (): [string, Record<string, unknown>] => [
          'comment.delete',
          { key: randomUUID() },
        ]),
      );
      const large = await rejection(a.remote.push(randomUUID(), tooMany));
      expect(large).toBeInstanceOf(RejectedBatchError);
      expect(large).toMatchObject({ code: 'batch_too_large', message: 'At most 500 mutations per push' });
      expect((await a.remote.pull(null, EMPTY, 1000)).changes.filter((c) => c.table === 'comment')).toEqual([]);

      const visitor = await rejection(
        h.visitor().push(randomUUID(), batch(['follow.set', { user_id: a.id, following: true }])),
      );
      expect(visitor).toBeInstanceOf(AuthError);
      expect(visitor).toMatchObject({ message: 'User not authenticated' });

      const cursor = await rejection(a.remote.pull('yesterday', EMPTY, 1000));
      expect(cursor).toBeInstanceOf(RejectedBatchError);
      expect(cursor).toMatchObject({ code: 'invalid_cursor', message: 'Invalid sync cursor' });
    });

    it('[S9] pulls a snapshot, then only what changed since, for the member and the scope', async () => {
      const c = await h.member('puller');
      const d = await h.member('commenter');
      const e = await h.member('stranger');
      const snap = await c.remote.pull(null, EMPTY, 1000);
      expect(snap).toMatchObject({ snapshot: true, has_more: false, user_id: c.id });
      expect(changeOf(snap, 'user', c.id)).toMatchObject({ op: 'upsert', row: { id: c.id, follower_count: 0 } });

      const review = await pushOk(c, 'review.create', { igdb_id: IGDB.hades, rating: 9, review: 'Again!' });
      const own = await c.remote.pull(snap.cursor, EMPTY, 1000);
      expect(own.snapshot).toBe(false);
      expect(changeOf(own, 'rating', review.id)).toMatchObject({
        op: 'upsert',
        row: { review: 'Again!', user_id: c.id },
      });
      // The game a row refers to comes with it.
      expect(upserts(own, 'game').map((g) => g.igdb_id)).toContain(IGDB.hades);

      const comment = await pushOk(d, 'comment.add', { key: randomUUID(), rating_id: review.id, content: 'Nice' });
      const others = await c.remote.pull(own.cursor, EMPTY, 1000);
      expect(changeOf(others, 'comment', comment.id)).toMatchObject({
        op: 'upsert',
        row: { content: 'Nice', user_id: d.id },
      });
      expect(changeOf(others, 'rating', review.id)).toMatchObject({ row: { comment_count: 1 } });

      const quiet = await c.remote.pull(others.cursor, EMPTY, 1000);
      expect(quiet.changes).toEqual([]);
      expect(cursorNumber(quiet.cursor)).toBeGreaterThanOrEqual(cursorNumber(others.cursor));

      await pushOk(e, 'wishlist.set', { igdb_id: IGDB.portal2, in: true });
      expect(upserts(await c.remote.pull(quiet.cursor, EMPTY, 1000), 'user_wishlist')).toEqual([]);
      const followed = await c.remote.pull(quiet.cursor, scope({ user_ids: [e.id] }), 1000);
      expect(upserts(followed, 'user_wishlist')).toEqual([
        expect.objectContaining({ user_id: e.id, igdb_id: IGDB.portal2 }),
      ]);
    });

    it('[S7] sends deletes as tombstones with their natural key, and only the latest state of a row', async () => {
      const f = await h.member('tomb_owner');
      const g = await h.member('tomb_guest');
      const review = await pushOk(f, 'review.create', { igdb_id: IGDB.celeste, rating: 8 });
      const before = (await f.remote.pull(null, EMPTY, 1000)).cursor;
      const key = randomUUID();
      const comment = await pushOk(g, 'comment.add', { key, rating_id: review.id, content: 'Soon gone' });
      const pushed = await g.remote.push(
        randomUUID(),
        batch(
          ['review_like.set', { rating_id: review.id, liked: true }],
          ['follow.set', { user_id: f.id, following: true }],
        ),
      );
      expect(pushed.results.map((r) => r.status)).toEqual(['ok', 'ok']);
      const made = await f.remote.pull(before, EMPTY, 1000);
      const like = upserts(made, 'content_like').find((l) => l.user_id === g.id);
      const follow = upserts(made, 'user_follow').find((x) => x.follower_id === g.id);
      expect(like && follow).toBeTruthy();

      const undone = await g.remote.push(
        randomUUID(),
        batch(
          ['comment.delete', { key }],
          ['review_like.set', { rating_id: review.id, liked: false }],
          ['follow.set', { user_id: f.id, following: false }],
        ),
      );
      expect(undone.results.map((r) => r.status)).toEqual(['ok', 'ok', 'ok']);
      const gone = await f.remote.pull(made.cursor, EMPTY, 1000);
      expect(changeOf(gone, 'comment', comment.id)).toEqual({
        table: 'comment',
        op: 'delete',
        id: comment.id,
        key: { client_key: key },
      });
      expect(changeOf(gone, 'content_like', Number(like?.id))).toEqual({
        table: 'content_like',
        op: 'delete',
        id: like?.id,
        key: { user_id: g.id, rating_id: review.id, comment_id: null },
      });
      expect(changeOf(gone, 'user_follow', Number(follow?.id))).toEqual({
        table: 'user_follow',
        op: 'delete',
        id: follow?.id,
        key: { follower_id: g.id, following_id: f.id },
      });
      expect(changeOf(gone, 'rating', review.id)).toMatchObject({ row: { like_count: 0, comment_count: 0 } });
      expect(changeOf(gone, 'user', f.id)).toMatchObject({ row: { follower_count: 0 } });
      // Made and deleted since the cursor: only the tombstone travels.
      const since = await f.remote.pull(before, EMPTY, 1000);
      expect(since.changes.filter((c) => c.table === 'comment')).toEqual([changeOf(gone, 'comment', comment.id)]);
    });

    it('[S7] pages end between transactions, cover everything, and the cursor never goes backwards', async () => {
      const p = await h.member('pager');
      const start = (await p.remote.pull(null, EMPTY, 1000)).cursor;
      const games = [IGDB.gta5, IGDB.eldenRing, IGDB.hollowKnight, IGDB.rdr2];
      for (const igdb of games) await pushOk(p, 'wishlist.set', { igdb_id: igdb, in: true, notes: `want ${igdb}` });
      await p.remote.push(
        randomUUID(),
        batch(
          ['progress.set', { igdb_id: IGDB.gta5, started: true }],
          ['progress.set', { igdb_id: IGDB.rdr2, completed: true }],
        ),
      );
      const whole = await p.remote.pull(start, EMPTY, 5000);
      expect(whole.has_more).toBe(false);

      const cursors = [start];
      const paged = new Map<string, ServerChange>();
      for (let cursor = start, pages = 0; ; pages++) {
        expect(pages).toBeLessThan(50);
        const page = await p.remote.pull(cursor, EMPTY, 1);
        for (const change of page.changes) paged.set(`${change.table}:${change.id}`, change);
        cursors.push(page.cursor);
        cursor = page.cursor;
        if (!page.has_more) break;
      }
      expect(cursors.length).toBeGreaterThan(games.length);
      const numbers = cursors.map(cursorNumber);
      expect(numbers).toEqual([...numbers].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
      expect(new Map(whole.changes.map((c) => [`${c.table}:${c.id}`, c]))).toEqual(paged);
      // Starting again from an old cursor sends the changes again, never an older cursor.
      const again = await p.remote.pull(start, EMPTY, 5000);
      expect(cursorNumber(again.cursor)).toBeGreaterThanOrEqual(numbers.at(-1) ?? 0n);
      expect(
        upserts(again, 'user_wishlist')
          .map((w) => w.igdb_id)
          .sort(),
      ).toEqual([IGDB.eldenRing, IGDB.hollowKnight].sort());
    });

    it('lets visitors pull the public rows in their scope', async () => {
      const a = await h.member('public');
      const review = await pushOk(a, 'review.create', { igdb_id: IGDB.portal2, rating: 10 });
      const page = await h.visitor().pull(null, scope({ user_ids: [a.id] }), 1000);
      expect(page.user_id).toBeNull();
      expect(changeOf(page, 'user', a.id)).toBeDefined();
      expect(changeOf(page, 'rating', review.id)).toMatchObject({ row: { rating: 10 } });
    });

    // Last: it prunes the whole change log.
    it("sends a member their own play sessions, private ones too, and never another member's", async () => {
      const a = await h.member('journal_owner');
      const b = await h.member('journal_reader');
      const key = randomUUID();
      const day = new Date().toISOString().slice(0, 10);
      const kept = await pushOk(a, 'journal.add', {
        key,
        igdb_id: IGDB.celeste,
        played_on: day,
        minutes: 45,
        note: ' Chapter 7 ',
        is_private: true,
      });
      expect(kept).toMatchObject({
        client_key: key,
        user_id: a.id,
        minutes: 45,
        note: 'Chapter 7',
        is_private: true,
        platform_id: null,
      });
      const again = await a.remote.push(
        randomUUID(),
        batch(['journal.add', { key, igdb_id: IGDB.celeste, played_on: day, minutes: 5 }]),
      );
      expect(again.results).toEqual([
        expect.objectContaining({ status: 'ok', result: expect.objectContaining({ id: kept.id, minutes: 45 }) }),
      ]);
      const refused = await a.remote.push(
        randomUUID(),
        batch(['journal.add', { key: randomUUID(), igdb_id: IGDB.celeste, played_on: day, minutes: 1441 }]),
      );
      expect(refused.results).toEqual([
        expect.objectContaining({
          status: 'rejected',
          code: 'invalid_minutes',
          message: 'Minutes played must be a whole number from 1 to 1440',
        }),
      ]);

      const own = await a.remote.pull(null, EMPTY, 1000);
      expect(upserts(own, 'play_session').map((s) => s.id)).toEqual([kept.id]);
      expect(upserts(own, 'game').map((g) => g.igdb_id)).toContain(IGDB.celeste);
      const wide = scope({ user_ids: [a.id] });
      const theirs = await b.remote.pull(null, wide, 1000);
      expect(upserts(theirs, 'play_session')).toEqual([]);

      await pushOk(a, 'journal.update', { key, is_private: false });
      const updated = await a.remote.pull(own.cursor, EMPTY, 1000);
      expect(changeOf(updated, 'play_session', kept.id)).toMatchObject({ op: 'upsert', row: { is_private: false } });
      expect(
        (await b.remote.pull(theirs.cursor, wide, 1000)).changes.filter((c) => c.table === 'play_session'),
      ).toEqual([]);
      expect((await a.remote.push(randomUUID(), batch(['journal.delete', { key }]))).results).toEqual([
        expect.objectContaining({ status: 'ok' }),
      ]);
      const gone = await a.remote.pull(updated.cursor, EMPTY, 1000);
      expect(changeOf(gone, 'play_session', kept.id)).toEqual({
        table: 'play_session',
        op: 'delete',
        id: kept.id,
        key: { client_key: key },
      });
    });

    it('sends a review draft to its author only; published, to everyone; back to draft, as a delete', async () => {
      const a = await h.member('draft_author');
      const b = await h.member('draft_reader');
      const draft = await pushOk(a, 'review.create', {
        igdb_id: IGDB.hades,
        rating: 6,
        review: 'Not ready',
        draft: true,
      });
      expect(draft).toMatchObject({ user_id: a.id, is_draft: true });
      const own = await a.remote.pull(null, EMPTY, 1000);
      expect(upserts(own, 'rating').find((r) => r.id === draft.id)).toMatchObject({
        is_draft: true,
        review: 'Not ready',
      });
      const wide = scope({ user_ids: [a.id], rating_ids: [draft.id] });
      const theirs = await b.remote.pull(null, wide, 1000);
      expect(upserts(theirs, 'rating').map((r) => r.id)).not.toContain(draft.id);
      const refused = await b.remote.push(
        randomUUID(),
        batch(['review_like.set', { rating_id: draft.id, liked: true }]),
      );
      expect(refused.results).toEqual([
        expect.objectContaining({ status: 'rejected', code: 'review_not_found', message: 'Review not found' }),
      ]);
      const ownLike = await a.remote.push(
        randomUUID(),
        batch(['review_like.set', { rating_id: draft.id, liked: true }]),
      );
      expect(ownLike.results).toEqual([
        expect.objectContaining({
          status: 'rejected',
          code: 'review_is_draft',
          message: 'This review is a draft: it can be liked once it is published',
        }),
      ]);

      await pushOk(a, 'review.update', { igdb_id: IGDB.hades, draft: false });
      const published = await b.remote.pull(theirs.cursor, wide, 1000);
      expect(changeOf(published, 'rating', draft.id)).toMatchObject({
        op: 'upsert',
        row: { is_draft: false, review: 'Not ready' },
      });
      await pushOk(a, 'review.update', { igdb_id: IGDB.hades, draft: true });
      const hidden = await b.remote.pull(published.cursor, wide, 1000);
      expect(changeOf(hidden, 'rating', draft.id)).toMatchObject({ op: 'delete', id: draft.id });
      expect(changeOf(await a.remote.pull(own.cursor, EMPTY, 1000), 'rating', draft.id)).toMatchObject({
        op: 'upsert',
        row: { is_draft: true },
      });
    });

    it('[S10] refuses a cursor older than the pruned change log with cursor_too_old; a snapshot goes on from there', async () => {
      const a = await h.member('retained');
      const b = await h.member('retained_other');
      const away = (await a.remote.pull(null, scope({ user_ids: [b.id] }), 1000)).cursor;
      const review = await pushOk(a, 'review.create', { igdb_id: IGDB.witcher3, rating: 7 });
      expect(
        (await b.remote.push(randomUUID(), batch(['follow.set', { user_id: a.id, following: true }]))).results,
      ).toEqual([expect.objectContaining({ status: 'ok' })]);
      const current = (await a.remote.pull(away, scope({ user_ids: [b.id] }), 1000)).cursor;
      await h.pruneChangeLog();

      for (const remote of [a.remote, h.visitor()]) {
        const refused = await rejection(remote.pull(away, scope({ user_ids: [b.id] }), 1000));
        expect(refused).toBeInstanceOf(RejectedBatchError);
        expect(refused).toMatchObject({
          code: 'cursor_too_old',
          message: 'Sync cursor is older than the change log; take a new snapshot',
        });
      }
      // A device that had pulled everything before the prune missed nothing: its cursor still works.
      expect((await a.remote.pull(current, scope({ user_ids: [b.id] }), 1000)).changes).toEqual([]);

      const snapshot = await a.remote.pull(null, scope({ user_ids: [b.id] }), 1000);
      expect(snapshot.snapshot).toBe(true);
      expect(changeOf(snapshot, 'rating', review.id)).toMatchObject({ op: 'upsert', row: { rating: 7 } });
      expect(upserts(snapshot, 'user_follow')).toEqual([
        expect.objectContaining({ follower_id: b.id, following_id: a.id }),
      ]);
      await pushOk(a, 'review.update', { rating_id: review.id, rating: 8 });
      const next = await a.remote.pull(snapshot.cursor, scope({ user_ids: [b.id] }), 1000);
      expect(changeOf(next, 'rating', review.id)).toMatchObject({ op: 'upsert', row: { rating: 8 } });
    });
  });
}

let serial = 0;
const uniqueName = (name: string) => `${name}_${++serial}`;

contract('sync contract: the real server (supabase-js → gateway → Postgres)', async () => {
  const gw = await startTestGateway();
  await gw.db.query('select public.import_catalogue($1::jsonb)', [JSON.stringify(GAMES)]);
  const harness: Harness = {
    async member(name) {
      const username = uniqueName(name);
      const email = `${username}@example.test`;
      const client = gw.client();
      const signUp = await client.auth.signUp({ email, password: 'Str0ng!Passw0rd', options: { data: { username } } });
      expect(signUp.error).toBeNull();
      const { tokenHash } = linkToken(await gw.lastMail(email, 'signup'));
      const verified = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
      expect(verified.error).toBeNull();
      const { data, error } = await client.rpc('get_or_create_user', {
        auth_id: verified.data.user?.id,
        user_email: email,
        user_name: username,
      });
      expect(error).toBeNull();
      return { id: Number(data), remote: createSupabaseRemote(client) };
    },
    visitor: () => createSupabaseRemote(gw.client()),
    async pruneChangeLog() {
      await gw.db.query(`select app.prune_sync_changes('0 seconds')`);
    },
    async setMinProtocol(protocol) {
      await gw.db.query('update public.sync_protocol set min_protocol = $1', [protocol]);
    },
  };
  return { harness, close: () => gw.close() };
});

contract('sync contract: the in-memory fake', async () => {
  const server = new FakeSyncServer(GAMES);
  const harness: Harness = {
    member: async (name) => {
      const id = server.addMember(uniqueName(name));
      return { id, remote: server.remoteFor(id) };
    },
    visitor: () => server.remoteFor(null),
    async pruneChangeLog() {
      server.pruneChangeLog();
    },
    async setMinProtocol(protocol) {
      server.minProtocol = protocol;
    },
  };
  return { harness, close: async () => undefined };
});
