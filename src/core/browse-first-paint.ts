// Browse Games' first visit painted with the page's shell, as a game page's and a profile's are
// (game-first-paint.ts says why). A link to /search opened on a new device shows grey tiles until
// the app's code and the search service are in and the first page of games has come back. The
// local gateway reads that page as an anonymous reader would (browse_games, the page's own default
// query) and writes the screen into the shell (supabase/local/first-paint.ts): the title, the
// search box, the toolbar and the results, in the markup React renders for them
// (browse-first-paint.test.tsx holds the two equal), kept on show until the page has its own answer.
// The page differs by width: a phone gets the list and no Grid/List switch, a wider screen the
// grid and the switch. A first paint is made before anyone knows the width, so it holds both,
// each in a `display: contents` box that shell.css hides at the other width (FIRST_PAINT_WIDE,
// FIRST_PAINT_NARROW). Here, without the DOM or React: the gateway renders it.
import { FIRST_PAINT_ATTRIBUTE } from './first-paint.ts';
import { escapeMarkup } from './markup.ts';
import {
  browseSearch,
  DEFAULT_BROWSE_PARAMS,
  pageCount,
  pageWindow,
  releaseYears,
  shownRange,
} from './search/browse-params.ts';
import { documentTitle } from './page-meta.ts';

/** What a result shows of a game (a GameHit). */
export interface PaintedHit {
  readonly id: number;
  readonly igdb_id: number;
  readonly name: string;
  readonly release_year: number | null;
  readonly platforms: readonly string[];
  readonly avg_user_rating: number | null;
  readonly user_rating_count: number;
}

/** The first page of the default query: its games and how many there are in all. */
export interface PaintedBrowse {
  readonly games: readonly PaintedHit[];
  readonly total: number;
}

export type BrowseView = 'grid' | 'list';

/** The boxes a first paint shows at one width only (shell.css). */
/** Browse's document title (browse-page.tsx, and the gateway's first paint). */
export const BROWSE_TITLE = documentTitle('Browse Games');

export const FIRST_PAINT_WIDE = 'first-paint-wide';
export const FIRST_PAINT_NARROW = 'first-paint-narrow';

/** How many platform names a row shows before "+n" (browse-page.tsx). */
const PLATFORMS_SHOWN = 3;
/** A cover's width by view, CSS pixels (browse-page.tsx's GameItem). */
const COVER_WIDTH: Readonly<Record<BrowseView, number>> = { grid: 200, list: 56 };

const FILTER_ICON =
  '<svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16"><path d="M2 3h12M4.5 8h7M7 13h2" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"></path></svg>';
const GRID_ICON =
  '<svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="currentColor">' +
  '<rect x="1.5" y="1.5" width="5.5" height="5.5" rx="1"></rect><rect x="9" y="1.5" width="5.5" height="5.5" rx="1"></rect>' +
  '<rect x="1.5" y="9" width="5.5" height="5.5" rx="1"></rect><rect x="9" y="9" width="5.5" height="5.5" rx="1"></rect></svg>';
const LIST_ICON =
  '<svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16"><path d="M2 3.5h12M2 8h12M2 12.5h12" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"></path></svg>';

/** One result as GameItem renders it (its cover still the generated cover's empty box). */
function gameHtml(game: PaintedHit, view: BrowseView): string {
  const platforms =
    game.platforms.length > PLATFORMS_SHOWN
      ? `${game.platforms.slice(0, PLATFORMS_SHOWN).join(', ')} +${game.platforms.length - PLATFORMS_SHOWN}`
      : game.platforms.join(', ');
  const width = COVER_WIDTH[view];
  const count = game.user_rating_count;
  const average = game.avg_user_rating;
  return (
    `<li class="browse-game"><a class="browse-game__link" href="/game/${game.igdb_id}" data-discover="true">` +
    `<span class="game-cover game-cover--generated browse-game__cover" style="width:${width}px;height:${Math.round((width * 4) / 3)}px" aria-hidden="true"></span>` +
    `<span class="browse-game__body"><span class="browse-game__name">${escapeMarkup(game.name)}</span>` +
    `<span class="browse-game__meta">${game.release_year ?? 'TBA'}` +
    (platforms !== '' ? `<span class="browse-game__platforms"> · ${escapeMarkup(platforms)}</span>` : '') +
    '</span><span class="browse-game__rating"><span class="visually-hidden">Average member rating </span><span aria-hidden="true">★ </span>' +
    `<strong${average === null ? ' class="is-unrated"' : ''}>${average === null ? '-' : average.toFixed(1)}</strong>` +
    `<span class="browse-game__count"> (${count} ${count === 1 ? 'rating' : 'ratings'})</span></span></span></a></li>`
  );
}

/** Pagination as it renders on page 1 of the default query. */
function pagesHtml(total: number): string {
  const pages = pageCount(total);
  if (pages <= 1) return '';
  const link = (page: number, className: string, inner: string, extra = '') => {
    const search = browseSearch({ ...DEFAULT_BROWSE_PARAMS, page });
    return `<a class="${className}"${extra} href="/search${search === '' ? '' : `?${search}`}" data-discover="true">${inner}</a>`;
  };
  const numbers = pageWindow(1, pages)
    .map(
      (n) =>
        `<li>${link(n, 'browse-pages__link', String(n), n === 1 ? ' aria-current="page" aria-label="Page 1"' : ` aria-label="Page ${n}"`)}</li>`,
    )
    .join('');
  return (
    '<nav class="browse-pages" aria-label="Pagination">' +
    '<span class="browse-pages__link browse-pages__link--step" aria-disabled="true">Previous</span>' +
    `<ul class="browse-pages__numbers">${numbers}</ul>` +
    link(2, 'browse-pages__link browse-pages__link--step', 'Next') +
    '</nav>'
  );
}

