// A first visit to a game page gets the game's header painted into the shell the gateway serves
// (supabase/local/first-paint.ts, src/core/game-first-paint.ts): the header as an anonymous reader's
// get_game_page gives it, escaped, with the game page's stylesheets linked, in place of the shell's
// placeholder. A profile's, on its Top 5 tab, gets its header, tabs and Top 5 as an anonymous
// reader's get_profile gives them (src/core/profile-first-paint.ts); Browse Games', on its default
// query, its first page of games (browse_games; src/core/browse-first-paint.ts). Every other address, a game
// or member that does not exist, an address that cannot name one, another tab of a profile and a
// database that does not answer in time get the plain shell.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_PAINT_PLACEHOLDER } from '../../src/core/first-paint.ts';
import { signUpMember, startTestGateway, type TestGateway } from '../support/gateway.ts';

let gw: TestGateway;
let dist: string;
let painterId: number;

const SCREEN_FILES = {
  'game/:identifier': ['/assets/game-page-1.css', '/assets/game-page-1.js', '/assets/journal-2.css'],
  'user/:id': ['/assets/profile-3.css'],
  search: ['/assets/browse-4.css', '/assets/browse-4.js'],
};
const INDEX =
  '<!doctype html><html><head><title>Checkpoint</title>' +
  '<meta name="description" content="Rate, review, and discover games through the power of social gaming." />' +
  '</head><body><div id="root">' +
  `${FIRST_PAINT_PLACEHOLDER}<main class="page boot"></main></div>` +
  `<script type="application/json" id="screen-files">${JSON.stringify(SCREEN_FILES)}</script></body></html>`;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'cp-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  gw = await startTestGateway({ distDir: dist });
  await gw.db.exec(`
    insert into public.game (igdb_id, name, slug, summary, release_date, developer, platforms, category) values
      (424242, 'Outer Wilds', 'outer-wilds', 'A space exploration game.', '2019-05-28', 'Mobius Digital', '{"PC (Microsoft Windows)","Xbox One"}', 0),
      (434343, '<script>alert("Q&A")</script>', 'q-a', 'It''s <b>bold</b>, $& and $'' stay ||as typed||.', null, null, '{}', 2);
  `);
  const member = await signUpMember(gw, 'painter');
  painterId = member.id;
  await gw.db.query(
    `insert into public.rating (user_id, game_id, rating) select $1, id, 8.5 from public.game where slug = 'outer-wilds'`,
    [member.id],
  );
  await gw.db.query(
    `insert into public.rating (user_id, game_id, rating) select $1, id, 7 from public.game where slug = 'q-a'`,
    [member.id],
  );
  await gw.db.query(
    `update public."user" set display_name = '<b>Pat</b> & "Co"', bio = 'Paints $& first <script>x</script>' where id = $1`,
    [member.id],
  );
  await gw.db.query(
    `insert into public.user_top_games (user_id, game_id, position)
     select $1, id, case slug when 'outer-wilds' then 1 else 2 end from public.game where slug in ('outer-wilds', 'q-a')`,
    [member.id],
  );
});

afterAll(async () => {
  await gw?.close();
  await rm(dist, { recursive: true, force: true });
});

