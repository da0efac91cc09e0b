// A profile as React renders it (its header before the viewer is known, its tabs on Top 5 and a
// visitor's Top 5) is exactly the markup the local gateway paints into a first visit's shell
// (core/profile-first-paint.ts): the first paint never shows other words than the page, and
// nothing moves when React takes the page over.
import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  profileFirstPaintHtml,
  profileHeaderHtml,
  profileTabsHtml,
  topFiveHtml,
  type PaintedStats,
} from '../../core/profile-first-paint.ts';
import { PROFILE_TABS } from '../../core/profile.ts';
import type { AuthStore } from '../../data/auth/auth-store.ts';
import type { TopFiveEntry } from '../../data/repos/lists.ts';
import type { ProfileData } from '../../data/repos/profile.ts';
import type { GameRow, UserRow } from '../../store/db.ts';
import { AuthStoreContext } from '../../ui/auth/auth-context.tsx';
import { ToastContext } from '../../ui/toasts/toast-context.tsx';
import { ProfileHeader } from './profile-header.tsx';
import { ProfileTabs } from './profile-tabs.tsx';

const user = (extra: Partial<UserRow>): UserRow => ({
  id: 7,
  provider_id: 'p7',
  username: 'pixel_pilgrim',
  created_at: '2026-03-14T10:00:00Z',
  follower_count: 0,
  following_count: 0,
  ...extra,
});

const STATS: PaintedStats = { games: 12, reviews: 4, lists: 0, following: 1, followers: 1234 };

const data = (row: UserRow, stats = STATS): ProfileData => ({
  user: row,
  viewer: null,
  is_self: false,
  is_following: false,
  stats,
});

const nothing = () => undefined;

function renderedHeader(row: UserRow, stats = STATS): string {
  return renderToStaticMarkup(
    <ProfileHeader
      data={data(row, stats)}
      settled={false}
      onOpen={nothing}
      onEdit={nothing}
      onExport={nothing}
      onImport={nothing}
    />,
  );
}

const HEADERS: ReadonlyArray<readonly [string, Partial<UserRow>]> = [
  [
    'every field: display name, bio, location, website, platforms, an avatar',
    {
      display_name: 'Maya Okafor',
      bio: 'Open worlds, long walks, longer backlogs.',
      location: 'Lisbon',
      website: 'https://maya.example/games?x=1&y=2',
      platform: 'PC, Switch, Retro',
      avatar_url: 'https://cdn.example/a.png?s=1&t=2',
    },
  ],
  ['only a username, no avatar: the initial', {}],
  ['a name but no display name, a website without its scheme', { name: 'Maya', website: 'maya.example' }],
  [
    'words that look like markup',
    {
      username: '<b>x</b>&"y\'',
      display_name: '<script>alert(1)</script>',
      bio: '<img src=x onerror=alert(1)> & friends',
      location: '"Quoted" & <tagged>',
      website: 'javascript:alert(1)',
    },
  ],
  ['a join date the device cannot read', { created_at: 'not a date' }],
];

const game = (id: number, extra: Partial<GameRow> = {}): GameRow => ({
  id,
  igdb_id: 1000 + id,
  name: `Game ${id}`,
  slug: null,
  ...extra,
});

const entry = (position: number, rating: number | null, extra: Partial<GameRow> = {}): TopFiveEntry => {
  const row = game(position, extra);
  return { igdb_id: row.igdb_id, position, game: row, rating };
};

const TOP_FIVES: ReadonlyArray<readonly [string, TopFiveEntry[]]> = [
  [
    'five games, ratings whole and half, a year alone, no date',
    [
      entry(1, 10, { release_date: '1998-11-21' }),
      entry(2, 9.5, { release_date: null, release_year: 2006 }),
      entry(3, null, { name: 'The Elder Scrolls <III> & "Morrowind"' }),
      entry(4, 7, { first_release_date: 1_577_836_800 }),
      entry(5, 1),
    ],
  ],
  ['two games and three empty slots', [entry(1, 8.5), entry(2, null)]],
  ['no games: the visitor is told so', []],
];

const store = {
  subscribe: () => () => undefined,
  getSnapshot: () => ({ status: 'signedOut' }),
} as unknown as AuthStore;

/** ProfileTabs on its Top 5 tab, as a visitor who is known sees it with the list in hand. */
function renderedTabs(top5: TopFiveEntry[]): string {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={['/user/7']}>
      <AuthStoreContext value={store}>
        <ToastContext value={{ push: () => 0 }}>
          <ProfileTabs data={data(user({}))} me={null} settled topFive={top5} />
        </ToastContext>
      </AuthStoreContext>
    </MemoryRouter>,
  );
}

describe("a profile's first paint", () => {
  for (const [name, extra] of HEADERS) {
    it(`paints the header exactly as React renders it before the viewer is known: ${name}`, () => {
      const row = user(extra);
      expect(profileHeaderHtml(row, STATS)).toBe(renderedHeader(row));
    });
  }

  for (const [name, top5] of TOP_FIVES) {
    it(`paints the tabs and the Top 5 exactly as React renders them to a visitor: ${name}`, () => {
      const html = renderedTabs(top5);
      // React names the tabs from useId: the painted ones carry a prefix of their own.
      const base = /id="([^"]+)-top5"/.exec(html)?.[1];
      expect(base).toBeTruthy();
      expect(profileTabsHtml(base!, topFiveHtml(top5))).toBe(html);
    });
  }

  it('escapes what the member wrote, and marks the path it was painted for', () => {
    const [, extra] = HEADERS[3]!;
    const html = profileFirstPaintHtml('/user/7"x', { user: user(extra), stats: STATS, top5: TOP_FIVES[0]![1] });
    expect(html).not.toMatch(/<script|<img|<b>|javascript:/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('The Elder Scrolls &lt;III&gt; &amp; &quot;Morrowind&quot;');
    expect(html.startsWith('<main class="page profile-page" aria-busy="true" data-first-paint="/user/7&quot;x">')).toBe(
      true,
    );
    expect(html).toContain('<span class="profile-stats__value">1234</span>');
    expect(html.match(/<li class="top5-slot /g)).toHaveLength(5);
  });
});

describe("the profile's rows of stats and tabs", () => {
  it('are laid out in as many columns as they have items, so a partly parsed row keeps its place', () => {
    // The e2e first-paint test checks the places in a browser; this keeps the counts in step.
    const css = readFileSync(new URL('./profile.css', import.meta.url), 'utf8');
    expect(css).toContain(`grid-template-columns: repeat(${PROFILE_TABS.length}, minmax(max-content, 1fr));`);
    expect(css).toContain(`grid-template-columns: repeat(${Object.keys(STATS).length}, minmax(0, 1fr));`);
  });
});
