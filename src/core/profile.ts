// The profile screen's rules: the id in the address, the header's texts, the reviews modal's sorts
// and excerpts, the edit form's changes and the follow button's messages. Pure: the screen
// (src/features/profile) renders what these answer.
import { compareMoments, formatMonthYear } from './dates.ts';
import { MutationError, parseMutation, type MutationArgs } from './mutations.ts';
import { documentTitle } from './page-meta.ts';

/** "Review excerpt 150 characters with Show more/less in the reviews modal". */
export const REVIEW_EXCERPT_LENGTH = 150;
export const BIO_MAX_LENGTH = 500;

/** The spec's texts for this screen, word for word. */
export const PROFILE_TEXT = {
  invalidId: 'Invalid user ID',
  loadFailed: 'Failed to load user data',
  notFound: 'User not found',
  authRequired: 'Authentication Required',
  updateFailed: 'Profile update failed',
} as const;

export const FOLLOW_TEXT = {
  loginRequired: 'You must be logged in to follow users',
  noMemberId: 'Unable to determine current user ID',
  self: 'You cannot follow yourself',
  followFailed: 'Failed to follow user. Please try again.',
  unfollowFailed: 'Failed to unfollow user. Please try again.',
  unexpected: 'An unexpected error occurred',
  updateFailed: 'Failed to update follow status',
} as const;

// Its own module: boot.ts reads it from the address too (first-read.ts), without this one's zod.
export { parseUserId } from './route-params.ts';

/** 'Joined March 2024' from the member's created_at (English month, the member's calendar year). */
export function joinedText(createdAt: string, locale = 'en-US'): string | null {
  const month = formatMonthYear(createdAt, { locale });
  return month === null ? null : `Joined ${month}`;
}

/** The name a profile shows: display name, else name, else the username. */
export function displayName(user: { username: string; name?: string | null; display_name?: string | null }): string {
  return user.display_name?.trim() || user.name?.trim() || user.username;
}

/** The avatar's fallback: the first letter of the username, upper-cased ('?' if none). */
export function initialOf(name: string): string {
  return [...name.trim()][0]?.toUpperCase() ?? '?';
}

/**
 * A website worth linking: only http(s) (a stored "javascript:" must never become a link). A bare
 * domain ("example.com") is read as https. Answers the href and the text to show, or null.
 */
export function safeWebsite(raw: string | null | undefined): { href: string; label: string } | null {
  const text = raw?.trim();
  if (!text) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null;
  const label = `${url.hostname.replace(/^www\./, '')}${url.pathname === '/' ? '' : url.pathname}`;
  return { href: url.href, label };
}

/** The member's platforms: the comma list split, trimmed, without blanks or repeats. */
export function splitPlatforms(value: string | null | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of (value ?? '').split(',')) {
    const name = part.trim();
    if (name && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      out.push(name);
    }
  }
  return out;
}

/** Platforms the edit form offers (the spec's default options), before any the member already has. */
export const PLATFORM_CHOICES = ['PC', 'PS5', 'Xbox Series X/S', 'Switch', 'Retro', 'Mobile'] as const;

export type ReviewSort = 'recent' | 'oldest' | 'highest' | 'lowest';
export const REVIEW_SORTS: ReadonlyArray<{ value: ReviewSort; label: string }> = [
  { value: 'recent', label: 'Recent' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'highest', label: 'Highest' },
  { value: 'lowest', label: 'Lowest' },
];

interface Sortable {
  id: number;
  rating: number;
  post_date_time: string;
}

/** The reviews modal's order; ties newest first, then by id, as get_user_reviews orders them. */
export function sortReviews<T extends Sortable>(reviews: readonly T[], sort: ReviewSort): T[] {
  const newest = (a: T, b: T) => compareMoments(b.post_date_time, a.post_date_time) || b.id - a.id;
  const order: Record<ReviewSort, (a: T, b: T) => number> = {
    recent: newest,
    oldest: (a, b) => compareMoments(a.post_date_time, b.post_date_time) || newest(a, b),
    highest: (a, b) => b.rating - a.rating || newest(a, b),
    lowest: (a, b) => a.rating - b.rating || newest(a, b),
  };
  return [...reviews].sort(order[sort]);
}

/**
 * The first `limit` characters of a review, cut back to a word boundary when one is near, with
 * whether anything was left out (then the modal offers Show more).
 */
export function excerpt(text: string, limit = REVIEW_EXCERPT_LENGTH): { text: string; truncated: boolean } {
  const clean = text.trim();
  const chars = [...clean];
  if (chars.length <= limit) return { text: clean, truncated: false };
  const cut = chars.slice(0, limit).join('');
  const space = cut.lastIndexOf(' ');
  const short = space >= limit * 0.7 ? cut.slice(0, space) : cut;
  return { text: `${short.replace(/[\s.,;:!?-]+$/, '')}…`, truncated: true };
}

