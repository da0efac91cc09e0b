// The activity feed's rules: the kinds of item, their priority when several
// happen within 2 seconds, the order of a page, the cursor that reaches further back, and the
// sentence each item reads as. get_user_activity (supabase/schema/functions/public.get_user_activity.sql) applies the same order on
// the server; orderActivity is its twin, so a page is shown the same whatever answered it.
import { epochMicros } from './dates.ts';

/** Per source and per page (the spec: "20 rows per source, 25 merged"). */
export const ACTIVITY_PER_SOURCE = 20;
export const ACTIVITY_PAGE_SIZE = 25;
/** Items closer together than this form one burst, ordered by kind. */
export const ACTIVITY_BURST_MS = 2000;

/** "wishlist 1, collection 2, started 3, completed 4, rating 5, review 6, comment 7, review_like 8; higher first". */
export const ACTIVITY_PRIORITY = {
  wishlist: 1,
  collection: 2,
  started: 3,
  completed: 4,
  rating: 5,
  review: 6,
  comment: 7,
  review_like: 8,
} as const;
export type ActivityType = keyof typeof ACTIVITY_PRIORITY;

export const ACTIVITY_TEXT = {
  loadFailed: 'Failed to load activity feed',
  /** Spec 002: "'Load More Activity' is disabled (coming soon)". */
  loadMore: 'Load More Activity',
  loadMoreSoon: 'Coming soon',
} as const;

export interface ActivityGame {
  id: number;
  igdb_id: number | null;
  name: string;
  cover_url: string | null;
}
export interface ActivityAuthor {
  id: number;
  username: string;
  name?: string | null;
}
export interface ActivityItem {
  type: ActivityType;
  id: number;
  /** ISO timestamp as the server wrote it (microseconds kept: it is the next page's cursor). */
  date: string;
  game: ActivityGame;
  rating?: number;
  review?: string;
  comment?: string;
  rating_id?: number;
  reviewed_author?: ActivityAuthor | null;
}

export interface ActivityCursor {
  before: string;
  type: ActivityType;
  id: number;
}

export function isActivityType(value: unknown): value is ActivityType {
  return typeof value === 'string' && Object.hasOwn(ACTIVITY_PRIORITY, value);
}

/** Newer first: by moment, then kind priority, then id (the server's total order). */
export function compareNewestFirst(a: ActivityItem, b: ActivityItem): number {
  return (
    epochMicros(b.date) - epochMicros(a.date) || ACTIVITY_PRIORITY[b.type] - ACTIVITY_PRIORITY[a.type] || b.id - a.id
  );
}

/**
 * The feed's order: newest first, except that items within 2 seconds of the one before them form a
 * burst, shown highest priority first (a review posted with its rating and a "started" in one save
 * reads review, completed, started).
 */
export function orderActivity(items: readonly ActivityItem[]): ActivityItem[] {
  const chronological = [...items].sort(compareNewestFirst);
  const bursts: ActivityItem[][] = [];
  let previous: ActivityItem | undefined;
  for (const item of chronological) {
    const gap = previous ? (epochMicros(previous.date) - epochMicros(item.date)) / 1000 : Infinity;
    if (gap >= ACTIVITY_BURST_MS || bursts.length === 0) bursts.push([item]);
    else bursts[bursts.length - 1]!.push(item);
    previous = item;
  }
  return bursts.flatMap((burst) =>
    burst.sort((a, b) => ACTIVITY_PRIORITY[b.type] - ACTIVITY_PRIORITY[a.type] || compareNewestFirst(a, b)),
  );
}

/** Where the next page starts: the oldest item of this one, in the server's total order. */
export function nextCursor(page: readonly ActivityItem[]): ActivityCursor | null {
  if (page.length === 0) return null;
  const oldest = [...page].sort(compareNewestFirst).at(-1)!;
  return { before: oldest.date, type: oldest.type, id: oldest.id };
}

/**
 * Whether there may be more further back. A page shorter than one full source means every source
 * ran out (the server stops a page early only at a source's 20th row).
 */
export function mayHaveMore(page: readonly ActivityItem[]): boolean {
  return page.length >= Math.min(ACTIVITY_PER_SOURCE, ACTIVITY_PAGE_SIZE);
}

/** Appends a page, leaving out anything already shown (a page fetched twice changes nothing). */
export function appendPage(shown: readonly ActivityItem[], page: readonly ActivityItem[]): ActivityItem[] {
  const seen = new Set(shown.map(activityKey));
  return [...shown, ...orderActivity(page.filter((item) => !seen.has(activityKey(item))))];
}

export const activityKey = (item: Pick<ActivityItem, 'type' | 'id'>) => `${item.type}:${item.id}`;

/**
 * An item's sentence around its game: "{lead} {game} {trail}" ("Added Hades to Want to Play").
 * Comments and likes name the review's author in the trail ("… on alice's review").
 */
export function activitySentence(item: Pick<ActivityItem, 'type' | 'reviewed_author'>): {
  lead: string;
  trail: string;
} {
  const author = item.reviewed_author ? `${item.reviewed_author.username}'s review` : 'a review';
  switch (item.type) {
    case 'review':
      return { lead: 'Reviewed', trail: '' };
    case 'rating':
      return { lead: 'Rated', trail: '' };
    case 'wishlist':
      return { lead: 'Added', trail: 'to Want to Play' };
    case 'collection':
      return { lead: 'Added', trail: 'to their collection' };
    case 'started':
      return { lead: 'Started playing', trail: '' };
    case 'completed':
      return { lead: 'Finished', trail: '' };
    case 'comment':
      return { lead: `Commented on ${author} of`, trail: '' };
    case 'review_like':
      return { lead: `Liked ${author} of`, trail: '' };
  }
}

/** Reads an RPC answer defensively: unknown kinds and rows without a game are left out. */
export function parseActivity(raw: unknown): ActivityItem[] {
  if (!Array.isArray(raw)) throw new TypeError('Activity answer is not a list');
  return raw.flatMap((row): ActivityItem[] => {
    if (typeof row !== 'object' || row === null) return [];
    const r = row as Record<string, unknown>;
    const game = r.game as Record<string, unknown> | null | undefined;
    if (
      !isActivityType(r.type) ||
      typeof r.id !== 'number' ||
      typeof r.date !== 'string' ||
      !game ||
      typeof game.id !== 'number'
    )
      return [];
    const author = r.reviewed_author as Record<string, unknown> | null | undefined;
    return [
      {
        type: r.type,
        id: r.id,
        date: r.date,
        game: {
          id: game.id,
          igdb_id: typeof game.igdb_id === 'number' ? game.igdb_id : null,
          name: typeof game.name === 'string' ? game.name : 'Unknown game',
          cover_url: typeof game.cover_url === 'string' ? game.cover_url : null,
        },
        ...(typeof r.rating === 'number' ? { rating: r.rating } : {}),
        ...(typeof r.review === 'string' ? { review: r.review } : {}),
        ...(typeof r.comment === 'string' ? { comment: r.comment } : {}),
        ...(typeof r.rating_id === 'number' ? { rating_id: r.rating_id } : {}),
        ...(author && typeof author.id === 'number' && typeof author.username === 'string'
          ? {
              reviewed_author: {
                id: author.id,
                username: author.username,
                name: typeof author.name === 'string' ? author.name : null,
              },
            }
          : {}),
      },
    ];
  });
}
