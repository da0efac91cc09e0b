// The game page's header as React renders it is exactly the markup the local gateway paints into a
// first visit's shell (core/game-first-paint.ts): the first paint never shows other words than the page,
// and nothing moves when React takes the page over.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { gameFirstPaintHtml, gameHeaderInfoHtml, type HeaderRatings } from '../../core/game-first-paint.ts';
import type { GameRow } from '../../store/db.ts';
import { GameHeader } from './game-header.tsx';

const NOW = Date.UTC(2026, 10, 28);

const game = (extra: Partial<GameRow>): GameRow => ({
  id: 1,
  igdb_id: 1020,
  name: 'Grand Theft Auto V',
  slug: 'gta-v',
  ...extra,
});

/** GameHeader's `.game-header__info`, rendered as on the page's first render. */
function renderedInfo(row: GameRow, ratings: HeaderRatings): string {
  const html = renderToStaticMarkup(<GameHeader game={row} average={ratings.average} count={ratings.count} />);
  const start = html.indexOf('<div class="game-header__info">');
  expect(start).toBeGreaterThan(0);
  expect(html.endsWith('</header>')).toBe(true);
  return html.slice(start, -'</header>'.length);
}

const LONG_SUMMARY =
  'Los Santos: a sprawling sun-soaked metropolis full of self-help gurus, starlets and fading celebrities, once the envy of the Western world, now struggling to stay afloat in an era of economic uncertainty and cheap reality TV. "Three" criminals & their plans.';

const CASES: ReadonlyArray<readonly [string, Partial<GameRow>, HeaderRatings]> = [
  [
    'every fact, a long summary and members’ ratings',
    {
      release_date: '2013-09-17',
      category: 0,
      developer: 'Rockstar North',
      publisher: 'Rockstar Games',
      platforms: ['PlayStation 4', 'PC (Microsoft Windows)', 'Xbox One', 'PlayStation 3'],
      summary: LONG_SUMMARY,
    },
    { average: 8.5, count: 12 },
  ],
  [
    'a badge, companies cut at 30 characters, a short summary',
    {
      release_date: '2015-10-13',
      category: 2,
      developer: 'CD Projekt RED & Friends of the Northern Kingdoms',
      publisher: 'Bandai Namco Entertainment Europe (Distribution)',
      summary: 'Geralt returns — "Hearts of Stone" <b>isn\'t</b> a script.',
    },
    { average: 9, count: 1 },
  ],
  [
    'a year alone, no summary, no platforms, no ratings',
    { release_date: null, release_year: 1998 },
    { average: null, count: 0 },
  ],
  ['nothing known of the release, an empty summary', { summary: '' }, { average: 7.25, count: 0 }],
  [
    'an upcoming day, a name and companies that look like markup',
    {
      name: '<script>alert("x")</script> & \'Friends\'',
      release_date: '2099-03-05',
      developer: '<img src=x onerror=alert(1)>',
      platforms: ['Nintendo Switch 2', 'Nintendo Switch 2'],
    },
    { average: 10, count: 3 },
  ],
];

describe("the game page's first paint", () => {
  for (const [name, extra, ratings] of CASES) {
    it(`renders in React exactly as the gateway paints it: ${name}`, () => {
      const row = game(extra);
      expect(gameHeaderInfoHtml(row, ratings, NOW)).toBe(renderedInfo(row, ratings));
    });
  }

  it('escapes what the game says, and marks the path it was painted for', () => {
    const html = gameFirstPaintHtml('/game/x"y', game(CASES[4]![1]), CASES[4]![2], NOW);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;Friends&#x27;');
    expect(html.startsWith('<main class="page game-page" aria-busy="true" data-first-paint="/game/x&quot;y">')).toBe(
      true,
    );
    expect(html).toContain('<div class="skeleton game-page__skeleton-cover"></div>');
  });
});
