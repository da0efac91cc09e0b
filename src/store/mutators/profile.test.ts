import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apply, ME, NOW, openLocalDb, OTHER, snapshot, userRow } from '../../../tests/support/local-db.ts';
import type { CheckpointDb } from '../db.ts';

let db: CheckpointDb;
beforeEach(async () => {
  db = openLocalDb();
  await db.users.bulkPut([
    userRow(ME, 'player_one', { bio: 'old bio', location: 'Oslo' }),
    userRow(OTHER, 'Taken_Name'),
  ]);
});
afterEach(() => db.delete());

describe('profile.update', () => {
  it('changes the fields given, trimmed, clearing empty ones', async () => {
    await apply(db, 'profile.update', {
      username: 'PlayerOne',
      bio: '  Loves RPGs ',
      location: '   ',
      website: 'https://example.test',
    });
    expect(await db.users.get(ME)).toMatchObject({
      username: 'PlayerOne',
      bio: 'Loves RPGs',
      location: null,
      website: 'https://example.test',
      name: null,
      updated_at: NOW,
    });
  });

  it('lets a member change the case of their own username', async () => {
    await apply(db, 'profile.update', { username: 'PLAYER_ONE' });
    expect((await db.users.get(ME))?.username).toBe('PLAYER_ONE');
  });

  it('refuses a username another member has, whatever its case', async () => {
    const before = await snapshot(db);
    await expect(apply(db, 'profile.update', { username: 'taken_name' })).rejects.toMatchObject({
      code: 'username_taken',
      message: 'Username is already taken',
    });
    expect(await snapshot(db)).toEqual(before);
  });

  it.each([
    ['ab', 'Username must be at least 3 characters'],
    ['a'.repeat(31), 'Username must be less than 30 characters'],
    ['bad name!', 'Username can only contain letters, numbers, and underscores'],
  ])('refuses the username %j with the spec message', async (username, message) => {
    await expect(apply(db, 'profile.update', { username })).rejects.toMatchObject({ code: 'invalid_args', message });
  });

  it('does nothing while the own row has not been pulled yet', async () => {
    await db.users.delete(ME);
    const before = await snapshot(db);
    await apply(db, 'profile.update', { bio: 'hello' });
    expect(await snapshot(db)).toEqual(before);
  });
});
