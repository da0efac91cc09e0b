// What a review card shows, as pure functions of the review (the spec's "Review card" and
// "Review as shown on a card"): the author's name, the compact excerpt, the card's address, its
// colour theme and the counts.

/** Compact cards cut the text at this many characters and add '...'. */
export const COMPACT_TEXT_LIMIT = 120;

/** Card colour themes, picked by review id modulo 5. */
export const CARD_THEMES = ['purple', 'green', 'orange', 'blue', 'red'] as const;
export type CardTheme = (typeof CARD_THEMES)[number];

export interface CardAuthor {
  readonly username?: string | null;
  readonly name?: string | null;
}

/** Username, else name, else 'Anonymous'. Blank strings count as missing. */
export function authorName(author: CardAuthor | null | undefined): string {
  const username = author?.username?.trim();
  if (username) return username;
  const name = author?.name?.trim();
  return name ? name : 'Anonymous';
}

/** The letter shown when there is no avatar. */
export function authorInitial(author: CardAuthor | null | undefined): string {
  return (Array.from(authorName(author))[0] ?? 'A').toUpperCase();
}

/** The text a card shows, or null when the review has no (non-blank) text. */
export function cardText(text: string | null | undefined, mode: 'compact' | 'full'): string | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  const trimmed = text.trim();
  if (mode === 'full') return trimmed;
  const chars = Array.from(trimmed);
  return chars.length > COMPACT_TEXT_LIMIT ? `${chars.slice(0, COMPACT_TEXT_LIMIT).join('')}...` : trimmed;
}

const isId = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/** /review/{userId}/{gameId}, the game by its IGDB id when known; /search when either id is missing. */
export function reviewCardPath(
  userId: number | null | undefined,
  igdbId: number | null | undefined,
  gameId: number | null | undefined,
): string {
  const game = isId(igdbId) ? igdbId : isId(gameId) ? gameId : null;
  return isId(userId) && game !== null ? `/review/${userId}/${game}` : '/search';
}

export function cardTheme(reviewId: number): CardTheme {
  const index = ((Math.trunc(reviewId) % CARD_THEMES.length) + CARD_THEMES.length) % CARD_THEMES.length;
  return CARD_THEMES[Number.isFinite(index) ? index : 0] ?? 'purple';
}

/** Like and comment counts as a card shows them: the member's own review shows 0 and 0. */
export function cardCounts(
  review: { like_count: number; comment_count: number },
  isOwn: boolean,
): { likes: number; comments: number } {
  if (isOwn) return { likes: 0, comments: 0 };
  return { likes: Math.max(0, review.like_count || 0), comments: Math.max(0, review.comment_count || 0) };
}
