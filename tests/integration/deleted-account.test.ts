// A deleted account stays deleted (app.ensure_user): its still-valid token can
// neither write nor bring the member row back, and an account that never existed gets no row either.
import { afterAll, expect, it } from 'vitest';
import { call, createTestDb, type Actor } from '../support/test-db.ts';
import { IGDB, batchOf, createMember, importCatalogue, pushBatch } from '../support/fixtures.ts';

const db = await createTestDb();
afterAll(() => db.close());
await importCatalogue(db);

const members = async (authId: string | null) =>
  Number(
    (await db.query<{ n: number }>('select count(*)::int as n from public."user" where provider_id = $1', [authId]))[0]
      ?.n,
  );

it('after delete_account the same token cannot write or recreate the member', async () => {
  const member = await createMember(db, 'leaving_soon');
  expect(await call<boolean>(db, member.actor, 'public.delete_account()')).toBe(true);
  expect(await members(member.actor.authId)).toBe(0);

  await expect(
    pushBatch(db, member.actor, batchOf([['wishlist.set', { igdb_id: IGDB.stardew, in: true }]])),
  ).rejects.toThrow('User not authenticated');
  await expect(call(db, member.actor, 'public.get_or_create_user($1::text)', [member.actor.authId])).rejects.toThrow(
    'User not authenticated',
  );
  expect(await members(member.actor.authId)).toBe(0);
});

it('a token for an auth account that does not exist gets no member row', async () => {
  const ghost: Actor = {
    authId: '00000000-0000-4000-8000-000000000042',
    role: 'authenticated',
    email: 'ghost@example.test',
  };
  await expect(call(db, ghost, 'public.get_or_create_user($1::text)', [ghost.authId])).rejects.toThrow(
    'User not authenticated',
  );
  expect(await members(ghost.authId)).toBe(0);
});

it('a new account still gets its member row on first use', async () => {
  const member = await createMember(db, 'fresh_face');
  expect(member.id).toBeGreaterThan(0);
  expect(await members(member.actor.authId)).toBe(1);
});
