// A first visit to a game page, a profile or Browse Games paints the screen's top with the page's
// shell (src/core/game-first-paint.ts says why). For the index.html it serves at /game/{identifier},
// the gateway reads the game as an anonymous reader (get_game_page, under the anon role, read-only,
// as /rest/v1/rpc would) and writes the header into the shell; at /user/{id} (on the Top 5 tab, the
// one a profile opens on) it reads the member (get_profile) and writes the header, the tabs and the
// Top 5 (src/core/profile-first-paint.ts); at /search (no query: the page Browse opens on) it reads
// the first page of games (browse_games) and writes the page with them
// (src/core/browse-first-paint.ts). The screen's stylesheets are linked in the head so it paints
// styled, and the title (and a game's text meta tags) are set as the screen sets them: the tab is
// titled from the first paint, and a link preview (made without running scripts) names the game.
// Anything short of rows found in time (an address that cannot name them, no such game or member,
// a busy or failing database) serves the plain shell: the app then reads as before.
import { BROWSE_TITLE, browseFirstPaintHtml, type PaintedBrowse } from '../../src/core/browse-first-paint.ts';
import { FIRST_PAINT_PLACEHOLDER } from '../../src/core/first-paint.ts';
import {
  gameFirstPaintHtml,
  gameTextMeta,
  type HeaderGame,
  type HeaderRatings,
} from '../../src/core/game-first-paint.ts';
import { escapeMarkup } from '../../src/core/markup.ts';
import type { MetaTag } from '../../src/core/page-meta.ts';
import {
  profileFirstPaintHtml,
  type PaintedProfile,
  type PaintedTopGame,
  type PaintedUser,
} from '../../src/core/profile-first-paint.ts';
import { profileTitle } from '../../src/core/profile.ts';
import { parseUserId, validGameIdentifier } from '../../src/core/route-params.ts';
import { BROWSE_PAGE_SIZE } from '../../src/core/search/constants.ts';
import { fromDatabaseRow, toHit } from '../../src/core/search/catalogue-entry.ts';
import { parseScreenFiles, SCREEN_FILES_ID } from '../../src/core/screen-files.ts';
import { withTimeout } from '../../src/core/with-timeout.ts';
import type { Db } from './db.ts';
import { chooseRoutine, runCall } from './rpc-call.ts';
import { routinesOf } from './schema-cache.ts';

/** What the gateway adds to index.html for one address. */
export interface FirstPaint {
  /** The document's title, in place of index.html's. */
  readonly title: string;
  /** Put at the end of the head: the text meta tags (index.html's description gives way) and the screen's stylesheets. */
  readonly head: string;
  /** Put in place of the shell's placeholder. */
  readonly body: string;
}

/** The screens with a first paint: their routes as the build's table of screen files names them (src/app/screens.ts). */
const GAME_ROUTE = 'game/:identifier';
const GAME_PATH = /^\/game\/([^/]+)\/?$/;
const PROFILE_ROUTE = 'user/:id';
const PROFILE_PATH = /^\/user\/([^/]+)\/?$/;
const BROWSE_ROUTE = 'search';
const BROWSE_PATH = /^\/search\/?$/;

/** The longest the page waits on the database: past it, the plain shell goes out at once. */
const WAIT_MS = 250;

const SCREEN_FILES = new RegExp(`<script type="application/json" id="${SCREEN_FILES_ID}">([^<]*)</script>`);

/** One screen's first paint, before the shell's stylesheets are known. */
interface Painted {
  readonly route: string;
  readonly title: string;
  /** The text meta tags, if the screen sets its own (else index.html's stay). */
  readonly tags?: readonly MetaTag[];
  readonly body: string;
}

/**
 * The first paint for `pathname` (as requested, %-encoded) and its query in index.html (read by
 * `indexHtml` only for an address that may get one), or null: only a game page's address and a
 * profile's on its Top 5 tab get one, and only from an index.html with the placeholder.
 */
export async function firstPaintFor(
  db: Db,
  pathname: string,
  indexHtml: () => Promise<string>,
  query: URLSearchParams = new URLSearchParams(),
): Promise<FirstPaint | null> {
  const read = paintReader(db, pathname, query);
  if (!read) return null;
  const html = await indexHtml();
  if (!html.includes(FIRST_PAINT_PLACEHOLDER)) return null;
  const page = await withTimeout(read(), WAIT_MS, () => new Error('first paint: late')).catch(() => null);
  if (!page) return null;
  const stylesheets = (parseScreenFiles(SCREEN_FILES.exec(html)?.[1])[page.route] ?? []).filter((file) =>
    file.endsWith('.css'),
  );
  return {
    title: page.title,
    head:
      (page.tags ?? [])
        .map((tag) => `<meta ${tag.attribute}="${tag.key}" content="${escapeMarkup(tag.content)}">`)
        .join('') +
      stylesheets.map((file) => `<link rel="stylesheet" crossorigin href="${escapeMarkup(file)}">`).join(''),
    body: page.body,
  };
}

