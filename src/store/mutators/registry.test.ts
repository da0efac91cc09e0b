import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  apply,
  commentRow,
  CTX,
  EARLIER,
  gameRow,
  ME,
  openLocalDb,
  OTHER,
  reviewRow,
  snapshot,
  userRow,
} from '../../../tests/support/local-db.ts';
import { mutationNames, type MutationArgs, type MutationName } from '../../core/mutations.ts';
import type { CheckpointDb } from '../db.ts';
import { applyLocal, applyParsed } from './registry.ts';
import { APPLY_TABLES } from './scope.ts';

let db: CheckpointDb;
const witcher = gameRow(10, 1942, 'The Witcher 3');

beforeEach(async () => {
  db = openLocalDb();
  await db.users.bulkPut([userRow(ME, 'me'), userRow(OTHER, 'other')]);
  await db.games.put(witcher);
  await db.reviews.put(reviewRow(5, OTHER, witcher));
  await db.comments.put(commentRow(20, ME, 5));
});
afterEach(() => db.delete());

const SESSION_KEY = randomUUID();

/** One valid call of every mutation (the type makes a new mutation need one here). */
const SAMPLES: { [N in MutationName]: MutationArgs<N> } = {
  'game.ensure': { igdb_id: 72, name: 'Portal 2' },
  'review.create': { igdb_id: 1942, rating: 7 },
  'review.update': { igdb_id: 1942, rating: 7.5 },
  'review.delete': { rating_id: 5 },
  'review_like.set': { rating_id: 5, liked: true },
  'comment.add': { key: randomUUID(), rating_id: 5, content: 'hi' },
  'comment.edit': { id: 20, content: 'edited' },
  'comment.delete': { id: 20 },
  'comment_like.set': { comment_id: 20, liked: true },
  'follow.set': { user_id: OTHER, following: true },
  'progress.set': { igdb_id: 1942, started: true },
  'wishlist.set': { igdb_id: 1942, in: true },
  'collection.set': { igdb_id: 1942, in: true },
  'collection.move': { igdb_id: 1942, to: 'collection' },
  'top5.replace': { games: [] },
  'profile.update': { bio: 'hello' },
  'journal.add': { key: SESSION_KEY, igdb_id: 1942, played_on: '2026-01-02', minutes: 30 },
  'journal.update': { key: SESSION_KEY, minutes: 45 },
  'journal.delete': { key: SESSION_KEY },
};

describe('applyLocal', () => {
  it.each(mutationNames())('dispatches %s to its apply', async (name) => {
    if (name === 'review.update' || name === 'top5.replace') await apply(db, 'review.create', SAMPLES['review.create']);
    if (name === 'review.delete') await db.reviews.update(5, { user_id: ME });
    if (name === 'journal.update' || name === 'journal.delete') await apply(db, 'journal.add', SAMPLES['journal.add']);
    if (name === 'top5.replace')
      await db.topGames.put({ id: 1, user_id: ME, game_id: 10, position: 1, created_at: EARLIER });
    await apply(db, name, SAMPLES[name]);
    expect(await db.shadows.count()).toBeGreaterThan(0);
  });

  it('refuses arguments that do not validate, with the spec message', async () => {
    await expect(apply(db, 'review.create', { igdb_id: 1942, rating: 0.5 })).rejects.toMatchObject({
      name: 'MutationError',
      code: 'invalid_args',
    });
    await expect(apply(db, 'review.create', { igdb_id: -3, rating: 5 })).rejects.toMatchObject({
      message: 'Game data missing valid IGDB ID',
    });
  });

  it('refuses an unknown mutation as the server does', async () => {
    await expect(apply(db, 'review.like' as MutationName, {})).rejects.toMatchObject({
      code: 'unknown_mutation',
      message: 'Unknown mutation: review.like',
    });
  });

  it('applies parsed arguments only inside a rw transaction over the mirrors and the shadows', async () => {
    const args = SAMPLES['follow.set'];
    await expect(applyParsed(db, 'follow.set', args, CTX)).rejects.toThrow(/inside a 'rw' transaction/);
    expect(await db.follows.count()).toBe(0);
    await db.transaction('rw', APPLY_TABLES, async () => {
      await applyParsed(db, 'follow.set', args, CTX);
    });
    expect(await db.follows.count()).toBe(1);
  });

  it('must run inside a rw transaction over the mirrors and the shadows', async () => {
    await expect(applyLocal(db, 'follow.set', { user_id: OTHER, following: true }, CTX)).rejects.toThrow(
      /inside a 'rw' transaction/,
    );
    await expect(
      db.transaction('r', APPLY_TABLES, async () => {
        await applyLocal(db, 'follow.set', { user_id: OTHER, following: true }, CTX);
      }),
    ).rejects.toThrow(/inside a 'rw' transaction/);
    await expect(
      db.transaction('rw', ['follows', 'users', 'shadows'], async () => {
        await applyLocal(db, 'follow.set', { user_id: OTHER, following: true }, CTX);
      }),
    ).rejects.toThrow(/inside a 'rw' transaction/);
    expect(await db.follows.count()).toBe(0);
  });

  // The rebase re-applies every pending row in one transaction and skips the ones that fail: a
  // refusal must leave nothing behind even though that transaction goes on and commits.
  it.each<[string, MutationName, unknown]>([
    [
      'a described game when the list refuses it',
      'wishlist.set',
      { igdb_id: 999, in: true, game: { name: 'Started Elsewhere' } },
    ],
    ['the old Top 5 when a later game is unrated', 'top5.replace', { games: [{ igdb_id: 1942 }, { igdb_id: 72 }] }],
    [
      'a described game when the review is a second one',
      'review.create',
      { igdb_id: 26226, rating: 5, game: { name: 'Celeste' } },
    ],
    [
      'a described game when the play date is in the future',
      'journal.add',
      { key: SESSION_KEY, igdb_id: 999, game: { name: 'Tomorrow Game' }, played_on: '2999-01-01', minutes: 30 },
    ],
  ])('leaves no trace of %s inside a larger transaction', async (_, name, args) => {
    await db.progress.put({
      id: 3,
      user_id: ME,
      game_id: 99,
      igdb_id: 999,
      started: true,
      completed: false,
      started_date: EARLIER,
      completed_date: null,
      created_at: EARLIER,
      updated_at: EARLIER,
    });
    await db.reviews.bulkPut([reviewRow(6, ME, witcher), reviewRow(7, ME, gameRow(-26226, 26226, 'Celeste'))]);
    await db.topGames.put({ id: 1, user_id: ME, game_id: 10, position: 1, created_at: EARLIER });
    const before = await snapshot(db);
    await db.transaction('rw', APPLY_TABLES, async () => {
      await expect(applyLocal(db, name, args, CTX)).rejects.toMatchObject({ name: 'MutationError' });
    });
    expect(await snapshot(db)).toEqual(before);
  });
});
