// Attacks on a public server: `npm start`'s own entry point (supabase/local/main.ts, the built app
// on one origin) started as an operator exposes it — PUBLIC_URL on https, real mail through SMTP (a
// fake mail server stands at the network boundary), nothing else said — and then attacked as a
// stranger, a careless client and a forger would. Each attack is expected refused, and the member's
// own way in (the right password, from another network) expected to keep working.
// docs/security.md lists the same attacks beside what hosted Supabase does for each.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_TEXT } from '../../src/core/storable-text.ts';
import { DEMO_PASSWORD } from '../../supabase/local/demo.ts';
import { linkIn, startFakeSmtp, type FakeSmtp } from '../support/fake-smtp.ts';
import { freePort } from '../support/free-port.ts';

const PUBLIC_URL = 'https://checkpoint.example';
const PASSWORD = 'Sturdy-passw0rd!';
/** The header the server is told to take the caller's address from, so one test plays many networks. */
const IP_HEADER = 'X-Test-Client-IP';
const RPC_PER_MEMBER = 40;
const DEMO_EMAIL = 'pixel_pilgrim@demo.checkpoint.local';

let server: ChildProcess;
let baseUrl: string;
let anonKey: string;
let smtp: FakeSmtp;
let dataDir: string;
let output = '';

beforeAll(async () => {
  smtp = await startFakeSmtp();
  dataDir = await mkdtemp(path.join(tmpdir(), 'checkpoint-security-'));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL,
    SMTP_URL: smtp.url,
    SMTP_FROM: 'Checkpoint <checkpoint@checkpoint.example>',
    RATE_LIMIT_HEADER: IP_HEADER,
    RATE_LIMIT_RPC_PER_MEMBER: String(RPC_PER_MEMBER),
  };
  for (const name of ['DEMO', 'DEV_MAILBOX', 'MAIL', 'TRUST_PROXY', 'REDIRECT_URLS', 'SITE_URL', 'DATABASE_URL'])
    delete env[name];
  server = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/main.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started = Date.now();
  while (!output.includes('Checkpoint is running at')) {
    if (server.exitCode !== null) throw new Error(`npm start stopped:\n${output}`);
    if (Date.now() - started > 150_000) throw new Error(`npm start did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  anonKey = ((await (await fetch(`${baseUrl}/_dev/config.json`)).json()) as { anonKey: string }).anonKey;
  expect(anonKey).not.toBe('');
}, 180_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await smtp?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const client = (ip = '192.0.2.10', accessToken?: string): SupabaseClient =>
  createClient(baseUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { [IP_HEADER]: ip, ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}) } },
  });

interface Member {
  readonly email: string;
  readonly client: SupabaseClient;
  readonly accessToken: string;
}

let count = 0;
/** Signs a member up as the app does: the confirmation link comes by mail, through SMTP. */
async function signUp(name: string, ip = `198.51.100.${++count}`): Promise<Member> {
  const email = `${name}-${randomUUID().slice(0, 8)}@example.test`;
  const c = client(ip);
  const { error } = await c.auth.signUp({ email, password: PASSWORD, options: { data: { username: name } } });
  expect(error).toBeNull();
  await expect.poll(() => smtp.mails.some((m) => m.to.includes(email)), { timeout: 15_000 }).toBe(true);
  const link = linkIn(smtp.mails.filter((m) => m.to.includes(email)).at(-1)!.raw);
  const verified = await c.auth.verifyOtp({ token_hash: link.searchParams.get('token_hash') ?? '', type: 'signup' });
  expect(verified.error).toBeNull();
  const session = verified.data.session!;
  const created = await c.rpc('get_or_create_user', {
    auth_id: session.user.id,
    user_email: email,
    user_name: name.replace(/[^a-z0-9_]/gi, '_').slice(0, 24),
    user_provider: 'email',
  });
  expect(created.error).toBeNull();
  return { email, client: c, accessToken: session.access_token };
}

describe('a public server hands out no accounts', () => {
  it('says at start that the mailbox and the demo members are off, and where mail goes', () => {
    expect(output).toMatch(/Dev mailbox:\s+off \(public server\)/);
    expect(output).toMatch(/Demo members: off/);
    expect(output).toMatch(/Mail:\s+sent through/);
  });

  it('has no dev mailbox, to anyone, with or without CORS', async () => {
    for (const p of ['/_dev/mailbox', '/_dev/mailbox.json']) {
      const res = await fetch(`${baseUrl}${p}`, { headers: { Origin: 'https://evil.example' } });
      expect(res.status, p).toBe(404);
      expect(res.headers.get('access-control-allow-origin'), p).toBeNull();
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff');
    }
  });

  it('mails a reset link to the member only: asking for one shows the asker nothing', async () => {
    const victim = await signUp('victim');
    const before = smtp.mails.length;
    const res = await fetch(`${baseUrl}/auth/v1/recover?redirect_to=${encodeURIComponent('http://localhost:9999/x')}`, {
      method: 'POST',
      headers: { apikey: anonKey, 'Content-Type': 'application/json', [IP_HEADER]: '203.0.113.66' },
      body: JSON.stringify({ email: victim.email }),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).not.toMatch(/token_hash/);
    await expect.poll(() => smtp.mails.length, { timeout: 15_000 }).toBeGreaterThan(before);
    const mail = smtp.mails.filter((m) => m.to.includes(victim.email)).at(-1)!;
    const link = linkIn(mail.raw);
    // The attacker's redirect_to (a localhost port of their own) is not honoured: the link opens the site.
    expect(link.origin).toBe(PUBLIC_URL);
    expect((await fetch(`${baseUrl}/_dev/mailbox.json`)).status).toBe(404);
  });

  it('refuses every OAuth provider it has not enabled as GoTrue does, creating no account', async () => {
    for (const provider of ['github', 'google', 'discord', 'evil', 'x'.repeat(40)]) {
      const res = await fetch(`${baseUrl}/auth/v1/authorize?provider=${provider}`, {
        redirect: 'manual',
        headers: { [IP_HEADER]: '203.0.113.7' },
      });
      expect(res.status, provider).toBe(400);
      expect(res.headers.get('location'), provider).toBeNull();
      expect(await res.json()).toMatchObject({
        error_code: 'validation_failed',
        msg: 'Unsupported provider: provider is not enabled',
      });
    }
    const settings = (await (await fetch(`${baseUrl}/auth/v1/settings`, { headers: { apikey: anonKey } })).json()) as {
      external: Record<string, boolean>;
    };
    expect(settings.external).toMatchObject({ email: true, github: false, google: false, discord: false });
  });

  it('has no demo members with the published password', async () => {
    const { error } = await client('203.0.113.8').auth.signInWithPassword({
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
    });
    expect(error?.code).toBe('invalid_credentials');
  });

  it('refuses forged tokens: another secret, no signature, a service role it never issued', async () => {
    const secret = new TextEncoder().encode('not-the-server-secret-but-long-enough-1234');
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(secret);
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ role: 'service_role', exp: now + 600 }),
    ).toString('base64url')}.`;
    for (const token of [forged, unsigned]) {
      const res = await fetch(`${baseUrl}/rest/v1/rpc/get_my_user`, {
        method: 'POST',
        headers: { apikey: anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(401);
    }
  });
});

describe('a signed-in member cannot break their own or others’ data', () => {
  it('keeps the good writes of a batch around one bad character, refusing that one alone', async () => {
    const m = await signUp('batch');
    const row = (args: Record<string, unknown>) => ({ id: randomUUID(), name: 'profile.update', args });
    const rows = [
      row({ location: 'Lisbon' }),
      row({ bio: 'nul \u0000 inside' }),
      row({ bio: 'half \ud83d an emoji' }),
      row({ name: 'Kept Name' }),
    ];
    const { data, error } = await m.client.rpc('sync_push', {
      p_client_id: randomUUID(),
      p_mutations: rows,
      p_protocol: 3,
    });
    expect(error).toBeNull();
    const results = (data as { results: { id: string; status: string; code?: string }[] }).results;
    expect(results.map((r) => r.code ?? r.status)).toEqual(['ok', INVALID_TEXT, INVALID_TEXT, 'ok']);
    const me = await m.client.rpc('get_my_user');
    expect(me.data).toMatchObject({ location: 'Lisbon', name: 'Kept Name' });
  });

  it('dates a clock from the far future on arrival, so it never freezes a field', async () => {
    const m = await signUp('clock');
    const device = randomUUID();
    const push = (bio: string, hlc: string) =>
      m.client.rpc('sync_push', {
        p_client_id: device,
        p_mutations: [{ id: randomUUID(), name: 'profile.update', args: { bio }, hlc }],
        p_protocol: 3,
      });
    await push('Forged', `999999999999999-000000-${device}`);
    const honest = `${String(Date.now() + 5000).padStart(15, '0')}-000000-${device}`;
    const later = await push('Honest', honest);
    expect(later.error).toBeNull();
    expect((await m.client.rpc('get_my_user')).data).toMatchObject({ bio: 'Honest' });
    expect(String((later.data as { clock: string }).clock).slice(0, 15)).not.toBe('999999999999999');
  });

  it('refuses pulls with an oversized scope, a protocol of 0 and a made-up cursor by name', async () => {
    const m = await signUp('pull');
    const pull = (args: Record<string, unknown>) =>
      m.client.rpc('sync_pull', { p_cursor: null, p_scope: {}, p_limit: 100, p_own: true, p_protocol: 3, ...args });
    const big = await pull({ p_scope: { game_ids: Array.from({ length: 1001 }, (_, i) => i + 1) } });
    expect(big.error?.hint ?? big.error?.code).toMatch(/scope_too_large/);
    const old = await pull({ p_protocol: 0 });
    expect(old.data).toMatchObject({ client_too_old: { code: 'client_too_old' } });
    const cursor = await pull({ p_cursor: 'v1:99999999999999999999' });
    expect(cursor.error?.hint ?? cursor.error?.code).toMatch(/invalid_cursor/);
    for (const answer of [big, cursor]) expect(answer.status).toBeLessThan(500);
  });

  it('limits one member’s calls with 429 and Retry-After', async () => {
    const m = await signUp('busy');
    let refused: Response | undefined;
    for (let i = 0; i < RPC_PER_MEMBER * 2 && !refused; i++) {
      const res = await fetch(`${baseUrl}/rest/v1/rpc/get_my_user`, {
        method: 'POST',
        headers: { apikey: anonKey, Authorization: `Bearer ${m.accessToken}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(200);
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('asks for the current password before changing it', async () => {
    const m = await signUp('changer');
    const user = await fetch(`${baseUrl}/auth/v1/user`, {
      method: 'PUT',
      headers: { apikey: anonKey, Authorization: `Bearer ${m.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: 'Another-passw0rd!' }),
    });
    expect(user.status).toBe(400);
    expect(await user.json()).toMatchObject({ error_code: 'current_password_required' });
    const wrong = await m.client.auth.updateUser({ password: 'Another-passw0rd!', current_password: 'nope-nope' } as {
      password: string;
    });
    expect(wrong.error?.code).toBe('current_password_mismatch');
    const right = await m.client.auth.updateUser({ password: 'Another-passw0rd!', current_password: PASSWORD } as {
      password: string;
    });
    expect(right.error).toBeNull();
  });

  it('refuses the old access token on every call once its session signed out', async () => {
    const m = await signUp('leaver');
    const call = () =>
      fetch(`${baseUrl}/rest/v1/rpc/get_my_user`, {
        method: 'POST',
        headers: { apikey: anonKey, Authorization: `Bearer ${m.accessToken}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
    expect((await call()).status).toBe(200);
    expect((await m.client.auth.signOut()).error).toBeNull();
    expect((await call()).status).toBe(401);
    const user = await fetch(`${baseUrl}/auth/v1/user`, {
      headers: { apikey: anonKey, Authorization: `Bearer ${m.accessToken}` },
    });
    expect(user.status).toBe(403);
  });
});

describe('guessing passwords slows the guesser, never the owner', () => {
  it('delays an attacker’s network after a few failures, while the owner signs in from theirs', async () => {
    const owner = await signUp('owner', '198.51.100.200');
    const attacker = client('203.0.113.99');
    let slowed: string | undefined;
    for (let i = 0; i < 12 && !slowed; i++) {
      const { error } = await attacker.auth.signInWithPassword({ email: owner.email, password: `guess-${i}` });
      if (error?.status === 429) slowed = error.code;
      else expect(error?.code).toBe('invalid_credentials');
    }
    expect(slowed).toBe('over_request_rate_limit');
    const rightFromAttacker = await attacker.auth.signInWithPassword({ email: owner.email, password: PASSWORD });
    expect(rightFromAttacker.error?.status).toBe(429);
    const ownerIn = await client('198.51.100.200').auth.signInWithPassword({ email: owner.email, password: PASSWORD });
    expect(ownerIn.error).toBeNull();
  });

  it('answers reads while a crowd signs in at once', async () => {
    const m = await signUp('crowd');
    const started = Date.now();
    const signIns = Array.from({ length: 24 }, (_, i) =>
      client(`192.0.2.${100 + i}`).auth.signInWithPassword({ email: m.email, password: PASSWORD }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const readStarted = Date.now();
    const read = await fetch(`${baseUrl}/rest/v1/rpc/browse_games`, {
      method: 'POST',
      headers: { apikey: anonKey, 'Content-Type': 'application/json', [IP_HEADER]: '192.0.2.250' },
      body: '{}',
    });
    const readTook = Date.now() - readStarted;
    expect(read.status).toBe(200);
    const answers = await Promise.all(signIns);
    const crowdTook = Date.now() - started;
    expect(answers.every((a) => a.error === null)).toBe(true);
    // Hashing on the event loop held a read for about 40 % of the crowd's time (the load bench);
    // off it, a read waits for no hash. Compared with the crowd, not with the clock.
    expect(readTook).toBeLessThan(crowdTook / 4);
  });
});

describe('transport', () => {
  it('sends HSTS with every answer of a server whose public address is https', async () => {
    for (const p of ['/', '/auth/v1/health', '/rest/v1/']) {
      const res = await fetch(`${baseUrl}${p}`, { headers: { apikey: anonKey } });
      expect(res.headers.get('strict-transport-security'), p).toMatch(/max-age=\d+/);
    }
  });
});
