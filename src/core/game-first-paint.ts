// A first visit's screen painted with the page's shell. A link to a game page (shared, or from a
// search engine) opened on a new device paints index.html's shell at once, but the game's words
// come only once the app's code (React, the router, Dexie, the page: some 230 KB) is in and the
// game has been read: on a slow phone, seconds of grey bars. The local gateway, which serves that
// index.html, reads the game as an anonymous reader would (get_game_page) and writes the top of the
// game page into the shell (supabase/local/first-paint.ts), in the markup React renders for it
// (features/games/game-header.tsx; game-header.test.tsx holds the two equal), so the game's title
// and summary show with the first paint and nothing moves when React takes over
// (ui/layout/first-paint.tsx keeps it on screen until the page has its data).
// Here, without the DOM or React: the gateway renders it, a unit test holds it equal to React's.
import { formatRelease, type ReleaseFacts } from './dates.ts';
import { FIRST_PAINT_ATTRIBUTE } from './first-paint.ts';
import { categoryBadge, metaDescription, summaryNeedsToggle, truncate } from './game-page.ts';
import { escapeMarkup } from './markup.ts';
import { textMeta, type MetaTag } from './page-meta.ts';
import { platformNames } from './platforms.ts';

/** What the game page's header shows of a game (a GameRow, or get_game_page's `game`). */
export interface HeaderGame extends ReleaseFacts {
  readonly name: string;
  readonly summary?: string | null;
  readonly platforms?: readonly string[] | null;
  readonly developer?: string | null;
  readonly publisher?: string | null;
  readonly category?: number | null;
}

/** The members' average in the header: shown when there are ratings. */
export interface HeaderRatings {
  readonly average: number | null;
  readonly count: number;
}

/** A company's name, cut at 30 characters with 'See more' (GameHeader's Clipped, closed). */
function clipped(text: string): string {
  const cut = truncate(text);
  if (!cut.truncated) return escapeMarkup(text);
  return (
    `<span title="${escapeMarkup(text)}">${escapeMarkup(cut.text)}</span> ` +
    '<button type="button" class="game-header__more" aria-expanded="false">See more</button>'
  );
}

const fact = (term: string, detail: string) => `<div><dt>${term}</dt><dd>${detail}</dd></div>`;

/**
 * The header's words (`.game-header__info`) exactly as GameHeader renders them on first render:
 * badge, title, facts, platforms and the summary (clamped, its toggle closed).
 */
export function gameHeaderInfoHtml(game: HeaderGame, ratings: HeaderRatings, now: number = Date.now()): string {
  const badge = categoryBadge(game.category);
  const platforms = platformNames(game.platforms);
  const { average, count } = ratings;
  const toggle = summaryNeedsToggle(game.summary);
  return (
    '<div class="game-header__info">' +
    (badge ? `<span class="game-header__badge">${escapeMarkup(badge)}</span>` : '') +
    `<h1 class="game-header__title">${escapeMarkup(game.name)}</h1>` +
    '<dl class="game-header__facts">' +
    fact('Released', escapeMarkup(formatRelease(game, now))) +
    (count > 0 && average !== null ? fact('Members', `<span class="rating">${average.toFixed(1)}</span> / 10`) : '') +
    (game.developer ? fact('Developer', clipped(game.developer)) : '') +
    (game.publisher ? fact('Publisher', clipped(game.publisher)) : '') +
    '</dl>' +
    (platforms.length > 0
      ? `<ul class="game-header__platforms" aria-label="Platforms">${platforms.map((p) => `<li>${escapeMarkup(p)}</li>`).join('')}</ul>`
      : '') +
    (game.summary
      ? '<div class="game-header__summary">' +
        `<p class="game-header__summary-text${toggle ? ' game-header__summary-text--clamped' : ''}">${escapeMarkup(game.summary)}</p>` +
        (toggle ? '<button type="button" class="game-header__more" aria-expanded="false">Show more</button>' : '') +
        '</div>'
      : '') +
    '</div>'
  );
}

/**
 * The game page's first paint for `path`: its header (the cover still a placeholder, as the game
 * page's own skeleton has it) and the action bar's placeholder, in the page's classes. Busy until
 * the app is in: its buttons do nothing before.
 */
export function gameFirstPaintHtml(
  path: string,
  game: HeaderGame,
  ratings: HeaderRatings,
  now: number = Date.now(),
): string {
  return (
    `<main class="page game-page" aria-busy="true" ${FIRST_PAINT_ATTRIBUTE}="${escapeMarkup(path)}">` +
    '<header class="game-header">' +
    '<div class="game-header__cover"><div class="skeleton game-page__skeleton-cover"></div></div>' +
    gameHeaderInfoHtml(game, ratings, now) +
    '</header>' +
    '<div class="skeleton game-page__skeleton-bar"></div>' +
    '</main>'
  );
}

/** The game page's title and text meta tags, as the page sets them (game-page.tsx's usePageMeta). */
export const gameTextMeta = (game: HeaderGame): { readonly title: string; readonly tags: readonly MetaTag[] } =>
  textMeta({ title: game.name, description: metaDescription(game.summary) ?? undefined });
