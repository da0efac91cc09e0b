// The user directory, /users 'Discover Users' (and the search spec's "/users?q="): its
// address (q, sort, page ⇄ what it shows), the quick filters, reading the get_users answer (a
// malformed part becomes the spec's warning banner instead of a broken page) and showing follows
// made on this device before the server has answered.
import { formatMonthYear } from './dates.ts';
import { z } from './zod.ts';
import { QUERY_MAX_LENGTH } from './search/constants.ts';

/** The spec's "placeholder pagination above 20 results": here real pages of 20, numbered in the address. */
export const DIRECTORY_PAGE_SIZE = 20;
/** The spec's "Top Reviewers 3". */
export const TOP_REVIEWERS = 3;
/** Not in spec: the pause after typing before the list follows the box (Enter searches at once). */
export const DIRECTORY_SEARCH_DEBOUNCE_MS = 500;
/** Not in spec: beyond this an offset would overflow the server's integer. */
const MAX_PAGE = 100_000;

export type DirectorySort = 'relevant' | 'followers' | 'reviews' | 'recent';

/** The spec's four sort options, in its order, with its labels. */
export const DIRECTORY_SORTS: ReadonlyArray<{ readonly value: DirectorySort; readonly label: string }> = [
  { value: 'relevant', label: 'Most Relevant' },
  { value: 'followers', label: 'Most Followers' },
  { value: 'reviews', label: 'Most Reviews' },
  { value: 'recent', label: 'Recently Joined' },
];

export interface DirectoryParams {
  readonly q: string;
  readonly sort: DirectorySort;
  /** 1-based. */
  readonly page: number;
}

export const DEFAULT_DIRECTORY_PARAMS: DirectoryParams = { q: '', sort: 'relevant', page: 1 };

const isSort = (value: string): value is DirectorySort => DIRECTORY_SORTS.some((s) => s.value === value);

/** Reads the address; anything unreadable becomes the default, so a stale link always opens the page. */
export function parseDirectoryParams(params: URLSearchParams): DirectoryParams {
  const q = (params.get('q') ?? '').trim().slice(0, QUERY_MAX_LENGTH).trim();
  const rawSort = (params.get('sort') ?? '').trim().toLowerCase();
  const rawPage = (params.get('page') ?? '').trim();
  const page = /^\d{1,6}$/.test(rawPage) ? Math.min(Math.max(Number(rawPage), 1), MAX_PAGE) : 1;
  return { q, sort: isSort(rawSort) ? rawSort : 'relevant', page };
}

/** The canonical address: defaults left out, so /users stays /users. */
export function directorySearch(params: DirectoryParams): string {
  const out = new URLSearchParams();
  if (params.q !== '') out.set('q', params.q);
  if (params.sort !== 'relevant') out.set('sort', params.sort);
  if (params.page > 1) out.set('page', String(params.page));
  return out.toString();
}

export const directoryPageCount = (total: number): number => Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE));

export const directoryOffset = (page: number): number => (page - 1) * DIRECTORY_PAGE_SIZE;

/** "Showing 21 - 40 of 57 users". */
export function directoryRange(page: number, shown: number): { from: number; to: number } {
  const from = directoryOffset(page) + 1;
  return { from, to: from + shown - 1 };
}

// ---- Quick filters ("Pro Reviewers sets search text; New Members sorts by recent; Most
// Popular sorts by followers") -----------------------------------------------------------------

export type QuickFilterId = 'pro' | 'new' | 'popular';

/** The text Pro Reviewers puts in the search box. */
export const PRO_REVIEWERS_QUERY = 'reviewer';

export const QUICK_FILTERS: ReadonlyArray<{
  readonly id: QuickFilterId;
  readonly label: string;
  readonly hint: string;
}> = [
  { id: 'pro', label: 'Pro Reviewers', hint: `Search for "${PRO_REVIEWERS_QUERY}"` },
  { id: 'new', label: 'New Members', hint: 'Newest first' },
  { id: 'popular', label: 'Most Popular', hint: 'Most followers first' },
];

