// A gateway others can reach must not hand out accounts: the dev mailbox (every sign-up and reset
// link) and the development OAuth stub (a session without a password) exist only on a server that
// is not public, answer only callers on this machine that no proxy forwarded, and carry no CORS
// headers. A public server sends real mail (SMTP) or none (MAIL=off), refuses providers it has not
// enabled as GoTrue does, and seeds demo members (a published password) only when asked.
import { request as httpRequest } from 'node:http';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../supabase/local/config.ts';
import { exposureSummary } from '../../supabase/local/exposure.ts';
import { startGateway, type Gateway } from '../../supabase/local/gateway.ts';
import { describeSmtp } from '../../supabase/local/auth/smtp.ts';
import { linkIn, startFakeSmtp, type FakeSmtp } from '../support/fake-smtp.ts';
import { startTestGateway, TEST_PASSWORD, type TestGateway } from '../support/gateway.ts';

const PUBLIC_URL = 'https://checkpoint.example';
const NOT_ENABLED = {
  code: 400,
  error_code: 'validation_failed',
  msg: 'Unsupported provider: provider is not enabled',
};
const SECURITY_HEADERS = ['x-content-type-options', 'referrer-policy', 'cross-origin-opener-policy'];
let n = 0;
const newEmail = (name: string) => `${name}-${++n}@example.test`;

let dev: TestGateway;
let pub: TestGateway;

beforeAll(async () => {
  // As `npm start` on a laptop: loopback, no PUBLIC_URL, so the mailbox and stub are on by default.
  dev = await startTestGateway({ devMailbox: undefined });
  // As `npm start` with PUBLIC_URL and nothing else said: both off, and (no mail settings) MAIL=off.
  pub = await startTestGateway({ publicUrl: PUBLIC_URL, devMailbox: undefined });
});
afterAll(async () => {
  await dev?.close();
  await pub?.close();
});

const get = (base: string, path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers, redirect: 'manual' });

describe('the settings', () => {
  it('keep the mailbox, the dev mailbox as mail and the demo on a server only this machine reaches', () => {
    expect(loadConfig({})).toMatchObject({
      publicServer: false,
      devMailbox: true,
      mail: { kind: 'mailbox' },
      demo: true,
    });
    expect(loadConfig({ HOST: '::1' }).publicServer).toBe(false);
  });

  it('refuse a public server with no way to send mail, naming SMTP_URL and MAIL=off', () => {
    for (const env of [{ PUBLIC_URL }, { HOST: '0.0.0.0' }]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/SMTP_URL.*\n.*MAIL=off/s);
    }
    expect(() => loadConfig({ DEV_MAILBOX: 'off' })).toThrow(/DEV_MAILBOX=off leaves/);
  });

  it('take SMTP_URL with SMTP_FROM, or MAIL=off, and then leave the mailbox and the demo off', () => {
    const smtp = loadConfig({
      PUBLIC_URL,
      SMTP_URL: 'smtps://me:secret@smtp.example.com:465',
      SMTP_FROM: 'Checkpoint <cp@example.com>',
    });
    expect(smtp).toMatchObject({
      publicServer: true,
      devMailbox: false,
      demo: false,
      mail: { kind: 'smtp', url: 'smtps://me:secret@smtp.example.com:465', from: 'Checkpoint <cp@example.com>' },
    });
    expect(loadConfig({ HOST: '0.0.0.0', MAIL: 'off' })).toMatchObject({
      devMailbox: false,
      demo: false,
      mail: { kind: 'off' },
    });
    expect(loadConfig({ PUBLIC_URL, MAIL: 'off', DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ PUBLIC_URL, DEV_MAILBOX: '1' })).toMatchObject({ devMailbox: true, mail: { kind: 'mailbox' } });
    // `npm run dev` keeps its mailbox whatever HOST says.
    expect(loadConfig({ HOST: '0.0.0.0' }, { development: true })).toMatchObject({ devMailbox: true, demo: true });
  });

  it('name a bad mail setting', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://smtp.example.com', SMTP_FROM: 'a@b.example' })).toThrow(
      /SMTP_URL=.*smtp:\/\//,
    );
    expect(() => loadConfig({ SMTP_URL: 'smtp://smtp.example.com' })).toThrow(/SMTP_FROM is not/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://h', SMTP_FROM: 'nobody' })).toThrow(/SMTP_FROM=.*must be an address/);
    expect(() => loadConfig({ MAIL: 'on' })).toThrow(/MAIL=.*must be off/);
    expect(() => loadConfig({ MAIL: 'off', SMTP_URL: 'smtp://h', SMTP_FROM: 'a@b.example' })).toThrow(/both set/);
  });

  it('are summed up at start: which of the mailbox, mail and demo are on, and a loud warning for DEV_MAILBOX on a public server', () => {
    const off = exposureSummary(loadConfig({ PUBLIC_URL, MAIL: 'off' }), PUBLIC_URL, describeSmtp).join('\n');
    expect(off).toContain('Dev mailbox:  off (public server)');
    expect(off).toContain('Demo members: off (public server; DEMO=1 to add them to a new database)');
    expect(off).not.toContain('WARNING');
    const smtp = exposureSummary(
      loadConfig({ PUBLIC_URL, SMTP_URL: 'smtps://me:secret@smtp.example.com', SMTP_FROM: 'cp@example.com' }),
      PUBLIC_URL,
      describeSmtp,
    ).join('\n');
    expect(smtp).toContain('sent through smtps://me@smtp.example.com from cp@example.com');
    expect(smtp).not.toContain('secret');
    const loud = exposureSummary(loadConfig({ PUBLIC_URL, DEV_MAILBOX: '1' }), PUBLIC_URL, describeSmtp).join('\n');
    expect(loud).toMatch(/WARNING: DEV_MAILBOX is on for a public server/);
  });
});

