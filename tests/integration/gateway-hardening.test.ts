// Where the gateway holds more than PostgREST and GoTrue do by default, as hosted Supabase does
// around them: bcrypt off the HTTP thread, RPC calls limited per member and per IP, a signed-out
// member's access token refused by every API, HSTS over HTTPS only, and REDIRECT_URLS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';
import { resolveRateLimits } from '../../supabase/local/auth/rate-limit.ts';
import { linkToken, startTestGateway, TEST_PASSWORD, type TestGateway } from '../support/gateway.ts';

let gw: TestGateway;
let n = 0;
const newEmail = (name: string) => `${name}-${++n}@example.test`;

beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.close();
});

async function confirmedAccount(on: TestGateway = gw): Promise<string> {
  const email = newEmail('member');
  const sb = on.client();
  expect((await sb.auth.signUp({ email, password: TEST_PASSWORD })).error).toBeNull();
  const { tokenHash } = linkToken(await on.lastMail(email, 'signup'));
  expect((await sb.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' })).error).toBeNull();
  return email;
}

const rpc = (on: TestGateway, fn: string, token: string, headers: Record<string, string> = {}) =>
  fetch(`${on.url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', apikey: on.anonKey, Authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify({ p_limit: 1 }),
  });

describe('password hashing off the HTTP thread', () => {
  it('answers a read while a crowd of sign-ins waits for bcrypt', async () => {
    const email = await confirmedAccount();
    const events: string[] = [];
    const signIns = Array.from({ length: 8 }, () =>
      fetch(`${gw.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', apikey: gw.anonKey },
        body: JSON.stringify({ email, password: TEST_PASSWORD }),
      }).then((res) => {
        events.push(`sign-in ${res.status}`);
      }),
    );
    // Sent after every sign-in: on one thread it would wait for their hashes (about 70 ms each).
    await new Promise((resolve) => setTimeout(resolve, 20));
    const read = rpc(gw, 'get_recent_reviews', gw.anonKey).then(async (res) => {
      events.push(`read ${res.status}`);
      await res.body?.cancel();
    });
    await Promise.all([...signIns, read]);
    // Held behind the hashes, the read would come last. It may come after the first sign-in or two
    // (a worker hashes one in about 70 ms, and the read's first query on a server can take as long),
    // never behind the crowd.
    expect(events.indexOf('read 200'), events.join(', ')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('read 200'), events.join(', ')).toBeLessThanOrEqual(2);
    expect(events.filter((e) => e !== 'read 200')).toEqual(Array(8).fill('sign-in 200'));
  });

  it('keeps GoTrue-compatible $2a$10$ hashes', async () => {
    const email = await confirmedAccount();
    const [row] = await gw.db.query<{ encrypted_password: string }>(
      'select encrypted_password from auth.users where email = $1',
      [email],
    );
    expect(row?.encrypted_password).toMatch(/^\$2a\$10\$[./A-Za-z0-9]{53}$/);
  });
});

