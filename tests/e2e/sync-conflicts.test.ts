// Conflicts and old outboxes in Chromium against the gateway. Newest edit wins
// (docs/decisions/0002-hlc-per-field.md): two devices of one member (two browser contexts), both
// offline; A edits a review first, B later; B syncs, then A: both end with B's text and A is shown
// the conflict notice once (Keep theirs); then the other way round, and the device whose edit lost
// brings it back with Use mine. Protocol versions (docs/decisions/0009-sync-protocol-versions.md):
// an outbox an old build left (rows without a clock or a protocol) replayed against today's server,
// which reads that shape and applies them once; then a server that no longer reads it: the writes
// stay queued, the app says "A new version is needed to sync your changes", and after Update the
// app, starting again, brings them to today's shape and they sync once, the server still refusing
// the old one.
// "Offline" is the fault proxy (tests/support/fault-proxy.ts), not Playwright's
// setOffline, which a service worker's push goes around: each device is its own Chromium, launched
// through its own proxy, so one can come back online while the other stays off. The page is not
// told (navigator.onLine stays true), so its syncs and its worker's do try, and only the proxy
// keeps them from the server: the test checks that nothing got through.
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../supabase/local/demo.ts';
import { startGateway, type Gateway } from '../../supabase/local/gateway.ts';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.ts';
import { launchChromium } from './browser.ts';
import { writeDevice } from './device-db.ts';

let gateway: Gateway;
const contexts: BrowserContext[] = [];
const CELESTE = 26226;
const HOLLOW_KNIGHT = 14593;
const HADES = 113112;
const EMAIL = 'pixel_pilgrim@demo.checkpoint.local';

/** A device: its own Chromium, every request of which (its service worker's too) goes through its proxy. */
interface Machine {
  readonly proxy: FaultProxy;
  readonly browser: Browser;
}
const machines: Machine[] = [];

beforeAll(async () => {
  gateway = await startGateway({ port: 0, inMemory: true, rateLimits: 'relaxed', log: () => undefined });
  for (let i = 0; i < 2; i++) {
    const proxy = await startFaultProxy();
    machines.push({ proxy, browser: await launchChromium({ proxy }) });
  }
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  for (const { browser, proxy } of machines) {
    await browser.close().catch(() => undefined);
    await proxy.close();
  }
  await gateway?.close();
});

interface Device {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly proxy: FaultProxy;
}

async function device(machine: Machine): Promise<Device> {
  const context = await machine.browser.newContext({ viewport: { width: 390, height: 800 } });
  contexts.push(context);
  await context.addInitScript(() => localStorage.setItem('checkpoint.devtools', '1'));
  const page = await context.newPage();
  await page.goto(gateway.url);
  // The service worker in charge: it is the one setOffline would not have stopped.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 60_000 })
    .toBe('activated');
  await page.waitForFunction(() => window.checkpoint !== undefined);
  await page.evaluate(
    ([email, password]) => window.checkpoint!.signIn(email!, password!).then(() => undefined),
    [EMAIL, DEMO_PASSWORD],
  );
  await page.evaluate(() => window.checkpoint!.syncNow().then(() => undefined));
  return { context, page, proxy: machine.proxy };
}

/** No network at all for this device: the proxy refuses every request, its service worker's too. */
function goOffline(d: Device): void {
  d.proxy.offline();
}

function goOnline(d: Device): void {
  d.proxy.online();
}

const syncNow = (d: Device) => d.page.evaluate(() => window.checkpoint!.syncNow().then(() => undefined));

const edit = (d: Device, review: string, rating: number) =>
  d.page.evaluate(
    ([igdb, text, stars]) =>
      window.checkpoint!.mutate('review.update', { igdb_id: igdb!, review: String(text), rating: Number(stars) }),
    [CELESTE, review, rating] as const,
  );

const serverReview = () =>
  gateway.db.query<{ review: string; rating: number }>(
    `select r.review, r.rating::float8 as rating from public.rating r join public.game g on g.id = r.game_id where r.user_id = 1 and g.igdb_id = $1`,
    [CELESTE],
  );

