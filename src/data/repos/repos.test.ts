import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckpointDb, type ReviewRow } from '../../store/db.ts';
import { loadGamePage } from './game-page.ts';
import { loadRatedGames, loadTopFive, loadTopTen } from './lists.ts';
import { loadMemberGames, loadProfile, loadWantToPlay } from './profile.ts';
import { loadReviewPage } from '../reviews/review-page.ts';
import { loadRecentReviews } from './home.ts';

let db: CheckpointDb;
const at = (day: number) => new Date(Date.UTC(2026, 10, day)).toISOString();
const user = (id: number, username: string) => ({
  id,
  provider_id: `auth-${id}`,
  username,
  name: null,
  created_at: at(1),
  follower_count: id === 1 ? 1 : 0,
  following_count: id === 2 ? 1 : 0,
});
const review = (
  id: number,
  user_id: number,
  game_id: number,
  rating: number,
  text: string | null,
  day: number,
): ReviewRow => ({
  id,
  user_id,
  game_id,
  igdb_id: game_id * 100,
  rating,
  review: text,
  post_date_time: at(day),
  updated_at: at(day),
  is_recommended: true,
  platform_id: null,
  playtime_hours: null,
  like_count: 0,
  comment_count: 0,
});

beforeEach(async () => {
  db = new CheckpointDb(`repos-${Math.random()}`);
  await db.games.bulkPut([
    { id: 1, igdb_id: 100, name: 'The Witcher 3: Wild Hunt', slug: 'the-witcher-3-wild-hunt' },
    { id: 2, igdb_id: 200, name: 'Celeste', slug: 'celeste' },
  ]);
  await db.users.bulkPut([user(1, 'alice'), user(2, 'bob'), user(3, 'carol')]);
  await db.reviews.bulkPut([
    review(10, 1, 1, 10, 'Masterpiece', 3),
    review(11, 2, 1, 9.5, '   ', 4),
    review(12, 3, 1, 7, 'Good', 5),
    review(13, 1, 2, 8, 'Tight', 6),
  ]);
  await db.follows.put({ id: 1, follower_id: 2, following_id: 1, created_at: at(2) });
  await db.topGames.bulkPut([
    { id: 1, user_id: 1, game_id: 2, position: 2, created_at: at(6) },
    { id: 2, user_id: 1, game_id: 1, position: 1, created_at: at(6) },
  ]);
  await db.progress.put({
    id: 1,
    user_id: 1,
    game_id: 1,
    igdb_id: 100,
    started: true,
    completed: true,
    started_date: at(1),
    completed_date: at(3),
    created_at: at(1),
    updated_at: at(3),
  });
  await db.wishlist.put({ id: 1, user_id: 2, igdb_id: 200, game_id: 2, priority: 3, notes: null, added_at: at(2) });
  await db.comments.bulkPut([
    {
      id: 20,
      client_key: null,
      user_id: 2,
      rating_id: 10,
      content: 'Agreed',
      parent_comment_id: null,
      is_published: true,
      created_at: at(4),
      updated_at: at(4),
      like_count: 1,
    },
    {
      id: 21,
      client_key: null,
      user_id: 1,
      rating_id: 10,
      content: '@bob thanks',
      parent_comment_id: 20,
      is_published: true,
      created_at: at(5),
      updated_at: at(5),
      like_count: 0,
    },
    {
      id: 22,
      client_key: null,
      user_id: 3,
      rating_id: 10,
      content: 'Newer thread',
      parent_comment_id: null,
      is_published: true,
      created_at: at(6),
      updated_at: at(6),
      like_count: 0,
    },
  ]);
  await db.likes.bulkPut([
    { id: 1, user_id: 2, rating_id: 10, comment_id: null, is_like: true, created_at: at(4) },
    { id: 2, user_id: 1, rating_id: null, comment_id: 20, is_like: true, created_at: at(5) },
  ]);
});

afterEach(async () => {
  await db.delete();
});

