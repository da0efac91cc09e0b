// Self-hosting beyond localhost: PUBLIC_URL names the gateway's public address (mail
// links, the token issuer, allowed redirects) and a malformed one stops the start; a reverse
// proxy's X-Forwarded-Proto/Host count only with TRUST_PROXY.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';
import { startTestGateway, type TestGateway } from '../support/gateway.ts';

const MAIN = fileURLToPath(new URL('../../supabase/local/main.ts', import.meta.url));
const PUBLIC_URL = 'https://checkpoint.example';
/** The name a phone reaches the proxy by, which PUBLIC_URL does not name. */
const PROXIED = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'phone.checkpoint.example' };
const PROXIED_ORIGIN = 'https://phone.checkpoint.example';

let plain: TestGateway;
let trusting: TestGateway;
let n = 0;
const newEmail = (name: string) => `${name}-${++n}@example.test`;

beforeAll(async () => {
  plain = await startTestGateway({ publicUrl: PUBLIC_URL });
  trusting = await startTestGateway({ publicUrl: PUBLIC_URL, trustProxy: true });
});
afterAll(async () => {
  await plain?.close();
  await trusting?.close();
});

describe('PUBLIC_URL and TRUST_PROXY settings', () => {
  // A public server must say how it sends mail (gateway-exposure.test.ts); MAIL=off says none.
  it('default to http://localhost:PORT and off, and take an origin with or without its trailing slash', () => {
    expect(loadConfig({})).toMatchObject({ publicUrl: 'http://localhost:5173', trustProxy: false });
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://Checkpoint.LAN/', MAIL: 'off' }).publicUrl).toBe('https://checkpoint.lan');
    expect(loadConfig({ PUBLIC_URL: ' http://192.168.1.20:5173 ', MAIL: 'off' }).publicUrl).toBe(
      'http://192.168.1.20:5173',
    );
    expect(loadConfig({ PUBLIC_URL: 'https://checkpoint.lan:443', MAIL: 'off' }).publicUrl).toBe(
      'https://checkpoint.lan',
    );
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
  });

  it.each([
    'checkpoint.lan', // no scheme
    'ftp://checkpoint.lan',
    'https://checkpoint.lan/app',
    'https://checkpoint.lan/?next=1',
    'https://checkpoint.lan/#top',
    'https://me:secret@checkpoint.lan',
    'https://',
  ])('refuses PUBLIC_URL=%s, naming the setting and the value', (value) => {
    expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(
      `PUBLIC_URL=${JSON.stringify(value)}: must be an http(s) address with no path, query or fragment`,
    );
  });

  it('refuses a TRUST_PROXY that is not on or off', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY="maybe"/);
  });

  it('stops npm start before it opens anything when PUBLIC_URL is malformed', async () => {
    const scratch = await mkdtemp(path.join(tmpdir(), 'checkpoint-public-url-'));
    try {
      const dataDir = path.join(scratch, 'data');
      const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
        cwd: path.dirname(path.dirname(path.dirname(MAIN))),
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          PORT: '0',
          PUBLIC_URL: 'https://checkpoint.lan/app',
          NODE_OPTIONS: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(output).toContain(
        'PUBLIC_URL="https://checkpoint.lan/app": must be an http(s) address with no path, query or fragment',
      );
      expect(output).not.toContain('running at');
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });
});

/** POST /auth/v1/signup as a browser behind a proxy might send it; returns the mailed link. */
async function signUpLink(gw: TestGateway, headers: Record<string, string>, redirectTo?: string): Promise<URL> {
  const email = newEmail('linked');
  const query = redirectTo ? `?redirect_to=${encodeURIComponent(redirectTo)}` : '';
  const res = await fetch(`${gw.url}/auth/v1/signup${query}`, {
    method: 'POST',
    headers: { apikey: gw.anonKey, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ email, password: 'secret-pw1' }),
  });
  expect(res.status).toBe(200);
  return new URL((await gw.lastMail(email, 'signup')).link);
}

const withoutQuery = (url: URL) => `${url.origin}${url.pathname}`;

/** An access token's `iss` claim. */
const issuer = (token: string): unknown =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { iss?: unknown }).iss;

