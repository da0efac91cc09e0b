// The serialised refresh over the real IndexedDB API (fake-indexeddb), two "contexts" (two
// databases of one name, as a tab and the worker open it) and a small exclusive lock manager with
// the Web Locks semantics the browser gives (Node 20 has no navigator.locks; the browser path is
// covered by tests/e2e/pwa.test.ts).
import 'fake-indexeddb/auto';
import { afterEach, expect, it } from 'vitest';
import { CheckpointDb } from '../store/db.ts';
import {
  LAST_REFRESH_KEY,
  REFRESH_HOLD_MS,
  REFRESH_REPLAY_MS,
  REFRESH_RETRY_MS,
  serialisedRefreshFetch,
} from './auth-refresh.ts';
import { createAuthStorage } from './auth-storage.ts';

const REFRESH_URL = 'http://127.0.0.1:9/auth/v1/token?grant_type=refresh_token';
const opened: CheckpointDb[] = [];

afterEach(async () => {
  const dbs = opened.splice(0);
  for (const db of dbs) db.close();
  for (const db of dbs) await db.delete().catch(() => undefined);
});

/** Exclusive, first come first served, released when the callback settles (Web Locks' contract). */
function fifoLocks(): { locks: LockManager; held: () => boolean } {
  const tails = new Map<string, Promise<unknown>>();
  let holding = 0;
  const request = (name: string, ...rest: unknown[]): Promise<unknown> => {
    const callback = rest.at(-1);
    if (typeof callback !== 'function') throw new TypeError('callback expected');
    const previous = tails.get(name) ?? Promise.resolve();
    const run = previous
      .catch(() => undefined)
      .then(async () => {
        holding++;
        try {
          return await (callback as (lock: Lock | null) => unknown)({ name, mode: 'exclusive' });
        } finally {
          holding--;
        }
      });
    tails.set(
      name,
      run.catch(() => undefined),
    );
    return run;
  };
  const locks = { request, query: () => Promise.resolve({ held: [], pending: [] }) } as unknown as LockManager;
  return { locks, held: () => holding > 0 };
}

/** A token endpoint that rotates: r1 → r2 → r3…, and rejects a token presented twice (as the gateway does). */
function tokenServer() {
  const used = new Set<string>();
  const requests: string[] = [];
  let serial = 1;
  const fetchFn: typeof fetch = async (input, init) => {
    const url = String(input);
    if (!url.includes('grant_type=refresh_token')) return new Response('[]', { status: 200 });
    const presented = (JSON.parse(String(init?.body)) as { refresh_token: string }).refresh_token;
    requests.push(presented);
    // A real network round trip: the other context gets to run meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (used.has(presented))
      return new Response(JSON.stringify({ error_code: 'refresh_token_already_used' }), { status: 400 });
    used.add(presented);
    serial++;
    return new Response(
      JSON.stringify({
        access_token: `a${serial}`,
        refresh_token: `r${serial}`,
        expires_in: 3600,
        token_type: 'bearer',
      }),
      { status: 200 },
    );
  };
  return { fetchFn, requests };
}

function context(name: string, locks: LockManager | undefined, fetchFn: typeof fetch, now: () => number = Date.now) {
  const db = new CheckpointDb(name);
  opened.push(db);
  return serialisedRefreshFetch({ db, lockName: 'lock:checkpoint.auth', locks, fetch: fetchFn, now });
}

const refresh = async (f: typeof fetch, token: string) => {
  const response = await f(REFRESH_URL, { method: 'POST', body: JSON.stringify({ refresh_token: token }) });
  return { status: response.status, body: (await response.json()) as { refresh_token?: string; error_code?: string } };
};

it('lets one context spend a refresh token; the other, waiting on the lock, gets the same rotated tokens', async () => {
  const name = `refresh-${crypto.randomUUID()}`;
  const { locks } = fifoLocks();
  const server = tokenServer();
  const [page, worker] = [context(name, locks, server.fetchFn), context(name, locks, server.fetchFn)];
  const [a, b] = await Promise.all([refresh(page, 'r1'), refresh(worker, 'r1')]);
  expect(server.requests).toEqual(['r1']);
  expect(a).toEqual({ status: 200, body: expect.objectContaining({ refresh_token: 'r2' }) });
  expect(b).toEqual(a);
  // The next refresh spends the new token, once.
  expect((await refresh(worker, 'r2')).body.refresh_token).toBe('r3');
  expect(server.requests).toEqual(['r1', 'r2']);
});

it('without the coordination the second context spends the token again and the server refuses it', async () => {
  const server = tokenServer();
  const [a, b] = await Promise.all([refresh(server.fetchFn, 'r1'), refresh(server.fetchFn, 'r1')]);
  expect([a.status, b.status].sort()).toEqual([200, 400]);
});

it('hands the kept answer out for a minute only, and never keeps a refused refresh', async () => {
  const name = `refresh-${crypto.randomUUID()}`;
  let clock = 1_000_000;
  const server = tokenServer();
  const tab = context(name, fifoLocks().locks, server.fetchFn, () => clock);
  await refresh(tab, 'r1');
  clock += REFRESH_REPLAY_MS + 1;
  expect(await refresh(tab, 'r1')).toEqual({ status: 400, body: { error_code: 'refresh_token_already_used' } });
  expect(await refresh(tab, 'r1')).toMatchObject({ status: 400 });
  expect(server.requests).toEqual(['r1', 'r1', 'r1']);
});

