// get_users as the directory calls it: usernames with underscores
// are found by their exact text, the underscore is matched literally (not as a wildcard), and
// pages of 20 carry the exact total.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createAccount, createTestDb, VISITOR, type Actor, type TestDb } from '../support/test-db.ts';

interface Directory {
  users: Array<{ id: number; username: string; bio: string | null }>;
  total: number;
  stats: { total_users: number };
}

let db: TestDb;
let viewer: Actor;
const MEMBERS = 23;

async function member(username: string, bio: string): Promise<Actor> {
  const actor = await createAccount(db, username);
  const out = await call<{ results: Array<{ status: string }> }>(db, actor, 'public.sync_push($1::uuid, $2::jsonb)', [
    randomUUID(),
    JSON.stringify([{ id: randomUUID(), name: 'profile.update', args: { bio } }]),
  ]);
  expect(out.results[0]?.status).toBe('ok');
  return actor;
}

const directory = (actor: Actor, query: string | null, limit = 20, offset = 0, sort = 'relevant') =>
  call<Directory>(db, actor, 'public.get_users($1, $2, $3, $4)', [query, sort, limit, offset]);

beforeAll(async () => {
  db = await createTestDb();
  viewer = await member('retro_ranger', 'Collector of cartridges');
  await member('retroxranger', 'Not the same person');
  await member('story_first', 'Choices that MATTER');
  for (let i = 1; i <= MEMBERS - 3; i += 1) await member(`member_${String(i).padStart(2, '0')}`, `Player number ${i}`);
}, 120_000);

afterAll(async () => {
  await db?.close();
});

it('finds a member by their exact username, underscore included', async () => {
  const seen = await directory(VISITOR, 'story_first');
  expect(seen.users.map((u) => u.username)).toEqual(['story_first']);
  expect(seen.total).toBe(1);
});

it('matches the underscore literally, not as any character', async () => {
  const seen = await directory(VISITOR, 'retro_r');
  expect(seen.users.map((u) => u.username)).toEqual(['retro_ranger']);
  // Before, '_' was dropped and 'retror' matched neither; a wildcard would have matched both.
  expect((await directory(VISITOR, 'RETROXR')).users.map((u) => u.username)).toEqual(['retroxranger']);
});

it('still searches bios case-insensitively and hides the caller', async () => {
  expect((await directory(VISITOR, 'matter')).users.map((u) => u.username)).toEqual(['story_first']);
  expect((await directory(viewer, 'cartridges')).users).toEqual([]);
  expect((await directory(VISITOR, 'Cartridges')).users.map((u) => u.username)).toEqual(['retro_ranger']);
});

it('drops the characters the sanitiser always dropped', async () => {
  expect((await directory(VISITOR, "story'_first%")).users.map((u) => u.username)).toEqual(['story_first']);
});

it('pages 20 at a time with the exact total', async () => {
  const first = await directory(viewer, null, 20, 0, 'recent');
  const second = await directory(viewer, null, 20, 20, 'recent');
  expect(first.total).toBe(MEMBERS - 1);
  expect(first.users).toHaveLength(20);
  expect(second.users).toHaveLength(MEMBERS - 1 - 20);
  const ids = new Set([...first.users, ...second.users].map((u) => u.id));
  expect(ids.size).toBe(MEMBERS - 1);
  expect(first.stats.total_users).toBe(MEMBERS);
  // 'member_' matches only the twenty member_nn (underscore literal), across both pages.
  const members = await directory(VISITOR, 'member_', 20, 0);
  expect(members.total).toBe(MEMBERS - 3);
});