describe('the dev mailbox', () => {
  it('is not there on a public gateway, and its 404 carries no CORS headers', async () => {
    for (const path of ['/_dev/mailbox', '/_dev/mailbox/', '/_dev/mailbox.json']) {
      const res = await get(pub.url, path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('access-control-allow-origin'), path).toBeNull();
    }
    // The app's client settings (the anon key, in every page anyway) stay.
    const config = await get(pub.url, '/_dev/config.json');
    expect(config.status).toBe(200);
    expect(await config.json()).toMatchObject({ anonKey: pub.anonKey });
  });

  it('answers this machine, without CORS headers and with the app security headers', async () => {
    const email = newEmail('boxed');
    await dev.client().auth.signUp({ email, password: TEST_PASSWORD });
    const json = await get(dev.url, '/_dev/mailbox.json', { Origin: 'https://evil.example' });
    expect(json.status).toBe(200);
    expect(((await json.json()) as Array<{ to: string }>).some((m) => m.to === email)).toBe(true);
    const page = await get(dev.url, '/_dev/mailbox', { Origin: 'https://evil.example' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(email);
    for (const res of [json, page]) {
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      for (const name of SECURITY_HEADERS) expect(res.headers.get(name), name).not.toBeNull();
    }
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const preflight = await fetch(`${dev.url}/_dev/mailbox.json`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a caller a proxy forwarded, though the proxy connects from this machine', async () => {
    const forwarded: Record<string, string>[] = [
      { 'X-Forwarded-For': '203.0.113.9' },
      { Forwarded: 'for=203.0.113.9' },
      { 'X-Real-IP': '203.0.113.9' },
    ];
    for (const headers of forwarded) {
      const res = await get(dev.url, '/_dev/mailbox.json', headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  const lanAddress = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

  it.skipIf(lanAddress === undefined)('refuses a caller from another address', async () => {
    const open = await startTestGateway({ host: '0.0.0.0', devMailbox: true });
    try {
      const port = new URL(open.url).port;
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest({ host: lanAddress, port, path: '/_dev/mailbox.json' }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(403);
      expect((await get(`http://127.0.0.1:${port}`, '/_dev/mailbox.json')).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe('OAuth sign-in', () => {
  it('is refused on a public gateway for every provider, with GoTrue answer', async () => {
    for (const provider of ['github', 'google', 'discord', 'gitlab']) {
      const res = await get(
        pub.url,
        `/auth/v1/authorize?provider=${provider}&redirect_to=${encodeURIComponent(PUBLIC_URL)}`,
      );
      expect(res.status, provider).toBe(400);
      expect(await res.json()).toEqual(NOT_ENABLED);
    }
    const settings = (await (await get(pub.url, '/auth/v1/settings')).json()) as { external: Record<string, boolean> };
    expect(settings.external).toMatchObject({ email: true, github: false, google: false, discord: false });
  });

  it('signs in through the development stub on this machine, for the three known providers only', async () => {
    const res = await get(
      dev.url,
      `/auth/v1/authorize?provider=github&redirect_to=${encodeURIComponent(`${dev.url}/auth/callback`)}`,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/#access_token=/);
    for (const provider of ['gitlab', 'email', 'x']) {
      const refused = await get(dev.url, `/auth/v1/authorize?provider=${provider}`);
      expect(refused.status, provider).toBe(400);
      expect(await refused.json()).toEqual(NOT_ENABLED);
    }
    const settings = (await (await get(dev.url, '/auth/v1/settings')).json()) as { external: Record<string, boolean> };
    expect(settings.external).toMatchObject({ github: true, google: true, discord: true });
  });

  it('is limited per IP, with 429 and Retry-After', async () => {
    const limited = await startTestGateway({
      rateLimits: { signInSignUps: 2, header: 'X-Forwarded-For' },
      devMailbox: true,
    });
    try {
      const call = (ip: string) => get(limited.url, '/auth/v1/authorize?provider=discord', { 'X-Forwarded-For': ip });
      expect((await call('198.51.100.7')).status).toBe(302);
      expect((await call('198.51.100.7')).status).toBe(302);
      const refused = await call('198.51.100.7');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error_code: string }).error_code).toBe('over_request_rate_limit');
      expect((await call('198.51.100.8')).status).toBe(302);
    } finally {
      await limited.close();
    }
  });
});

describe('MAIL=off', () => {
  it('confirms a sign-up at once, and /settings says so', async () => {
    const email = newEmail('nomail');
    const client = pub.client();
    const { data, error } = await client.auth.signUp({ email, password: TEST_PASSWORD });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    const again = await pub.client().auth.signUp({ email, password: TEST_PASSWORD });
    expect(again.error?.code).toBe('user_already_exists');
    const signIn = await pub.client().auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(signIn.error).toBeNull();
    const settings = (await (await get(pub.url, '/auth/v1/settings')).json()) as Record<string, unknown>;
    expect(settings['mailer_autoconfirm']).toBe(true);
    expect(
      ((await (await get(dev.url, '/auth/v1/settings')).json()) as Record<string, unknown>)['mailer_autoconfirm'],
    ).toBe(false);
  });

  it('answers a password reset with the message the forgot-password screen shows', async () => {
    const { error } = await pub.client().auth.resetPasswordForEmail(newEmail('forgot'));
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('recovery_disabled');
    expect(error?.message).toBe("Password reset isn't available on this server. Ask its operator to reset it.");
  });
});

describe('SMTP', () => {
  let smtp: FakeSmtp;
  let gw: TestGateway;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    gw = await startTestGateway({
      publicUrl: PUBLIC_URL,
      devMailbox: undefined,
      mail: { kind: 'smtp', url: `smtp://127.0.0.1:${smtp.port}`, from: 'Checkpoint <checkpoint@example.com>' },
    });
  });
  afterAll(async () => {
    await gw?.close();
    await smtp?.close();
  });

  it('mails a sign-up confirmation whose link confirms the account', async () => {
    const email = newEmail('smtp-signup');
    const signUp = await gw.client().auth.signUp({ email, password: TEST_PASSWORD });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    const mail = smtp.mails.find((m) => m.to.includes(email));
    expect(mail?.from).toBe('checkpoint@example.com');
    expect(mail?.raw).toMatch(/^Subject: Confirm your email/m);
    expect(mail?.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail?.raw).toMatch(/Content-Type: text\/html/);
    const link = linkIn(mail?.raw ?? '');
    expect(link.origin).toBe(PUBLIC_URL);
    const verified = await gw
      .client()
      .auth.verifyOtp({ token_hash: link.searchParams.get('token_hash') ?? '', type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);
    // Nothing of it in a mailbox that is off.
    expect((await get(gw.url, '/_dev/mailbox.json')).status).toBe(404);
  });

  it('mails a password reset whose link lets the member set a new password', async () => {
    const email = newEmail('smtp-reset');
    const admin = await gw.client().auth.signUp({ email, password: TEST_PASSWORD });
    expect(admin.error).toBeNull();
    const confirm = linkIn(smtp.mails.find((m) => m.to.includes(email))?.raw ?? '');
    await gw.client().auth.verifyOtp({ token_hash: confirm.searchParams.get('token_hash') ?? '', type: 'signup' });
    const { error } = await gw.client().auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    const mail = smtp.mails.filter((m) => m.to.includes(email)).at(-1);
    expect(mail?.raw).toMatch(/^Subject: Reset your password/m);
    const link = linkIn(mail?.raw ?? '');
    expect(link.searchParams.get('type')).toBe('recovery');
    const client = gw.client();
    const verified = await client.auth.verifyOtp({
      token_hash: link.searchParams.get('token_hash') ?? '',
      type: 'recovery',
    });
    expect(verified.error).toBeNull();
    expect((await client.auth.updateUser({ password: 'An0ther!Passw0rd' })).error).toBeNull();
    expect((await gw.client().auth.signInWithPassword({ email, password: 'An0ther!Passw0rd' })).error).toBeNull();
  });

  it('answers a refused send as GoTrue does, and keeps serving', async () => {
    const refusing = await startFakeSmtp({ refuse: true });
    const logged: string[] = [];
    const failing = await startTestGateway({
      publicUrl: PUBLIC_URL,
      devMailbox: undefined,
      mail: { kind: 'smtp', url: `smtp://127.0.0.1:${refusing.port}`, from: 'checkpoint@example.com' },
      log: (line) => logged.push(line),
    });
    try {
      const email = newEmail('refused');
      const raw = await fetch(`${failing.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: failing.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: TEST_PASSWORD }),
      });
      expect(raw.status).toBe(500);
      expect(await raw.json()).toEqual({
        code: 500,
        error_code: 'unexpected_failure',
        msg: 'Error sending confirmation email',
      });
      const reset = await failing.client().auth.resetPasswordForEmail(email);
      expect(reset.error?.status).toBe(500);
      // auth-js keeps no message from a 5xx (the app shows the spec's 'Failed to send reset email…').
      const body = await fetch(`${failing.url}/auth/v1/recover`, {
        method: 'POST',
        headers: { apikey: failing.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(body.status).toBe(500);
      expect(await body.json()).toEqual({
        code: 500,
        error_code: 'unexpected_failure',
        msg: 'Error sending recovery email',
      });
      expect(logged.some((line) => line.includes(`sending the signup mail to ${email} failed`))).toBe(true);
      expect((await get(failing.url, '/auth/v1/health')).status).toBe(200);
    } finally {
      await failing.close();
      await refusing.close();
    }
  });
});

describe('demo members', () => {
  const members = async (gateway: Gateway) =>
    Number((await gateway.db.query<{ n: number }>('select count(*)::int as n from auth.users'))[0]?.n);
  const fresh = (options: { publicUrl?: string; demo?: boolean }) =>
    startGateway({ port: 0, inMemory: true, rateLimits: 'relaxed', log: () => undefined, ...options });

  it('are seeded into a new database only where the mailbox is on, or when asked', async () => {
    const laptop = await fresh({});
    try {
      expect(await members(laptop)).toBeGreaterThan(0);
    } finally {
      await laptop.close();
    }
    const exposed = await fresh({ publicUrl: PUBLIC_URL });
    try {
      expect(await members(exposed)).toBe(0);
    } finally {
      await exposed.close();
    }
    const asked = await fresh({ publicUrl: PUBLIC_URL, demo: true });
    try {
      expect(await members(asked)).toBeGreaterThan(0);
    } finally {
      await asked.close();
    }
  }, 120_000);
});
