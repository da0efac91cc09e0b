// What the member is shown of an edit another device's newer edit replaced
// (docs/decisions/0002-hlc-per-field.md), and the edit "Use mine" makes: pure, so the notice and
// its tests agree on every mutation's wording.
import { formatRating } from './format.ts';
import type { MutationArgs, MutationName } from './mutations.ts';
import { platformName } from './platforms.ts';

/** An edit the server kept out, as the device recorded it (store/db.ts ConflictRow). */
export interface Conflict {
  readonly id: string;
  readonly name: string;
  readonly args: unknown;
  readonly fields: readonly string[];
}

export const CONFLICT_TEXT = {
  review: 'This review was changed on another device after your edit.',
  profile: 'Your profile was changed on another device after your edit.',
  journal: 'This play session was changed on another device after your edit.',
  comment: 'This comment was changed on another device after your edit.',
  top5: 'Your Top 5 was changed on another device after your edit.',
  shelf: "This game's place in your lists was changed on another device after your edit.",
  yours: 'Yours:',
  useMine: 'Use mine',
  keepTheirs: 'Keep theirs',
} as const;

const HEADLINES: Partial<Record<string, string>> = {
  'review.update': CONFLICT_TEXT.review,
  'profile.update': CONFLICT_TEXT.profile,
  'journal.update': CONFLICT_TEXT.journal,
  'comment.edit': CONFLICT_TEXT.comment,
  'top5.replace': CONFLICT_TEXT.top5,
  'wishlist.set': CONFLICT_TEXT.shelf,
  'collection.set': CONFLICT_TEXT.shelf,
  'collection.move': CONFLICT_TEXT.shelf,
};

export function conflictHeadline(conflict: Conflict): string {
  return HEADLINES[conflict.name] ?? 'This was changed on another device after your edit.';
}

const LABELS: Partial<Record<string, string>> = {
  rating: 'Rating',
  is_recommended: 'Recommended',
  platform: 'Platform',
  platform_id: 'Platform',
  playtime_hours: 'Playtime',
  draft: 'Draft',
  username: 'Username',
  name: 'Name',
  display_name: 'Display name',
  bio: 'Bio',
  avatar_url: 'Avatar URL',
  location: 'Location',
  website: 'Website',
  played_on: 'Played on',
  minutes: 'Time played',
  note: 'Note',
  is_private: 'Private',
};

const args = (conflict: Conflict): Record<string, unknown> =>
  typeof conflict.args === 'object' && conflict.args !== null ? { ...conflict.args } : {};

/** Names the device holds for the ids an edit carries; an id it cannot name reads as unknown. */
export interface ConflictNames {
  /** A game by igdb id (Top 5 entries, shelf edits). */
  readonly game?: (igdbId: number) => string | undefined;
  /** A platform by id (the device's platforms table). */
  readonly platform?: (platformId: number) => string | undefined;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One field's value as the member reads it elsewhere in the app. */
function show(field: string, value: unknown, names: ConflictNames): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (field === 'platform' || field === 'platform_id') {
    const name = typeof value === 'number' ? names.platform?.(value) : typeof value === 'string' ? value : undefined;
    return name === undefined ? '(unknown)' : platformName(name);
  }
  if (typeof value === 'number') {
    if (field === 'rating') return formatRating(value);
    if (field === 'playtime_hours') return plural(value, 'hour', 'hours');
    if (field === 'minutes') return plural(value, 'minute', 'minutes');
  }
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/**
 * The member's own values that lost, one part per field: a text field quoted as typed, the
 * others labelled as read ("Rating: 2.0", "Platform: PC"), ids named from the device's data.
 */
export function yoursParts(conflict: Conflict, names: ConflictNames = {}): string[] {
  const a = args(conflict);
  if (conflict.name === 'top5.replace') {
    const games = Array.isArray(a.games) ? a.games : [];
    const titles = games.map((g: unknown) => {
      const id = typeof g === 'object' && g !== null && 'igdb_id' in g && typeof g.igdb_id === 'number' ? g.igdb_id : 0;
      return names.game?.(id) ?? `#${id}`;
    });
    return [titles.length ? titles.map((n, i) => `${i + 1}. ${n}`).join(', ') : '(empty)'];
  }
  if (conflict.name === 'wishlist.set' || conflict.name === 'collection.set') {
    const list = conflict.name === 'wishlist.set' ? 'Want to Play' : 'Collection';
    return [`${a.in === false ? 'Not in' : 'In'} ${list}`];
  }
  if (conflict.name === 'collection.move') return [`Moved to ${a.to === 'wishlist' ? 'Want to Play' : 'Collection'}`];
  return conflict.fields.map((field) => {
    const value = field === 'platform' ? (a.platform ?? a.platform_id) : a[field];
    if (field === 'review' || field === 'content')
      return typeof value === 'string' && value.trim() ? `“${value}”` : '(no text)';
    return `${LABELS[field] ?? field}: ${show(field, value, names)}`;
  });
}

/** The keys that name the edited row (kept in "Use mine"), per mutation. */
const IDENTITY: Partial<Record<string, readonly string[]>> = {
  'review.update': ['igdb_id', 'rating_id'],
  'journal.update': ['id', 'key'],
  'comment.edit': ['id', 'key'],
  'profile.update': [],
};

/**
 * "Use mine": a new edit (a new clock, so newer than theirs) of just the fields that lost, or the
 * whole edit where it is one field (Top 5, a shelf). Null for a mutation with nothing to redo.
 */
export function mineEdit(conflict: Conflict): { name: MutationName; args: MutationArgs<MutationName> } | null {
  const a = args(conflict);
  const name = conflict.name as MutationName;
  if (name === 'top5.replace')
    return { name, args: { games: Array.isArray(a.games) ? a.games : [] } as MutationArgs<'top5.replace'> };
  if (name === 'wishlist.set' || name === 'collection.set' || name === 'collection.move')
    return { name, args: a as MutationArgs<typeof name> };
  const identity = IDENTITY[name];
  if (!identity) return null;
  const fields = conflict.fields.flatMap((f) => (f === 'platform' ? ['platform', 'platform_id'] : [f]));
  const picked = Object.fromEntries(Object.entries(a).filter(([k]) => identity.includes(k) || fields.includes(k)));
  return { name, args: picked as MutationArgs<typeof name> };
}
