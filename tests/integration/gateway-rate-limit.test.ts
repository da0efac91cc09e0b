// The gateway's GoTrue rate limits: per IP for sign-in and sign-up, refresh, verification and the
// mail-sending endpoints; failed sign-ins per address; one mail per address and kind a minute; the
// hourly mail budget. Refusals are 429s in GoTrue's wire format with Retry-After. The gateway's clock
// is the test's, and each test speaks from its own addresses (X-Forwarded-For, as behind a proxy).
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';
import { linkToken, startTestGateway, type TestGateway } from '../support/gateway.ts';

let gw: TestGateway;
let now = Date.parse('2026-03-01T12:00:00Z');
let n = 0;
const newEmail = (name: string) => `${name}-${++n}@example.test`;
const newIp = () => `198.51.100.${++n % 250}`;
const PASSWORD = 'Str0ng!Passw0rd';

beforeAll(async () => {
  gw = await startTestGateway({ rateLimits: { header: 'X-Forwarded-For' }, clock: () => now });
});
afterAll(async () => {
  await gw?.close();
});
// Two hours on: every bucket is full again and every per-address wait is over.
beforeEach(() => {
  now += 2 * 3600_000;
});

interface Answer {
  readonly status: number;
  readonly retryAfter: string | null;
  readonly body: Record<string, unknown>;
}

