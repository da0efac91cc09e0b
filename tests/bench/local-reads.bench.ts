// Local read time of a screen's data: game page, profile and review page from
// IndexedDB (fake-indexeddb) holding 10,000 cached games and 50,000 cached reviews.
import 'fake-indexeddb/auto';
import { CheckpointDb, type GameRow, type ReviewRow, type UserRow } from '../../src/store/db.ts';
import { loadGamePage } from '../../src/data/repos/game-page.ts';
import { loadProfile } from '../../src/data/repos/profile.ts';
import { loadReviewPage } from '../../src/data/reviews/review-page.ts';
import { quantile } from './stats.ts';

const GAMES = 10_000;
const REVIEWS = 50_000;
const USERS = 2_000;
const SAMPLES = 300;

export async function benchLocalReads(): Promise<
  Record<'game_page' | 'profile' | 'review_page', { p50: number; p95: number }>
> {
  const db = new CheckpointDb(`bench-${Date.now()}`);
  const iso = (n: number) => new Date(Date.UTC(2020, 0, 1) + n * 60_000).toISOString();
  const games: GameRow[] = Array.from({ length: GAMES }, (_, i) => ({
    id: i + 1,
    igdb_id: 10_000 + i,
    name: `Game ${i}`,
    slug: `game-${i}`,
  }));
  const users: UserRow[] = Array.from({ length: USERS }, (_, i) => ({
    id: i + 1,
    provider_id: `p${i}`,
    username: `user_${i}`,
    created_at: iso(i),
    follower_count: 0,
    following_count: 0,
  }));
  // Each member reviews distinct games: review k is by member k % USERS of game (k * 7919) % GAMES.
  const reviews: ReviewRow[] = Array.from({ length: REVIEWS }, (_, k) => {
    const game = ((k * 7919) % GAMES) + 1;
    return {
      id: k + 1,
      user_id: (k % USERS) + 1,
      game_id: game,
      igdb_id: 10_000 + game - 1,
      rating: 1 + (k % 19) / 2,
      review: k % 3 === 0 ? null : `Review ${k}`,
      post_date_time: iso(k),
      updated_at: iso(k),
      is_recommended: true,
      platform_id: null,
      playtime_hours: null,
      like_count: k % 7,
      comment_count: 0,
    };
  });
  await db.games.bulkPut(games);
  await db.users.bulkPut(users);
  await db.reviews.bulkPut(reviews);
  const time = async (fn: (i: number) => Promise<unknown>) => {
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const start = performance.now();
      const result = await fn(i);
      samples.push(performance.now() - start);
      if (result === null) throw new Error('local read found nothing');
    }
    return { p50: quantile(samples, 0.5), p95: quantile(samples, 0.95) };
  };
  const pick = (i: number, n: number) => ((i * 104_729) % n) + 1;
  const result = {
    game_page: await time((i) => loadGamePage(db, `game-${pick(i, GAMES) - 1}`, pick(i, USERS))),
    profile: await time((i) => loadProfile(db, pick(i, USERS), pick(i + 1, USERS))),
    review_page: await time((i) => {
      const r = reviews[pick(i, REVIEWS) - 1] as ReviewRow;
      return loadReviewPage(db, r.user_id, r.igdb_id, pick(i, USERS));
    }),
  };
  await db.delete();
  return result;
}