/** What a quick filter does to the address (always back to page 1). */
export function applyQuickFilter(params: DirectoryParams, id: QuickFilterId): DirectoryParams {
  switch (id) {
    case 'pro':
      return { ...params, q: PRO_REVIEWERS_QUERY, page: 1 };
    case 'new':
      return { ...params, sort: 'recent', page: 1 };
    case 'popular':
      return { ...params, sort: 'followers', page: 1 };
  }
}

export function quickFilterActive(params: DirectoryParams, id: QuickFilterId): boolean {
  switch (id) {
    case 'pro':
      return params.q.toLowerCase() === PRO_REVIEWERS_QUERY;
    case 'new':
      return params.sort === 'recent';
    case 'popular':
      return params.sort === 'followers';
  }
}

// ---- The get_users answer --------------------------------------------------------------------

export interface DirectoryUser {
  readonly id: number;
  readonly username: string;
  readonly name: string | null;
  readonly display_name: string | null;
  readonly bio: string | null;
  readonly avatar_url: string | null;
  readonly created_at: string | null;
  readonly follower_count: number;
  readonly following_count: number;
  /** null: the review data could not be read. */
  readonly review_count: number | null;
  /** One decimal; null when the member has rated nothing (or it is unknown). */
  readonly avg_rating: number | null;
  readonly is_following: boolean;
}

export interface TopReviewer {
  readonly id: number;
  readonly username: string;
  readonly name: string | null;
  readonly display_name: string | null;
  readonly avatar_url: string | null;
  readonly follower_count: number;
  readonly review_count: number;
  readonly avg_rating: number | null;
}

export interface CommunityStats {
  readonly total_users: number;
  readonly active_reviewers: number | null;
  readonly total_reviews: number | null;
  readonly you_follow: number | null;
}

/** The spec's two partial-failure banners. */
export const FOLLOW_DATA_WARNING = 'Failed to load follow relationships. Counts may be inaccurate.';
export const REVIEW_DATA_WARNING = 'Failed to load review data. Review counts may be inaccurate.';
export const LOAD_USERS_FAILED = 'Failed to load users. Please try again.';
export const UNEXPECTED_LOAD_ERROR = 'An unexpected error occurred while loading users';

export type DirectoryWarning = typeof FOLLOW_DATA_WARNING | typeof REVIEW_DATA_WARNING;

export interface DirectoryAnswer {
  readonly users: readonly DirectoryUser[];
  readonly total: number;
  readonly stats: CommunityStats;
  readonly top_reviewers: readonly TopReviewer[];
  readonly warnings: readonly DirectoryWarning[];
}

/** Thrown when the answer has no readable list of users at all. */
export class DirectoryAnswerError extends Error {
  constructor() {
    super(UNEXPECTED_LOAD_ERROR);
    this.name = 'DirectoryAnswerError';
  }
}

const count = z.coerce.number().check(z.int(), z.nonnegative());
const text = z.catch(z.nullable(z.string()), null);
const Core = z.object({
  id: z.coerce.number().check(z.int(), z.positive()),
  username: z.string(),
  name: text,
  display_name: text,
  bio: text,
  avatar_url: text,
  created_at: z.catch(z.nullable(z.string()), null),
});
const FollowPart = z.object({ follower_count: count, following_count: count, is_following: z.boolean() });
const ReviewPart = z.object({ review_count: count, avg_rating: z.nullable(z.coerce.number()) });
const Answer = z.object({
  users: z.array(z.unknown()),
  total: z.optional(count),
  stats: z.catch(z.record(z.string(), z.unknown()), {}),
  top_reviewers: z.catch(z.array(z.unknown()), []),
});
const TopRow = z.extend(z.pick(Core, { id: true, username: true, name: true, display_name: true, avatar_url: true }), {
  follower_count: z.catch(count, 0),
  review_count: count,
  avg_rating: z.catch(z.nullable(z.coerce.number()), null),
});

const roundOne = (n: number | null): number | null =>
  n === null || !Number.isFinite(n) ? null : Math.round(n * 10) / 10;

