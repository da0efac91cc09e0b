// search_users (the header's Users tab) finds a member by their exact username, underscore and all,
// and an underscore matches only itself, not any character.
import { afterAll, expect, it } from 'vitest';
import { VISITOR, call, createTestDb } from '../support/test-db.ts';
import { createMember } from '../support/fixtures.ts';

const db = await createTestDb();
afterAll(() => db.close());
await createMember(db, 'pixel_pilgrim');
await createMember(db, 'pixelXpilgrim');

const search = async (q: string) =>
  (await call<Array<{ username: string }>>(db, VISITOR, 'public.search_users($1)', [q])).map((u) => u.username);

it('finds the exact username with its underscore, and the underscore is literal', async () => {
  expect(await search('pixel_pilgrim')).toEqual(['pixel_pilgrim']);
  expect(await search('PIXEL')).toEqual(expect.arrayContaining(['pixel_pilgrim', 'pixelxpilgrim']));
  expect(await search("pixel_'; --")).toEqual(['pixel_pilgrim']);
});
