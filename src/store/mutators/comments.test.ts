import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  apply,
  commentRow,
  EARLIER,
  gameRow,
  ME,
  NOW,
  openLocalDb,
  OTHER,
  reviewRow,
  snapshot,
} from '../../../tests/support/local-db.ts';
import type { CheckpointDb } from '../db.ts';

let db: CheckpointDb;
const game = gameRow(10, 1942, 'The Witcher 3');

beforeEach(async () => {
  db = openLocalDb();
  await db.games.put(game);
  await db.reviews.bulkPut([
    reviewRow(5, OTHER, game, { comment_count: 1 }),
    reviewRow(6, ME, gameRow(11, 72, 'Portal 2')),
  ]);
  await db.comments.put(commentRow(20, OTHER, 5));
});
afterEach(() => db.delete());

const byKey = (key: string) => db.comments.where('client_key').equals(key).first();
const commentCount = async (id = 5) => (await db.reviews.get(id))?.comment_count;

describe('comment.add', () => {
  it('adds the comment under its key with a temporary id and counts it on the review', async () => {
    const key = randomUUID();
    await apply(db, 'comment.add', { key, rating_id: 5, content: '  Nice review!  ' });
    const comment = await byKey(key);
    expect(comment?.id).toBeLessThan(0);
    expect(comment).toMatchObject({
      client_key: key,
      user_id: ME,
      rating_id: 5,
      content: 'Nice review!',
      parent_comment_id: null,
      is_published: true,
      created_at: NOW,
      updated_at: NOW,
      like_count: 0,
    });
    expect(await commentCount()).toBe(2);
  });

  it('keeps an offline time within 30 days', async () => {
    const key = randomUUID();
    await apply(db, 'comment.add', { key, rating_id: 5, content: 'x', created_at: EARLIER });
    expect(await byKey(key)).toMatchObject({ created_at: EARLIER, updated_at: EARLIER });
  });

  it('attaches a reply to a reply to the top-level comment, found by id or by key', async () => {
    const reply = randomUUID();
    const replyToReply = randomUUID();
    await apply(db, 'comment.add', { key: reply, rating_id: 5, parent_id: 20, content: 'a' });
    await apply(db, 'comment.add', { key: replyToReply, rating_id: 5, parent_key: reply, content: '@x b' });
    expect((await byKey(reply))?.parent_comment_id).toBe(20);
    expect((await byKey(replyToReply))?.parent_comment_id).toBe(20);
    expect(await commentCount()).toBe(3);
  });

  it('climbs at most 10 levels to find the ancestor', async () => {
    // A chain 20 ← 101 ← … ← 112 (as old data might hold): from 112, ten steps reach 102.
    for (let id = 101; id <= 112; id++)
      await db.comments.put(commentRow(id, OTHER, 5, { parent_comment_id: id === 101 ? 20 : id - 1 }));
    const key = randomUUID();
    await apply(db, 'comment.add', { key, rating_id: 5, parent_id: 112, content: 'deep' });
    expect((await byKey(key))?.parent_comment_id).toBe(102);
  });

  it('refuses a parent that is missing or on another review', async () => {
    await db.comments.put(commentRow(40, ME, 6));
    for (const parent of [{ parent_id: 404 }, { parent_key: randomUUID() }, { parent_id: 40 }]) {
      await expect(
        apply(db, 'comment.add', { key: randomUUID(), rating_id: 5, content: 'x', ...parent }),
      ).rejects.toMatchObject({
        code: 'parent_not_found',
        message: 'Parent comment not found',
      });
    }
    expect(await commentCount()).toBe(1);
  });

  it('refuses a review that is not there', async () => {
    await expect(apply(db, 'comment.add', { key: randomUUID(), rating_id: 404, content: 'x' })).rejects.toMatchObject({
      code: 'review_not_found',
      message: 'Review not found',
    });
  });

  it('treats a repeated key as the same comment', async () => {
    const key = randomUUID();
    await apply(db, 'comment.add', { key, rating_id: 5, content: 'once' });
    await apply(db, 'comment.add', { key, rating_id: 5, content: 'twice' });
    expect(await db.comments.where('client_key').equals(key).count()).toBe(1);
    expect(await commentCount()).toBe(2);
  });

  it("refuses a key that is someone else's comment", async () => {
    const key = randomUUID();
    await db.comments.put(commentRow(21, OTHER, 5, { client_key: key }));
    await expect(apply(db, 'comment.add', { key, rating_id: 5, content: 'x' })).rejects.toMatchObject({
      code: 'invalid_comment',
      message: 'Invalid comment ID',
    });
  });

  it('refuses empty and overlong text with the spec messages', async () => {
    await expect(apply(db, 'comment.add', { key: randomUUID(), rating_id: 5, content: '   ' })).rejects.toMatchObject({
      message: 'Comment cannot be empty',
    });
    await expect(
      apply(db, 'comment.add', { key: randomUUID(), rating_id: 5, content: 'x'.repeat(501) }),
    ).rejects.toMatchObject({
      message: 'Comment exceeds 500 characters',
    });
  });
});

