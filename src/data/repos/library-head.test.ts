// The Library tab's first pass: the head a full pass keeps must give the same count,
// rows and order as the full pass (ties on the timestamp included), serve only the default view,
// and never be used once the member's rows changed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildLibraryView } from '../../core/library/library-view.ts';
import { EMPTY_LIBRARY_QUERY, parseLibraryQuery } from '../../core/library/library-query.ts';
import { EARLIER, gameRow, NOW, openLocalDb, reviewRow, userRow } from '../../../tests/support/local-db.ts';
import type { CheckpointDb, GameRow, ProgressRow } from '../../store/db.ts';
import { mutate } from '../../sync/mutate.ts';
import { HEAD_ROWS, loadLibraryHead, saveLibraryHead, servesHead } from './library-head.ts';
import { loadLibraryPass } from './library.ts';

let db: CheckpointDb;
beforeEach(async () => {
  db = openLocalDb();
  await db.users.bulkPut([userRow(1, 'me'), userRow(2, 'alice')]);
});
afterEach(() => db.delete());

const TIED = '2026-11-10T09:00:00.000Z';

function progress(id: number, userId: number, game: GameRow, updatedAt: string): ProgressRow {
  return {
    id,
    user_id: userId,
    game_id: game.id,
    igdb_id: game.igdb_id,
    started: true,
    completed: true,
    started_date: EARLIER,
    completed_date: EARLIER,
    created_at: EARLIER,
    updated_at: updatedAt,
  };
}

/** A full pass, as the tab runs it, then its head kept. */
async function fullPass(userId: number) {
  const pass = await loadLibraryPass(db, userId);
  const view = buildLibraryView(pass.items);
  await saveLibraryHead(db, userId, pass, view);
  return { pass, view };
}

/**
 * An import's shape: `count` games finished at one timestamp, given in an order that is not their
 * names' (names differing in case and accents, which the tie-break normalises), a few reviewed
 * later, some on the wishlist earlier.
 */
async function seedImport(userId: number, count: number): Promise<GameRow[]> {
  const stems = ['zelda', 'Éclair', 'apple', 'Banjo', 'ábaco', 'celeste', 'Óri', 'the Quest'];
  const games = Array.from({ length: count }, (_, i) =>
    gameRow(1000 + i, 50_000 + i, `${stems[i % stems.length]} ${count - i}`, {
      release_date: `20${String(10 + (i % 15))}-03-0${1 + (i % 9)}`,
      platforms: i % 2 ? ['PC (Microsoft Windows)'] : ['Nintendo Switch'],
    }),
  );
  await db.games.bulkPut(games);
  await db.progress.bulkPut(games.map((g, i) => progress(userId * 100_000 + i, userId, g, TIED)));
  await db.reviews.bulkPut(
    games.slice(0, 5).map((g, i) => reviewRow(userId * 100_000 + i, userId, g, { rating: 7 + i / 2, updated_at: NOW })),
  );
  await db.wishlist.bulkPut(
    games.slice(-3).map((g, i) => ({
      id: userId * 100_000 + i,
      user_id: userId,
      game_id: g.id,
      igdb_id: g.igdb_id,
      priority: 0,
      notes: null,
      added_at: EARLIER,
    })),
  );
  return games;
}

describe('the kept head', () => {
  it('gives the full pass’s count, filter menus and first rows in its order, ties broken by name', async () => {
    await seedImport(1, 150);
    const { view } = await fullPass(1);
    const head = await loadLibraryHead(db, 1);
    const full = view.apply(EMPTY_LIBRARY_QUERY);
    expect(head).not.toBeNull();
    expect(head?.count).toBe(150);
    expect(head?.count).toBe(view.size);
    expect(head?.platforms).toEqual(view.platforms);
    expect(head?.years).toEqual(view.years);
    expect(head?.rows).toHaveLength(HEAD_ROWS);
    expect(head?.rows).toEqual(full.slice(0, HEAD_ROWS));
    // The reviewed games (newer) first, then the 145 tied ones by normalised name: 'ábaco', 'apple', …
    expect(head?.rows.slice(0, 5).every((r) => r.updatedAt === NOW)).toBe(true);
    expect(head?.rows.slice(5, 8).map((r) => r.name)).toEqual(['ábaco 10', 'ábaco 106', 'ábaco 114']);
    expect(new Set(head?.rows.slice(5).map((r) => r.updatedAt))).toEqual(new Set([TIED]));
  });

  it('holds the whole list for a member with few games', async () => {
    await seedImport(2, 4);
    const { view } = await fullPass(2);
    const head = await loadLibraryHead(db, 2);
    expect(head?.count).toBe(4);
    expect(head?.rows).toEqual(view.apply(EMPTY_LIBRARY_QUERY));
    expect(head?.rows.map((r) => r.name)).toHaveLength(4);
  });

  it('keeps an empty library as a count of 0', async () => {
    await fullPass(2);
    expect(await loadLibraryHead(db, 2)).toEqual({ count: 0, platforms: [], years: [], rows: [] });
  });

  it('is not written again by an open that changed nothing', async () => {
    await seedImport(1, 10);
    await fullPass(1);
    let writes = 0;
    db.libraryHeads.hook('creating', () => {
      writes += 1;
    });
    db.libraryHeads.hook('updating', () => {
      writes += 1;
    });
    await fullPass(1);
    expect(writes).toBe(0);
    const row = await db.reviews.get(100_000);
    await db.reviews.put({ ...row!, rating: 4, updated_at: '2026-11-21T00:00:00.000Z' });
    await fullPass(1);
    expect(writes).toBe(1);
    expect((await loadLibraryHead(db, 1))?.rows[0]?.rating).toBe(4);
  });

  it('is per member', async () => {
    await seedImport(1, 70);
    await seedImport(2, 3);
    await fullPass(1);
    expect(await loadLibraryHead(db, 2)).toBeNull();
    await fullPass(2);
    expect((await loadLibraryHead(db, 1))?.count).toBe(70);
    expect((await loadLibraryHead(db, 2))?.count).toBe(3);
  });
});

