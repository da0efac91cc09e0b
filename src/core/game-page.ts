// The game page's rules as pure functions (the spec's "Game page", "Game page carousels", game
// status, carousel filters and constants): category badges, the 30-character truncation, the
// summary toggle, the meta description, the rating histogram, which status buttons are open, and
// the carousels' filters and limits.
import { protectGame } from './search/protection.ts';
import type { SearchGame } from './search/types.ts';

/** "developer/publisher truncation 30" */
export const COMPANY_TRUNCATE_AT = 30;
/** "summary toggle above 200 characters" */
export const SUMMARY_TOGGLE_ABOVE = 200;
/** "meta description 160 characters" */
export const META_DESCRIPTION_LENGTH = 160;
/** "Histogram 10 buckets" */
export const HISTOGRAM_BUCKETS = 10;
/** "at most 5 written reviews" */
export const GAME_PAGE_REVIEWS = 5;
/** "Carousels: DLC limit 20; mods limit 30, shown 15; arrows above 6 items; scroll 360 px." */
export const DLC_LIMIT = 20;
export const MODS_LIMIT = 30;
export const MODS_SHOWN = 15;
export const CAROUSEL_ARROWS_ABOVE = 6;
export const CAROUSEL_SCROLL_PX = 360;
/** "Sheet: swipe threshold 50 px, close delay 300 ms. Mobile breakpoint 768 px." */
export const SHEET_SWIPE_CLOSE_PX = 50;
export const SHEET_CLOSE_MS = 300;
export const MOBILE_BREAKPOINT_PX = 768;

const BADGES: Readonly<Record<number, string>> = {
  1: 'DLC',
  2: 'Expansion',
  3: 'Bundle',
  4: 'Standalone Expansion',
  5: 'Mod',
  6: 'Episode',
  7: 'Season',
  8: 'Remake',
  9: 'Remaster',
  10: 'Expanded Edition',
  11: 'Port',
  12: 'Fork',
  13: 'Pack',
  14: 'Update',
};

/** The category badge's label; category 0 or empty shows no badge. */
export function categoryBadge(category: number | null | undefined): string | null {
  if (category === null || category === undefined) return null;
  return BADGES[category] ?? null;
}

/** The carousels' category names: 0 or none Main Game, 1–4 by name, any other Additional Content. */
export function categoryName(category: number | null | undefined): string {
  if (category === null || category === undefined || category === 0) return 'Main Game';
  return (
    ({ 1: 'DLC', 2: 'Expansion', 3: 'Bundle', 4: 'Standalone Expansion' } as Record<number, string>)[category] ??
    'Additional Content'
  );
}

/** A DLC-type page (category 1 to 4) shows the 'Main Game' card instead of the two other blocks. */
export const isDlcCategory = (category: number | null | undefined): boolean =>
  typeof category === 'number' && category >= 1 && category <= 4;

export interface Truncated {
  readonly text: string;
  readonly truncated: boolean;
}

/** The first `limit` characters and '...' when the text is longer (the rest behind 'See more'). */
export function truncate(text: string, limit: number = COMPANY_TRUNCATE_AT): Truncated {
  const chars = Array.from(text);
  if (chars.length <= limit) return { text, truncated: false };
  return { text: `${chars.slice(0, limit).join('').trimEnd()}...`, truncated: true };
}

/** The summary is clamped to 3 lines with a toggle only when longer than 200 characters. */
export const summaryNeedsToggle = (summary: string | null | undefined): boolean =>
  typeof summary === 'string' && summary.trim().length > SUMMARY_TOGGLE_ABOVE;

/** The first 160 characters of the summary, or null when there is none. */
export function metaDescription(summary: string | null | undefined): string | null {
  const text = typeof summary === 'string' ? summary.replace(/\s+/g, ' ').trim() : '';
  return text === '' ? null : Array.from(text).slice(0, META_DESCRIPTION_LENGTH).join('');
}

