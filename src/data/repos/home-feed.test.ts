// The home page's Recent Reviews on the device: a refresh stores the newest reviews (with their
// authors and games) through read-through, and loadRecentReviews answers from the device, also
// when the network is gone.
import { beforeEach, describe, expect, it } from 'vitest';
import { EARLIER, gameRow, openLocalDb, reviewRow, userRow } from '../../../tests/support/local-db.ts';
import { NetworkError, type PullPage, type SyncScope } from '../../sync/remote.ts';
import type { CheckpointDb } from '../../store/db.ts';
import type { ServerChange } from '../../store/overlay.ts';
import { refreshRecentReviews, type RecentReviewSource } from './home-feed.ts';
import { loadRecentReviews } from './home.ts';

const zelda = gameRow(10, 7346, 'The Legend of Zelda: Breath of the Wild');
const celeste = gameRow(11, 26226, 'Celeste');
const maya = userRow(5, 'pixel_pilgrim', { name: 'Maya Okafor' });
const theo = userRow(6, 'combo_breaker');
const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`;
const reviews = [
  reviewRow(21, 5, zelda, { post_date_time: at(10), review: 'Every hill hides something.' }),
  reviewRow(22, 6, celeste, { post_date_time: at(12), review: 'Tight and kind.' }),
  reviewRow(23, 6, zelda, { post_date_time: at(11), review: '   ' }),
];

/** A server holding the rows above: get_recent_reviews and the read-through snapshot of rating_ids. */
function server(): RecentReviewSource & { asked: Partial<SyncScope>[] } {
  const asked: Partial<SyncScope>[] = [];
  return {
    asked,
    async recentReviewIds(limit) {
      return reviews
        .filter((r) => r.review?.trim())
        .sort((a, b) => b.post_date_time.localeCompare(a.post_date_time))
        .slice(0, limit)
        .map((r) => r.id);
    },
    async scopeSnapshot(scope): Promise<PullPage> {
      asked.push(scope);
      const wanted = reviews.filter((r) => scope.rating_ids?.includes(r.id));
      const changes: ServerChange[] = [
        ...[zelda, celeste]
          .filter((g) => wanted.some((r) => r.game_id === g.id))
          .map((row) => ({ table: 'game' as const, op: 'upsert' as const, id: row.id, row: { ...row } })),
        ...[maya, theo]
          .filter((u) => wanted.some((r) => r.user_id === u.id))
          .map((row) => ({ table: 'user' as const, op: 'upsert' as const, id: row.id, row: { ...row } })),
        ...wanted.map((row) => ({ table: 'rating' as const, op: 'upsert' as const, id: row.id, row: { ...row } })),
      ];
      return { cursor: EARLIER, has_more: false, snapshot: true, changes, user_id: null };
    },
  };
}

let db: CheckpointDb;
beforeEach(() => {
  db = openLocalDb();
});

describe('recent reviews on the device', () => {
  it('stores the newest reviews with text, their authors and games, newest first', async () => {
    const source = server();
    expect(await refreshRecentReviews(db, source, 10)).toEqual([22, 21]);
    expect(source.asked).toEqual([{ rating_ids: [22, 21] }]);
    const cards = await loadRecentReviews(db);
    expect(cards.map((c) => [c.id, c.author?.username, c.game?.name])).toEqual([
      [22, 'combo_breaker', 'Celeste'],
      [21, 'pixel_pilgrim', 'The Legend of Zelda: Breath of the Wild'],
    ]);
    // Kept fresh by later pulls.
    const state = await db.syncState.get('main');
    expect(state?.scope.rating_ids).toEqual(expect.arrayContaining([21, 22]));
  });

  it('keeps showing what it stored when the network is gone', async () => {
    await refreshRecentReviews(db, server());
    const offline: RecentReviewSource = {
      recentReviewIds: () => Promise.reject(new NetworkError('offline')),
      scopeSnapshot: () => Promise.reject(new NetworkError('offline')),
    };
    await expect(refreshRecentReviews(db, offline)).rejects.toBeInstanceOf(NetworkError);
    expect((await loadRecentReviews(db)).map((c) => c.id)).toEqual([22, 21]);
  });

  it('asks for nothing more when there are no reviews yet', async () => {
    const source = { ...server(), recentReviewIds: async () => [] };
    expect(await refreshRecentReviews(db, source)).toEqual([]);
    expect(await loadRecentReviews(db)).toEqual([]);
  });
});