describe('the first pass serves only the default view', () => {
  it('with no filter, text or sort in the address', () => {
    expect(servesHead(parseLibraryQuery(new URLSearchParams('')))).toBe(true);
    expect(servesHead(parseLibraryQuery(new URLSearchParams('tab=library&sort=updated')))).toBe(true);
    // An unknown sort reads as the default one.
    expect(servesHead(parseLibraryQuery(new URLSearchParams('sort=bogus')))).toBe(true);
  });

  it.each([
    'status=wishlist',
    'platform=PC',
    'rating=7-10',
    'year=2015',
    'reviewed=yes',
    'sort=name',
    'sort=rating',
    'q=zelda',
  ])('not with %s in the address', (search) => {
    const query = parseLibraryQuery(new URLSearchParams(search));
    expect(query).not.toEqual(EMPTY_LIBRARY_QUERY);
    expect(servesHead(query)).toBe(false);
  });
});

describe('an out-of-date head is not used', () => {
  beforeEach(async () => {
    await seedImport(1, 80);
    await fullPass(1);
    expect(await loadLibraryHead(db, 1)).not.toBeNull();
  });

  it('after a local edit (it goes through the outbox)', async () => {
    // A game row arriving is no change of the member's: the head still holds.
    await db.games.put(gameRow(5000, 99_999, 'Newcomer'));
    expect((await loadLibraryHead(db, 1))?.count).toBe(80);
    await mutate(db, 'wishlist.set', { igdb_id: 99_999, in: true }, { me: 1, now: NOW });
    expect(await loadLibraryHead(db, 1)).toBeNull();
    // The next full pass keeps a head again, with the edit in it.
    const { view } = await fullPass(1);
    const head = await loadLibraryHead(db, 1);
    expect(head?.rows).toEqual(view.apply(EMPTY_LIBRARY_QUERY).slice(0, HEAD_ROWS));
    expect(head?.count).toBe(81);
    expect(head?.rows.find((r) => r.key === '99999')?.statuses).toEqual(['wishlist']);
  });

  it('after a pulled edit of a row (its time moves)', async () => {
    const row = await db.reviews.get(100_000);
    await db.reviews.put({ ...row!, rating: 3, updated_at: '2026-11-21T00:00:00.000Z' });
    expect(await loadLibraryHead(db, 1)).toBeNull();
  });

  it('after a rejected write is undone, though a later edit keeps the newest time', async () => {
    // Two local edits waiting in the outbox: the first is rejected, the rebase puts its row back.
    const first = (await db.reviews.get(100_000))!;
    const second = (await db.reviews.get(100_001))!;
    await db.reviews.put({ ...first, rating: 2, updated_at: '2026-11-21T00:00:00.000Z' });
    await db.reviews.put({ ...second, rating: 3, updated_at: '2026-11-22T00:00:00.000Z' });
    const outboxRow = { name: 'review.update', args: {}, created_at: NOW, attempts: 0 };
    const [rejected] = await db.outbox.bulkAdd(
      [
        { ...outboxRow, id: 'a' },
        { ...outboxRow, id: 'b' },
      ],
      { allKeys: true },
    );
    await fullPass(1);
    expect((await loadLibraryHead(db, 1))?.rows.find((r) => r.key === String(first.igdb_id))?.rating).toBe(2);
    await db.outbox.delete(rejected!);
    await db.reviews.put(first);
    expect(await loadLibraryHead(db, 1)).toBeNull();
  });

  it('after a row is deleted or added', async () => {
    await db.wishlist.delete(100_000);
    expect(await loadLibraryHead(db, 1)).toBeNull();
    await fullPass(1);
    expect((await loadLibraryHead(db, 1))?.count).toBe(80);
    await db.journal.put({
      id: 9,
      client_key: 'k9',
      user_id: 1,
      game_id: 1000,
      igdb_id: 50_000,
      played_on: '2026-11-02',
      minutes: 30,
      platform_id: null,
      note: null,
      is_private: false,
      created_at: EARLIER,
      updated_at: EARLIER,
    });
    expect(await loadLibraryHead(db, 1)).toBeNull();
  });

  it("but another member's edits leave it be", async () => {
    await seedImport(2, 3);
    expect((await loadLibraryHead(db, 1))?.count).toBe(80);
  });

  it('nor is one kept from a pass that a write overtook', async () => {
    await db.libraryHeads.clear();
    const pass = await loadLibraryPass(db, 1);
    await db.reviews.delete(100_001);
    await saveLibraryHead(db, 1, pass, buildLibraryView(pass.items));
    expect(await loadLibraryHead(db, 1)).toBeNull();
  });

  it('nor one from a pass that lacked game rows (they may arrive without any row of the member changing)', async () => {
    await db.wishlist.put({
      id: 7,
      user_id: 1,
      game_id: 4242,
      igdb_id: 424_242,
      priority: 0,
      notes: null,
      added_at: EARLIER,
    });
    const { pass } = await fullPass(1);
    expect(pass.missingGames).toBe(1);
    expect(await db.libraryHeads.get(1)).toBeUndefined();
    expect(await loadLibraryHead(db, 1)).toBeNull();
  });
});