describe('comment.edit', () => {
  it('changes the text of the own comment, by id or by key, and marks it edited', async () => {
    const key = randomUUID();
    await db.comments.put(commentRow(21, ME, 5, { client_key: key }));
    await apply(db, 'comment.edit', { key, content: ' Edited ' });
    expect(await db.comments.get(21)).toMatchObject({ content: 'Edited', updated_at: NOW, created_at: EARLIER });
    await apply(db, 'comment.edit', { id: 21, content: 'Again' });
    expect((await db.comments.get(21))?.content).toBe('Again');
  });

  it('leaves an unchanged comment alone', async () => {
    await db.comments.put(commentRow(21, ME, 5, { content: 'same' }));
    await apply(db, 'comment.edit', { id: 21, content: 'same' });
    expect(await db.comments.get(21)).toMatchObject({ updated_at: EARLIER });
  });

  it("refuses someone else's comment or a missing one, and bad text", async () => {
    for (const target of [{ id: 20 }, { id: 404 }]) {
      await expect(apply(db, 'comment.edit', { ...target, content: 'hijack' })).rejects.toMatchObject({
        code: 'comment_forbidden',
        message: 'Comment not found or you do not have permission to edit it',
      });
    }
    await expect(apply(db, 'comment.edit', { id: 20, content: ' ' })).rejects.toMatchObject({
      message: 'Comment content cannot be empty',
    });
    await expect(apply(db, 'comment.edit', { id: 20, content: 'x'.repeat(501) })).rejects.toMatchObject({
      message: 'Comment content exceeds maximum length (500 characters)',
    });
    await expect(apply(db, 'comment.edit', { content: 'x' })).rejects.toMatchObject({ message: 'Invalid comment ID' });
  });
});

describe('comment.delete', () => {
  it('removes the own comment with its replies and their likes, lowering the count once per comment', async () => {
    await db.reviews.update(5, { comment_count: 4 });
    await db.comments.bulkPut([
      commentRow(21, ME, 5),
      commentRow(22, OTHER, 5, { parent_comment_id: 21 }),
      commentRow(23, ME, 5, { parent_comment_id: 21 }),
    ]);
    await db.likes.bulkPut([
      { id: 30, user_id: OTHER, rating_id: null, comment_id: 21, is_like: true, created_at: EARLIER },
      { id: 31, user_id: OTHER, rating_id: null, comment_id: 23, is_like: true, created_at: EARLIER },
      { id: 32, user_id: OTHER, rating_id: null, comment_id: 20, is_like: true, created_at: EARLIER },
    ]);
    await apply(db, 'comment.delete', { id: 21 });
    expect((await db.comments.toArray()).map((c) => c.id)).toEqual([20]);
    expect((await db.likes.toArray()).map((l) => l.id)).toEqual([32]);
    expect(await commentCount()).toBe(1);
  });

  it('never takes the count below 0', async () => {
    await db.reviews.update(5, { comment_count: 0 });
    const key = randomUUID();
    await db.comments.put(commentRow(-7, ME, 5, { client_key: key }));
    await apply(db, 'comment.delete', { key });
    expect(await commentCount()).toBe(0);
    expect(await byKey(key)).toBeUndefined();
  });

  it('is a no-op for a comment that is not there', async () => {
    const before = await snapshot(db);
    await apply(db, 'comment.delete', { key: randomUUID() });
    await apply(db, 'comment.delete', { id: 404 });
    expect(await snapshot(db)).toEqual(before);
  });

  it("refuses someone else's comment", async () => {
    await expect(apply(db, 'comment.delete', { id: 20 })).rejects.toMatchObject({
      code: 'comment_forbidden',
      message: 'Comment not found or you do not have permission to delete it',
    });
    expect(await db.comments.get(20)).toBeDefined();
  });
});
