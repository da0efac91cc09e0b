// Writes made in Chromium over a network that resets half the connections and drops
// half the replies the server did send (the service worker's requests too: the browser runs
// through tests/support/fault-proxy.ts), with the server stopped and started again in the middle.
// Every write lands exactly once, checked in the database; the proxy's counts go to the output.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SyncStatus } from '../../src/sync/status.ts';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.ts';
import { signUpMember, startRestartableGateway, TEST_PASSWORD, type RestartableGateway } from '../support/gateway.ts';
import { launchChromium } from './browser.ts';

const WITCHER_3 = 1942;
const COMMENTS = 24;
const SESSIONS = 8;
const SEED = Number(process.env['FLAKY_SEED'] ?? 19);

let gateway: RestartableGateway;
let proxy: FaultProxy;
let browser: Browser;

beforeAll(async () => {
  gateway = await startRestartableGateway();
  proxy = await startFaultProxy();
  browser = await launchChromium({ proxy });
});

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await gateway?.close();
});

const syncNow = (page: Page) => page.evaluate(() => window.checkpoint?.syncNow()) as Promise<SyncStatus | undefined>;
const pending = (page: Page) => page.evaluate(() => window.checkpoint?.pending() ?? null);

it('lands every write exactly once through resets, dropped replies and a server restart', async () => {
  const me = await signUpMember(gateway, 'flaky_writer');
  const [demo] = await gateway.db.query<{ id: number; like_count: number; comment_count: number }>(
    `select r.id::int as id, r.like_count, r.comment_count from public.rating r
       join public."user" u on u.id = r.user_id where u.username = 'pixel_pilgrim' and r.igdb_id = $1`,
    [WITCHER_3],
  );
  if (!demo) throw new Error('the demo review is missing');

  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('checkpoint.devtools', '1'));
  const page = await context.newPage();
  await page.goto(gateway.url);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 15_000 })
    .toBe('activated');
  await expect.poll(() => page.evaluate(() => typeof window.checkpoint)).toBe('object');
  expect(
    await page.evaluate(([email, password]) => window.checkpoint?.signIn(email, password), [
      me.email,
      TEST_PASSWORD,
    ] as const),
  ).toMatchObject({ memberId: me.id });
  expect((await syncNow(page))?.lastError).toBeNull();
  expect(await page.evaluate((id) => window.checkpoint?.readThrough({ rating_ids: [id] }), demo.id)).toBeGreaterThan(0);
  const before = proxy.counts();

  // Half the API's connections reset before the server sees them, half of the rest answered into the void.
  proxy.faults({ reset: 0.5, dropReply: 0.5, seed: SEED });
  const today = new Date().toISOString().slice(0, 10);
  const comments = Array.from({ length: COMMENTS }, () => randomUUID());
  const sessions = Array.from({ length: SESSIONS }, () => randomUUID());
  const ids: string[] = [];
  const write = async (name: string, args: unknown) => {
    const id = await page.evaluate(([n, a]) => window.checkpoint?.mutate(n as never, a as never), [
      name,
      args,
    ] as const);
    if (typeof id !== 'string') throw new Error(`${name}: window.checkpoint is missing`);
    ids.push(id);
  };
  await write('review_like.set', { rating_id: demo.id, liked: true });
  for (const [i, key] of comments.entries()) {
    await write('comment.add', { key, rating_id: demo.id, content: `Flaky comment ${i + 1}` });
    // Syncs between the writes, as the member's taps and the engine's triggers would make them.
    if (i % 4 === 3) await syncNow(page);
    if (i === COMMENTS / 2) {
      // The server goes down with writes waiting (a clean line to it, so the sync does meet it
      // down) and comes back on the same port and database.
      await gateway.stop();
      proxy.faults({});
      expect(await syncNow(page)).toMatchObject({ online: true, reachable: false, lastError: expect.any(String) });
      await gateway.start();
      proxy.faults({ reset: 0.5, dropReply: 0.5, seed: SEED + 1 });
    }
  }
  for (const [i, key] of sessions.entries()) {
    await write('journal.add', {
      key,
      igdb_id: WITCHER_3,
      played_on: today,
      minutes: 30 + i,
      note: `Session ${i + 1}`,
    });
  }

  // Still flaky: the member's Sync now (no backoff wait) until the outbox is empty.
  await expect
    .poll(
      async () => {
        await syncNow(page);
        return pending(page);
      },
      { timeout: 90_000, interval: 200 },
    )
    .toBe(0);
  proxy.faults({});
  expect(await syncNow(page)).toMatchObject({ pending: 0, lastError: null, online: true });

  const recorded = await gateway.db.query<{ mutation_id: string; status: string }>(
    'select mutation_id::text, status from public.sync_applied where user_id = $1',
    [me.id],
  );
  expect(recorded.map((r) => r.mutation_id).sort()).toEqual([...ids].sort());
  expect(recorded.filter((r) => r.status !== 'ok')).toEqual([]);
  const rows = await gateway.db.query<{ client_key: string; n: number }>(
    'select client_key::text, count(*)::int as n from public.comment where user_id = $1 group by client_key',
    [me.id],
  );
  const journal = await gateway.db.query<{ client_key: string; n: number }>(
    'select client_key::text, count(*)::int as n from public.play_session where user_id = $1 group by client_key',
    [me.id],
  );
  const [counters] = await gateway.db.query<{ like_count: number; comment_count: number }>(
    'select like_count, comment_count from public.rating where id = $1',
    [demo.id],
  );
  const [likes] = await gateway.db.query<{ n: number }>(
    'select count(*)::int as n from public.content_like where user_id = $1',
    [me.id],
  );
  // Extra copies of an effect: rows beyond one per key, counters beyond the writes made.
  const duplicates =
    [...rows, ...journal].reduce((sum, r) => sum + r.n - 1, 0) +
    Math.max(0, (counters?.comment_count ?? 0) - demo.comment_count - COMMENTS) +
    Math.max(0, (counters?.like_count ?? 0) - demo.like_count - 1) +
    Math.max(0, (likes?.n ?? 0) - 1);
  const after = proxy.counts();
  console.log(
    `flaky-network (seed ${SEED}): ${proxy.summary(duplicates)}; ${after.unreachable} requests met the stopped server`,
  );

  expect(duplicates).toBe(0);
  expect(rows.map((r) => r.client_key).sort()).toEqual([...comments].sort());
  expect(journal.map((r) => r.client_key).sort()).toEqual([...sessions].sort());
  expect(counters).toEqual({ like_count: demo.like_count + 1, comment_count: demo.comment_count + COMMENTS });
  // The faults did happen, to pushes among others: the test would prove nothing on a clean line.
  expect(after.pushes - before.pushes).toBeGreaterThan(after.pushesAnswered - before.pushesAnswered);
  expect(after.reset - before.reset).toBeGreaterThan(0);
  expect(after.repliesDropped - before.repliesDropped).toBeGreaterThan(0);
  expect(after.unreachable - before.unreachable).toBeGreaterThan(0);
  // The device ends with the server's rows: each comment once, with its server id.
  const device = await page.evaluate(() => window.checkpoint?.mirrors('comments'));
  const mine = (device ?? []).filter((c) => c.user_id === me.id);
  expect(mine.map((c) => c.client_key).sort()).toEqual([...comments].sort());
  expect(mine.every((c) => c.id > 0)).toBe(true);
  await context.close();
}, 180_000);
