// A pull that was on its way when the member signed in must not undo the sign-in: the visitor's
// snapshot page arrives after adoptMember and is dropped, and the member stays on the device. A
// cursor the server refuses as too old is answered with one snapshot, never a loop.
import 'fake-indexeddb/auto';
import { afterEach, expect, it } from 'vitest';
import { CheckpointDb } from '../store/db.ts';
import { mutate } from './mutate.ts';
import { pullChanges } from './pull.ts';
import { CURSOR_TOO_OLD, RejectedBatchError, type PullPage, type Remote } from './remote.ts';
import { adoptMember, loadSyncState } from './state.ts';

let db: CheckpointDb | undefined;
afterEach(async () => {
  db?.close();
  await db?.delete();
});

it('[S13] drops a visitor page that lands after the member signed in', async () => {
  db = new CheckpointDb(`pull-${Math.random()}`);
  const local = db;
  await loadSyncState(local);
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const visitorPage: PullPage = { changes: [], cursor: 'v1:100', has_more: false, snapshot: true, user_id: null };
  const remote: Remote = {
    push: () => Promise.reject(new Error('not used')),
    pull: async () => {
      await gate;
      return visitorPage;
    },
  };
  const pulling = pullChanges(local, remote);
  await adoptMember(local, 42);
  release();
  // The engine hears "not signed in" for this pull (and pulls again as the member); the device
  // keeps the member either way.
  await pulling.catch(() => undefined);
  expect(await loadSyncState(local)).toMatchObject({ user_id: 42, cursor: null });
});

it('[S13] drops a visitor page when the member signs in between its check and its store', async () => {
  db = new CheckpointDb(`pull-${Math.random()}`);
  const local = db;
  await loadSyncState(local);
  const visitorPage: PullPage = { changes: [], cursor: 'v1:100', has_more: false, snapshot: true, user_id: null };
  let pulled = false;
  let adopting: Promise<void> | undefined;
  // The first read of the sync state after the page arrived is pull's member check: the sign-in
  // lands right behind it, before the page is stored.
  local.syncState.hook('reading', (row) => {
    if (pulled && adopting === undefined) adopting = adoptMember(local, 42);
    return row;
  });
  const remote: Remote = {
    push: () => Promise.reject(new Error('not used')),
    pull: async () => {
      pulled = true;
      return visitorPage;
    },
  };
  await pullChanges(local, remote).catch(() => undefined);
  await adopting;
  expect(adopting).toBeDefined();
  expect(await loadSyncState(local)).toMatchObject({ user_id: 42, cursor: null });
});

it('[S10] answers cursor_too_old with one snapshot, and surfaces a second refusal instead of asking again and again', async () => {
  db = new CheckpointDb(`pull-${Math.random()}`);
  const local = db;
  await loadSyncState(local);
  await local.syncState.update('main', { cursor: 'v1:5', user_id: 42 });
  const asked: Array<string | null> = [];
  let refuseSnapshot = false;
  const remote: Remote = {
    push: () => Promise.reject(new Error('not used')),
    pull: async (cursor) => {
      asked.push(cursor);
      if (cursor !== null || refuseSnapshot)
        throw new RejectedBatchError(CURSOR_TOO_OLD, 'Sync cursor is older than the change log; take a new snapshot');
      return { changes: [], cursor: 'v1:900', has_more: false, snapshot: true, user_id: 42 };
    },
  };
  expect(await pullChanges(local, remote)).toEqual({ pages: 1, changes: 0 });
  expect(asked).toEqual(['v1:5', null]);
  expect(await loadSyncState(local)).toMatchObject({ cursor: 'v1:900', user_id: 42 });

  // A server that keeps refusing (a cursor it just made, so something is wrong there): one retry, then the error.
  asked.length = 0;
  refuseSnapshot = true;
  await expect(pullChanges(local, remote)).rejects.toMatchObject({ code: CURSOR_TOO_OLD });
  expect(asked).toEqual(['v1:900', null]);
});

