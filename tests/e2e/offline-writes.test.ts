// src/sync/SPEC.md [S2]–[S3] in a real browser: one write of every kind (the 19 mutations of
// src/core/mutations.ts) made offline through the app's own data layer (window.checkpoint, see
// src/app/devtools.ts) survives a reload and a browser restart, then reaches the server exactly
// once. Chromium runs on a persistent profile, so IndexedDB, the service worker and its Background
// Sync registration outlive the restart as they would on a member's device.
//
// "Offline" is two things here. context.setOffline() is what the page sees (navigator.onLine and
// the `online`/`offline` events the engine listens to). But it does not reach a service worker
// that Chromium wakes for Background Sync as it starts, before Playwright attaches to it: that
// worker would push through a live network while the page says offline. So the browser runs
// through the fault proxy (tests/support/fault-proxy.ts), which refuses every request while the
// device is offline, the worker's included.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MirrorRows } from '../../src/app/devtools.ts';
import type { MutationArgs, MutationName } from '../../src/core/mutations.ts';
import type { MirrorName } from '../../src/store/db.ts';
import type { Row } from '../../supabase/local/db.ts';
import { startGateway, type Gateway } from '../../supabase/local/gateway.ts';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.ts';
import { linkToken, TEST_PASSWORD, type Mail } from '../support/gateway.ts';
import { CHROMIUM_PATH, chromiumArgs, setOffline } from './browser.ts';

/** A game the bundled catalogue does not have: the member adds it offline (game.ensure). */
const NEW_GAME = {
  igdb_id: 990_001,
  name: 'Lighthouse Keeper Offline',
  summary: 'Keep the light on through a week of storms.',
  genres: ['Adventure'],
  platforms: ['PC (Microsoft Windows)'],
};
/** Catalogue games (igdb ids) the lists and the second review use. */
const WITCHER_3 = 1942;
const BREATH_OF_THE_WILD = 7346;
const STARDEW_VALLEY = 17000;
const CELESTE = 26226;
const ELDEN_RING = 119133;

type Mirrors = { [T in MirrorName]: Array<MirrorRows[T]> };

interface Member {
  readonly id: number;
  readonly email: string;
  readonly username: string;
}

let gateway: Gateway;
let proxy: FaultProxy;
let profileDir: string;
let context: BrowserContext | undefined;
const clients: SupabaseClient[] = [];

function client(): SupabaseClient {
  const created = createClient(gateway.url, gateway.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  clients.push(created);
  return created;
}

/** Signs a member up as the app will: sign-up, the link from the dev mailbox, verify, get_or_create_user. */
async function signUp(username: string): Promise<Member> {
  const email = `${username}@example.test`;
  const supabase = client();
  const { error } = await supabase.auth.signUp({ email, password: TEST_PASSWORD, options: { data: { username } } });
  if (error) throw error;
  const mails = (await (await fetch(`${gateway.url}/_dev/mailbox.json`)).json()) as Mail[];
  const mail = mails.find((m) => m.to === email && m.kind === 'signup');
  if (!mail) throw new Error(`no sign-up mail to ${email}`);
  const { tokenHash } = linkToken(mail);
  const verified = await supabase.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
  if (verified.error || !verified.data.user) throw verified.error ?? new Error('no user after verify');
  const { data, error: rpcError } = await supabase.rpc('get_or_create_user', {
    auth_id: verified.data.user.id,
    user_email: email,
    user_name: username,
  });
  if (rpcError) throw rpcError;
  return { id: Number(data), email, username };
}

async function one<T extends Row>(sql: string, params: unknown[] = []): Promise<T> {
  const [row] = await gateway.db.query<T>(sql, params);
  if (row === undefined) throw new Error(`no row: ${sql}`);
  return row;
}

/** The browser as a member's device: one profile directory, kept across launches. */
async function launch(offline: boolean): Promise<{ browser: BrowserContext; page: Page }> {
  const browser = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    args: chromiumArgs({ proxy }),
    offline,
  });
  context = browser;
  if (offline) await setOffline(browser, true);
  await browser.addInitScript(() => localStorage.setItem('checkpoint.devtools', '1'));
  const page = browser.pages()[0] ?? (await browser.newPage());
  const response = await page.goto(gateway.url);
  // Offline, only the service worker can have answered.
  if (offline) expect(response?.fromServiceWorker()).toBe(true);
  await expect.poll(() => page.locator('header .brand').textContent()).toBe('Checkpoint');
  await expect.poll(() => page.evaluate(() => typeof window.checkpoint)).toBe('object');
  return { browser, page };
}