/**
 * Reads get_users' jsonb. The user rows must be readable (else DirectoryAnswerError, the spec's
 * unexpected error); follow or review fields that are missing or malformed are shown as unknown
 * with the spec's warning, because the list itself is still worth showing.
 */
export function readDirectoryAnswer(raw: unknown): DirectoryAnswer {
  const answer = Answer.safeParse(raw);
  if (!answer.success) throw new DirectoryAnswerError();
  const warnings = new Set<DirectoryWarning>();
  const users = answer.data.users.map((row): DirectoryUser => {
    const core = Core.safeParse(row);
    if (!core.success) throw new DirectoryAnswerError();
    const follow = FollowPart.safeParse(row);
    const review = ReviewPart.safeParse(row);
    if (!follow.success) warnings.add(FOLLOW_DATA_WARNING);
    if (!review.success) warnings.add(REVIEW_DATA_WARNING);
    return {
      ...core.data,
      follower_count: follow.success ? follow.data.follower_count : 0,
      following_count: follow.success ? follow.data.following_count : 0,
      is_following: follow.success ? follow.data.is_following : false,
      review_count: review.success ? review.data.review_count : null,
      avg_rating: review.success ? roundOne(review.data.avg_rating) : null,
    };
  });
  const stat = (key: string): number | null => {
    const parsed = count.safeParse(answer.data.stats[key]);
    return parsed.success ? parsed.data : null;
  };
  const stats: CommunityStats = {
    total_users: stat('total_users') ?? answer.data.total ?? users.length,
    active_reviewers: stat('active_reviewers'),
    total_reviews: stat('total_reviews'),
    you_follow: stat('you_follow'),
  };
  if (stats.active_reviewers === null || stats.total_reviews === null) warnings.add(REVIEW_DATA_WARNING);
  if (stats.you_follow === null) warnings.add(FOLLOW_DATA_WARNING);
  const top_reviewers = answer.data.top_reviewers
    .flatMap((row) => {
      const parsed = TopRow.safeParse(row);
      return parsed.success ? [{ ...parsed.data, avg_rating: roundOne(parsed.data.avg_rating) }] : [];
    })
    .slice(0, TOP_REVIEWERS);
  return { users, total: answer.data.total ?? users.length, stats, top_reviewers, warnings: [...warnings] };
}

// ---- Follows made on this device -------------------------------------------------------------

/**
 * Whether the member follows `user`. Once the device has pulled the member's own rows, its
 * follows table is the truth (it already holds follows and unfollows not yet pushed); before
 * that, the server's answer counts too.
 */
export function isFollowing(
  user: Pick<DirectoryUser, 'id' | 'is_following'>,
  local: ReadonlySet<number>,
  pulled: boolean,
): boolean {
  return local.has(user.id) || (!pulled && user.is_following);
}

/** The follower count as the server gave it, moved by a follow or unfollow made since. */
export function shownFollowers(
  user: Pick<DirectoryUser, 'follower_count' | 'is_following'>,
  following: boolean,
): number {
  return Math.max(0, user.follower_count + (following ? 1 : 0) - (user.is_following ? 1 : 0));
}

/** "You Follow": the device's count once pulled, else the server's. */
export function shownYouFollow(server: number | null, local: number, pulled: boolean): number | null {
  if (pulled) return local;
  return server === null ? (local > 0 ? local : null) : Math.max(server, local);
}

// ---- Display ---------------------------------------------------------------------------------

/** The spec's "average rating on user cards to 1 decimal". */
export const averageRatingText = (avg: number | null): string => (avg === null ? '—' : avg.toFixed(1));

/** "Joined March 2025"; null for a missing or unreadable date. */
export function joinedText(createdAt: string | null, locale?: string): string | null {
  const month = formatMonthYear(createdAt, { locale, utc: true });
  return month === null ? null : `Joined ${month}`;
}

/** A member's shown name: display name, then name, then the username. */
export function displayName(user: {
  readonly username: string;
  readonly name: string | null;
  readonly display_name?: string | null;
}): string {
  return user.display_name?.trim() || user.name?.trim() || user.username;
}

export const initialOf = (username: string): string => (username.trim()[0] ?? '?').toUpperCase();
