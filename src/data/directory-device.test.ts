import { afterEach, describe, expect, it } from 'vitest';
import type { CheckpointDb } from '../store/db.ts';
import { openLocalDb, userRow } from '../../tests/support/local-db.ts';
import { DEVICE_MEMBERS_SHOWN, membersOnDevice } from './directory-device.ts';

const dbs: CheckpointDb[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
});

describe('members this device knows', () => {
  it('lists them by username without the caller, names only', async () => {
    const db = openLocalDb();
    dbs.push(db);
    await db.users.bulkPut([
      userRow(3, 'pixel_pilgrim', { name: 'Pia', bio: 'Metroidvanias', follower_count: 9 }),
      userRow(1, 'me_myself'),
      userRow(2, 'bard_of_boss_fights'),
    ]);
    expect(await membersOnDevice(db, 1)).toEqual([
      { id: 2, username: 'bard_of_boss_fights', name: null, bio: null, avatar_url: null },
      { id: 3, username: 'pixel_pilgrim', name: 'Pia', bio: 'Metroidvanias', avatar_url: null },
    ]);
    // A visitor hides nobody.
    expect((await membersOnDevice(db, null)).map((u) => u.id)).toEqual([2, 1, 3]);
  });

  it(`shows at most ${DEVICE_MEMBERS_SHOWN}, as the server's list does, and nothing on a device that knows nobody`, async () => {
    const db = openLocalDb();
    dbs.push(db);
    expect(await membersOnDevice(db, null)).toEqual([]);
    await db.users.bulkPut(
      Array.from({ length: DEVICE_MEMBERS_SHOWN + 10 }, (_, i) =>
        userRow(i + 1, `member_${String(i).padStart(3, '0')}`),
      ),
    );
    const shown = await membersOnDevice(db, 1);
    expect(shown).toHaveLength(DEVICE_MEMBERS_SHOWN);
    expect(shown[0]?.username).toBe('member_001');
  });
});
