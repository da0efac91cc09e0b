import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apply, EARLIER, gameRow, ME, OTHER, openLocalDb } from '../../../tests/support/local-db.ts';
import type { CheckpointDb, PlaySessionRow } from '../../store/db.ts';
import { hasPending, loadGameJournal, loadOwnJournal } from './journal.ts';

let db: CheckpointDb;
const synced = (id: number, over: Partial<PlaySessionRow> = {}): PlaySessionRow => ({
  id,
  client_key: randomUUID(),
  user_id: ME,
  game_id: 10,
  igdb_id: 1942,
  played_on: '2026-11-01',
  minutes: 60,
  platform_id: 6,
  note: null,
  is_private: false,
  created_at: EARLIER,
  updated_at: EARLIER,
  ...over,
});

beforeEach(async () => {
  db = openLocalDb();
  await db.games.bulkPut([
    gameRow(10, 1942, 'The Witcher 3', { platforms: ['PC (Microsoft Windows)', 'PlayStation 4'] }),
    gameRow(11, 26226, 'Celeste'),
  ]);
  await db.platforms.put({ id: 6, name: 'PC (Microsoft Windows)' });
  await db.journal.bulkPut([
    synced(1),
    synced(2, { played_on: '2026-10-03', minutes: 30, platform_id: null }),
    synced(3, { game_id: 11, igdb_id: 26226, played_on: '2026-11-05', minutes: 15 }),
    synced(4, { user_id: OTHER, minutes: 999 }),
  ]);
});
afterEach(() => db.delete());

describe('journal repo', () => {
  it("reads a game's sessions of mine newest first, with short platform names and the total", async () => {
    const view = await loadGameJournal(db, ME, 1942);
    expect(view.entries.map((e) => [e.id, e.platform, e.pending])).toEqual([
      [1, 'PC', false],
      [2, null, false],
    ]);
    expect(view.totalMinutes).toBe(90);
    expect(hasPending(view)).toBe(false);
  });

  it('marks a session logged or changed on this device as pending until it syncs, newest first', async () => {
    await apply(db, 'journal.add', { key: randomUUID(), igdb_id: 1942, played_on: '2026-11-01', minutes: 5 });
    await apply(db, 'journal.update', { id: 2, minutes: 40 });
    const view = await loadGameJournal(db, ME, 1942);
    expect(view.entries.map((e) => [e.minutes, e.pending])).toEqual([
      [5, true],
      [60, false],
      [40, true],
    ]);
    expect(view.totalMinutes).toBe(105);
  });

  it('reads all my sessions with their games (and their platforms, for an edit) for the profile, and none of another member', async () => {
    const view = await loadOwnJournal(db, ME);
    expect(view.entries.map((e) => [e.id, e.game?.name])).toEqual([
      [3, 'Celeste'],
      [1, 'The Witcher 3'],
      [2, 'The Witcher 3'],
    ]);
    expect(view.entries.map((e) => e.game?.platforms)).toEqual([
      [],
      ['PC (Microsoft Windows)', 'PlayStation 4'],
      ['PC (Microsoft Windows)', 'PlayStation 4'],
    ]);
    expect(view.totalMinutes).toBe(105);
  });
});