/** Bucket i (1..10) holds ratings from i up to i + 1; 10 holds the tens. Ratings outside 1..10 don't count. */
export function ratingSummary(ratings: readonly number[]): {
  count: number;
  average: number | null;
  histogram: number[];
} {
  const histogram = new Array<number>(HISTOGRAM_BUCKETS).fill(0);
  let sum = 0;
  let count = 0;
  for (const r of ratings) {
    if (!Number.isFinite(r) || r < 1 || r > 10) continue;
    const bucket = Math.min(HISTOGRAM_BUCKETS, Math.floor(r)) - 1;
    histogram[bucket] = (histogram[bucket] ?? 0) + 1;
    sum += r;
    count += 1;
  }
  return { count, average: count === 0 ? null : Math.round((sum / count) * 10) / 10, histogram };
}

/** '-' when nobody rated, else the average to one decimal. */
export const averageLabel = (average: number | null): string => (average === null ? '-' : average.toFixed(1));

// ---- status -------------------------------------------------------------------------------------

export interface MyStatus {
  readonly started: boolean;
  readonly completed: boolean;
  readonly inWishlist: boolean;
  readonly inCollection: boolean;
  readonly reviewed: boolean;
}

export const NO_STATUS: MyStatus = {
  started: false,
  completed: false,
  inWishlist: false,
  inCollection: false,
  reviewed: false,
};

/** The alert of the picker and the blocked list buttons. */
export const LIST_BLOCKED_MESSAGE =
  'This game has already been started or finished and cannot be added to collection or wishlist.';

export type CollectionAction = 'add' | 'remove' | 'move';

export interface StatusButtons {
  readonly review: { readonly label: 'Write Review' | 'Edit Review' };
  readonly started: { readonly label: string; readonly disabled: boolean };
  readonly finished: { readonly label: string; readonly disabled: boolean };
  readonly collection: { readonly label: string; readonly action: CollectionAction; readonly disabled: boolean };
  readonly wishlist: { readonly label: string; readonly disabled: boolean };
  /** Why the list buttons are shut, for their title and the alert. */
  readonly listsBlocked: boolean;
}

/**
 * Which status buttons are open and what they say. Started and finished are not reversible
 * (finished implies started); neither list takes a started or finished game; the wishlist button
 * is shut while the game is in the collection; a wishlisted game offers 'Move to Collection'.
 */
export function statusButtons(s: MyStatus): StatusButtons {
  const started = s.started || s.completed;
  const listsBlocked = started;
  const collection = s.inCollection
    ? { label: 'In Collection', action: 'remove' as const }
    : s.inWishlist
      ? { label: 'Move to Collection', action: 'move' as const }
      : { label: 'Add to Collection', action: 'add' as const };
  return {
    review: { label: s.reviewed ? 'Edit Review' : 'Write Review' },
    started: { label: started ? 'Started' : 'Mark as Started', disabled: started },
    finished: { label: s.completed ? 'Finished' : 'Mark as Finished', disabled: s.completed },
    collection: { ...collection, disabled: listsBlocked },
    wishlist: { label: s.inWishlist ? 'In Wishlist' : 'Add to Wishlist', disabled: listsBlocked || s.inCollection },
    listsBlocked,
  };
}

/** On load, a started or finished game must not stay in either list (stale entries are removed). */
export function staleLists(s: MyStatus): { wishlist: boolean; collection: boolean } {
  const started = s.started || s.completed;
  return { wishlist: started && s.inWishlist, collection: started && s.inCollection };
}

export type StatusFailure = 'started' | 'completed' | 'wishlist' | 'collection' | 'move';

const FAILURE_PREFIX: Readonly<Record<StatusFailure, string>> = {
  started: 'Failed to mark game as started',
  completed: 'Failed to mark game as completed',
  wishlist: 'Failed to update wishlist',
  collection: 'Failed to update collection',
  move: 'Failed to move to collection',
};

/** The alert for a failed status change: '{prefix}: {error}', or the generic '… Please try again.' */
export function statusFailureMessage(kind: StatusFailure, error: string | null | undefined): string {
  const detail = typeof error === 'string' ? error.trim() : '';
  if (detail !== '') return `${FAILURE_PREFIX[kind]}: ${detail}`;
  return kind === 'move' ? 'Failed to move game' : `${FAILURE_PREFIX[kind]}. Please try again.`;
}

// ---- carousels ----------------------------------------------------------------------------------

