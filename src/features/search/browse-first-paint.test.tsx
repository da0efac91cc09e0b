// Browse Games as React renders it for its default query (the title, the search box, the toolbar,
// the closed filters, and a page of results in the list and in the grid) is exactly the markup the
// local gateway paints into a first visit's shell (core/browse-first-paint.ts): the first paint
// never shows other words than the page, and nothing moves when React takes the page over.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  browseFirstPaintHtml,
  browseResultsHtml,
  browseTopHtml,
  FIRST_PAINT_NARROW,
  FIRST_PAINT_WIDE,
  type BrowseView,
  type PaintedBrowse,
} from '../../core/browse-first-paint.ts';
import { DEFAULT_BROWSE_PARAMS } from '../../core/search/browse-params.ts';
import type { SearchService } from '../../data/search/service.ts';
import type { GameHit } from '../../data/search/types.ts';
import BrowsePage, { Results, ViewSwitch } from './browse-page.tsx';
import { SearchContext } from '../../ui/search/search-context.tsx';

const YEAR = new Date().getFullYear();

const hit = (id: number, extra: Partial<GameHit> = {}): GameHit => ({
  id,
  igdb_id: 500 + id,
  name: `Game ${id}`,
  slug: null,
  cover_url: null,
  release_year: 2000 + id,
  first_release_date: null,
  summary: null,
  category: null,
  platforms: [],
  genres: [],
  developer: null,
  publisher: null,
  avg_user_rating: null,
  user_rating_count: 0,
  fromIGDB: false,
  ...extra,
});

const PAGES: ReadonlyArray<readonly [string, PaintedBrowse & { games: GameHit[] }]> = [
  [
    'a full page of many: platforms cut at three, ratings and counts, a year unknown, names like markup',
    {
      total: 1234,
      games: [
        hit(1, {
          platforms: ['PC', 'PlayStation 5', 'Xbox Series X|S', 'Nintendo Switch'],
          avg_user_rating: 8.25,
          user_rating_count: 12,
        }),
        hit(2, { platforms: ['PC'], avg_user_rating: 10, user_rating_count: 1 }),
        hit(3, { release_year: null, name: '<script>alert("x")</script> & \'Friends\'' }),
        ...Array.from({ length: 17 }, (_, i) => hit(10 + i, { platforms: ['Game Boy', 'SNES'] })),
      ],
    },
  ],
  [
    'one short page: no pagination',
    { total: 2, games: [hit(1), hit(2, { avg_user_rating: 1, user_rating_count: 2 })] },
  ],
  ['an empty catalogue', { total: 0, games: [] }],
];

const renderResults = (browse: PaintedBrowse & { games: GameHit[] }, view: BrowseView) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={['/search']}>
      <Results
        outcome={{ kind: 'result', result: { ...browse, source: 'database', filteredOut: 0, fromDevice: false } }}
        params={DEFAULT_BROWSE_PARAMS}
        view={view}
        chosen={new Set()}
        onRefresh={() => undefined}
      />
    </MemoryRouter>,
  );

/** BrowsePage's first render on a phone, up to its results (which wait for the answer). */
function renderedTop(): string {
  const html = renderToStaticMarkup(
    <MemoryRouter initialEntries={['/search']}>
      <SearchContext value={{} as SearchService}>
        <BrowsePage />
      </SearchContext>
    </MemoryRouter>,
  );
  const start = html.indexOf('<h1 class="browse__title">');
  const end = html.indexOf('<section class="browse-results"');
  expect(start).toBeGreaterThan(0);
  expect(end).toBeGreaterThan(start);
  return html.slice(start, end);
}

describe("Browse Games' first paint", () => {
  for (const [name, browse] of PAGES) {
    for (const view of ['list', 'grid'] as const) {
      it(`paints the results exactly as React renders them in the ${view}: ${name}`, () => {
        expect(browseResultsHtml(browse, view)).toBe(renderResults(browse, view));
      });
    }
  }

  it('paints the title, the search box, the toolbar and the closed filters exactly as React renders them', () => {
    const html = renderedTop();
    // React names the box, the filters and their fields from useId.
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(ids).toHaveLength(7);
    const [input, filters, ...fields] = ids as [string, string, string, string, string, string, string];
    expect(
      browseTopHtml({ input, filters, fields: fields as [string, string, string, string, string] }, YEAR, 'none'),
    ).toBe(html);
  });

  it("paints the Grid/List switch as a wider screen's page has it", () => {
    const html = browseTopHtml({ input: 'q', filters: 'f', fields: ['a', 'b', 'c', 'd', 'e'] }, YEAR, 'shown');
    expect(html).toContain(renderToStaticMarkup(<ViewSwitch view="grid" onChange={() => undefined} />));
  });

  it("holds a phone's list and a wider screen's grid and switch, each for its width, escaped", () => {
    const [, browse] = PAGES[0]!;
    const html = browseFirstPaintHtml('/search', browse, YEAR);
    expect(html.startsWith('<main class="page browse" aria-busy="true" data-first-paint="/search">')).toBe(true);
    expect(html).toContain(`<div class="${FIRST_PAINT_NARROW}">${browseResultsHtml(browse, 'list')}</div>`);
    expect(html).toContain(`<div class="${FIRST_PAINT_WIDE}">${browseResultsHtml(browse, 'grid')}</div>`);
    expect(html).toContain(`<div class="${FIRST_PAINT_WIDE}"><div class="browse-view" role="group"`);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;Friends&#x27;');
    expect(html.match(/<input /g)).toHaveLength(1);
  });
});
