// A fresh local database for a unit test: a CheckpointDb on fake-indexeddb (the real IndexedDB
// API, in memory) under a unique name, plus the mirror rows tests seed it with and a way to run
// a local apply the way mutate() and the rebase do (inside a 'rw' transaction).
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { Dexie } from 'dexie';
import type { MutationName } from '../../src/core/mutations.ts';
import {
  CheckpointDb,
  MIRROR_NAMES,
  type CommentRow,
  type GameRow,
  type ReviewRow,
  type ShadowRow,
  type UserRow,
} from '../../src/store/db.ts';
import { applyLocal, type ApplyContext } from '../../src/store/mutators/registry.ts';
import { APPLY_TABLES } from '../../src/store/mutators/scope.ts';

// Dexie reads the IndexedDB globals when it is first imported, which may be before the line above
// ran (a test that imports dexie first): point it at them whatever the import order.
Object.assign(Dexie.dependencies, { indexedDB: globalThis.indexedDB, IDBKeyRange: globalThis.IDBKeyRange });

export function openLocalDb(): CheckpointDb {
  return new CheckpointDb(`test-${randomUUID()}`);
}

export const ME = 1;
export const OTHER = 2;
export const NOW = '2026-11-20T12:00:00.000Z';
export const CTX: ApplyContext = { me: ME, now: NOW };
export const EARLIER = '2026-11-01T08:00:00.000Z';

/**
 * applyLocal inside its own 'rw' transaction over the tables it needs. The scope function must be
 * async: Dexie loses the transaction across native awaits when a plain function returns the promise.
 */
export async function apply(
  db: CheckpointDb,
  name: MutationName,
  args: unknown,
  ctx: ApplyContext = CTX,
): Promise<void> {
  await db.transaction('rw', APPLY_TABLES, async () => {
    await applyLocal(db, name, args, ctx);
  });
}

/** Every mirror table's rows (by id) and the shadows: to assert that nothing changed. */
export async function snapshot(
  db: CheckpointDb,
): Promise<{ mirrors: Record<string, unknown[]>; shadows: ShadowRow[] }> {
  const mirrors: Record<string, unknown[]> = {};
  for (const name of MIRROR_NAMES) mirrors[name] = await db.table(name).toArray();
  return { mirrors, shadows: await db.shadows.toArray() };
}

// Mirror rows in the server's shape.

export const userRow = (id: number, username: string, over: Partial<UserRow> = {}): UserRow => ({
  id,
  provider_id: `auth-${id}`,
  username,
  name: null,
  display_name: null,
  bio: null,
  avatar_url: null,
  location: null,
  website: null,
  platform: null,
  created_at: EARLIER,
  updated_at: EARLIER,
  follower_count: 0,
  following_count: 0,
  ...over,
});

export const gameRow = (id: number, igdbId: number, name: string, over: Partial<GameRow> = {}): GameRow => ({
  id,
  igdb_id: igdbId,
  name,
  slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  cover_url: null,
  summary: null,
  genres: [],
  platforms: [],
  ...over,
});

export const reviewRow = (id: number, userId: number, game: GameRow, over: Partial<ReviewRow> = {}): ReviewRow => ({
  id,
  user_id: userId,
  game_id: game.id,
  igdb_id: game.igdb_id,
  rating: 8,
  review: 'Great',
  post_date_time: EARLIER,
  updated_at: EARLIER,
  is_recommended: true,
  platform_id: null,
  playtime_hours: null,
  slug: game.slug,
  like_count: 0,
  comment_count: 0,
  ...over,
});

export const commentRow = (
  id: number,
  userId: number,
  ratingId: number,
  over: Partial<CommentRow> = {},
): CommentRow => ({
  id,
  client_key: null,
  user_id: userId,
  rating_id: ratingId,
  content: `comment ${id}`,
  parent_comment_id: null,
  is_published: true,
  created_at: EARLIER,
  updated_at: EARLIER,
  like_count: 0,
  ...over,
});