export interface CarouselGame {
  readonly igdb_id: number;
  readonly name: string;
  readonly cover_url: string | null;
  readonly category: number | null;
  readonly first_release_date: number | null;
  /** The year alone, for a game known only to the year. */
  readonly release_year?: number | null;
  readonly slug?: string | null;
  readonly summary?: string | null;
  readonly developer?: string | null;
  readonly publisher?: string | null;
}

const NOT_DLC_WORDS = /mod|unofficial|fan|homebrew|patch|fix/i;
const MOD_WORDS = /mod|unofficial|fan|homebrew|patch|remix|remaster|edition|enhanced|definitive/i;
const NOT_MOD_WORDS = /goty|game of the year|complete|legendary|special edition/i;

/**
 * "must have a cover". A catalogue that carries no images at all (the bundled seed has none)
 * would hide every entry, so the requirement only applies when the answer has covers; the lazy
 * image's default cover stands in for the rest.
 */
function coverRule(games: readonly CarouselGame[]): (g: CarouselGame) => boolean {
  const anyCover = games.some((g) => g.cover_url);
  return anyCover ? (g) => Boolean(g.cover_url) : () => true;
}

const byReleaseAsc = (a: CarouselGame, b: CarouselGame) =>
  (a.first_release_date ?? Number.MAX_SAFE_INTEGER) - (b.first_release_date ?? Number.MAX_SAFE_INTEGER) ||
  a.igdb_id - b.igdb_id;

/** 'Additional Content': a cover, category 1 to 4, and no mod/unofficial/fan/homebrew/patch/fix in the name. */
export function dlcCarousel(games: readonly CarouselGame[], selfIgdbId: number): CarouselGame[] {
  const hasCover = coverRule(games);
  return unique(games, selfIgdbId)
    .filter((g) => hasCover(g) && isDlcCategory(g.category) && !NOT_DLC_WORDS.test(g.name))
    .sort(byReleaseAsc)
    .slice(0, DLC_LIMIT);
}

/**
 * 'Mods & Fan Content': a cover; a mod-like name or a category missing or above 4; then not a
 * re-release (goty, complete, legendary, special edition) and not refused by fan-content protection.
 */
export function modsCarousel(games: readonly CarouselGame[], selfIgdbId: number, nowSeconds: number): CarouselGame[] {
  const hasCover = coverRule(games);
  return unique(games, selfIgdbId)
    .filter((g) => hasCover(g) && (MOD_WORDS.test(g.name) || g.category === null || g.category > 4))
    .filter((g) => !NOT_MOD_WORDS.test(g.name) && protectGame(asSearchGame(g), nowSeconds).keep)
    .sort((a, b) => -byReleaseAsc(a, b))
    .slice(0, MODS_SHOWN);
}

function unique(games: readonly CarouselGame[], selfIgdbId: number): CarouselGame[] {
  const seen = new Map<number, CarouselGame>();
  for (const g of games) if (g.igdb_id !== selfIgdbId && !seen.has(g.igdb_id)) seen.set(g.igdb_id, g);
  return [...seen.values()];
}

function asSearchGame(g: CarouselGame): SearchGame {
  return {
    id: g.igdb_id,
    name: g.name,
    category: g.category,
    first_release_date: g.first_release_date,
    developer: g.developer ?? null,
    publisher: g.publisher ?? null,
    summary: g.summary ?? null,
  };
}

/** Carousel arrows appear only with more than 6 items. */
export const carouselHasArrows = (count: number): boolean => count > CAROUSEL_ARROWS_ABOVE;

/** Which arrows are enabled at this scroll position (1 px of slack for fractional scrolling). */
export function arrowState(
  scrollLeft: number,
  scrollWidth: number,
  clientWidth: number,
): { prev: boolean; next: boolean } {
  return { prev: scrollLeft > 1, next: scrollLeft + clientWidth < scrollWidth - 1 };
}

// ---- images -------------------------------------------------------------------------------------

// In a module of their own: the covers on every page use them, and this one pulls in the search
// tables (protection.ts), which a first visit to home does without.
export { IMAGE_WIDTHS, igdbSrcSet } from './igdb-image.ts';