/** How many of these mutations the server recorded (each at most once: its primary key). */
const recorded = async (ids: readonly string[]) =>
  (
    await gateway.db.query<{ n: number }>(
      'select count(*)::int as n from public.sync_applied where mutation_id = any($1::uuid[])',
      [ids],
    )
  )[0]?.n ?? 0;

/** Rows beyond one for the member's review of the game, and records beyond one per mutation. */
async function duplicates(ids: readonly string[]): Promise<number> {
  const [rows] = await gateway.db.query<{ n: number }>(
    'select count(*)::int as n from public.rating r join public.game g on g.id = r.game_id where r.user_id = 1 and g.igdb_id = $1',
    [CELESTE],
  );
  const [records] = await gateway.db.query<{ n: number; distinct_ids: number }>(
    'select count(*)::int as n, count(distinct mutation_id)::int as distinct_ids from public.sync_applied where mutation_id = any($1::uuid[])',
    [ids],
  );
  return Math.max(0, (rows?.n ?? 0) - 1) + (records ? records.n - records.distinct_ids : 0);
}

const notice = (d: Device) => d.page.getByRole('region', { name: 'Edit replaced on another device' });

/** The proxies' counts (requests reset, replies dropped), for the test's output. */
function report(what: string, dup: number): void {
  const [a, b] = machines;
  console.log(
    `sync-conflicts e2e, ${what}: device A ${a!.proxy.summary(dup)}, ${a!.proxy.counts().refused} refused while offline; ` +
      `device B ${b!.proxy.summary(dup)}, ${b!.proxy.counts().refused} refused while offline`,
  );
}

const myReview = (page: Page) =>
  page.evaluate(async (igdb) => {
    const reviews = await window.checkpoint!.mirrors('reviews');
    const mine = reviews.find((r) => r.igdb_id === igdb && r.id > 0 && r.user_id === 1);
    return mine ? { review: mine.review, rating: mine.rating } : null;
  }, CELESTE);