const page = async (address: string, encoding = 'identity') => {
  const response = await fetch(`${gw.url}${address}`, { headers: { 'Accept-Encoding': encoding } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  return response.text();
};
const keyTag = () => `<meta name="checkpoint:anon-key" content="${gw.anonKey}">`;
const plain = () => INDEX.replace('</head>', `${keyTag()}</head>`);

describe("a game page's address", () => {
  it("paints the game's header in place of the placeholder, with the page's stylesheets in the head, compressed or not", async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const html = await page('/game/outer-wilds', encoding);
      // The game page's title and text meta tags (as its usePageMeta sets them), in place of the
      // shell's, then its stylesheets.
      const description = 'A space exploration game.';
      expect(html).toContain(
        `<head><title>Outer Wilds | Checkpoint</title>${keyTag()}` +
          `<meta name="description" content="${description}">` +
          '<meta property="og:site_name" content="Checkpoint"><meta property="og:type" content="website">' +
          `<meta property="og:title" content="Outer Wilds | Checkpoint"><meta property="og:description" content="${description}">` +
          '<meta name="twitter:card" content="summary"><meta name="twitter:title" content="Outer Wilds | Checkpoint">' +
          `<meta name="twitter:description" content="${description}">` +
          '<link rel="stylesheet" crossorigin href="/assets/game-page-1.css">' +
          '<link rel="stylesheet" crossorigin href="/assets/journal-2.css"></head>',
      );
      expect(html.match(/name="description"/g)).toHaveLength(1);
      expect(html).not.toContain(FIRST_PAINT_PLACEHOLDER);
      expect(html).toContain(
        '<div id="root"><main class="page game-page" aria-busy="true" data-first-paint="/game/outer-wilds">',
      );
      expect(html).toContain('<h1 class="game-header__title">Outer Wilds</h1>');
      expect(html).toContain('<dd>May 28, 2019</dd>');
      // The members' average, as an anonymous reader's get_game_page counts it.
      expect(html).toContain('<dt>Members</dt><dd><span class="rating">8.5</span> / 10</dd>');
      expect(html).toContain('<dt>Developer</dt><dd>Mobius Digital</dd>');
      expect(html).toContain('<li>PC</li><li>Xbox One</li>');
      expect(html).toContain('<p class="game-header__summary-text">A space exploration game.</p>');
      // The shell's skeleton stays after it (the stylesheet hides it).
      expect(html).toContain('</main><main class="page boot"></main></div>');
    }
  });

  it('finds the game by its external id too, and marks the address as it was asked for', async () => {
    const html = await page('/game/424242');
    expect(html).toContain('data-first-paint="/game/424242"');
    expect(html).toContain('<h1 class="game-header__title">Outer Wilds</h1>');
  });

  it('escapes what the game says', async () => {
    const html = await page('/game/q-a');
    expect(html).toContain(
      '<span class="game-header__badge">Expansion</span>' +
        '<h1 class="game-header__title">&lt;script&gt;alert(&quot;Q&amp;A&quot;)&lt;/script&gt;</h1>',
    );
    expect(html).toContain('<dd>TBA</dd>');
    // As typed, a replacement pattern ($&, $') too; a spoiler hidden from the link preview.
    expect(html).toContain(
      '<p class="game-header__summary-text">It&#x27;s &lt;b&gt;bold&lt;/b&gt;, $&amp; and $&#x27; stay ||as typed||.</p>',
    );
    expect(html).toContain(
      '<meta name="description" content="It&#x27;s &lt;b&gt;bold&lt;/b&gt;, $&amp; and $&#x27; stay [spoiler].">',
    );
    expect(html).toContain('<title>&lt;script&gt;alert(&quot;Q&amp;A&quot;)&lt;/script&gt; | Checkpoint</title>');
    expect(html).not.toContain('<script>alert');
  });
});

describe("a profile's address", () => {
  it("paints the header, the tabs and the Top 5 with the profile's stylesheets and title, escaped", async () => {
    const html = await page(`/user/${painterId}`);
    expect(html).toContain(`<main class="page profile-page" aria-busy="true" data-first-paint="/user/${painterId}">`);
    expect(html).toContain('<h1 class="profile-header__username">painter</h1>');
    expect(html).toContain('<p class="profile-header__name">&lt;b&gt;Pat&lt;/b&gt; &amp; &quot;Co&quot;</p>');
    expect(html).toContain('<p class="profile-header__bio">Paints $&amp; first &lt;script&gt;x&lt;/script&gt;</p>');
    expect(html).toContain(
      '<span class="profile-stats__value">2</span> <span class="profile-stats__label">Reviews</span>',
    );
    expect(html).toContain('role="tab" id="first-paint-top5" aria-selected="true"');
    // The Top 5 in rank order, the member's rating beside the game they rated, then three empty places.
    expect(html).toContain(
      '<span class="visually-hidden">Number 1: </span>Outer Wilds</a><span class="top5-slot__meta">' +
        '<span class="top5-slot__rating" aria-label="Rated 8.5 out of 10">★ 8.5</span><span>2019</span></span>',
    );
    expect(html).toContain(
      '<span class="visually-hidden">Number 2: </span>&lt;script&gt;alert(&quot;Q&amp;A&quot;)&lt;/script&gt;</a>',
    );
    expect(html.match(/top5-slot--empty/g)).toHaveLength(3);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/profile-3.css"></head>');
    expect(html).toContain('<title>painter | Checkpoint</title>');
    // A profile sets no description of its own: the shell's stays.
    expect(html).toContain('<meta name="description" content="Rate, review, and discover games');
    expect(html).not.toContain('<script>x');
    expect(html).not.toContain(FIRST_PAINT_PLACEHOLDER);
  });

  it('on the Top 5 tab only: another tab, a member who is not there and an id that cannot name one get the plain shell', async () => {
    expect(await page(`/user/${painterId}?tab=top5`)).toContain('data-first-paint');
    for (const address of [
      `/user/${painterId}?tab=library`,
      `/user/${painterId}/reviews`,
      '/user/987654',
      '/user/0',
      '/user/pat',
      '/user/1e3',
    ]) {
      expect(await page(address), address).toBe(plain());
    }
  });
});