/** The edit form's fields as typed. */
export interface ProfileForm {
  username: string;
  bio: string;
  avatar_url: string;
  location: string;
  website: string;
  platforms: string[];
}

type ProfileArgs = MutationArgs<'profile.update'>;
export type ProfileField = 'username' | 'bio' | 'avatar_url' | 'location' | 'website' | 'platform';

/** The form filled from the member's row. */
export function profileForm(user: {
  username: string;
  bio?: string | null;
  avatar_url?: string | null;
  location?: string | null;
  website?: string | null;
  platform?: string | null;
}): ProfileForm {
  return {
    username: user.username,
    bio: user.bio ?? '',
    avatar_url: user.avatar_url ?? '',
    location: user.location ?? '',
    website: user.website ?? '',
    platforms: splitPlatforms(user.platform),
  };
}

/** A typed URL as it is saved: blank stays blank, a bare domain gets https://. */
export function normalizeUrl(value: string): string {
  const text = value.trim();
  if (!text) return '';
  return /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
}

/**
 * The profile.update arguments for what changed between the saved form and the typed one (only
 * changed fields travel; a cleared field is sent as null), or the first problem per field with the
 * spec's messages (the mutation's own schema, so form and write can never disagree).
 */
export function profileChanges(
  saved: ProfileForm,
  typed: ProfileForm,
): { ok: true; args: ProfileArgs; changed: boolean } | { ok: false; errors: Partial<Record<ProfileField, string>> } {
  const args: Record<string, string | null> = {};
  const text = (field: Exclude<ProfileField, 'platform' | 'username'>, value: string) => {
    const next = field === 'avatar_url' || field === 'website' ? normalizeUrl(value) : value.trim();
    if (next !== (saved[field] ?? '').trim()) args[field] = next === '' ? null : next;
  };
  if (typed.username.trim() !== saved.username) args['username'] = typed.username.trim();
  text('bio', typed.bio);
  text('avatar_url', typed.avatar_url);
  text('location', typed.location);
  text('website', typed.website);
  const platform = splitPlatforms(typed.platforms.join(',')).join(', ');
  if (platform !== splitPlatforms(saved.platforms.join(',')).join(', '))
    args['platform'] = platform === '' ? null : platform;

  const errors: Partial<Record<ProfileField, string>> = {};
  for (const [field, value] of Object.entries(args)) {
    try {
      parseMutation('profile.update', { [field]: value });
    } catch (error) {
      if (error instanceof MutationError)
        errors[field as ProfileField] = fieldMessage(field as ProfileField, error.message);
      else throw error;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, args: parseMutation('profile.update', args), changed: Object.keys(args).length > 0 };
}

/** zod's generic length messages, said the way the form says them. */
function fieldMessage(field: ProfileField, message: string): string {
  if (field === 'bio' && /too big|at most/i.test(message)) return `Bio must be at most ${BIO_MAX_LENGTH} characters`;
  if (field === 'location' && /too big|at most/i.test(message)) return 'Location must be at most 100 characters';
  if (field === 'platform' && /too big|at most/i.test(message)) return 'Too many platforms selected';
  return message;
}

/**
 * What the follow button says when a follow.set is refused: the refusal's own text for
 * following oneself, else the spec's failure text for the direction, else the unexpected one.
 */
export function followErrorText(error: unknown, following: boolean): string {
  if (error instanceof MutationError) {
    if (error.code === 'self_follow') return FOLLOW_TEXT.self;
    return following ? FOLLOW_TEXT.followFailed : FOLLOW_TEXT.unfollowFailed;
  }
  if (error instanceof Error) return FOLLOW_TEXT.unexpected;
  return FOLLOW_TEXT.updateFailed;
}

export type GamesTab = 'all' | 'started' | 'finished';
export const GAMES_TABS: ReadonlyArray<{ value: GamesTab; label: string }> = [
  { value: 'all', label: 'All Games' },
  { value: 'started', label: 'Started' },
  { value: 'finished', label: 'Finished' },
];

/** The profile's tabs, in order (features/profile/profile-tabs.tsx; a first paint's, profile-first-paint.ts). */
export const PROFILE_TABS = [
  { value: 'top5', label: 'Top 5' },
  { value: 'top10', label: 'Top 10' },
  { value: 'want', label: 'Want to Play' },
  { value: 'activity', label: 'Activity' },
  { value: 'journal', label: 'Journal' },
  { value: 'library', label: 'Library' },
] as const;

/** A profile's document title (the page's, and a first paint's). */
export const profileTitle = (username: string): string => documentTitle(username);