describe('loadGamePage', () => {
  it('finds the game by slug, internal id and external id', async () => {
    expect((await loadGamePage(db, 'celeste', null))?.game.id).toBe(2);
    expect((await loadGamePage(db, '2', null))?.game.id).toBe(2);
    expect((await loadGamePage(db, '200', null))?.game.id).toBe(2);
    expect(await loadGamePage(db, 'no-such-game', null)).toBeNull();
  });

  it('counts every rating in the histogram but lists only written reviews, newest first', async () => {
    const page = await loadGamePage(db, 'the-witcher-3-wild-hunt', 2);
    expect(page?.ratings).toEqual({ count: 3, average: 8.8, histogram: [0, 0, 0, 0, 0, 0, 1, 0, 1, 1] });
    expect(page?.reviews.map((r) => [r.id, r.author?.username])).toEqual([
      [12, 'carol'],
      [10, 'alice'],
    ]);
    expect(page?.me?.review?.id).toBe(11);
  });

  it('has no member block for visitors', async () => {
    expect((await loadGamePage(db, '1', null))?.me).toBeNull();
  });
});

describe('loadProfile', () => {
  it('gives stats, an ordered Top 5, Top 10 by rating, and the finished games', async () => {
    const profile = await loadProfile(db, 1, 2);
    expect(profile?.stats).toEqual({ games: 1, reviews: 2, lists: 0, following: 0, followers: 1 });
    expect((await loadTopFive(db, 1)).map((t) => t.game.name)).toEqual(['The Witcher 3: Wild Hunt', 'Celeste']);
    expect((await loadTopTen(db, 1)).map((t) => t.review.rating)).toEqual([10, 8]);
    expect((await loadMemberGames(db, 1)).finished.map((f) => f.game.id)).toEqual([1]);
    expect(profile?.is_following).toBe(true);
    expect(profile?.is_self).toBe(false);
  });

  it("gives the Top 5 picker each rated game's member average, not a blank star", async () => {
    const choices = await loadRatedGames(db, 1);
    expect(choices.map((g) => g.name)).toEqual(['The Witcher 3: Wild Hunt', 'Celeste']);
    // The Witcher 3 is rated 10, 9.5 and 7 by three members; Celeste 8 by one.
    expect(choices.map((g) => [g.user_rating_count, g.avg_user_rating])).toEqual([
      [3, 8.8],
      [1, 8],
    ]);
  });

  it('reads Want to Play a page at a time: the totals, and only the games asked for, in order', async () => {
    await db.games.bulkPut(
      Array.from({ length: 30 }, (_, i) => ({ id: 10 + i, igdb_id: 1000 + i, name: `Game ${i}`, slug: null })),
    );
    await db.wishlist.bulkPut(
      Array.from({ length: 20 }, (_, i) => ({
        id: i + 1,
        user_id: 1,
        igdb_id: 1000 + i,
        game_id: 10 + i,
        priority: i === 7 ? 1 : 0,
        notes: null,
        added_at: at(1 + i),
      })),
    );
    await db.collection.bulkPut(
      Array.from({ length: 10 }, (_, i) => ({
        id: i + 1,
        user_id: 1,
        igdb_id: 1020 + i,
        game_id: 30 + i,
        added_at: at(1 + i),
      })),
    );
    const page = await loadWantToPlay(db, 1, { collection: 3, wishlist: 4 });
    expect(page.wishlist.total).toBe(20);
    expect(page.wishlist.games.map((g) => g.name)).toEqual(['Game 7', 'Game 19', 'Game 18', 'Game 17']);
    expect(page.collection).toMatchObject({ total: 10 });
    expect(page.collection.games.map((g) => g.name)).toEqual(['Game 29', 'Game 28', 'Game 27']);
    const all = await loadWantToPlay(db, 1, null);
    expect([all.wishlist.games.length, all.collection.games.length]).toEqual([20, 10]);
    expect((await loadProfile(db, 1, null))?.stats.lists).toBe(30);
  });
});

describe('loadReviewPage', () => {
  it('threads comments: newest thread first, replies oldest first, with my likes', async () => {
    const page = await loadReviewPage(db, 1, 100, 1);
    expect(page?.comments.map((c) => [c.id, c.replies.map((r) => r.id)])).toEqual([
      [22, []],
      [20, [21]],
    ]);
    expect(page?.comments[1]?.liked_by_me).toBe(true);
    expect(page?.liked_by_me).toBe(false);
    expect((await loadReviewPage(db, 1, 1, 2))?.liked_by_me).toBe(true); // by internal game id too
  });
});

describe('loadRecentReviews', () => {
  it('lists only reviews with text, newest first, with author and game', async () => {
    const recent = await loadRecentReviews(db);
    expect(recent.map((r) => [r.id, r.author?.username, r.game?.name])).toEqual([
      [13, 'alice', 'Celeste'],
      [12, 'carol', 'The Witcher 3: Wild Hunt'],
      [10, 'alice', 'The Witcher 3: Wild Hunt'],
    ]);
  });
});