/** A request as auth-js makes it (API version 2024-01-01 unless `legacy`), from `ip`. */
async function auth(
  path: string,
  body: Record<string, unknown>,
  ip: string,
  options: { legacy?: boolean } = {},
): Promise<Answer> {
  const res = await fetch(`${gw.url}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      apikey: gw.anonKey,
      'X-Forwarded-For': `${ip}, 10.0.0.1`,
      ...(options.legacy ? {} : { 'X-Supabase-Api-Version': '2024-01-01' }),
    },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('Retry-After'),
    body: (await res.json()) as Record<string, unknown>,
  };
}

const signIn = (email: string, password: string, ip: string) =>
  auth('/token?grant_type=password', { email, password }, ip);
const signUp = (email: string, ip: string) => auth('/signup', { email, password: PASSWORD }, ip);

async function confirmedAccount(ip: string): Promise<string> {
  const email = newEmail('member');
  expect((await signUp(email, ip)).status).toBe(200);
  const { tokenHash } = linkToken(await gw.lastMail(email, 'signup'));
  expect((await auth('/verify', { type: 'signup', token_hash: tokenHash }, ip)).status).toBe(200);
  return email;
}

const requestLimit = (seconds: number): Answer => ({
  status: 429,
  retryAfter: String(seconds),
  body: {
    code: 'over_request_rate_limit',
    message: `Request rate limit reached. Please try again in ${seconds} seconds.`,
  },
});

describe('sign-in and sign-up per IP (30 per 5 minutes, a bucket of 30 refilled every 10 s)', () => {
  it('refuses the 31st attempt from one address, sign-ups included, and lets one more through 10 s later', async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i++) expect((await signIn(newEmail('nobody'), 'wrong-pass', ip)).status).toBe(400);
    expect(await signIn(newEmail('nobody'), 'wrong-pass', ip)).toEqual(requestLimit(10));
    // Sign-up counts against the same bucket; another address is not affected.
    expect(await signUp(newEmail('late'), ip)).toEqual(requestLimit(10));
    expect((await signIn(newEmail('nobody'), 'wrong-pass', newIp())).status).toBe(400);

    // Refused requests cost nothing: 10 s later exactly one more goes through.
    now += 10_000;
    expect((await signIn(newEmail('nobody'), 'wrong-pass', ip)).status).toBe(400);
    expect((await signIn(newEmail('nobody'), 'wrong-pass', ip)).status).toBe(429);
  });

  it('answers older clients in the legacy shape, and supabase-js reads status and code', async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i++) await signUp(newEmail('burst'), ip);
    const legacy = await auth('/signup', { email: newEmail('late'), password: PASSWORD }, ip, { legacy: true });
    expect(legacy).toEqual({
      status: 429,
      retryAfter: '10',
      body: {
        code: 429,
        error_code: 'over_request_rate_limit',
        msg: 'Request rate limit reached. Please try again in 10 seconds.',
      },
    });

    const sb = createClient(gw.url, gw.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: { 'X-Forwarded-For': ip } },
    });
    const { error } = await sb.auth.signInWithPassword({ email: newEmail('late'), password: PASSWORD });
    expect(error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached. Please try again in 10 seconds.',
    });
  });
});

describe('failed sign-ins to one address from one network (5 free, then waits doubling from 2 s)', () => {
  it("slows the attacker's network and never the owner signing in from another one", async () => {
    const email = await confirmedAccount(newIp());
    // Five wrong passwords from addresses in one /24: then each further try waits, twice as long each time.
    for (let i = 0; i < 5; i++)
      expect((await signIn(email, 'wrong-pass', `192.0.2.${10 + i}`)).body.code).toBe('invalid_credentials');
    expect(await signIn(email, 'wrong-pass', '192.0.2.99')).toEqual(requestLimit(2));
    // Even the right password is refused from that network, before it is compared.
    expect(await signIn(email, PASSWORD, '192.0.2.20')).toEqual(requestLimit(2));
    // The owner, elsewhere, signs in at once.
    expect((await signIn(email, PASSWORD, '203.0.113.7')).status).toBe(200);

    now += 2_000;
    expect((await signIn(email, 'wrong-pass', '192.0.2.10')).body.code).toBe('invalid_credentials');
    expect(await signIn(email, 'wrong-pass', '192.0.2.10')).toEqual(requestLimit(4));
    now += 4_000;
    expect((await signIn(email, 'wrong-pass', '192.0.2.10')).body.code).toBe('invalid_credentials');
    expect(await signIn(email, 'wrong-pass', '192.0.2.10')).toEqual(requestLimit(8));
    expect((await signIn(email, PASSWORD, '203.0.113.7')).status).toBe(200);
  });

  it('keys IPv6 callers by their /64 and caps the wait at 15 minutes', async () => {
    const email = await confirmedAccount(newIp());
    for (let i = 0; i < 14; i++) {
      now += 15 * 60_000;
      expect((await signIn(email, 'wrong-pass', `2001:db8:aa:1::${i + 1}`)).body.code).toBe('invalid_credentials');
    }
    expect(await signIn(email, PASSWORD, '2001:db8:aa:1:ffff::1')).toEqual(requestLimit(900));
    expect((await signIn(email, PASSWORD, '2001:db8:aa:2::1')).status).toBe(200);
  });

  it('does not count successful sign-ins, and a right password from a network starts its count again', async () => {
    const email = await confirmedAccount(newIp());
    for (let i = 0; i < 12; i++) expect((await signIn(email, PASSWORD, newIp())).status).toBe(200);
    for (let i = 0; i < 4; i++) await signIn(email, 'wrong-pass', '198.18.0.1');
    expect((await signIn(email, PASSWORD, '198.18.0.1')).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await signIn(email, 'wrong-pass', '198.18.0.1')).body.code).toBe('invalid_credentials');
  });
});

describe('mails per address (one of each kind a minute, GoTrue SMTP_MAX_FREQUENCY = 60 s)', () => {
  it("refuses a resend right after sign-up with GoTrue's wait message, and sends it after a minute", async () => {
    const ip = newIp();
    const email = newEmail('resend');
    expect((await signUp(email, ip)).status).toBe(200);
    expect(await auth('/resend', { type: 'signup', email }, ip)).toEqual({
      status: 429,
      retryAfter: '60',
      body: {
        code: 'over_email_send_rate_limit',
        message: 'For security purposes, you can only request this after 60 seconds.',
      },
    });
    // Signing up again is a confirmation mail too.
    expect((await signUp(email, newIp())).body.code).toBe('over_email_send_rate_limit');
    now += 59_000;
    expect((await auth('/resend', { type: 'signup', email }, ip)).body.message).toBe(
      'For security purposes, you can only request this after 1 seconds.',
    );
    now += 1000;
    expect((await auth('/resend', { type: 'signup', email }, ip)).status).toBe(200);
    expect((await gw.mailbox()).filter((m) => m.to === email)).toHaveLength(2);
  });

  it('limits recovery separately, and answers unknown addresses alike', async () => {
    const ip = newIp();
    const email = await confirmedAccount(ip);
    expect((await auth('/recover', { email }, ip)).status).toBe(200);
    const again = await auth('/recover', { email }, ip);
    expect(again).toMatchObject({ status: 429, retryAfter: '60', body: { code: 'over_email_send_rate_limit' } });

    // No account: the same answers, so a 429 does not reveal that an address has an account.
    const unknown = newEmail('ghost');
    expect((await auth('/recover', { email: unknown }, ip)).status).toBe(200);
    expect(await auth('/recover', { email: unknown }, ip)).toEqual(again);
    expect((await gw.mailbox()).filter((m) => m.to === unknown)).toHaveLength(0);
  });
});

describe('recovery and resend per IP (30 per hour)', () => {
  it('refuses the 31st request from one address, both endpoints together, for 2 minutes', async () => {
    const ip = newIp();
    for (let i = 0; i < 15; i++) expect((await auth('/recover', { email: newEmail('r') }, ip)).status).toBe(200);
    for (let i = 0; i < 15; i++)
      expect((await auth('/resend', { type: 'signup', email: newEmail('s') }, ip)).status).toBe(200);
    expect(await auth('/recover', { email: newEmail('r') }, ip)).toEqual(requestLimit(120));
    expect((await auth('/resend', { type: 'signup', email: newEmail('s') }, ip)).status).toBe(429);
    expect((await auth('/recover', { email: newEmail('r') }, newIp())).status).toBe(200);
    now += 360_000;
    expect((await auth('/recover', { email: newEmail('r') }, ip)).status).toBe(200);
  });
});

describe('the hourly mail budget (30 mails an hour from the whole gateway)', () => {
  it('refuses every mail-sending request once 30 mails went out, with any address, for 2 minutes', async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i++) expect((await signUp(newEmail('budget'), ip)).status).toBe(200);
    const refused = await signUp(newEmail('budget'), newIp());
    expect(refused).toEqual({
      status: 429,
      retryAfter: '120',
      body: {
        code: 'over_email_send_rate_limit',
        message: 'Email rate limit exceeded. Please try again in 120 seconds.',
      },
    });
    // Unknown addresses get the same answer: nothing would go out, but nothing tells them apart.
    expect(await auth('/recover', { email: newEmail('ghost') }, newIp())).toEqual(refused);
    now += 120_000;
    expect((await signUp(newEmail('budget'), newIp())).status).toBe(200);
    expect((await signUp(newEmail('budget'), newIp())).status).toBe(429);
  });
});

describe('token refresh and verification per IP', () => {
  it('allows a burst of 30 refresh grants, then one every 2 s (150 per 5 minutes)', async () => {
    const ip = newIp();
    const refresh = () => auth('/token?grant_type=refresh_token', { refresh_token: 'not-a-token' }, ip);
    for (let i = 0; i < 30; i++) expect((await refresh()).body.code).toBe('refresh_token_not_found');
    expect(await refresh()).toEqual(requestLimit(2));
    now += 4000;
    expect((await refresh()).body.code).toBe('refresh_token_not_found');
    // Sign-ins have their own bucket.
    expect((await signIn(newEmail('nobody'), 'wrong-pass', ip)).status).toBe(400);
  });

  it('refuses the 31st verification from one address (30 per 5 minutes)', async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i++)
      expect((await auth('/verify', { type: 'signup', token_hash: `bad${i}` }, ip)).status).toBe(403);
    expect(await auth('/verify', { type: 'signup', token_hash: 'bad' }, ip)).toEqual(requestLimit(10));
  });
});

describe('settings', () => {
  it("defaults to GoTrue's limits and reads GoTrue's names from the environment", () => {
    expect(loadConfig({}).rateLimits).toEqual({
      signInSignUps: 30,
      tokenRefresh: 150,
      verify: 30,
      otp: 30,
      emailSent: 30,
      emailMaxFrequency: 60,
      signInFailures: 5,
      rpcPerMember: 1200,
      rpcPerIp: 3000,
    });
    const config = loadConfig({
      RATE_LIMIT_SIGN_IN_SIGN_UPS: '5',
      RATE_LIMIT_TOKEN_REFRESH: '0',
      RATE_LIMIT_VERIFY: '7',
      RATE_LIMIT_OTP: '3',
      RATE_LIMIT_EMAIL_SENT: '100',
      RATE_LIMIT_SIGN_IN_FAILURES: '4',
      RATE_LIMIT_RPC_PER_MEMBER: '600',
      RATE_LIMIT_RPC_PER_IP: '0',
      SMTP_MAX_FREQUENCY: '1m30s',
      RATE_LIMIT_HEADER: 'X-Real-IP',
    });
    expect(config.rateLimits).toEqual({
      signInSignUps: 5,
      tokenRefresh: 0,
      verify: 7,
      otp: 3,
      emailSent: 100,
      emailMaxFrequency: 90,
      signInFailures: 4,
      rpcPerMember: 600,
      rpcPerIp: 0,
      header: 'X-Real-IP',
    });
    expect(loadConfig({ SMTP_MAX_FREQUENCY: '45' }).rateLimits.emailMaxFrequency).toBe(45);
    expect(() => loadConfig({ SMTP_MAX_FREQUENCY: 'soon' })).toThrow(
      /SMTP_MAX_FREQUENCY="soon": must be seconds or a duration/,
    );
    expect(() => loadConfig({ RATE_LIMIT_VERIFY: '-1' })).toThrow(/RATE_LIMIT_VERIFY/);
  });

  it("takes some limits from the option and the rest from GoTrue's defaults; 0 turns one off", async () => {
    const custom = await startTestGateway({ rateLimits: { emailMaxFrequency: 0, signInSignUps: 2 } });
    try {
      const email = `again-${++n}@example.test`;
      const signUpThere = () =>
        fetch(`${custom.url}/auth/v1/signup`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', apikey: custom.anonKey },
          body: JSON.stringify({ email, password: PASSWORD }),
        });
      expect((await signUpThere()).status).toBe(200);
      expect((await signUpThere()).status).toBe(200);
      const third = await signUpThere();
      expect(third.status).toBe(429);
      expect(third.headers.get('Retry-After')).toBe('150');
      expect((await custom.mailbox()).filter((m) => m.to === email)).toHaveLength(2);
    } finally {
      await custom.close();
    }
  });
});