describe('mail links and tokens at PUBLIC_URL', () => {
  it('mails links to PUBLIC_URL and issues tokens as <PUBLIC_URL>/auth/v1', async () => {
    const link = await signUpLink(plain, {});
    expect(withoutQuery(link)).toBe(`${PUBLIC_URL}/auth/callback`);
    expect(link.searchParams.get('type')).toBe('signup');
    const verified = await plain
      .client()
      .auth.verifyOtp({ token_hash: link.searchParams.get('token_hash') ?? '', type: 'signup' });
    expect(verified.error).toBeNull();
    const token = verified.data.session?.access_token ?? '';
    expect(issuer(token)).toBe(`${PUBLIC_URL}/auth/v1`);
  });

  it('honours a redirect to PUBLIC_URL and refuses a foreign one', async () => {
    expect(withoutQuery(await signUpLink(plain, {}, `${PUBLIC_URL}/welcome`))).toBe(`${PUBLIC_URL}/welcome`);
    expect(withoutQuery(await signUpLink(plain, {}, 'https://evil.example/auth/callback'))).toBe(
      `${PUBLIC_URL}/auth/callback`,
    );
  });
});

describe('X-Forwarded-Proto and X-Forwarded-Host', () => {
  it('are ignored without TRUST_PROXY: a redirect to the forwarded origin falls back to PUBLIC_URL', async () => {
    const link = await signUpLink(plain, PROXIED, `${PROXIED_ORIGIN}/auth/callback`);
    expect(withoutQuery(link)).toBe(`${PUBLIC_URL}/auth/callback`);
    const res = await fetch(
      `${plain.url}/auth/v1/authorize?provider=github&redirect_to=${encodeURIComponent(`${PROXIED_ORIGIN}/auth/callback`)}`,
      {
        headers: PROXIED,
        redirect: 'manual',
      },
    );
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location') ?? '').origin).toBe(PUBLIC_URL);
  });

  it("with TRUST_PROXY make the request's origin an allowed redirect, for mail links and browser redirects", async () => {
    const link = await signUpLink(trusting, PROXIED, `${PROXIED_ORIGIN}/auth/callback`);
    expect(withoutQuery(link)).toBe(`${PROXIED_ORIGIN}/auth/callback`);
    const verify = await fetch(
      `${trusting.url}/auth/v1/verify?token=${link.searchParams.get('token_hash') ?? ''}&type=signup&redirect_to=${encodeURIComponent(`${PROXIED_ORIGIN}/auth/callback`)}`,
      { headers: PROXIED, redirect: 'manual' },
    );
    expect(verify.status).toBe(303);
    const location = new URL(verify.headers.get('location') ?? '');
    expect(withoutQuery(location)).toBe(`${PROXIED_ORIGIN}/auth/callback`);
    expect(new URLSearchParams(location.hash.slice(1)).get('access_token')).toBeTruthy();
    // The token's issuer stays PUBLIC_URL's: it names the server, not the door a request came in by.
    expect(issuer(new URLSearchParams(location.hash.slice(1)).get('access_token') ?? '')).toBe(`${PUBLIC_URL}/auth/v1`);
  });

  it('with TRUST_PROXY still refuse an origin the request was not made to, and headers that make no origin', async () => {
    expect(withoutQuery(await signUpLink(trusting, PROXIED, 'https://evil.example/auth/callback'))).toBe(
      `${PUBLIC_URL}/auth/callback`,
    );
    // No X-Forwarded-Proto: the proxy did not say how the browser came in.
    const noProto = await signUpLink(
      trusting,
      { 'X-Forwarded-Host': 'phone.checkpoint.example' },
      `${PROXIED_ORIGIN}/auth/callback`,
    );
    expect(withoutQuery(noProto)).toBe(`${PUBLIC_URL}/auth/callback`);
    const badHost = await signUpLink(
      trusting,
      { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'evil.example/x' },
      'https://evil.example/auth/callback',
    );
    expect(withoutQuery(badHost)).toBe(`${PUBLIC_URL}/auth/callback`);
    // A chain of proxies: the first (outermost) entry is the browser's.
    const chained = await signUpLink(
      trusting,
      { 'X-Forwarded-Proto': 'https, http', 'X-Forwarded-Host': 'phone.checkpoint.example, 127.0.0.1:5173' },
      `${PROXIED_ORIGIN}/auth/callback`,
    );
    expect(withoutQuery(chained)).toBe(`${PROXIED_ORIGIN}/auth/callback`);
  });
});