it('an older offline edit does not replace a newer one; the device whose edit lost is told once, and can bring it back', async () => {
  const a = await device(machines[0]!);
  const b = await device(machines[1]!);
  // With the game's summary, as the review form sends it: nothing syncs Celeste onto a fresh
  // device (not the member's, not in the home feed) until the catalogue download, 5 s after load.
  await a.page.evaluate(
    (igdb) =>
      window
        .checkpoint!.mutate('review.create', { igdb_id: igdb, game: { name: 'Celeste' }, rating: 5, review: 'Start' })
        .then(() => undefined),
    CELESTE,
  );
  await syncNow(a);
  await syncNow(b);
  expect(await myReview(b.page)).toEqual({ review: 'Start', rating: 5 });

  goOffline(a);
  goOffline(b);
  const aFirst = await edit(a, 'A edited FIRST', 2);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const bLater = await edit(b, 'B edited LATER', 10);
  // Truly offline: whatever the pages or their service workers tried, nothing reached the server.
  await syncNow(a);
  await syncNow(b);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(await recorded([aFirst, bLater])).toBe(0);
  expect(await serverReview()).toEqual([{ review: 'Start', rating: 5 }]);

  goOnline(b);
  await syncNow(b);
  await expect.poll(() => recorded([bLater]), { timeout: 20_000 }).toBe(1);
  // A is still offline: B's edit is on the server, A's is not.
  expect(await recorded([aFirst])).toBe(0);
  goOnline(a);
  await syncNow(a);
  await syncNow(b);

  expect(await serverReview()).toEqual([{ review: 'B edited LATER', rating: 10 }]);
  expect(await myReview(a.page)).toEqual({ review: 'B edited LATER', rating: 10 });
  expect(await myReview(b.page)).toEqual({ review: 'B edited LATER', rating: 10 });

  await expect.poll(() => notice(a).count()).toBe(1);
  expect(await notice(a).innerText()).toContain('This review was changed on another device after your edit.');
  expect(await notice(a).innerText()).toContain('Yours: Rating: 2.0 · “A edited FIRST”');
  // At 390 px the notice keeps its own room at the end of the page: scrolled to the bottom, it
  // covers nothing (a fixed notice hid the end of the page, the footer here, for good).
  await a.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const covered = await a.page.evaluate(() => {
    const box = document.querySelector('.conflict-notice')?.getBoundingClientRect();
    const footer = document.querySelector('footer.footer')?.getBoundingClientRect();
    return box && footer ? Math.max(0, footer.bottom - box.top) : -1;
  });
  expect(covered).toBe(0);
  expect(await notice(b).count()).toBe(0);
  await notice(a).getByRole('button', { name: 'Keep theirs' }).click();
  await expect.poll(() => notice(a).count()).toBe(0);
  // Once: after a reload and another sync it does not come back, and nothing was sent.
  await a.page.reload();
  await a.page.waitForFunction(() => window.checkpoint !== undefined);
  await syncNow(a);
  expect(await notice(a).count()).toBe(0);
  expect(await a.page.evaluate(() => window.checkpoint!.pending())).toBe(0);

  // The other way round: B edits first, A later; A syncs first, so B's edit loses, and B wants it back.
  goOffline(a);
  goOffline(b);
  const bFirst = await edit(b, 'B edited FIRST', 3);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const aLater = await edit(a, 'A edited LATER', 8);
  goOnline(a);
  await syncNow(a);
  await expect.poll(() => recorded([aLater]), { timeout: 20_000 }).toBe(1);
  expect(await recorded([bFirst])).toBe(0);
  goOnline(b);
  await syncNow(b);
  expect(await serverReview()).toEqual([{ review: 'A edited LATER', rating: 8 }]);
  await expect.poll(() => notice(b).count()).toBe(1);
  expect(await notice(b).innerText()).toContain('Yours: Rating: 3.0 · “B edited FIRST”');
  expect(await notice(a).count()).toBe(0);
  // Use mine: a new edit through the outbox, newer than A's, so it wins everywhere.
  await notice(b).getByRole('button', { name: 'Use mine' }).click();
  await expect.poll(() => notice(b).count()).toBe(0);
  await expect
    .poll(
      async () => {
        await syncNow(b);
        return serverReview();
      },
      { timeout: 20_000 },
    )
    .toEqual([{ review: 'B edited FIRST', rating: 3 }]);
  await syncNow(a);
  expect(await myReview(a.page)).toEqual({ review: 'B edited FIRST', rating: 3 });
  expect(await myReview(b.page)).toEqual({ review: 'B edited FIRST', rating: 3 });
  // A's edit lost to B's newer "Use mine" only because B chose it after: A is not told.
  expect(await notice(a).count()).toBe(0);
  expect(await b.page.evaluate(() => window.checkpoint!.pending())).toBe(0);

  const dup = await duplicates([aFirst, bLater, bFirst, aLater]);
  report('two devices', dup);
  expect(dup).toBe(0);
  // The proxies did stop the devices: the syncs they tried while offline were refused.
  expect(machines.every(({ proxy }) => proxy.counts().refused > 0)).toBe(true);
}, 240_000);

/** Adds rows to the page's outbox as a build from before protocols queued them: no clock, no protocol. */
function queueAsOldBuild(
  page: Page,
  rows: ReadonlyArray<{ id: string; name: string; args: unknown; created_at: string }>,
): Promise<void> {
  return writeDevice(
    page,
    rows.map((row) => ({ store: 'outbox', op: 'add', value: { ...row, attempts: 0 } })),
  );
}

