import 'fake-indexeddb/auto';
import { afterEach, expect, it, vi } from 'vitest';
import { createAuthStorage } from './auth-storage.ts';
import { AUTH_STORAGE_KEY, createWorkerBackend, sessionMayExist } from './backend.ts';
import { CheckpointDb } from '../store/db.ts';

const opened: CheckpointDb[] = [];
function open(name: string): CheckpointDb {
  const db = new CheckpointDb(name);
  opened.push(db);
  return db;
}

afterEach(async () => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  const dbs = opened.splice(0);
  for (const db of dbs) db.close();
  for (const db of dbs) await db.delete();
});

const SESSION = JSON.stringify({ access_token: 'a.b.c', refresh_token: 'r1', expires_at: 1_900_000_000 });

it('keeps, returns and forgets a value under its key', async () => {
  const storage = createAuthStorage(open(`auth-${crypto.randomUUID()}`));
  expect(await storage.getItem('checkpoint.auth')).toBeNull();
  await storage.setItem('checkpoint.auth', SESSION);
  expect(await storage.getItem('checkpoint.auth')).toBe(SESSION);
  await storage.setItem('checkpoint.auth', 'replaced');
  expect(await storage.getItem('checkpoint.auth')).toBe('replaced');
  await storage.removeItem('checkpoint.auth');
  expect(await storage.getItem('checkpoint.auth')).toBeNull();
});

it('shares one session between two contexts opening the same database (page and service worker)', async () => {
  const name = `auth-${crypto.randomUUID()}`;
  const page = createAuthStorage(open(name));
  const worker = createAuthStorage(open(name));

  await page.setItem('checkpoint.auth', SESSION);
  expect(await worker.getItem('checkpoint.auth')).toBe(SESSION);

  // The worker refreshes the token; the page's next read sees the rotated one.
  const refreshed = JSON.stringify({ access_token: 'd.e.f', refresh_token: 'r2', expires_at: 1_900_003_600 });
  await worker.setItem('checkpoint.auth', refreshed);
  expect(await page.getItem('checkpoint.auth')).toBe(refreshed);

  await page.removeItem('checkpoint.auth');
  expect(await worker.getItem('checkpoint.auth')).toBeNull();
});

it('says a session may exist when one is stored or in the address, and when the device cannot be read', async () => {
  const db = open(`auth-${crypto.randomUUID()}`);
  const page = 'https://checkpoint.example/review/2/76882';
  expect(await sessionMayExist(db, page)).toBe(false);
  expect(await sessionMayExist(db, `${page}#access_token=a.b.c&refresh_token=r1`)).toBe(true);
  await createAuthStorage(db).setItem(AUTH_STORAGE_KEY, SESSION);
  expect(await sessionMayExist(db, page)).toBe(true);
  // A read that fails is no proof of a visitor: a member would be shown signed out until they act.
  db.close();
  await expect(db.auth.get(AUTH_STORAGE_KEY)).rejects.toThrow();
  expect(await sessionMayExist(db, page)).toBe(true);
});

it('keeps other keys apart and leaves other databases alone', async () => {
  const a = createAuthStorage(open(`auth-${crypto.randomUUID()}`));
  const b = createAuthStorage(open(`auth-${crypto.randomUUID()}`));
  await a.setItem('checkpoint.auth', SESSION);
  await a.setItem('checkpoint.auth-user', '{"id":"u1"}');
  await a.removeItem('checkpoint.auth-user');
  expect(await a.getItem('checkpoint.auth')).toBe(SESSION);
  expect(await b.getItem('checkpoint.auth')).toBeNull();
});

it("gives the service worker's supabase client the session the page signed in with", async () => {
  vi.stubEnv('VITE_SUPABASE_URL', 'http://127.0.0.1:9');
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'anon-key-for-a-test-only-0123456789');
  // supabase-js builds its realtime part eagerly and needs a WebSocket class, which Node 20 has
  // only with --experimental-websocket. This test never opens a socket.
  if (typeof WebSocket === 'undefined') vi.stubGlobal('WebSocket', class NeverOpened {});
  const name = `auth-${crypto.randomUUID()}`;
  const expiresAt = Math.floor(Date.now() / 1000) + 3600;
  const session = {
    access_token: 'page.access.token',
    refresh_token: 'r1',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: expiresAt,
    user: {
      id: '6f1c1b8e-0000-4000-8000-000000000001',
      aud: 'authenticated',
      app_metadata: {},
      user_metadata: {},
      created_at: new Date().toISOString(),
    },
  };
  await createAuthStorage(open(name)).setItem(AUTH_STORAGE_KEY, JSON.stringify(session));

  // Making the client prints no deprecation warning (auth-js warns once per module
  // load about a `lock` option; this file makes no other client). supabase-js's own notice about
  // Node 20 is about the test runner's Node, which no browser ever prints, so it is set aside.
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const worker = await createWorkerBackend(open(name));
  const warnings = warn.mock.calls
    .map((args) => args.map(String).join(' '))
    .filter((text) => !text.includes('Node.js 20 and below'));
  warn.mockRestore();
  expect(warnings).toEqual([]);
  // Not expiring: read from the shared storage, no network (the URL above answers nothing).
  const { data, error } = await worker.auth.getSession();
  expect(error).toBeNull();
  expect(data.session?.access_token).toBe('page.access.token');
  expect(data.session?.user.id).toBe(session.user.id);
});
