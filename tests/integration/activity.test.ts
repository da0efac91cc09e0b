// get_user_activity paging (supabase/schema/functions/public.get_user_activity.sql): 'Load More Activity' walks a member's whole
// feed, page by page from the cursor of the page before, with nothing skipped or repeated, even
// when a source has more than 20 rows and many items share one moment.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityKey,
  compareNewestFirst,
  nextCursor,
  type ActivityCursor,
  type ActivityItem,
} from '../../src/core/activity.ts';
import { call, createAccount, createTestDb, VISITOR, type Actor, type TestDb } from '../support/test-db.ts';

const GAMES = Array.from({ length: 40 }, (_, i) => ({ id: 5000 + i, name: `Paging Game ${i + 1}`, category: 0 }));

let db: TestDb;
let pat: Actor;
let patId = 0;
const base = Date.parse('2026-06-01T12:00:00Z');
const at = (minutesBefore: number) => new Date(base - minutesBefore * 60_000).toISOString();

async function push(actor: Actor, mutations: Array<[string, Record<string, unknown>]>): Promise<number> {
  const out = await call<{ results: Array<{ status: string }>; user_id: number }>(
    db,
    actor,
    'public.sync_push($1::uuid, $2::jsonb)',
    [randomUUID(), JSON.stringify(mutations.map(([name, args]) => ({ id: randomUUID(), name, args })))],
  );
  for (const r of out.results) expect(r.status, JSON.stringify(r)).toBe('ok');
  return out.user_id;
}

const page = (cursor: ActivityCursor | null, limit = 25) =>
  call<ActivityItem[]>(db, VISITOR, 'public.get_user_activity($1, $2, $3::timestamptz, $4, $5)', [
    patId,
    limit,
    cursor?.before ?? null,
    cursor?.type ?? null,
    cursor?.id ?? null,
  ]);

beforeAll(async () => {
  db = await createTestDb();
  await db.query('select public.import_catalogue($1::jsonb)', [JSON.stringify(GAMES)]);
  pat = await createAccount(db, 'pat');
  // 30 written reviews a minute apart (one source past its 20), 6 bare ratings all at one moment
  // (ties), 4 wishlist entries: 40 items.
  patId = await push(pat, [
    ...GAMES.slice(0, 30).map((g, i): [string, Record<string, unknown>] => [
      'review.create',
      { igdb_id: g.id, rating: 7, review: `Review ${i + 1}` },
    ]),
    ...GAMES.slice(30, 36).map((g): [string, Record<string, unknown>] => [
      'review.create',
      { igdb_id: g.id, rating: 6 },
    ]),
    ...GAMES.slice(36, 40).map((g): [string, Record<string, unknown>] => ['wishlist.set', { igdb_id: g.id, in: true }]),
  ]);
  // The moments are set here (the server stamps its own time on what members push).
  for (const [i, g] of GAMES.slice(0, 30).entries()) {
    await db.query('update public.rating set post_date_time = $1::timestamptz where user_id = $2 and igdb_id = $3', [
      at(i + 1),
      patId,
      g.id,
    ]);
  }
  await db.query('update public.rating set post_date_time = $1::timestamptz where user_id = $2 and review is null', [
    at(10.5),
    patId,
  ]);
  await db.query('update public.user_wishlist set added_at = $1::timestamptz where user_id = $2', [at(25.5), patId]);
}, 60_000);

afterAll(() => db.close());

describe('get_user_activity paging', () => {
  it('walks the whole feed from cursor to cursor, each item once, older pages never newer', async () => {
    const pages: ActivityItem[][] = [];
    let cursor: ActivityCursor | null = null;
    for (let guard = 0; guard < 10; guard += 1) {
      const items = await page(cursor);
      if (items.length === 0) break;
      pages.push(items);
      cursor = nextCursor(items);
    }
    const all = pages.flat();
    expect(all).toHaveLength(40);
    expect(new Set(all.map(activityKey)).size).toBe(40);
    expect(all.filter((i) => i.type === 'review')).toHaveLength(30);
    // Every item of a page is at least as new as every item of the pages after it.
    for (let p = 1; p < pages.length; p += 1) {
      const oldestBefore = [...pages[p - 1]!].sort(compareNewestFirst).at(-1)!;
      for (const item of pages[p]!) expect(compareNewestFirst(oldestBefore, item)).toBeLessThan(0);
    }
    // The first page is the spec's size and starts with the newest review.
    expect(pages[0]!.length).toBeLessThanOrEqual(25);
    expect(pages[0]![0]).toMatchObject({ type: 'review', review: 'Review 1' });
  });

  it("stops a page at a full source's 20th row, so an unfetched row is never jumped", async () => {
    // Reviews 1–20 are the review source's 20; everything older than review 20 waits for page 2.
    const first = await page(null, 100);
    const reviews = first.filter((i) => i.type === 'review').map((i) => i.review);
    expect(reviews).toEqual(Array.from({ length: 20 }, (_, i) => `Review ${i + 1}`));
    expect(first.filter((i) => i.type === 'wishlist')).toEqual([]);
    expect(first.filter((i) => i.type === 'rating')).toHaveLength(6);
  });

  it('splits ties at one moment across pages by kind and id without losing any', async () => {
    const first = await page(null, 12);
    const second = await page(nextCursor(first), 12);
    const ratings = [...first, ...second].filter((i) => i.type === 'rating');
    expect(ratings).toHaveLength(6);
    expect(new Set(ratings.map((i) => i.id)).size).toBe(6);
  });

  it('with a moment only, leaves out everything at that moment', async () => {
    const older = await call<ActivityItem[]>(db, VISITOR, 'public.get_user_activity($1, 100, $2::timestamptz)', [
      patId,
      at(10.5),
    ]);
    expect(older.some((i) => i.type === 'rating')).toBe(false);
    expect(older[0]).toMatchObject({ type: 'review', review: 'Review 11' });
  });
});
