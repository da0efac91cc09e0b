// The first screen's read path without supabase-js (src/data/direct-rpc.ts) against the real
// gateway: it must answer exactly as supabase-js does for the same call (data, error, status), as a
// visitor and as a member, and step aside (null) where only auth-js may act: a token the server
// refuses, a session near its end. The session it reads is the one the app stores in IndexedDB.
import 'fake-indexeddb/auto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckpointDb } from '../../src/store/db.ts';
import {
  directRpc,
  directToken,
  readsBusy,
  readsIdle,
  trackRead,
  type DirectSettings,
} from '../../src/data/direct-rpc.ts';
import { startTestGateway, type TestGateway } from '../support/gateway.ts';
import { grantTestFunctions } from '../support/test-db.ts';

const JWT_SECRET = 'direct-rpc-test-secret-of-at-least-32-chars';
const STORAGE_KEY = 'checkpoint.auth';

let gw: TestGateway;
let settings: DirectSettings;

beforeAll(async () => {
  gw = await startTestGateway({ jwtSecret: JWT_SECRET });
  await gw.db.exec(`
    create function public.t_direct_add(a int, b int default 10) returns int language sql immutable as 'select a + b';
    create function public.t_direct_rows(n int) returns table (i int, label text) language sql stable
      as $$ select g, 'item ' || g from generate_series(1, n) g $$;
    create function public.t_direct_fail() returns void language plpgsql as $$
      begin raise exception 'Comment exceeds 500 characters' using errcode = 'P0001', hint = 'Shorten it', detail = 'length 501'; end $$;
    create function public.t_direct_whoami() returns jsonb language sql stable
      as $$ select jsonb_build_object('uid', auth.uid(), 'role', current_user) $$;
    create function public.t_direct_nothing() returns jsonb language sql stable as 'select null::jsonb';
    ${grantTestFunctions('t_direct_')}
  `);
  settings = { supabaseUrl: gw.url, anonKey: gw.anonKey };
});
afterAll(async () => {
  await gw?.close();
});

const token = (sub: string | null, expiresIn: string) => {
  const jwt = new SignJWT({ role: sub ? 'authenticated' : 'anon', ...(sub ? { sub } : {}) })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(expiresIn);
  return jwt.sign(new TextEncoder().encode(JWT_SECRET));
};

describe('directRpc answers as supabase-js does', () => {
  const calls: Array<[string, Record<string, unknown>]> = [
    ['t_direct_add', { a: 2, b: 3 }],
    ['t_direct_add', { a: 2 }],
    ['t_direct_rows', { n: 3 }],
    ['t_direct_fail', {}],
    ['t_direct_nothing', {}],
    ['t_direct_whoami', {}],
    ['t_direct_missing_function', {}],
    ['t_direct_add', { a: 'not a number' }],
  ];

  it.each(calls)('%s %j, as a visitor', async (fn, args) => {
    const viaClient = await gw.client().rpc(fn, args);
    const direct = await directRpc(settings, gw.anonKey, fn, args);
    expect(direct).not.toBeNull();
    expect(direct?.status).toBe(viaClient.status);
    expect(direct?.data ?? null).toEqual(viaClient.data ?? null);
    if (viaClient.error) {
      expect(direct?.error).toMatchObject({ message: viaClient.error.message, code: viaClient.error.code });
      expect(direct?.error?.hint ?? null).toBe(viaClient.error.hint ?? null);
      expect(direct?.error?.details ?? null).toBe(viaClient.error.details ?? null);
    } else {
      expect(direct?.error).toBeNull();
    }
  });

  it('reads as the member whose token it sends', async () => {
    const uid = crypto.randomUUID();
    const answer = await directRpc(settings, await token(uid, '1h'), 't_direct_whoami', {});
    expect(answer).toEqual({ data: { uid, role: 'authenticated' }, error: null, status: 200 });
    const visitor = await directRpc(settings, gw.anonKey, 't_direct_whoami', {});
    expect(visitor?.data).toEqual({ uid: null, role: 'anon' });
  });

  it('steps aside on a token the server refuses (expired), for supabase-js to refresh', async () => {
    expect(await directRpc(settings, await token(crypto.randomUUID(), '-1m'), 't_direct_whoami', {})).toBeNull();
  });

  it('answers status 0 with the failure when there is no server, and when aborted', async () => {
    const nowhere = await directRpc({ ...settings, supabaseUrl: 'http://127.0.0.1:9' }, gw.anonKey, 't_direct_add', {
      a: 1,
    });
    expect(nowhere).toMatchObject({ data: null, status: 0 });
    expect(nowhere?.error?.message).toMatch(/TypeError/);
    const aborted = await directRpc(settings, gw.anonKey, 't_direct_add', { a: 1 }, AbortSignal.abort());
    expect(aborted).toMatchObject({ data: null, status: 0 });
    expect(aborted?.error?.message).toMatch(/AbortError/);
  });
});

describe('directToken', () => {
  let db: CheckpointDb;
  beforeAll(async () => {
    db = new CheckpointDb(`direct-token-${crypto.randomUUID()}`);
    await db.open();
  });
  afterAll(() => db.close());

  const store = (value: unknown) =>
    db.auth.put({ key: STORAGE_KEY, value: typeof value === 'string' ? value : JSON.stringify(value) });
  const now = Date.UTC(2026, 10, 22, 12);

  it('sends the anon key without a stored session', async () => {
    await db.auth.delete(STORAGE_KEY);
    expect(await directToken(db, STORAGE_KEY, 'anon-key', now)).toBe('anon-key');
  });

  it("sends the member's access token while it has more than auth-js's 90 s margin left", async () => {
    await store({ access_token: 'member-token', refresh_token: 'r', expires_at: now / 1000 + 3600 });
    expect(await directToken(db, STORAGE_KEY, 'anon-key', now)).toBe('member-token');
    await store({ access_token: 'member-token', refresh_token: 'r', expires_at: now / 1000 + 91 });
    expect(await directToken(db, STORAGE_KEY, 'anon-key', now)).toBe('member-token');
  });

  it('steps aside (null) for a session near its end or past it, and for one it cannot read', async () => {
    for (const left of [90, 30, -600]) {
      await store({ access_token: 'member-token', refresh_token: 'r', expires_at: now / 1000 + left });
      expect(await directToken(db, STORAGE_KEY, 'anon-key', now)).toBeNull();
    }
    for (const bad of ['{not json', 'null', { refresh_token: 'r' }, { access_token: 'member-token' }]) {
      await store(bad);
      expect(await directToken(db, STORAGE_KEY, 'anon-key', now)).toBeNull();
    }
  });
});

describe('trackRead', () => {
  it('is busy until every tracked read settles, rejected ones included', async () => {
    await readsIdle();
    let finish: () => void = () => undefined;
    let fail: (error: Error) => void = () => undefined;
    const first = trackRead(
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
    );
    const second = trackRead(
      new Promise<void>((_, reject) => {
        fail = reject;
      }),
    );
    second.catch(() => undefined);
    expect(readsBusy()).toBe(true);
    let idle = false;
    const waiting = readsIdle().then(() => {
      idle = true;
    });
    finish();
    await first;
    await Promise.resolve();
    expect(idle).toBe(false);
    fail(new Error('offline'));
    await waiting;
    expect(readsBusy()).toBe(false);
  });
});
