// What a queued write was, in a few words ("Comment on Hades"), for the sync details' list of
// writes the server refused: the member recognises it without knowing mutation names. Pure: the
// caller looks up the game's or member's name.
// Types only: the sync details load this, and the mutations' schemas (zod) need not come with it.
import type { MutationName } from './mutations.ts';

/** Names the caller found for the write's game and member (each may be unknown). */
export interface WriteNames {
  readonly game?: string | undefined;
  readonly user?: string | undefined;
}

const record = (args: unknown): Record<string, unknown> =>
  typeof args === 'object' && args !== null ? { ...args } : {};

/** The game's name the write itself carries (a write made from the external catalogue). */
export function gameNameInArgs(args: unknown): string | undefined {
  const game = record(record(args).game);
  return typeof game.name === 'string' && game.name.trim() !== '' ? game.name : undefined;
}

/** The game a write names by IGDB id (its own, not a Top 5's list), if any. */
export function igdbIdOf(args: unknown): number | undefined {
  const id = record(args).igdb_id;
  return typeof id === 'number' ? id : undefined;
}

/** The review a write names by server id (a like, a comment), if any. */
export function ratingIdOf(args: unknown): number | undefined {
  const id = record(args).rating_id;
  return typeof id === 'number' ? id : undefined;
}

export function writeLabel(name: string, args: unknown, names: WriteNames = {}): string {
  const a = record(args);
  const game = names.game ?? gameNameInArgs(args);
  /** "Review of Hades", or "Review of a game" when the name is not on the device. */
  const of = (what: string) => `${what} ${game ?? 'a game'}`;
  const shelf = (list: string) => (a.in === false ? `${of('Removing')} from ${list}` : `${of('Adding')} to ${list}`);
  const like = a.liked === false ? 'Unlike' : 'Like';
  const labels: { readonly [N in MutationName]: () => string } = {
    'game.ensure': () => of('Adding'),
    'review.create': () => of('Review of'),
    'review.update': () => of('Review of'),
    'review.delete': () => of('Deleting your review of'),
    'review_like.set': () => (game ? `${like} of a review of ${game}` : `${like} of a review`),
    'comment.add': () => (game ? `Comment on ${game}` : 'Comment on a review'),
    'comment.edit': () => 'Comment edit',
    'comment.delete': () => 'Deleting a comment',
    'comment_like.set': () => `${like} of a comment`,
    'follow.set': () => `${a.following === false ? 'Unfollow' : 'Follow'} ${names.user ?? 'a member'}`,
    'progress.set': () => of('Status of'),
    'wishlist.set': () => shelf('Wishlist'),
    'collection.set': () => shelf('Collection'),
    'collection.move': () => `${of('Moving')} to ${a.to === 'wishlist' ? 'Wishlist' : 'Collection'}`,
    'top5.replace': () => 'Top 5 change',
    'profile.update': () => 'Profile edit',
    'journal.add': () => of('Play session of'),
    'journal.update': () => 'Play session edit',
    'journal.delete': () => 'Deleting a play session',
  };
  const known = (n: string): n is MutationName => Object.hasOwn(labels, n);
  return known(name) ? labels[name]() : 'A change';
}