describe('RPC calls per member and per IP', () => {
  let limited: TestGateway;
  let now = Date.parse('2026-03-01T12:00:00Z');
  beforeAll(async () => {
    limited = await startTestGateway({
      rateLimits: { rpcPerIp: 5, rpcPerMember: 3, header: 'X-Forwarded-For' },
      clock: () => now,
    });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('refuses the 6th call a minute from one address with 429, Retry-After and a PostgREST-style body', async () => {
    const from = { 'X-Forwarded-For': '198.51.100.1' };
    for (let i = 0; i < 5; i++)
      expect((await rpc(limited, 'get_recent_reviews', limited.anonKey, from)).status).toBe(200);
    const refused = await rpc(limited, 'get_recent_reviews', limited.anonKey, from);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('12');
    expect(await refused.json()).toEqual({
      code: 'over_request_rate_limit',
      message: 'Too many requests',
      details: 'Request rate limit reached. Please try again in 12 seconds.',
      hint: null,
    });
    // Another address is not held up; this one gets a call back every 12 s.
    expect(
      (await rpc(limited, 'get_recent_reviews', limited.anonKey, { 'X-Forwarded-For': '198.51.100.2' })).status,
    ).toBe(200);
    now += 12_000;
    expect((await rpc(limited, 'get_recent_reviews', limited.anonKey, from)).status).toBe(200);
  });

  it('counts a signed-in member across addresses', async () => {
    now += 3600_000;
    const email = await confirmedAccount(limited);
    const { data } = await limited.client().auth.signInWithPassword({ email, password: TEST_PASSWORD });
    const token = data.session?.access_token ?? '';
    for (let i = 0; i < 3; i++)
      expect((await rpc(limited, 'get_recent_reviews', token, { 'X-Forwarded-For': `203.0.113.${i}` })).status).toBe(
        200,
      );
    const refused = await rpc(limited, 'get_recent_reviews', token, { 'X-Forwarded-For': '203.0.113.50' });
    expect([refused.status, refused.headers.get('Retry-After')]).toEqual([429, '20']);
  });

  it("are off with rateLimits 'relaxed', and set from RATE_LIMIT_RPC_PER_MEMBER and RATE_LIMIT_RPC_PER_IP", () => {
    expect(resolveRateLimits('relaxed')).toMatchObject({ rpcPerMember: 0, rpcPerIp: 0 });
    expect(loadConfig({ RATE_LIMIT_RPC_PER_MEMBER: '60', RATE_LIMIT_RPC_PER_IP: '0' }).rateLimits).toMatchObject({
      rpcPerMember: 60,
      rpcPerIp: 0,
    });
  });
});

describe('a signed-out access token', () => {
  it('is refused on RPC calls and functions as PostgREST refuses a bad JWT; anon keys are not', async () => {
    const email = await confirmedAccount();
    const sb = gw.client();
    const { data } = await sb.auth.signInWithPassword({ email, password: TEST_PASSWORD });
    const token = data.session?.access_token ?? '';
    expect((await rpc(gw, 'get_recent_reviews', token)).status).toBe(200);

    expect((await sb.auth.signOut()).error).toBeNull();
    const refused = await rpc(gw, 'get_recent_reviews', token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('WWW-Authenticate')).toMatch(/^Bearer error="invalid_token"/);
    expect(await refused.json()).toMatchObject({ code: 'PGRST301', message: expect.stringMatching(/session/) });
    const fn = await fetch(`${gw.url}/functions/v1/igdb-search`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: gw.anonKey, Authorization: `Bearer ${token}` },
      body: JSON.stringify({ searchTerm: 'zelda' }),
    });
    expect(fn.status).toBe(401);
    expect((await rpc(gw, 'get_recent_reviews', gw.anonKey)).status).toBe(200);
    expect((await rpc(gw, 'get_recent_reviews', gw.serviceRoleKey)).status).toBe(200);
  });

  it("is refused once another session changed the password, and the changer's own still works", async () => {
    const email = await confirmedAccount();
    const other = (await gw.client().auth.signInWithPassword({ email, password: TEST_PASSWORD })).data.session;
    const mine = gw.client();
    await mine.auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect((await rpc(gw, 'get_recent_reviews', other?.access_token ?? '')).status).toBe(200);
    const changed = await mine.auth.updateUser({ password: 'An0ther!Passw0rd', current_password: TEST_PASSWORD });
    expect(changed.error).toBeNull();
    expect((await rpc(gw, 'get_recent_reviews', other?.access_token ?? '')).status).toBe(401);
    const own = (await mine.auth.getSession()).data.session?.access_token ?? '';
    expect((await rpc(gw, 'get_recent_reviews', own)).status).toBe(200);
  });
});

describe('Strict-Transport-Security', () => {
  const hsts = async (on: TestGateway, headers: Record<string, string> = {}) =>
    (await fetch(`${on.url}/auth/v1/health`, { headers })).headers.get('Strict-Transport-Security');

  it('is sent when PUBLIC_URL is https or a trusted proxy says https, and never over plain http', async () => {
    expect(await hsts(gw)).toBeNull();
    const https = await startTestGateway({ db: gw.db, publicUrl: 'https://checkpoint.example' });
    const proxied = await startTestGateway({ db: gw.db, publicUrl: 'https://checkpoint.example', trustProxy: true });
    const forged = await startTestGateway({ db: gw.db });
    try {
      expect(await hsts(https)).toBe('max-age=31536000; includeSubDomains');
      expect(await hsts(proxied, { 'X-Forwarded-Proto': 'https' })).toBe('max-age=31536000; includeSubDomains');
      expect(await hsts(proxied, { 'X-Forwarded-Proto': 'http' })).toBeNull();
      // Without TRUST_PROXY the header is anyone's to send: a plain-http server never pins itself.
      expect(await hsts(forged, { 'X-Forwarded-Proto': 'https' })).toBeNull();
      expect((await fetch(`${https.url}/`)).headers.get('Strict-Transport-Security')).toBe(
        'max-age=31536000; includeSubDomains',
      );
    } finally {
      await Promise.all([https.close(), proxied.close(), forged.close()]);
    }
  });
});

describe('REDIRECT_URLS', () => {
  it('takes origins and origin-and-path prefixes, and refuses wildcards', async () => {
    expect(loadConfig({}).redirectUrls).toEqual([]);
    expect(loadConfig({ REDIRECT_URLS: 'http://localhost:5174, https://app.example/checkpoint' }).redirectUrls).toEqual(
      ['http://localhost:5174/', 'https://app.example/checkpoint'],
    );
    expect(() => loadConfig({ REDIRECT_URLS: 'http://localhost:*' })).toThrow(/REDIRECT_URLS/);

    const listed = await startTestGateway({ db: gw.db, redirectUrls: ['https://app.example/checkpoint'] });
    try {
      const target = async (to: string) =>
        new URL(
          (
            await fetch(`${listed.url}/auth/v1/authorize?provider=github&redirect_to=${encodeURIComponent(to)}`, {
              redirect: 'manual',
            })
          ).headers.get('location') ?? '',
        );
      expect((await target('https://app.example/checkpoint/auth/callback')).pathname).toBe('/checkpoint/auth/callback');
      expect((await target('https://app.example/checkpointless')).origin).toBe(new URL(listed.url).origin);
      expect((await target('https://app.example/other')).origin).toBe(new URL(listed.url).origin);
    } finally {
      await listed.close();
    }
  });
});