/** One mutation call, its arguments checked against its name. */
type Write = { [N in MutationName]: { name: N; args: MutationArgs<N> } }[MutationName];

/** Makes the write through the app (window.checkpoint.mutate); resolves to its mutation id. */
async function write(page: Page, call: Write): Promise<string> {
  const id = await page.evaluate(({ name, args }) => window.checkpoint?.mutate(name, args), call);
  if (typeof id !== 'string') throw new Error(`${call.name}: window.checkpoint is missing`);
  return id;
}

const pending = (page: Page) => page.evaluate(() => window.checkpoint?.pending() ?? null);

/** Every mirror table of the page's IndexedDB, each in primary-key order. */
function mirrors(page: Page): Promise<Mirrors> {
  return page.evaluate(async (): Promise<Mirrors> => {
    const api = window.checkpoint;
    if (!api) throw new Error('window.checkpoint is missing');
    return {
      games: await api.mirrors('games'),
      users: await api.mirrors('users'),
      reviews: await api.mirrors('reviews'),
      comments: await api.mirrors('comments'),
      likes: await api.mirrors('likes'),
      follows: await api.mirrors('follows'),
      progress: await api.mirrors('progress'),
      wishlist: await api.mirrors('wishlist'),
      collection: await api.mirrors('collection'),
      topGames: await api.mirrors('topGames'),
      journal: await api.mirrors('journal'),
    };
  });
}

/** The member's rows and the counters their writes move, as the database holds them (superuser SQL). */
async function serverState({
  me,
  friend,
  demoReview,
  droppedKey,
}: {
  me: number;
  friend: number;
  demoReview: number;
  droppedKey: string;
}) {
  const q = <T extends Row>(sql: string, params: unknown[]) => gateway.db.query<T>(sql, params);
  return {
    games: await q<{ id: number; name: string; summary: string }>(
      'select id::int as id, name, summary from public.game where igdb_id = $1',
      [NEW_GAME.igdb_id],
    ),
    reviews: await q<{ id: number }>(
      'select id::int as id, igdb_id::int as igdb_id, rating::float8 as rating, review, is_recommended, playtime_hours from public.rating where user_id = $1',
      [me],
    ),
    comments: await q<{ id: number }>(
      'select id::int as id, client_key::text as client_key, content, like_count, rating_id::int as rating_id from public.comment where user_id = $1 order by id',
      [me],
    ),
    droppedComments: await q('select id from public.comment where client_key = $1', [droppedKey]),
    likes: await q(
      'select rating_id::int as rating_id, comment_id::int as comment_id from public.content_like where user_id = $1 order by rating_id nulls last, comment_id',
      [me],
    ),
    demoReview: await q('select like_count, comment_count from public.rating where id = $1', [demoReview]),
    follows: await q('select following_id::int as following_id from public.user_follow where follower_id = $1', [me]),
    friend: await q('select follower_count from public."user" where id = $1', [friend]),
    me: await q('select following_count, display_name, bio, location from public."user" where id = $1', [me]),
    progress: await q(
      'select igdb_id::int as igdb_id, started, completed from public.game_progress where user_id = $1',
      [me],
    ),
    wishlist: await q('select igdb_id::int as igdb_id from public.user_wishlist where user_id = $1', [me]),
    collection: await q(
      'select igdb_id::int as igdb_id from public.user_collection where user_id = $1 order by igdb_id',
      [me],
    ),
    top5: await q(
      'select position, game_id::int as game_id from public.user_top_games where user_id = $1 order by position',
      [me],
    ),
    journal: await q(
      'select client_key::text as client_key, minutes, note, is_private from public.play_session where user_id = $1',
      [me],
    ),
  };
}

beforeAll(async () => {
  proxy = await startFaultProxy();
  gateway = await startGateway({ port: 0, inMemory: true, log: () => undefined });
  profileDir = await mkdtemp(path.join(tmpdir(), 'checkpoint-profile-'));
});