/** How to read the first paint of `pathname`, or null when it gets none. */
function paintReader(db: Db, pathname: string, query: URLSearchParams): (() => Promise<Painted | null>) | null {
  const game = segmentOf(GAME_PATH, pathname);
  if (game !== null && validGameIdentifier(game))
    return async () => {
      const page = await readGame(db, game);
      if (!page) return null;
      const meta = gameTextMeta(page.game);
      return {
        route: GAME_ROUTE,
        title: meta.title,
        tags: meta.tags,
        body: gameFirstPaintHtml(pathname, page.game, page.ratings),
      };
    };
  const userId = parseUserId(segmentOf(PROFILE_PATH, pathname) ?? undefined);
  // Another tab is another screen: it paints as before.
  const tab = query.get('tab');
  if (userId !== null && (tab === null || tab === 'top5'))
    return async () => {
      const profile = await readProfile(db, userId);
      if (!profile) return null;
      return {
        route: PROFILE_ROUTE,
        title: profileTitle(profile.user.username),
        body: profileFirstPaintHtml(pathname, profile),
      };
    };
  // Browse on its default query (an address with one is another page of games: it paints as before).
  if (BROWSE_PATH.test(pathname) && query.size === 0)
    return async () => {
      const browse = await readBrowse(db);
      if (!browse) return null;
      return {
        route: BROWSE_ROUTE,
        title: BROWSE_TITLE,
        body: browseFirstPaintHtml(pathname, browse, new Date().getFullYear()),
      };
    };
  return null;
}

/** The decoded, trimmed path segment `path` captures, or null. */
function segmentOf(path: RegExp, pathname: string): string | null {
  const segment = path.exec(pathname)?.[1];
  if (segment === undefined) return null;
  try {
    return decodeURIComponent(segment).trim();
  } catch {
    return null;
  }
}

/** index.html with a first paint in it. */
export const withFirstPaint = (indexHtml: string, paint: FirstPaint): string =>
  indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeMarkup(paint.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, (tag) =>
      paint.head.includes('<meta name="description"') ? '' : tag,
    )
    .replace('</head>', () => `${paint.head}</head>`)
    .replace(FIRST_PAINT_PLACEHOLDER, () => paint.body);

interface GamePage {
  readonly game: HeaderGame;
  readonly ratings: HeaderRatings;
}

/** `name`(`args`) as an anonymous reader calls it over /rest/v1/rpc (read-only), its answer parsed; null if there is no such routine. */
async function anonymousCall(db: Db, name: string, args: Record<string, unknown>): Promise<unknown> {
  const routine = chooseRoutine(await routinesOf(db, 'public', name), Object.keys(args));
  if (!routine || 'status' in routine) return null;
  const result = await runCall(
    db,
    routine,
    args,
    { single: false, stripNulls: false },
    {
      role: 'anon',
      claims: { role: 'anon' },
      method: 'GET',
      path: `/rpc/${name}`,
      headers: {},
      readOnly: true,
      searchPath: 'public, extensions',
    },
  );
  return JSON.parse(result.body ?? 'null');
}

/** get_game_page as an anonymous reader gets it (no reviews: the header does not show them). */
async function readGame(db: Db, identifier: string): Promise<GamePage | null> {
  return gamePage(await anonymousCall(db, 'get_game_page', { p_identifier: identifier, p_review_limit: 0 }));
}

/** browse_games as an anonymous reader gets it for the page's default query (data/search/remote.ts's arguments). */
async function readBrowse(db: Db): Promise<PaintedBrowse | null> {
  const answer = await anonymousCall(db, 'browse_games', {
    p_query: null,
    p_platforms: null,
    p_genres: null,
    p_year: null,
    p_min_rating: null,
    p_sort: 'name',
    p_order: 'asc',
    p_limit: BROWSE_PAGE_SIZE,
    p_offset: 0,
  });
  if (!isRecord(answer) || typeof answer.total !== 'number' || !Array.isArray(answer.games)) return null;
  // The rows as the search service turns them into results (data/search/service.ts's browseGames).
  const games = (answer.games as unknown[]).flatMap((row) => (isRecord(row) ? (fromDatabaseRow(row) ?? []) : []));
  return { games: games.map(toHit), total: answer.total };
}

/** get_profile as an anonymous reader gets it. */
async function readProfile(db: Db, userId: number): Promise<PaintedProfile | null> {
  return profilePage(await anonymousCall(db, 'get_profile', { p_user_id: userId }));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The header's facts from get_game_page's answer, or null when it names no game. */
function gamePage(answer: unknown): GamePage | null {
  if (!isRecord(answer) || !isRecord(answer.game) || !isRecord(answer.ratings)) return null;
  const { game, ratings } = answer;
  if (typeof game.name !== 'string' || game.name.trim() === '') return null;
  const count = typeof ratings.count === 'number' ? ratings.count : 0;
  const average = typeof ratings.average === 'number' ? ratings.average : null;
  return { game: game as unknown as HeaderGame, ratings: { count, average } };
}

const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;

/** The header's and the Top 5's facts from get_profile's answer, or null when it names no member. */
function profilePage(answer: unknown): PaintedProfile | null {
  if (!isRecord(answer) || !isRecord(answer.user) || !isRecord(answer.stats) || !Array.isArray(answer.top5))
    return null;
  const { user, stats } = answer;
  if (typeof user.id !== 'number' || typeof user.username !== 'string' || typeof user.created_at !== 'string')
    return null;
  const [games, reviews, lists, following, followers] = [
    stats.games,
    stats.reviews,
    stats.lists,
    stats.following,
    stats.followers,
  ].map(count);
  if (games == null || reviews == null || lists == null || following == null || followers == null) return null;
  const top5: PaintedTopGame[] = [];
  for (const entry of answer.top5 as unknown[]) {
    if (!isRecord(entry) || !isRecord(entry.game)) return null;
    const { game, rating } = entry;
    if (typeof game.id !== 'number' || typeof game.name !== 'string') return null;
    top5.push({
      rating: typeof rating === 'number' ? rating : null,
      game: game as unknown as PaintedTopGame['game'],
    });
  }
  return { user: user as unknown as PaintedUser, stats: { games, reviews, lists, following, followers }, top5 };
}