const ME = 42;
const REVIEW_ID = 500;
const PENDING_KEY = '7d1c0f4e-2b7a-4c61-9a35-0f1e2d3c4b5a';

function review(commentCount: number): Record<string, unknown> & { id: number } {
  return {
    id: REVIEW_ID,
    user_id: ME,
    game_id: 1,
    igdb_id: 1001,
    rating: 8,
    review: 'Snapshot review',
    post_date_time: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    is_recommended: true,
    platform_id: null,
    playtime_hours: null,
    like_count: 0,
    comment_count: commentCount,
    is_draft: false,
  };
}

function comment(id: number, content: string): Record<string, unknown> & { id: number } {
  return {
    id,
    client_key: null,
    user_id: ME,
    rating_id: REVIEW_ID,
    content,
    parent_comment_id: null,
    is_published: true,
    created_at: `2026-11-02T00:00:${String(id % 60).padStart(2, '0')}.000Z`,
  };
}

it('[S10] stores a snapshot in slices: lists never empty between them, a cut-off one restarts and ends equal to the server, pending writes stay on top', async () => {
  db = new CheckpointDb(`pull-${Math.random()}`);
  const local = db;
  // Counts writes of comments once armed, and fails the one numbered failOnPut.
  let failOnPut = 0;
  let puts = 0;
  local.use({
    stack: 'dbcore',
    name: 'fail-a-slice',
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        if (name !== 'comments') return table;
        return {
          ...table,
          mutate: (req) =>
            failOnPut > 0 && req.type === 'put' && ++puts === failOnPut
              ? Promise.reject(new Error('QuotaExceededError'))
              : table.mutate(req),
        };
      },
    }),
  });
  await loadSyncState(local);
  // The device held comments 1..10 as of an old cursor, which the server now refuses as too old.
  await local.reviews.put(review(10) as never);
  await local.comments.bulkPut(Array.from({ length: 10 }, (_, i) => comment(i + 1, 'old')) as never);
  await local.syncState.update('main', { cursor: 'v1:5', user_id: ME });
  // A pending comment (offline): its row and the review's count stay shown through the snapshot.
  await mutate(
    local,
    'comment.add',
    { key: PENDING_KEY, rating_id: REVIEW_ID, content: 'Mine' },
    { me: ME, now: new Date().toISOString() },
  );
  expect(await local.reviews.get(REVIEW_ID)).toMatchObject({ comment_count: 11 });

  // The server: comments 9 and 10 are gone, 1..8 changed, 11..40 are new; the review counts 38.
  const rows = [review(38), ...Array.from({ length: 38 }, (_, i) => comment(i < 8 ? i + 1 : i + 3, 'new'))];
  const snapshot: PullPage = {
    changes: rows.map((row) => ({ table: row === rows[0] ? 'rating' : 'comment', op: 'upsert', id: row.id, row })),
    cursor: 'v1:900',
    has_more: false,
    snapshot: true,
    user_id: ME,
  };
  const remote: Remote = {
    push: () => Promise.reject(new Error('not used')),
    pull: async (cursor) => {
      if (cursor !== null) throw new RejectedBatchError(CURSOR_TOO_OLD, 'too old');
      return snapshot;
    },
  };

  // A reader (a live query's) reads between the slices, each time in one transaction with the cursor.
  const seen: Array<{ cursor: string | null; ids: number[]; fresh: number }> = [];
  let reading = true;
  const reader = (async () => {
    while (reading && local.isOpen()) {
      seen.push(
        await local.transaction('r', local.comments, local.syncState, async () => {
          const all = await local.comments.toArray();
          return {
            cursor: (await local.syncState.get('main'))?.cursor ?? null,
            ids: all.map((c) => c.id),
            fresh: all.filter((c) => c.content === 'new').length,
          };
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  })();

  // The third slice's write of comments fails (a Dexie error: quota, the page closing).
  failOnPut = 3;
  await expect(pullChanges(local, remote, { snapshotSlice: 5 })).rejects.toThrow('QuotaExceededError');
  // Cut off: the cursor moved past nothing (the too-old one was dropped), and nothing was taken away.
  expect(await loadSyncState(local)).toMatchObject({ cursor: null, user_id: ME });
  const cut = await local.comments.toArray();
  expect(cut.filter((c) => c.content === 'new').length).toBeGreaterThan(0);
  expect(cut.filter((c) => c.content === 'new').length).toBeLessThan(38);
  for (const id of [9, 10]) expect(cut.map((c) => c.id)).toContain(id);
  expect(cut.find((c) => c.client_key === PENDING_KEY)).toMatchObject({ content: 'Mine' });

  // The next pull takes the snapshot again, whole.
  failOnPut = 0;
  expect(await pullChanges(local, remote, { snapshotSlice: 5 })).toEqual({ pages: 1, changes: 39 });
  reading = false;
  await reader;

  const end = await local.comments.toArray();
  const server = rows.slice(1).map((row) => row.id);
  expect(end.filter((c) => c.id > 0).map((c) => c.id)).toEqual(server);
  expect(end.filter((c) => c.id > 0).every((c) => c.content === 'new')).toBe(true);
  expect(end.filter((c) => c.id < 0)).toMatchObject([{ client_key: PENDING_KEY, content: 'Mine' }]);
  expect(await local.reviews.get(REVIEW_ID)).toMatchObject({ comment_count: 39, review: 'Snapshot review' });
  expect(await local.outbox.count()).toBe(1);
  expect(await loadSyncState(local)).toMatchObject({ cursor: 'v1:900', user_id: ME });

  // The reader read between slices (some reads saw part of the snapshot), and every read before
  // the cursor moved still held every comment the device had before the pull, and the pending one.
  expect(seen.some((s) => s.cursor === null && s.fresh > 0 && s.fresh < 38)).toBe(true);
  for (const read of seen.filter((s) => s.cursor !== 'v1:900')) {
    for (let id = 1; id <= 10; id++) expect(read.ids).toContain(id);
    expect(read.ids.some((id) => id < 0)).toBe(true);
  }
});

it('[S9] stores the rows others refer to first: between slices no comment shows before its review and author', async () => {
  db = new CheckpointDb(`pull-${Math.random()}`);
  const local = db;
  await loadSyncState(local);
  await local.syncState.update('main', { user_id: ME });
  const author: Record<string, unknown> & { id: number } = {
    id: 9,
    provider_id: 'p9',
    username: 'nine',
    created_at: '2026-01-01T00:00:00.000Z',
    follower_count: 0,
    following_count: 0,
  };
  // The server's order puts the comments first, their review and author last.
  const rows = Array.from({ length: 30 }, (_, i) => ({ ...comment(i + 1, 'new'), user_id: author.id }));
  const snapshot: PullPage = {
    changes: [
      ...rows.map((row) => ({ table: 'comment' as const, op: 'upsert' as const, id: row.id, row })),
      { table: 'user', op: 'upsert', id: author.id, row: author },
      { table: 'rating', op: 'upsert', id: REVIEW_ID, row: review(30) },
    ],
    cursor: 'v1:77',
    has_more: false,
    snapshot: true,
    user_id: ME,
  };
  const remote: Remote = { push: () => Promise.reject(new Error('not used')), pull: async () => snapshot };

  const reads: Array<{ comments: number; review: boolean; author: boolean }> = [];
  let reading = true;
  const reader = (async () => {
    while (reading) {
      reads.push(
        await local.transaction('r', local.comments, local.reviews, local.users, async () => ({
          comments: await local.comments.count(),
          review: (await local.reviews.get(REVIEW_ID)) !== undefined,
          author: (await local.users.get(author.id)) !== undefined,
        })),
      );
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  })();
  expect(await pullChanges(local, remote, { snapshotSlice: 4 })).toEqual({ pages: 1, changes: 32 });
  reading = false;
  await reader;
  expect(await local.comments.count()).toBe(30);
  expect(reads.some((r) => r.comments > 0 && r.comments < 30)).toBe(true);
  for (const read of reads.filter((r) => r.comments > 0)) expect(read).toMatchObject({ review: true, author: true });
});