describe("Browse Games' address", () => {
  it('paints the first page of games, for a phone and for a wider screen, with its stylesheets and title, escaped', async () => {
    const html = await page('/search');
    expect(html).toContain('<main class="page browse" aria-busy="true" data-first-paint="/search">');
    expect(html).toContain('<h1 class="browse__title">Browse Games</h1>');
    // Games by name, A to Z: the one named like a script tag comes first ('<' before 'O').
    const names = [...html.matchAll(/<span class="browse-game__name">([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(names).toEqual([
      '&lt;script&gt;alert(&quot;Q&amp;A&quot;)&lt;/script&gt;',
      'Outer Wilds',
      '&lt;script&gt;alert(&quot;Q&amp;A&quot;)&lt;/script&gt;',
      'Outer Wilds',
    ]);
    expect(html).toContain('<ul class="browse-list browse-list--list" aria-label="Games">');
    expect(html).toContain('<ul class="browse-list browse-list--grid" aria-label="Games">');
    expect(html).toContain('Showing 1 - 2 of 2 games');
    // Outer Wilds: its year, its platforms, the member's 8.5.
    expect(html).toContain(
      '<span class="browse-game__meta">2019<span class="browse-game__platforms"> · PC (Microsoft Windows), Xbox One</span></span>',
    );
    expect(html).toContain('<strong>8.5</strong><span class="browse-game__count"> (1 rating)</span>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/browse-4.css"></head>');
    expect(html).not.toContain('browse-4.js"></head>');
    expect(html).toContain('<title>Browse Games | Checkpoint</title>');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain(FIRST_PAINT_PLACEHOLDER);
  });

  it('on its default query only: a search, a filter or another page gets the plain shell', async () => {
    for (const address of ['/search?q=outer', '/search?page=2', '/search?platform=6', '/search?sort=name:desc']) {
      expect(await page(address), address).toBe(plain());
    }
  });
});

describe('the plain shell', () => {
  it('for every other address, a game that is not there and an identifier that cannot name one', async () => {
    for (const address of [
      '/',
      '/index.html',
      '/search/games',
      '/game/no-such-game',
      '/game/outer%20wilds',
      '/game/outer-wilds/reviews',
      `/game/${'a'.repeat(201)}`,
    ]) {
      expect(await page(address), address).toBe(plain());
    }
  });

  it('when the database does not answer in time, at once', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The games locked by another transaction: PGlite runs one transaction at a time, PostgreSQL
    // (npm run test:pg) makes the read wait for the lock.
    let locked = () => undefined as void;
    const holding = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const busy = gw.db.transaction(async (tx) => {
      await tx.query('lock table public.game in access exclusive mode');
      locked();
      await held;
    });
    await holding;
    try {
      const started = performance.now();
      expect(await page('/game/outer-wilds')).toBe(plain());
      expect(performance.now() - started).toBeLessThan(2000);
    } finally {
      release();
      await busy;
    }
    expect(await page('/game/outer-wilds')).toContain('data-first-paint="/game/outer-wilds"');
  });
});
