// A first visit to a game page paints the game's header with the page's shell (src/core/game-first-paint.ts
// says why). For the index.html it serves at /game/{identifier}, the gateway reads the game as an
// anonymous reader (get_game_page, under the anon role, read-only, as /rest/v1/rpc would) and
// writes the header into the shell, with the screen's stylesheets linked in the head so it paints
// styled, and the page's title and text meta tags as the game page sets them: the tab is titled
// from the first paint, and a link preview (made without running scripts) names the game.
// Anything short of a game found in time (an identifier that cannot name one, no such game, a busy
// or failing database) serves the plain shell: the app then reads as before.
import { FIRST_PAINT_PLACEHOLDER } from '../../src/core/first-paint.ts';
import {
  gameFirstPaintHtml,
  gameTextMeta,
  type HeaderGame,
  type HeaderRatings,
} from '../../src/core/game-first-paint.ts';
import { escapeMarkup } from '../../src/core/markup.ts';
import { validGameIdentifier } from '../../src/core/route-params.ts';
import { parseScreenFiles, SCREEN_FILES_ID } from '../../src/core/screen-files.ts';
import { withTimeout } from '../../src/core/with-timeout.ts';
import type { Db } from './db.ts';
import { chooseRoutine, findRoutines, runCall } from './rpc-call.ts';

/** What the gateway adds to index.html for one address. */
export interface FirstPaint {
  /** The document's title, in place of index.html's. */
  readonly title: string;
  /** Put at the end of the head: the text meta tags (index.html's description gives way) and the screen's stylesheets. */
  readonly head: string;
  /** Put in place of the shell's placeholder. */
  readonly body: string;
}

/** The game page's route as the build's table of screen files names it (src/app/screens.ts). */
const GAME_ROUTE = 'game/:identifier';
const GAME_PATH = /^\/game\/([^/]+)\/?$/;

/** The longest the page waits on the database: past it, the plain shell goes out at once. */
const WAIT_MS = 250;

const SCREEN_FILES = new RegExp(`<script type="application/json" id="${SCREEN_FILES_ID}">([^<]*)</script>`);

/**
 * The first paint for `pathname` (as requested, %-encoded) in index.html (read by `indexHtml` only
 * for a game page's address), or null: only a game page's address gets one, and only from an
 * index.html with the placeholder.
 */
export async function firstPaintFor(
  db: Db,
  pathname: string,
  indexHtml: () => Promise<string>,
): Promise<FirstPaint | null> {
  const segment = GAME_PATH.exec(pathname)?.[1];
  if (segment === undefined) return null;
  let identifier: string;
  try {
    identifier = decodeURIComponent(segment).trim();
  } catch {
    return null;
  }
  if (!validGameIdentifier(identifier)) return null;
  const html = await indexHtml();
  if (!html.includes(FIRST_PAINT_PLACEHOLDER)) return null;
  const page = await withTimeout(readGame(db, identifier), WAIT_MS, () => new Error('first paint: late')).catch(
    () => null,
  );
  if (!page) return null;
  const stylesheets = (parseScreenFiles(SCREEN_FILES.exec(html)?.[1])[GAME_ROUTE] ?? []).filter((file) =>
    file.endsWith('.css'),
  );
  const meta = gameTextMeta(page.game);
  return {
    title: meta.title,
    head:
      meta.tags.map((tag) => `<meta ${tag.attribute}="${tag.key}" content="${escapeMarkup(tag.content)}">`).join('') +
      stylesheets.map((file) => `<link rel="stylesheet" crossorigin href="${escapeMarkup(file)}">`).join(''),
    body: gameFirstPaintHtml(pathname, page.game, page.ratings),
  };
}

/** index.html with a first paint in it. */
export const withFirstPaint = (indexHtml: string, paint: FirstPaint): string =>
  indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeMarkup(paint.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, '')
    .replace('</head>', () => `${paint.head}</head>`)
    .replace(FIRST_PAINT_PLACEHOLDER, () => paint.body);

interface GamePage {
  readonly game: HeaderGame;
  readonly ratings: HeaderRatings;
}

/** get_game_page as an anonymous reader gets it (no reviews: the header does not show them). */
async function readGame(db: Db, identifier: string): Promise<GamePage | null> {
  const args = { p_identifier: identifier, p_review_limit: 0 };
  const routine = chooseRoutine(await findRoutines(db, 'public', 'get_game_page'), Object.keys(args));
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
      path: '/rpc/get_game_page',
      headers: {},
      readOnly: true,
      searchPath: 'public, extensions',
    },
  );
  return gamePage(JSON.parse(result.body ?? 'null'));
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
