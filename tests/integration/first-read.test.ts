// A first visit's early read (src/data/first-read.ts) against the real gateway: sent only when the
// device has no database (no stored session can exist), answered exactly as the app's own read
// would be, taken once and only by the very same read; readRpc (backend.ts) uses it instead of
// asking the server again.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_DB_NAME } from '../../src/core/constants.ts';
import { CheckpointDb } from '../../src/store/db.ts';
import { gamePageRead, scopeSnapshotRead, sendFirstRead, takeFirstRead } from '../../src/data/first-read.ts';
import { startTestGateway, type TestGateway } from '../support/gateway.ts';

Object.assign(Dexie.dependencies, { indexedDB: globalThis.indexedDB, IDBKeyRange: globalThis.IDBKeyRange });

let gw: TestGateway;
const realFetch = globalThis.fetch;
/** Every request the page makes, as `METHOD path`. */
const requests: string[] = [];
/** The apikey header of each request that had one. */
const keys: string[] = [];

beforeAll(async () => {
  gw = await startTestGateway();
  await gw.db.exec(
    `insert into public.game (igdb_id, name, slug, summary) values (424242, 'Outer Wilds', 'outer-wilds', 'A space exploration game.')`,
  );
  globalThis.fetch = pageFetch;
});

/** The page's fetch: same-origin addresses (/_dev/config.json) resolve against the gateway, as against the page's origin in a browser. */
const pageFetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : String(input), gw.url);
  requests.push(`${init?.method ?? 'GET'} ${url.pathname}`);
  const apikey = new Headers(init?.headers).get('apikey');
  if (apikey) keys.push(apikey);
  return realFetch(url, init);
};
afterAll(async () => {
  globalThis.fetch = realFetch;
  await gw?.close();
});
afterEach(async () => {
  requests.length = 0;
  keys.length = 0;
  takeFirstRead(gamePageRead('outer-wilds'));
  await Dexie.delete(DEVICE_DB_NAME);
});

describe('a first visit (no database on the device)', () => {
  it('sends the screen read with the anon key and answers as supabase-js does, once', async () => {
    sendFirstRead(gamePageRead('outer-wilds'));
    const early = takeFirstRead(gamePageRead('outer-wilds'));
    expect(early).not.toBeNull();
    const answer = await early;
    expect(requests).toEqual(['GET /_dev/config.json', 'POST /rest/v1/rpc/get_game_page']);
    const viaClient = await gw.client().rpc('get_game_page', gamePageRead('outer-wilds').args);
    expect(answer).toMatchObject({ status: viaClient.status, error: null });
    expect(answer?.data).toEqual(viaClient.data);
    expect((answer?.data as { game: { name: string } }).game.name).toBe('Outer Wilds');
    // Taken: the next ask goes to the server.
    expect(takeFirstRead(gamePageRead('outer-wilds'))).toBeNull();
  });

  it("sends a profile's read-through snapshot, answered as the app's own read would be", async () => {
    const [row] = await gw.db.query<{ id: string }>(
      `insert into public."user" (provider_id, username) values ('early-reader-auth-id', 'early_reader') returning id`,
    );
    const read = scopeSnapshotRead({ user_ids: [Number(row?.id)] });
    sendFirstRead(read);
    const answer = await takeFirstRead(read);
    const viaClient = await gw.client().rpc('sync_pull', read.args);
    expect(answer).toMatchObject({ status: 200, error: null });
    expect(answer?.data).toEqual(viaClient.data);
    expect(JSON.stringify(answer?.data)).toContain('early_reader');
  });

  it('is not taken by another read (another game, other arguments)', async () => {
    sendFirstRead(gamePageRead('outer-wilds'));
    expect(takeFirstRead(gamePageRead('hades'))).toBeNull();
    expect(takeFirstRead({ fn: 'get_game_page', args: { p_identifier: 'outer-wilds', p_review_limit: 0 } })).toBeNull();
    expect(
      takeFirstRead({ fn: 'get_recent_reviews', args: { p_identifier: 'outer-wilds', p_review_limit: 5 } }),
    ).toBeNull();
    await expect(takeFirstRead(gamePageRead('outer-wilds'))).resolves.toMatchObject({ status: 200 });
  });

  it('answers a failed request with status 0 (readRpc then asks again), never a rejection', async () => {
    // The settings came in with the first test (they are fetched once per page); the read fails.
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    try {
      sendFirstRead(gamePageRead('outer-wilds'));
      await expect(takeFirstRead(gamePageRead('outer-wilds'))).resolves.toMatchObject({
        status: 0,
        data: null,
        error: { message: 'TypeError: Failed to fetch' },
      });
    } finally {
      globalThis.fetch = pageFetch;
    }
  });
});

describe("a first visit to a page the local gateway served (its anon key in the page's meta tag)", () => {
  /** The page as the gateway serves it: the meta tag index.html carries, on the gateway's origin. */
  function servedPage(anonKey: string): () => void {
    const meta = { content: anonKey };
    Object.assign(globalThis, {
      document: {
        querySelector: (selector: string) => (selector === 'meta[name="checkpoint:anon-key"]' ? meta : null),
      },
      location: new URL(gw.url),
    });
    return () => {
      Reflect.deleteProperty(globalThis, 'document');
      Reflect.deleteProperty(globalThis, 'location');
    };
  }

  it('leaves with the key from the page, without a round trip for /_dev/config.json', async () => {
    // A key the server takes but no page would carry (the service key): the read used the page's.
    const leave = servedPage(gw.serviceRoleKey);
    try {
      sendFirstRead(gamePageRead('outer-wilds'));
      await expect(takeFirstRead(gamePageRead('outer-wilds'))).resolves.toMatchObject({
        status: 200,
        error: null,
        data: { game: { name: 'Outer Wilds' } },
      });
      expect(requests).toEqual(['POST /rest/v1/rpc/get_game_page']);
      expect(keys).toEqual([gw.serviceRoleKey]);
    } finally {
      leave();
    }
  });

  it("steps aside when the key in the page is no longer the server's (a page kept from an earlier start)", async () => {
    const leave = servedPage(`${gw.anonKey.slice(0, -4)}AAAA`);
    try {
      sendFirstRead(gamePageRead('outer-wilds'));
      await expect(takeFirstRead(gamePageRead('outer-wilds'))).resolves.toBeNull();
      expect(requests).toEqual(['POST /rest/v1/rpc/get_game_page']);
    } finally {
      leave();
    }
  });
});

describe('a device with a database', () => {
  it('sends nothing: the app reads with the stored session, if any', async () => {
    const db = new CheckpointDb();
    await db.open();
    db.close();
    sendFirstRead(gamePageRead('outer-wilds'));
    await expect(takeFirstRead(gamePageRead('outer-wilds'))).resolves.toBeNull();
    expect(requests.filter((r) => r.includes('/rest/'))).toEqual([]);
  });
});