it('forgets the kept answer when the session is removed (sign-out)', async () => {
  const name = `refresh-${crypto.randomUUID()}`;
  const server = tokenServer();
  const tab = context(name, fifoLocks().locks, server.fetchFn);
  await refresh(tab, 'r1');
  const db = new CheckpointDb(name);
  opened.push(db);
  expect(await db.auth.get(LAST_REFRESH_KEY)).toBeDefined();
  await createAuthStorage(db).removeItem('checkpoint.auth');
  expect(await db.auth.get(LAST_REFRESH_KEY)).toBeUndefined();
  expect((await refresh(tab, 'r1')).status).toBe(400);
});

it('sends every other request straight through, even while a refresh holds the lock', async () => {
  const { locks, held } = fifoLocks();
  let release: () => void = () => undefined;
  let blockedRefreshes = 0;
  const fetchFn: typeof fetch = async (input) => {
    if (String(input).includes('grant_type=refresh_token')) {
      blockedRefreshes++;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return new Response('{}', { status: 200 });
    }
    return new Response('[1]', { status: 200 });
  };
  const tab = context(`refresh-${crypto.randomUUID()}`, locks, fetchFn);
  const pending = refresh(tab, 'r1');
  await expect.poll(() => blockedRefreshes).toBe(1);
  expect(held()).toBe(true);
  const rpc = await tab('http://127.0.0.1:9/rest/v1/rpc/get_profile', {
    method: 'POST',
    body: JSON.stringify({ p_user_id: 1 }),
  });
  expect(await rpc.json()).toEqual([1]);
  // A password sign-in is another grant of the same endpoint: not a refresh, not serialised.
  const signIn = await tab('http://127.0.0.1:9/auth/v1/token?grant_type=password', { method: 'POST', body: '{}' });
  expect(signIn.status).toBe(200);
  release();
  await pending;
  expect(held()).toBe(false);
});

it('passes straight through where there are no Web Locks (one context, Node)', async () => {
  const server = tokenServer();
  const alone = context(`refresh-${crypto.randomUUID()}`, undefined, server.fetchFn);
  expect((await refresh(alone, 'r1')).body.refresh_token).toBe('r2');
  expect(server.requests).toEqual(['r1']);
});

/** A token server behind a link that is down until `up()`; counts what reached it and what was tried. */
function serverDownUntilUp(whileDown: () => Promise<Response>) {
  const server = tokenServer();
  let isUp = false;
  let tries = 0;
  const fetchFn: typeof fetch = (input, init) => {
    tries++;
    return isUp ? server.fetchFn(input, init) : whileDown();
  };
  return { fetchFn, server, up: () => (isUp = true), tries: () => tries };
}

it('tries a refresh again every second while the server cannot be reached, as one request', async () => {
  const link = serverDownUntilUp(() => Promise.reject(new TypeError('Failed to fetch')));
  const tab = context(`refresh-${crypto.randomUUID()}`, fifoLocks().locks, link.fetchFn);
  const pending = refresh(tab, 'r1');
  await expect.poll(() => link.tries(), { timeout: 3_000 }).toBeGreaterThanOrEqual(2);
  link.up();
  const backAt = Date.now();
  expect(await pending).toEqual({ status: 200, body: expect.objectContaining({ refresh_token: 'r2' }) });
  expect(Date.now() - backAt).toBeLessThanOrEqual(REFRESH_RETRY_MS + 500);
  expect(link.server.requests).toEqual(['r1']);
});

it('tries again at once when the browser comes online, and after a 503 from a proxy', async () => {
  const link = serverDownUntilUp(() => Promise.resolve(new Response('down', { status: 503 })));
  const wakes = new Set<() => void>();
  const tab = serialisedRefreshFetch({
    db: new CheckpointDb(`refresh-${crypto.randomUUID()}`),
    lockName: 'lock:checkpoint.auth',
    locks: undefined,
    fetch: link.fetchFn,
    onOnline: (wake) => {
      wakes.add(wake);
      return () => wakes.delete(wake);
    },
  });
  const pending = refresh(tab, 'r1');
  await expect.poll(() => wakes.size).toBe(1);
  link.up();
  const backAt = Date.now();
  for (const wake of wakes) wake();
  expect((await pending).status).toBe(200);
  expect(Date.now() - backAt).toBeLessThan(REFRESH_RETRY_MS / 2);
  expect(wakes.size).toBe(0);
});

it('gives the failure to auth-js once the server has been unreachable for REFRESH_HOLD_MS', async () => {
  let clock = 1_000_000;
  const link = serverDownUntilUp(() => {
    clock += REFRESH_HOLD_MS / 2 + 1; // each try takes long, as a dead server's timeout does
    return Promise.reject(new TypeError('Failed to fetch'));
  });
  const tab = context(`refresh-${crypto.randomUUID()}`, fifoLocks().locks, link.fetchFn, () => clock);
  await expect(refresh(tab, 'r1')).rejects.toThrow('Failed to fetch');
  expect(link.tries()).toBe(3);
  // The same token later: its outage is over its hold, one try only.
  await expect(refresh(tab, 'r1')).rejects.toThrow('Failed to fetch');
  expect(link.tries()).toBe(4);
  // A refusal from the server itself is its answer, not an outage: handed over at once.
  link.up();
  expect((await refresh(tab, 'r1')).status).toBe(200);
  expect((await refresh(tab, 'r2')).status).toBe(200);
  expect(link.server.requests).toEqual(['r1', 'r2']);
});