/** The results of page 1 of the default query, from the server, exactly as Results renders them in `view`. */
export function browseResultsHtml(browse: PaintedBrowse, view: BrowseView): string {
  const { games, total } = browse;
  const shown = games.length > 0 ? shownRange(1, games.length) : null;
  return (
    '<section class="browse-results" aria-label="Results" aria-busy="false"><div class="browse-status">' +
    `<p class="browse-status__counter" role="status" aria-live="polite">${shown ? `Showing ${shown.from} - ${shown.to} of ${total} games` : ''}</p>` +
    '<span class="browse-source browse-source--database"><span class="browse-source__label">Source</span> database</span>' +
    '<button type="button" class="browse-refresh">Refresh</button></div>' +
    (total === 0 ? '<p class="browse-empty">No games found matching your criteria</p>' : '') +
    (games.length > 0
      ? `<ul class="browse-list browse-list--${view}" aria-label="Games">${games.map((g) => gameHtml(g, view)).join('')}</ul>`
      : '') +
    pagesHtml(total) +
    '</section>'
  );
}

const option = (value: string | number, label: string | number, selected = false) =>
  `<option value="${value}"${selected ? ' selected=""' : ''}>${label}</option>`;

const field = (id: string, label: string, select: string) =>
  `<div class="browse-field"><label for="${id}">${label}</label><select id="${id}">${select}</select></div>`;

/**
 * The page above its results exactly as BrowsePage renders it for the default query: the title,
 * the search box (empty), the toolbar (with the Grid/List switch when `wide`), the filters (closed).
 * `ids` names the box, the filters and their fields (React's come from useId). `switcher`: none (a
 * phone), shown (a wider screen), or in a box shown on wider screens only (a first paint).
 */
export function browseTopHtml(ids: BrowseIds, currentYear: number, switcher: 'none' | 'shown' | 'wide only'): string {
  const group =
    '<div class="browse-view" role="group" aria-label="View">' +
    `<button type="button" class="browse-view__button" aria-pressed="true">${GRID_ICON} Grid</button>` +
    `<button type="button" class="browse-view__button" aria-pressed="false">${LIST_ICON} List</button></div>`;
  const view =
    switcher === 'none' ? '' : switcher === 'shown' ? group : `<div class="${FIRST_PAINT_WIDE}">${group}</div>`;
  return (
    '<h1 class="browse__title">Browse Games</h1>' +
    '<form class="browse-search" role="search" aria-label="Search the catalogue">' +
    `<label class="visually-hidden" for="${ids.input}">Search games</label>` +
    `<input id="${ids.input}" class="browse-search__input" type="search" placeholder="Search games..." autoComplete="off" enterKeyHint="search" value=""/>` +
    '<button class="button button--primary" type="submit" disabled="">Search</button></form>' +
    '<div class="browse-toolbar">' +
    `<button type="button" class="button button--ghost browse-toolbar__filters" aria-expanded="false" aria-controls="${ids.filters}">${FILTER_ICON} Filters</button>` +
    view +
    '</div>' +
    `<section id="${ids.filters}" class="browse-filters card" aria-label="Filters" hidden="">` +
    field(ids.fields[0], 'Platform', option('', 'All platforms', true)) +
    field(
      ids.fields[1],
      'Release year',
      option('', 'Any year', true) +
        releaseYears(currentYear)
          .map((y) => option(y, y))
          .join(''),
    ) +
    field(
      ids.fields[2],
      'Member rating',
      option('', 'Any rating', true) + [9, 8, 7, 6, 5].map((r) => option(r, `${r}+`)).join(''),
    ) +
    field(
      ids.fields[3],
      'Sort by',
      option('name', 'Name', true) +
        option('release_date', 'Release Date') +
        option('avg_rating', 'Rating') +
        option('rating_count', 'Most Reviewed'),
    ) +
    field(ids.fields[4], 'Order', option('asc', 'A to Z', true) + option('desc', 'Z to A')) +
    '</section>'
  );
}

/** The ids a first paint gives the page's labelled parts. */
export interface BrowseIds {
  readonly input: string;
  readonly filters: string;
  readonly fields: readonly [string, string, string, string, string];
}

const PAINTED_IDS: BrowseIds = {
  input: 'first-paint-q',
  filters: 'first-paint-filters',
  fields: ['first-paint-platform', 'first-paint-year', 'first-paint-rating', 'first-paint-sort', 'first-paint-order'],
};

/**
 * Browse Games' first paint for `path`: the page with its Grid/List switch and its grid shown on
 * wider screens only, its list on phones only. Busy until the app is in: its buttons do nothing before.
 */
export function browseFirstPaintHtml(path: string, browse: PaintedBrowse, currentYear: number): string {
  return (
    `<main class="page browse" aria-busy="true" ${FIRST_PAINT_ATTRIBUTE}="${escapeMarkup(path)}">` +
    browseTopHtml(PAINTED_IDS, currentYear, 'wide only') +
    `<div class="${FIRST_PAINT_NARROW}">${browseResultsHtml(browse, 'list')}</div>` +
    `<div class="${FIRST_PAINT_WIDE}">${browseResultsHtml(browse, 'grid')}</div>` +
    '</main>'
  );
}
