import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  apply,
  CTX,
  EARLIER,
  gameRow,
  ME,
  NOW,
  OTHER,
  openLocalDb,
  snapshot,
} from '../../../tests/support/local-db.ts';
import type { CheckpointDb, PlaySessionRow } from '../db.ts';
import { APPLY_TABLES } from './scope.ts';
import { applyLocal } from './registry.ts';

let db: CheckpointDb;
beforeEach(async () => {
  db = openLocalDb();
  await db.games.put(gameRow(10, 1942, 'The Witcher 3', { platforms: ['PC (Microsoft Windows)', 'PlayStation 4'] }));
  await db.platforms.bulkPut([
    { id: 6, name: 'PC (Microsoft Windows)' },
    { id: 130, name: 'Nintendo Switch' },
  ]);
});
afterEach(() => db.delete());

const sessions = () => db.journal.toArray();
const add = (extra: Record<string, unknown> = {}) => ({
  key: randomUUID(),
  igdb_id: 1942,
  played_on: '2026-11-19',
  minutes: 90,
  ...extra,
});

describe('journal.add', () => {
  it('logs a session with a temporary id, the trimmed note and the time of the write', async () => {
    const args = add({ platform_id: 6, note: '  Velen at night  ', is_private: true });
    await apply(db, 'journal.add', args);
    const [row] = await sessions();
    expect(row).toMatchObject({
      client_key: args.key,
      user_id: ME,
      game_id: 10,
      igdb_id: 1942,
      played_on: '2026-11-19',
      minutes: 90,
      platform_id: 6,
      note: 'Velen at night',
      is_private: true,
      created_at: NOW,
      updated_at: NOW,
    });
    expect(row?.id).toBeLessThan(0);
    expect(await db.shadows.get(['journal', row?.id ?? 0])).toMatchObject({ base: null });
  });

  it("is the same session when the key comes again (a retried write), and refuses another member's key", async () => {
    const args = add();
    await apply(db, 'journal.add', args);
    await apply(db, 'journal.add', { ...args, minutes: 5 });
    expect((await sessions()).map((s) => s.minutes)).toEqual([90]);
    await expect(apply(db, 'journal.add', args, { me: OTHER, now: NOW })).rejects.toMatchObject({
      code: 'invalid_session',
      message: 'Invalid play session ID',
    });
  });

  it.each([
    ['a day two days ahead of the write', { played_on: '2026-11-22' }, 'Play date cannot be in the future'],
    ['a day before 1970', { played_on: '1969-12-31' }, 'Play date cannot be before 1970'],
    ['an impossible day', { played_on: '2026-02-30' }, 'Play date must be a valid date'],
    ['a badly written day', { played_on: '19/11/2026' }, 'Play date must be a valid date'],
    ['no minutes', { minutes: 0 }, 'Minutes played must be a whole number from 1 to 1440'],
    ['more than a day of minutes', { minutes: 1441 }, 'Minutes played must be a whole number from 1 to 1440'],
    ['a note of 281 characters', { note: 'x'.repeat(281) }, 'Note exceeds 280 characters'],
    ['a platform the game is not on', { platform_id: 130 }, "That platform is not one of this game's platforms"],
  ])("refuses %s with the server's message, leaving nothing", async (_name, extra, message) => {
    const before = await snapshot(db);
    await expect(apply(db, 'journal.add', add(extra))).rejects.toMatchObject({ name: 'MutationError', message });
    expect(await snapshot(db)).toEqual(before);
  });

  it('takes tomorrow (east of UTC) and a platform the mirror does not know (the server decides)', async () => {
    await apply(db, 'journal.add', add({ played_on: '2026-11-21', platform_id: 999 }));
    expect(await sessions()).toHaveLength(1);
  });

  it('leaves no trace of a new game when refused inside a larger transaction (the rebase)', async () => {
    const before = await snapshot(db);
    await db.transaction('rw', APPLY_TABLES, async () => {
      await expect(
        applyLocal(db, 'journal.add', add({ igdb_id: 555, game: { name: 'Brand New' }, minutes: 2000 }), CTX),
      ).rejects.toMatchObject({ name: 'MutationError' });
    });
    expect(await snapshot(db)).toEqual(before);
  });
});

describe('journal.update and journal.delete', () => {
  const server: PlaySessionRow = {
    id: 41,
    client_key: randomUUID(),
    user_id: ME,
    game_id: 10,
    igdb_id: 1942,
    played_on: '2026-11-01',
    minutes: 60,
    platform_id: 6,
    note: 'synced',
    is_private: false,
    created_at: EARLIER,
    updated_at: EARLIER,
  };
  beforeEach(() => db.journal.put(server));

  it('update changes only the fields given, by id or by key, and keeps the server row as the shadow', async () => {
    await apply(db, 'journal.update', { id: 41, minutes: 45, platform_id: null });
    await apply(db, 'journal.update', { key: server.client_key, note: '   ', is_private: true });
    expect(await db.journal.get(41)).toEqual({
      ...server,
      minutes: 45,
      platform_id: null,
      note: null,
      is_private: true,
      updated_at: NOW,
    });
    expect(await db.shadows.get(['journal', 41])).toMatchObject({ base: server });
  });

  it('an offline session can be edited and deleted by its key before it syncs', async () => {
    const args = add();
    await apply(db, 'journal.add', args);
    await apply(db, 'journal.update', { key: args.key, minutes: 15 });
    expect((await db.journal.where('client_key').equals(args.key).first())?.minutes).toBe(15);
    await apply(db, 'journal.delete', { key: args.key });
    expect(await db.journal.where('client_key').equals(args.key).count()).toBe(0);
  });

  it("refuses to touch another member's session or one it does not hold, and a bad edit leaves it as it was", async () => {
    await db.journal.put({ ...server, id: 42, client_key: randomUUID(), user_id: OTHER });
    await expect(apply(db, 'journal.update', { id: 42, minutes: 1 })).rejects.toMatchObject({
      message: 'Play session not found or you do not have permission to edit it',
    });
    await expect(apply(db, 'journal.delete', { id: 42 })).rejects.toMatchObject({
      message: 'Play session not found or you do not have permission to delete it',
    });
    await expect(apply(db, 'journal.update', { id: 77, minutes: 1 })).rejects.toMatchObject({
      code: 'session_forbidden',
    });
    await expect(apply(db, 'journal.update', { id: 41, platform_id: 130 })).rejects.toMatchObject({
      message: "That platform is not one of this game's platforms",
    });
    expect(await db.journal.get(41)).toEqual(server);
  });

  it('a session already gone counts as deleted', async () => {
    await apply(db, 'journal.delete', { id: 41 });
    await apply(db, 'journal.delete', { id: 41 });
    expect(await db.journal.count()).toBe(0);
    await expect(apply(db, 'journal.delete', {})).rejects.toMatchObject({
      code: 'invalid_args',
      message: 'Invalid play session ID',
    });
  });
});