afterAll(async () => {
  await context?.close();
  for (const c of clients) await c.auth.signOut({ scope: 'local' }).catch(() => undefined);
  await proxy?.close();
  await gateway?.close();
  if (profileDir) await rm(profileDir, { recursive: true, force: true });
});

it('keeps one offline write of every kind through a reload and a browser restart, then applies each exactly once', async () => {
  const [me, friend] = [await signUp('offline_writer'), await signUp('lighthouse_friend')];
  // The demo review the member likes and comments on: pixel_pilgrim's of The Witcher 3.
  const demo = await one<{ id: number; author: number; like_count: number; comment_count: number }>(
    `select r.id::int as id, r.user_id::int as author, r.like_count, r.comment_count from public.rating r
       join public."user" u on u.id = r.user_id where u.username = 'pixel_pilgrim' and r.igdb_id = $1`,
    [WITCHER_3],
  );
  expect(await gateway.db.query('select 1 from public.game where igdb_id = $1', [NEW_GAME.igdb_id])).toEqual([]);

  // Online: install, sign in, first sync, and the screens' read-through of what the writes touch.
  let { browser, page } = await launch(false);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 15_000 })
    .toBe('activated');
  const signedIn = await page.evaluate(([email, password]) => window.checkpoint?.signIn(email, password), [
    me.email,
    TEST_PASSWORD,
  ] as const);
  expect(signedIn).toEqual({ memberId: me.id, persisted: expect.any(Boolean) });
  expect((await page.evaluate(() => window.checkpoint?.syncNow()))?.lastError).toBeNull();
  const gameIds = await gateway.db.query<{ id: number }>(
    'select id::int as id from public.game where igdb_id = any($1::bigint[]) order by id',
    [[BREATH_OF_THE_WILD, STARDEW_VALLEY, CELESTE, ELDEN_RING]],
  );
  const scope = { rating_ids: [demo.id], user_ids: [friend.id], game_ids: gameIds.map((g) => g.id) };
  expect(await page.evaluate((s) => window.checkpoint?.readThrough(s), scope)).toBeGreaterThan(0);
  expect((await mirrors(page)).users.map((u) => u.id)).toEqual(expect.arrayContaining([me.id, friend.id]));

  // A review that reaches the server now, so that it has a server id to be deleted by offline.
  const applied = [
    await write(page, {
      name: 'review.create',
      args: { igdb_id: STARDEW_VALLEY, rating: 6, review: 'Too cosy for me.' },
    }),
  ];
  expect((await page.evaluate(() => window.checkpoint?.syncNow()))?.pending).toBe(0);
  const stardew = (await mirrors(page)).reviews.find((r) => r.user_id === me.id && r.igdb_id === STARDEW_VALLEY);
  expect(stardew?.id).toBeGreaterThan(0);
  const stardewId = stardew?.id ?? 0;

  // Offline: one write of every kind.
  await setOffline(browser, true);
  proxy.offline();
  await expect.poll(() => page.evaluate(() => window.checkpoint?.status().online)).toBe(false);
  const kept = randomUUID();
  const dropped = randomUUID();
  const session = randomUUID();
  const droppedSession = randomUUID();
  const today = new Date().toISOString().slice(0, 10);
  const offline = [
    await write(page, { name: 'game.ensure', args: NEW_GAME }),
    await write(page, {
      name: 'review.create',
      args: {
        igdb_id: NEW_GAME.igdb_id,
        rating: 8.5,
        review: 'Written on the ferry.',
        is_recommended: true,
        playtime_hours: 12,
      },
    }),
    await write(page, {
      name: 'review.update',
      args: { igdb_id: NEW_GAME.igdb_id, rating: 9, review: 'Written on the ferry, finished at home.' },
    }),
    await write(page, { name: 'review_like.set', args: { rating_id: demo.id, liked: true } }),
    await write(page, {
      name: 'comment.add',
      args: { key: kept, rating_id: demo.id, content: 'Blood and Wine is next on my list.' },
    }),
    await write(page, {
      name: 'comment.add',
      args: { key: dropped, rating_id: demo.id, content: 'Posted twice, sorry.' },
    }),
    await write(page, { name: 'comment.edit', args: { key: kept, content: 'Blood and Wine is next on my list!' } }),
    await write(page, { name: 'comment_like.set', args: { comment_key: kept, liked: true } }),
    await write(page, { name: 'comment.delete', args: { key: dropped } }),
    await write(page, { name: 'follow.set', args: { user_id: friend.id, following: true } }),
    await write(page, { name: 'progress.set', args: { igdb_id: BREATH_OF_THE_WILD, started: true } }),
    await write(page, {
      name: 'wishlist.set',
      args: { igdb_id: ELDEN_RING, in: true, priority: 4, notes: 'After the DLC sale' },
    }),
    await write(page, { name: 'collection.set', args: { igdb_id: CELESTE, in: true } }),
    await write(page, { name: 'collection.move', args: { igdb_id: ELDEN_RING, to: 'collection' } }),
    await write(page, { name: 'top5.replace', args: { games: [{ igdb_id: NEW_GAME.igdb_id }] } }),
    await write(page, {
      name: 'profile.update',
      args: { display_name: 'Offline Writer', bio: 'Reviews from trains and ferries.', location: 'Bergen' },
    }),
    await write(page, { name: 'review.delete', args: { rating_id: stardewId } }),
    // A review written offline has no server id yet: it is deleted by its game.
    await write(page, { name: 'review.create', args: { igdb_id: BREATH_OF_THE_WILD, rating: 7 } }),
    await write(page, { name: 'review.delete', args: { igdb_id: BREATH_OF_THE_WILD } }),
    // Play journal sessions are named by their key, so one logged offline can be edited and deleted.
    await write(page, {
      name: 'journal.add',
      args: {
        key: session,
        igdb_id: NEW_GAME.igdb_id,
        played_on: today,
        minutes: 50,
        note: 'Storm night three.',
        is_private: true,
      },
    }),
    await write(page, { name: 'journal.update', args: { key: session, minutes: 95 } }),
    await write(page, {
      name: 'journal.add',
      args: { key: droppedSession, igdb_id: CELESTE, played_on: today, minutes: 20 },
    }),
    await write(page, { name: 'journal.delete', args: { key: droppedSession } }),
  ];
  applied.push(...offline);
  const queued = await page.evaluate(() => window.checkpoint?.outbox());
  expect(queued?.map((m) => m.id)).toEqual(offline);
  expect(new Set(queued?.map((m) => m.name)).size).toBe(19);
  expect(await pending(page)).toBe(offline.length);

  // What the screens will show at once, before any sync.
  const local = await mirrors(page);
  const mine = <R extends { user_id: number }>(rows: R[]) => rows.filter((r) => r.user_id === me.id);
  expect(local.games.filter((g) => g.igdb_id === NEW_GAME.igdb_id)).toMatchObject([
    { name: NEW_GAME.name, summary: NEW_GAME.summary },
  ]);
  expect(mine(local.reviews)).toMatchObject([{ igdb_id: NEW_GAME.igdb_id, rating: 9 }]);
  expect(mine(local.comments)).toMatchObject([
    { client_key: kept, content: 'Blood and Wine is next on my list!', like_count: 1 },
  ]);
  expect(local.reviews.find((r) => r.id === demo.id)).toMatchObject({
    like_count: demo.like_count + 1,
    comment_count: demo.comment_count + 1,
  });
  expect(
    mine(local.collection)
      .map((c) => c.igdb_id)
      .sort(),
  ).toEqual([CELESTE, ELDEN_RING].sort());
  expect(mine(local.wishlist)).toEqual([]);
  expect(local.users.find((u) => u.id === friend.id)?.follower_count).toBe(1);
  expect(mine(local.journal)).toMatchObject([
    { client_key: session, minutes: 95, note: 'Storm night three.', is_private: true },
  ]);

  // Reload offline: the service worker serves the shell, IndexedDB still holds every write.
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect.poll(() => page.evaluate(() => typeof window.checkpoint)).toBe('object');
  expect(await pending(page)).toBe(offline.length);
  expect(await mirrors(page)).toEqual(local);

  // Close the browser, start it again on the same profile, still offline.
  await browser.close();
  ({ browser, page } = await launch(true));
  expect(await pending(page)).toBe(offline.length);
  expect(await mirrors(page)).toEqual(local);

  // Back online: the page engine (on `online`) or the worker (Background Sync) pushes; not a fixed wait.
  // Nothing got out while offline, not even from a service worker woken for Background Sync.
  const whileOffline = await gateway.db.query<{ mutation_id: string }>(
    'select mutation_id::text from public.sync_applied where user_id = $1',
    [me.id],
  );
  expect(whileOffline.map((r) => r.mutation_id)).toEqual(applied.slice(0, 1));
  const refusedOffline = proxy.counts().refused;
  proxy.online();
  await setOffline(browser, false);
  await expect.poll(() => pending(page), { timeout: 30_000 }).toBe(0);
  const settled = await page.evaluate(() => window.checkpoint?.syncNow());
  expect(settled).toMatchObject({ pending: 0, lastError: null, online: true });

  // Exactly once: every mutation id recorded once and applied; each effect once, counters exact.
  const recorded = await gateway.db.query<{ mutation_id: string; name: string; status: string }>(
    'select mutation_id::text, name, status from public.sync_applied where user_id = $1',
    [me.id],
  );
  expect(recorded.map((r) => r.mutation_id).sort()).toEqual([...applied].sort());
  expect(recorded.filter((r) => r.status !== 'ok')).toEqual([]);
  expect(new Set(recorded.filter((r) => offline.includes(r.mutation_id)).map((r) => r.name)).size).toBe(19);
  const ids = { me: me.id, friend: friend.id, demoReview: demo.id, droppedKey: dropped };
  const landed = await serverState(ids);
  const [keptComment] = landed.comments;
  // Extra copies of an effect: rows beyond one per write, counters beyond the one like and comment.
  const duplicates =
    Math.max(0, landed.reviews.length - 1) +
    Math.max(0, landed.comments.length - 1) +
    Math.max(0, landed.journal.length - 1) +
    Math.max(0, landed.likes.length - 2) +
    Math.max(0, landed.follows.length - 1) +
    Math.max(0, landed.games.length - 1) +
    Math.max(0, Number(landed.demoReview[0]?.['like_count'] ?? 0) - demo.like_count - 1) +
    Math.max(0, Number(landed.demoReview[0]?.['comment_count'] ?? 0) - demo.comment_count - 1) +
    Math.max(0, recorded.length - new Set(recorded.map((r) => r.mutation_id)).size);
  console.log(`offline-writes: ${proxy.summary(duplicates)}; ${refusedOffline} requests refused while offline`);
  expect(duplicates).toBe(0);
  expect(landed).toEqual({
    games: [{ id: expect.any(Number), name: NEW_GAME.name, summary: NEW_GAME.summary }],
    reviews: [
      {
        id: expect.any(Number),
        igdb_id: NEW_GAME.igdb_id,
        rating: 9,
        review: 'Written on the ferry, finished at home.',
        is_recommended: true,
        playtime_hours: 12,
      },
    ],
    comments: [
      {
        id: expect.any(Number),
        client_key: kept,
        content: 'Blood and Wine is next on my list!',
        like_count: 1,
        rating_id: demo.id,
      },
    ],
    droppedComments: [],
    likes: [
      { rating_id: demo.id, comment_id: null },
      { rating_id: null, comment_id: keptComment?.id },
    ],
    demoReview: [{ like_count: demo.like_count + 1, comment_count: demo.comment_count + 1 }],
    follows: [{ following_id: friend.id }],
    friend: [{ follower_count: 1 }],
    me: [
      {
        following_count: 1,
        display_name: 'Offline Writer',
        bio: 'Reviews from trains and ferries.',
        location: 'Bergen',
      },
    ],
    progress: [{ igdb_id: BREATH_OF_THE_WILD, started: true, completed: false }],
    wishlist: [],
    collection: [{ igdb_id: CELESTE }, { igdb_id: ELDEN_RING }],
    top5: [{ position: 1, game_id: landed.games[0]?.id }],
    journal: [{ client_key: session, minutes: 95, note: 'Storm night three.', is_private: true }],
  });
  expect(landed.reviews.map((r) => r.id)).not.toContain(stardewId);

  // The same through the RPC API, from a second client with the member's own password session.
  const second = client();
  const { error: signInError } = await second.auth.signInWithPassword({ email: me.email, password: TEST_PASSWORD });
  expect(signInError).toBeNull();
  const profile = await second.rpc('get_profile', { p_user_id: me.id });
  expect(profile.error).toBeNull();
  expect(profile.data).toMatchObject({
    is_self: true,
    user: { display_name: 'Offline Writer', following_count: 1 },
    stats: { reviews: 1, following: 1, lists: 2, games: 1 },
    top5: [{ position: 1, game: { name: NEW_GAME.name }, rating: 9 }],
    wishlist: [],
  });
  const review = await second.rpc('get_review', { p_user_id: demo.author, p_game_id: WITCHER_3 });
  expect(review.error).toBeNull();
  const thread = review.data as {
    liked_by_me: boolean;
    comments: Array<{ client_key: string | null; like_count: number; liked_by_me: boolean }>;
  };
  expect(thread.liked_by_me).toBe(true);
  expect(thread.comments.filter((c) => c.client_key === kept)).toMatchObject([{ like_count: 1, liked_by_me: true }]);
  expect(thread.comments.filter((c) => c.client_key === dropped)).toEqual([]);

  // Invariant 2: delivering the same mutations again (another client id, as a retry from a second
  // pusher would) answers each with its stored result and changes nothing.
  const replay = await second.rpc('sync_push', {
    p_client_id: randomUUID(),
    p_mutations: queued?.map(({ id, name, args }) => ({ id, name, args })),
  });
  expect(replay.error).toBeNull();
  const replayed = replay.data as { results: Array<{ id: string; status: string }> };
  expect(replayed.results.map((r) => `${r.id} ${r.status}`)).toEqual(offline.map((id) => `${id} ok`));
  expect(await serverState(ids)).toEqual(landed);

  // Invariant 5: the device holds the server's rows for the scope, exactly as the server has them
  // (no temp ids left). The screens add more to the device as they show things (the home page's
  // recent reviews), so the device may hold more than this scope: every server row must be there,
  // identical.
  const device = await mirrors(page);
  const snapshot = await second.rpc('sync_pull', { p_cursor: null, p_scope: scope, p_limit: 5000 });
  expect(snapshot.error).toBeNull();
  const server = snapshot.data as { changes: Array<{ table: string; row: { id: number } }> };
  const byTable = (table: string) =>
    server.changes
      .filter((c) => c.table === table)
      .map((c) => c.row)
      .sort((a, b) => a.id - b.id);
  const pairs = [
    ['users', 'user'],
    ['reviews', 'rating'],
    ['comments', 'comment'],
    ['likes', 'content_like'],
    ['follows', 'user_follow'],
    ['progress', 'game_progress'],
    ['wishlist', 'user_wishlist'],
    ['collection', 'user_collection'],
    ['topGames', 'user_top_games'],
    ['journal', 'play_session'],
  ] as const;
  for (const [mirror, table] of pairs) expect(device[mirror], mirror).toEqual(expect.arrayContaining(byTable(table)));
  // The member's own rows match exactly: nothing of theirs is missing, doubled or left over.
  const own = (rows: ReadonlyArray<{ user_id?: number; follower_id?: number }>) =>
    rows.filter((r) => (r.user_id ?? r.follower_id) === me.id);
  for (const [mirror, table] of pairs) {
    if (mirror === 'users') continue;
    expect(own(device[mirror] as never[]), `${mirror} (own)`).toEqual(own(byTable(table) as never[]));
  }
  expect(device.games.filter((g) => g.id < 0)).toEqual([]);
  expect(device.games).toEqual(expect.arrayContaining(byTable('game')));

  // Everything synced, so signing out clears the member's data at once; the catalogue stays.
  expect(await page.evaluate(() => window.checkpoint?.signOut())).toEqual({ signedOut: true });
  const after = await mirrors(page);
  expect(after.reviews.filter((r) => r.user_id === me.id)).toEqual([]);
  expect(after.games.length).toBe(device.games.length);
}, 120_000);
