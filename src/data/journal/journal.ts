// The member's own play journal from IndexedDB (the mirror holds only their sessions, private ones
// included, plus what they logged offline): a game's sessions for the game page, all of them for
// the profile's Journal tab. A session is pending while it (or a change to it) waits to sync.
import { compareEntries, totalMinutes } from '../../core/journal/journal.ts';
import { platformName } from '../../core/platforms.ts';
import type { CheckpointDb, GameRow, PlaySessionRow } from '../../store/db.ts';

export interface JournalEntry {
  readonly id: number;
  readonly key: string;
  readonly played_on: string;
  readonly minutes: number;
  readonly platform_id: number | null;
  /** The platform's short name ('PC', 'PS5'), when the device knows it. */
  readonly platform: string | null;
  readonly note: string | null;
  readonly is_private: boolean;
  /** Written on this device and not yet on the server. */
  readonly pending: boolean;
  /** With its platform names, for the platforms an edit may choose (the profile's Journal tab). */
  readonly game: Pick<GameRow, 'igdb_id' | 'name' | 'slug' | 'cover_url' | 'platforms'> | null;
}

export interface JournalView {
  readonly entries: readonly JournalEntry[];
  readonly totalMinutes: number;
}

async function toEntries(
  db: CheckpointDb,
  rows: readonly PlaySessionRow[],
  withGames: boolean,
): Promise<JournalEntry[]> {
  const sorted = [...rows].sort(compareEntries);
  const platformIds = [...new Set(sorted.flatMap((r) => (r.platform_id === null ? [] : [r.platform_id])))];
  const [platforms, shadows, games] = await Promise.all([
    db.platforms.bulkGet(platformIds),
    db.shadows.bulkGet(sorted.map((r) => ['journal', r.id] as ['journal', number])),
    withGames ? db.games.bulkGet(sorted.map((r) => r.game_id)) : Promise.resolve([]),
  ]);
  const names = new Map(platforms.flatMap((p) => (p ? [[p.id, platformName(p.name)] as const] : [])));
  return sorted.map((r, i) => {
    const game = games[i];
    return {
      id: r.id,
      key: r.client_key,
      played_on: r.played_on,
      minutes: r.minutes,
      platform_id: r.platform_id,
      platform: r.platform_id === null ? null : (names.get(r.platform_id) ?? null),
      note: r.note,
      is_private: r.is_private,
      pending: r.id < 0 || shadows[i] !== undefined,
      game: game
        ? {
            igdb_id: game.igdb_id,
            name: game.name,
            slug: game.slug,
            cover_url: game.cover_url ?? null,
            platforms: game.platforms ?? [],
          }
        : null,
    };
  });
}

/** My sessions of one game, newest first, with the time played in total. */
export async function loadGameJournal(db: CheckpointDb, me: number, igdbId: number): Promise<JournalView> {
  const rows = await db.journal.where('[user_id+igdb_id]').equals([me, igdbId]).toArray();
  return { entries: await toEntries(db, rows, false), totalMinutes: totalMinutes(rows) };
}

/** All my sessions, newest first, each with its game. */
export async function loadOwnJournal(db: CheckpointDb, me: number): Promise<JournalView> {
  const rows = await db.journal.where('[user_id+played_on]').between([me, ''], [me, '\uffff']).toArray();
  return { entries: await toEntries(db, rows, true), totalMinutes: totalMinutes(rows) };
}

/** Whether any of my sessions still waits to sync (the game page shows the write is queued). */
export function hasPending(view: JournalView): boolean {
  return view.entries.some((e) => e.pending);
}
