import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CTX,
  gameRow,
  ME,
  NOW,
  openLocalDb,
  OTHER,
  reviewRow,
  snapshot,
  userRow,
} from '../../tests/support/local-db.ts';
import { randomUuid } from '../core/random-uuid.ts';
import type { CheckpointDb } from '../store/db.ts';
import { emitRejected, onLocalWrite, onRejected } from '../store/events.ts';
import { mutate } from './mutate.ts';

let db: CheckpointDb;
const game = gameRow(10, 1942, 'The Witcher 3');

beforeEach(async () => {
  db = openLocalDb();
  await db.users.bulkPut([userRow(ME, 'me'), userRow(OTHER, 'other')]);
  await db.games.put(game);
  await db.reviews.put(reviewRow(5, OTHER, game, { like_count: 2 }));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await db.delete();
});

describe('mutate', () => {
  it('applies the write and queues it, in order, with the validated arguments', async () => {
    const key = randomUUID();
    const first = await mutate(db, 'comment.add', { key, rating_id: 5, content: '  Nice  ' }, CTX);
    const second = await mutate(db, 'review_like.set', { rating_id: 5, liked: true }, CTX);
    expect(await db.outbox.orderBy('seq').toArray()).toMatchObject([
      { id: first, name: 'comment.add', args: { key, rating_id: 5, content: 'Nice' }, created_at: NOW, attempts: 0 },
      { id: second, name: 'review_like.set', args: { rating_id: 5, liked: true } },
    ]);
    expect(await db.reviews.get(5)).toMatchObject({ like_count: 3, comment_count: 1 });
  });

  it('tells local-write listeners after the commit, when the outbox row can be read', async () => {
    const seen: number[] = [];
    const stop = onLocalWrite(() => {
      void db.outbox.count().then((n) => seen.push(n));
    });
    await mutate(db, 'follow.set', { user_id: OTHER, following: true }, CTX);
    stop();
    await mutate(db, 'follow.set', { user_id: OTHER, following: false }, CTX);
    await vi.waitFor(() => expect(seen).toEqual([1]));
  });

  it('writes nothing when the arguments do not validate', async () => {
    const before = await snapshot(db);
    const writes = vi.fn();
    const stop = onLocalWrite(writes);
    await expect(
      mutate(db, 'comment.add', { key: randomUUID(), rating_id: 5, content: ' ' }, CTX),
    ).rejects.toMatchObject({
      name: 'MutationError',
      message: 'Comment cannot be empty',
    });
    stop();
    expect(writes).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(0);
    expect(await snapshot(db)).toEqual(before);
  });

  it('writes nothing when the apply refuses the write', async () => {
    const before = await snapshot(db);
    await expect(mutate(db, 'follow.set', { user_id: ME, following: true }, CTX)).rejects.toMatchObject({
      name: 'MutationError',
      code: 'self_follow',
      message: 'You cannot follow yourself',
    });
    expect(await db.outbox.count()).toBe(0);
    expect(await snapshot(db)).toEqual(before);
  });

  it('writes nothing when the apply fails half-way', async () => {
    // The like row and its shadow are written before the review's counter; the counter write fails.
    db.reviews.hook('updating', () => {
      throw new Error('disk failure');
    });
    const before = await snapshot(db);
    await expect(mutate(db, 'review_like.set', { rating_id: 5, liked: true }, CTX)).rejects.toThrow('disk failure');
    expect(await db.outbox.count()).toBe(0);
    expect(await snapshot(db)).toEqual(before);
  });

  it('applies nothing when the outbox row cannot be added', async () => {
    // No randomness: every id comes out the same, so the mutation's id is the queued row's.
    vi.spyOn(crypto, 'getRandomValues').mockImplementation((array) => array);
    const taken = randomUuid();
    await db.outbox.add({ id: taken, name: 'follow.set', args: {}, created_at: NOW, attempts: 0 });
    const before = await snapshot(db);
    await expect(mutate(db, 'review_like.set', { rating_id: 5, liked: true }, CTX)).rejects.toThrow();
    expect(await db.outbox.count()).toBe(1);
    expect(await snapshot(db)).toEqual(before);
  });
});

describe('events', () => {
  it('passes rejections to every listener until it unsubscribes', () => {
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = onRejected(first);
    const stopSecond = onRejected(second);
    const rejection = { name: 'follow.set', code: 'self_follow', message: 'You cannot follow yourself' };
    emitRejected(rejection);
    stopFirst();
    emitRejected(rejection);
    stopSecond();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
    expect(second).toHaveBeenCalledWith(rejection);
  });

  it('keeps telling the other listeners when one throws, and rethrows its error later', async () => {
    const rethrown = new Promise<unknown>((resolve) => process.once('uncaughtException', resolve));
    const after = vi.fn();
    const stopBad = onLocalWrite(() => {
      throw new Error('listener bug');
    });
    const stopGood = onLocalWrite(after);
    await mutate(db, 'follow.set', { user_id: OTHER, following: true }, CTX);
    stopBad();
    stopGood();
    expect(after).toHaveBeenCalledTimes(1);
    expect(await rethrown).toMatchObject({ message: 'listener bug' });
  });
});
