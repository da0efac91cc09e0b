// The Top 5 editor's rules: five ordered slots filled from position 1, each
// game at most once and rated by the member. Every change makes a new list (the editor keeps the
// previous one to roll back to if saving fails) and top5.replace saves it whole.
import { TOP_GAMES_SLOTS } from './constants.ts';

export const TOP5_TEXT = {
  othersEmpty: "They haven't decided on a Top 5 yet! How sad!",
  loadFailed: 'Failed to load top games',
  ownLoadFailed: 'Failed to load your Top 5',
  removeFailed: 'Failed to remove game. Please try again.',
  orderFailed: 'Failed to save new order. Please try again.',
  addFailed: 'Failed to add game',
  noRated: 'No reviewed games available to select',
  allChosen: 'All your reviewed games are already in your Top 5',
} as const;

export interface TopEntry {
  igdb_id: number;
}

/** Slots 1..5: the list's games in order, then empty slots (null). */
export function slots<T extends TopEntry>(list: readonly T[]): Array<T | null> {
  return Array.from({ length: TOP_GAMES_SLOTS }, (_, i) => list[i] ?? null);
}

export type Top5Problem = 'full' | 'duplicate' | 'unrated';

/** Why `game` cannot join the list, or null when it can. */
export function cannotAdd(list: readonly TopEntry[], game: TopEntry, rated: ReadonlySet<number>): Top5Problem | null {
  if (list.length >= TOP_GAMES_SLOTS) return 'full';
  if (list.some((g) => g.igdb_id === game.igdb_id)) return 'duplicate';
  if (!rated.has(game.igdb_id)) return 'unrated';
  return null;
}

/** The list with `game` in the first empty slot. */
export function addGame<T extends TopEntry>(list: readonly T[], game: T, rated: ReadonlySet<number>): T[] {
  const problem = cannotAdd(list, game, rated);
  if (problem) throw new RangeError(`Cannot add to the Top 5: ${problem}`);
  return [...list, game];
}

/** The list without `igdb_id`; the games after it move up a slot. */
export function removeGame<T extends TopEntry>(list: readonly T[], igdbId: number): T[] {
  return list.filter((g) => g.igdb_id !== igdbId);
}

/** The list with the game at `from` moved to `to` (0-based); out-of-range moves change nothing. */
export function moveGame<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** The picker's choices: the member's rated games not already in the Top 5, in the order given. */
export function pickerChoices<T extends TopEntry>(rated: readonly T[], list: readonly TopEntry[]): T[] {
  const chosen = new Set(list.map((g) => g.igdb_id));
  return rated.filter((g) => !chosen.has(g.igdb_id));
}

/** What the picker says when there is nothing to choose. */
export function emptyChoicesText(ratedCount: number): string {
  return ratedCount === 0 ? TOP5_TEXT.noRated : TOP5_TEXT.allChosen;
}

export const sameOrder = (a: readonly TopEntry[], b: readonly TopEntry[]) =>
  a.length === b.length && a.every((g, i) => g.igdb_id === b[i]?.igdb_id);

// Drag settings.
/** A mouse or pen press becomes a drag after moving this far (px); phones need a little more. */
export const DRAG_POINTER_DISTANCE = 8;
export const DRAG_POINTER_DISTANCE_PHONE = 10;
/** A finger must rest this long (ms), moving no more than the tolerance (px), to pick a game up. */
export const DRAG_TOUCH_DELAY_MS = 250;
export const DRAG_TOUCH_TOLERANCE = 5;
/** A short buzz on pick-up where the device can (mobile). */
export const DRAG_VIBRATE_MS = 10;
export const DRAG_DROP_MS = 200;
