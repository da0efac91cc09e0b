// The overlay and the rebase as the sync engine uses them: server changes land under pending
// writes; resetToServer plus re-applying the outbox gives server truth with the pending writes on
// top. The server side is played by hand here (which pushes it accepted, which rows it sends).
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  commentRow,
  CTX,
  EARLIER,
  gameRow,
  ME,
  NOW,
  openLocalDb,
  OTHER,
  reviewRow,
  userRow,
} from '../../tests/support/local-db.ts';
import { isMutationName, MutationError } from '../core/mutations.ts';
import type { CheckpointDb } from '../store/db.ts';
import { mutate } from './mutate.ts';
import { applyLocal } from '../store/mutators/registry.ts';
import { APPLY_TABLES } from '../store/mutators/scope.ts';
import {
  applyServerChange,
  applyServerChanges,
  resetToServer,
  sameValue,
  type ServerChange,
} from '../store/overlay.ts';
import { mulberry32 } from '../../tests/support/random.ts';

let db: CheckpointDb;
const witcher = gameRow(10, 1942, 'The Witcher 3');
const celeste = gameRow(11, 26226, 'Celeste');
const LATER = '2026-11-20T13:00:00.000Z';

beforeEach(async () => {
  db = openLocalDb();
  await db.users.bulkPut([userRow(ME, 'me'), userRow(OTHER, 'other', { follower_count: 1 })]);
  await db.games.bulkPut([witcher, celeste]);
  await db.reviews.bulkPut([
    reviewRow(5, ME, witcher, { comment_count: 2 }),
    reviewRow(6, OTHER, celeste, { like_count: 2 }),
  ]);
  await db.comments.bulkPut([
    commentRow(20, ME, 5),
    commentRow(21, OTHER, 5, { parent_comment_id: 20, like_count: 1 }),
  ]);
  await db.likes.put({ id: 30, user_id: ME, rating_id: null, comment_id: 21, is_like: true, created_at: EARLIER });
});
afterEach(() => db.delete());

/** Rows from sync_pull, stored under the pending writes. */
async function pull(...changes: ServerChange[]): Promise<void> {
  await db.transaction('rw', APPLY_TABLES, async () => {
    for (const change of changes) await applyServerChange(db, change);
  });
}

/** The server answered these mutations (accepted or rejected): they leave the outbox. */
async function answered(...ids: string[]): Promise<void> {
  await db.outbox.where('id').anyOf(ids).delete();
}

/** Server truth, then every pending mutation again in order; a refused one is skipped. */
async function rebase(): Promise<void> {
  await db.transaction('rw', [...APPLY_TABLES, 'outbox'], async () => {
    await resetToServer(db);
    for (const row of await db.outbox.orderBy('seq').toArray()) {
      if (!isMutationName(row.name)) continue;
      try {
        await applyLocal(db, row.name, row.args, { me: ME, now: row.created_at });
      } catch (error) {
        if (!(error instanceof MutationError)) throw error;
      }
    }
  });
}

const upsert = <R extends { id: number }>(table: ServerChange['table'], row: R): ServerChange => ({
  table,
  op: 'upsert',
  id: row.id,
  row,
});