it("an old build's outbox replayed against today's server: read while it can, kept and synced after Update once it cannot", async () => {
  const c = await device(machines[0]!);
  const pushesBefore = c.proxy.counts().pushes;
  const applied = (ids: readonly string[]) =>
    gateway.db.query<{ status: string }>('select status from public.sync_applied where mutation_id = any($1::uuid[])', [
      ids,
    ]);

  // Today's server still reads the old shape: the rows sync once, dated when they arrive; no banner.
  const readable = [
    {
      id: randomUUID(),
      name: 'wishlist.set',
      args: { igdb_id: HOLLOW_KNIGHT, in: true },
      created_at: new Date().toISOString(),
    },
    {
      id: randomUUID(),
      name: 'profile.update',
      args: { bio: 'Queued by an old build' },
      created_at: new Date().toISOString(),
    },
  ];
  await queueAsOldBuild(c.page, readable);
  expect(await c.page.evaluate(() => window.checkpoint!.syncNow())).toMatchObject({
    pending: 0,
    lastError: null,
    updateNeeded: false,
  });
  expect(await applied(readable.map((r) => r.id))).toEqual([{ status: 'ok' }, { status: 'ok' }]);
  expect(await gateway.db.query('select bio from public."user" where id = 1')).toEqual([
    { bio: 'Queued by an old build' },
  ]);

  // The server stops reading protocol 1: a row the old build queued an hour ago is kept, and the app asks for an update.
  const madeAt = new Date(Date.now() - 3_600_000).toISOString();
  const id = randomUUID();
  await queueAsOldBuild(c.page, [{ id, name: 'wishlist.set', args: { igdb_id: HADES, in: true }, created_at: madeAt }]);
  await gateway.db.query('update public.sync_protocol set min_protocol = 2');
  try {
    const status = await c.page.evaluate(() => window.checkpoint!.syncNow());
    expect(status).toMatchObject({ updateNeeded: true, lastError: 'A new version is needed to sync your changes' });
    expect(await c.page.evaluate(() => window.checkpoint!.outbox())).toEqual([
      expect.objectContaining({ id, name: 'wishlist.set' }),
    ]);
    const banner = c.page.getByRole('alert', { name: 'Update needed' });
    await expect.poll(() => banner.count()).toBe(1);
    expect(await banner.innerText()).toContain('A new version is needed to sync your changes');
    expect(await applied([id])).toEqual([]);

    // Update: the app starts again, brings the row to today's shape (dated when it was made), and
    // the server, still refusing protocol 1, takes it once.
    await Promise.all([c.page.waitForEvent('load'), c.page.getByRole('button', { name: 'Update' }).click()]);
    await c.page.waitForFunction(() => window.checkpoint !== undefined);
    await expect.poll(() => c.page.evaluate(() => window.checkpoint!.pending()), { timeout: 30_000 }).toBe(0);
    expect(await applied([id])).toEqual([{ status: 'ok' }]);
    await expect.poll(() => c.page.getByRole('alert', { name: 'Update needed' }).count()).toBe(0);
    expect(await gateway.db.query<{ min_protocol: number }>('select min_protocol from public.sync_protocol')).toEqual([
      { min_protocol: 2 },
    ]);
  } finally {
    await gateway.db.query('update public.sync_protocol set min_protocol = 1');
  }
  const [clock] = await gateway.db.query<{ hlc: string }>(
    `select k.hlc from public.edit_clock k join public.game g on g.id = k.row_id where k.user_id = 1 and k.entity = 'shelf' and g.igdb_id = $1`,
    [HADES],
  );
  expect(Number(clock?.hlc.slice(0, 15))).toBe(Date.parse(madeAt));
  const wishlisted = await gateway.db.query<{ igdb_id: number }>(
    'select igdb_id::int as igdb_id from public.user_wishlist where user_id = 1 and igdb_id = any($1::bigint[]) order by igdb_id',
    [[HOLLOW_KNIGHT, HADES]],
  );
  expect(wishlisted).toEqual([{ igdb_id: HOLLOW_KNIGHT }, { igdb_id: HADES }]);
  const [records] = await gateway.db.query<{ n: number }>(
    'select count(*)::int as n from public.sync_applied where mutation_id = any($1::uuid[])',
    [[...readable.map((r) => r.id), id]],
  );
  const dup = Math.max(0, (records?.n ?? 0) - 3);
  console.log(
    `sync-conflicts e2e, old outbox: ${c.proxy.summary(dup)} (${c.proxy.counts().pushes - pushesBefore} in this test)`,
  );
  expect(records?.n).toBe(3);
}, 180_000);