describe('pending writes over server truth', () => {
  it('keeps a pending write visible when the server changes the row under it', async () => {
    await mutate(db, 'review.update', { igdb_id: 1942, rating: 9 }, CTX);
    const fromServer = reviewRow(5, ME, witcher, { comment_count: 2, like_count: 4, updated_at: LATER });
    await pull(upsert('rating', fromServer));
    expect(await db.reviews.get(5)).toMatchObject({ rating: 9, like_count: 0 });
    expect(await db.shadows.get(['reviews', 5])).toMatchObject({ base: fromServer });
    await rebase();
    expect(await db.reviews.get(5)).toMatchObject({ rating: 9, like_count: 4, updated_at: NOW });
  });

  it('rebases to server state plus the writes still pending', async () => {
    const like = await mutate(db, 'review_like.set', { rating_id: 6, liked: true }, CTX);
    await mutate(db, 'follow.set', { user_id: OTHER, following: true }, CTX);
    expect((await db.reviews.get(6))?.like_count).toBe(3);
    // The like is accepted; the pull brings the server's like row and count. The follow waits.
    await answered(like);
    await pull(
      upsert('content_like', { id: 900, user_id: ME, rating_id: 6, comment_id: null, is_like: true, created_at: NOW }),
      upsert('rating', reviewRow(6, OTHER, celeste, { like_count: 3 })),
    );
    await rebase();
    expect(await db.likes.where('rating_id').equals(6).toArray()).toMatchObject([{ id: 900 }]);
    expect((await db.reviews.get(6))?.like_count).toBe(3);
    expect(await db.follows.toArray()).toMatchObject([{ follower_id: ME, following_id: OTHER }]);
    expect((await db.users.get(OTHER))?.follower_count).toBe(2);
    expect(await db.shadows.count()).toBeGreaterThan(0);
  });

  it("drops a rejected write's effect at the next rebase", async () => {
    const wish = await mutate(db, 'wishlist.set', { igdb_id: 26226, in: true }, CTX);
    expect(await db.wishlist.count()).toBe(1);
    // Another device had started the game: the server refuses, and the pull brings the progress.
    await answered(wish);
    await pull(
      upsert('game_progress', {
        id: 70,
        user_id: ME,
        game_id: 11,
        igdb_id: 26226,
        started: true,
        completed: false,
        started_date: EARLIER,
        completed_date: null,
        created_at: EARLIER,
        updated_at: EARLIER,
      }),
    );
    await rebase();
    expect(await db.wishlist.count()).toBe(0);
    expect(await db.progress.get(70)).toMatchObject({ started: true });
    expect(await db.shadows.count()).toBe(0);
  });

  it("replaces a temporary row by the server's row with the real id", async () => {
    const create = await mutate(db, 'review.create', { igdb_id: 26226, rating: 7, review: 'Hard' }, CTX);
    const temp = await db.reviews.where('[user_id+igdb_id]').equals([ME, 26226]).first();
    expect(temp?.id).toBeLessThan(0);
    await answered(create);
    await pull(
      upsert(
        'rating',
        reviewRow(700, ME, celeste, { rating: 7, review: 'Hard', post_date_time: NOW, updated_at: NOW }),
      ),
    );
    await rebase();
    expect(await db.reviews.where('[user_id+igdb_id]').equals([ME, 26226]).toArray()).toMatchObject([
      { id: 700, rating: 7 },
    ]);
    expect(await db.reviews.get(temp?.id ?? 0)).toBeUndefined();
    expect(await db.shadows.count()).toBe(0);
  });

  it('shows a comment once when the server already has it while its write is still queued', async () => {
    const key = randomUUID();
    await mutate(db, 'comment.add', { key, rating_id: 6, content: 'Same comment' }, CTX);
    // Pushed, but the answer was lost: the pull brings the server's row, the write stays queued.
    await pull(
      upsert('comment', { ...commentRow(800, ME, 6, { client_key: key, content: 'Same comment' }) }),
      upsert('rating', reviewRow(6, OTHER, celeste, { like_count: 2, comment_count: 1 })),
    );
    await rebase();
    expect(await db.comments.where('client_key').equals(key).toArray()).toMatchObject([{ id: 800 }]);
    expect((await db.reviews.get(6))?.comment_count).toBe(1);
  });

  it('brings a deleted row back, with what went with it, when the delete is rejected', async () => {
    const del = await mutate(db, 'comment.delete', { id: 20 }, CTX);
    expect(await db.comments.count()).toBe(0);
    expect((await db.reviews.get(5))?.comment_count).toBe(0);
    await answered(del);
    await rebase();
    expect((await db.comments.toArray()).map((c) => c.id)).toEqual([20, 21]);
    expect(await db.likes.get(30)).toBeDefined();
    expect((await db.reviews.get(5))?.comment_count).toBe(2);
  });

  it('skips a pending write the server state no longer allows, keeping the rest', async () => {
    await mutate(db, 'top5.replace', { games: [{ igdb_id: 1942 }] }, CTX);
    await mutate(db, 'follow.set', { user_id: OTHER, following: true }, CTX);
    // Another device deleted the review: the Top 5 write will be refused, the follow still shows.
    await pull({ table: 'rating', op: 'delete', id: 5 });
    await rebase();
    expect(await db.reviews.get(5)).toBeUndefined();
    expect(await db.topGames.count()).toBe(0);
    expect(await db.follows.count()).toBe(1);
  });
});

describe('applyServerChanges (a page at once)', () => {
  /** Everything a server change can touch, in a comparable form. */
  async function contents(of: CheckpointDb) {
    const tables = ['games', 'users', 'reviews', 'comments', 'shadows'] as const;
    return Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await of.table(t).toArray()] as const)));
  }

  it('leaves the device exactly as applying the changes one by one does, pending writes included', async () => {
    const twin = openLocalDb();
    try {
      await twin.users.bulkPut(await db.users.toArray());
      await twin.games.bulkPut(await db.games.toArray());
      await twin.reviews.bulkPut(await db.reviews.toArray());
      await twin.comments.bulkPut(await db.comments.toArray());
      await twin.likes.bulkPut(await db.likes.toArray());
      // A pending write over a row the pages below change: that row is shadowed.
      for (const target of [db, twin]) await mutate(target, 'review.update', { igdb_id: 1942, rating: 9 }, CTX);
      expect(await twin.shadows.count()).toBeGreaterThan(0);
      const random = mulberry32(2026);
      for (let page = 0; page < 20; page++) {
        // Rows repeat within a page (an upsert then a delete, two versions), as a pull's can.
        const changes: ServerChange[] = Array.from({ length: 25 }, (_, i) => {
          const id = [5, 6, 7, 8][Math.floor(random() * 4)] ?? 5;
          const roll = random();
          if (roll < 0.15) return { table: 'rating', op: 'delete', id };
          if (roll < 0.3) return upsert('game', gameRow(10 + (id % 3), 1942 + id, `Game ${page}.${i}`));
          if (roll < 0.4) return upsert('user', userRow(id === 5 ? OTHER : ME, `name_${page}_${i}`));
          if (roll < 0.45) return { table: 'not_mirrored' as ServerChange['table'], op: 'delete', id };
          return upsert(
            'rating',
            reviewRow(id, id % 2 ? OTHER : ME, id % 2 ? celeste : witcher, { like_count: page + i }),
          );
        });
        await pull(...changes);
        await twin.transaction('rw', APPLY_TABLES, () => applyServerChanges(twin, changes));
        expect(await contents(twin)).toEqual(await contents(db));
      }
    } finally {
      await twin.delete();
    }
  }, 20_000); // 40 transactions over two databases: seconds on a loaded machine
  it('writes only the rows that changed: a read-through of rows the device holds as they are writes nothing', async () => {
    const rows = [gameRow(40, 4000, 'Same'), gameRow(41, 4001, 'Old name')];
    await db.transaction('rw', APPLY_TABLES, () =>
      applyServerChanges(
        db,
        rows.map((r) => upsert('game', r)),
      ),
    );
    const written: number[] = [];
    const onWrite = (id: number) => {
      written.push(id);
    };
    db.games.hook('creating', (id) => onWrite(Number(id)));
    db.games.hook('updating', (_mods, id) => {
      onWrite(Number(id));
    });
    const again = [{ ...gameRow(40, 4000, 'Same') }, gameRow(41, 4001, 'New name'), gameRow(42, 4002, 'Brand new')];
    await db.transaction('rw', APPLY_TABLES, () =>
      applyServerChanges(
        db,
        again.map((r) => upsert('game', r)),
      ),
    );
    expect(written.sort()).toEqual([41, 42]);
    expect((await db.games.bulkGet([40, 41, 42])).map((g) => g?.name)).toEqual(['Same', 'New name', 'Brand new']);
  });

  it('compares rows as values: key order aside, nested lists and nulls counted', () => {
    expect(sameValue({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).toBe(true);
    expect(sameValue({ a: 1, b: [1, 2] }, { a: 1, b: [2, 1] })).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue({ a: null }, { a: 0 })).toBe(false);
    expect(sameValue(undefined, { a: 1 })).toBe(false);
    expect(sameValue([1], { 0: 1 })).toBe(false);
  });
});
