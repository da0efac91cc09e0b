// The gateway's GoTrue stand-in, driven by unmodified supabase-js as the app drives it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkToken, startTestGateway, type TestGateway } from '../support/gateway.ts';

let gw: TestGateway;
let n = 0;
const newEmail = (name: string) => `${name}-${++n}@example.test`;

beforeAll(async () => {
  // The app's links in these tests point at a Vite dev server on another port: REDIRECT_URLS allows it.
  gw = await startTestGateway({ redirectUrls: ['http://localhost:5173'] });
});
afterAll(async () => {
  await gw?.close();
});

/** Signs up and confirms through the mailed link; returns the email. */
async function confirmedAccount(name: string, password = 'first-pass1'): Promise<string> {
  const email = newEmail(name);
  const sb = gw.client();
  const { error } = await sb.auth.signUp({ email, password });
  expect(error).toBeNull();
  const { tokenHash } = linkToken(await gw.lastMail(email, 'signup'));
  const verified = await sb.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
  expect(verified.error).toBeNull();
  return email;
}

describe('sign-up, confirmation and the signed-in life cycle', () => {
  it('goes from sign-up to sign-out with supabase-js', async () => {
    const email = newEmail('alice');
    const sb = gw.client();

    const signUp = await sb.auth.signUp({
      email,
      password: 'first-pass1',
      options: { data: { username: 'alice', name: 'Alice' }, emailRedirectTo: 'http://localhost:5173/auth/callback' },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user?.email).toBe(email);
    expect(signUp.data.user?.user_metadata).toMatchObject({ username: 'alice' });

    const mail = await gw.lastMail(email, 'signup');
    expect(mail.link).toMatch(/^http:\/\/localhost:5173\/auth\/callback\?token_hash=[0-9a-f]+&type=signup$/);

    const { tokenHash, type } = linkToken(mail);
    expect(type).toBe('signup');
    const verified = await sb.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toBeTruthy();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();

    const signIn = await sb.auth.signInWithPassword({ email, password: 'first-pass1' });
    expect(signIn.error).toBeNull();
    const session = signIn.data.session;
    expect(session?.user.id).toBe(signUp.data.user?.id);
    expect(session?.token_type).toBe('bearer');
    expect(session?.expires_in).toBe(3600);

    const refreshed = await sb.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(session?.refresh_token);
    // The refresh token is single-use: presenting the old one again fails.
    const reused = await gw.client().auth.refreshSession({ refresh_token: session?.refresh_token ?? '' });
    expect(reused.error?.code).toBe('refresh_token_already_used');

    const fresh = await gw.client().auth.signInWithPassword({ email, password: 'first-pass1' });
    const user = await sb.auth.getUser(fresh.data.session?.access_token);
    expect(user.error).toBeNull();
    expect(user.data.user?.email).toBe(email);

    const signedIn = gw.client();
    await signedIn.auth.setSession({
      access_token: fresh.data.session?.access_token ?? '',
      refresh_token: fresh.data.session?.refresh_token ?? '',
    });
    const updated = await signedIn.auth.updateUser({ data: { username: 'alice_2' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ username: 'alice_2', name: 'Alice' });

    // A new password needs the current one (GoTrue's secure password change).
    const bare = await signedIn.auth.updateUser({ password: 'second-pass2' });
    expect([bare.error?.status, bare.error?.code]).toEqual([400, 'current_password_required']);
    const wrong = await signedIn.auth.updateUser({ password: 'second-pass2', current_password: 'not-it-1' });
    expect([wrong.error?.status, wrong.error?.code]).toEqual([400, 'current_password_mismatch']);
    const changed = await signedIn.auth.updateUser({ password: 'second-pass2', current_password: 'first-pass1' });
    expect(changed.error).toBeNull();
    expect((await gw.client().auth.signInWithPassword({ email, password: 'first-pass1' })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await gw.client().auth.signInWithPassword({ email, password: 'second-pass2' })).error).toBeNull();

    const refreshToken = (await signedIn.auth.getSession()).data.session?.refresh_token ?? '';
    const out = await signedIn.auth.signOut();
    expect(out.error).toBeNull();
    const afterSignOut = await gw.client().auth.refreshSession({ refresh_token: refreshToken });
    expect(afterSignOut.error?.code).toBe('refresh_token_not_found');
  });

  it('refuses a sign-in before the email is confirmed', async () => {
    const email = newEmail('unconfirmed');
    await gw.client().auth.signUp({ email, password: 'secret-pw1' });
    const { error } = await gw.client().auth.signInWithPassword({ email, password: 'secret-pw1' });
    expect(error?.code).toBe('email_not_confirmed');
    expect(error?.message).toBe('Email not confirmed');
    expect(error?.status).toBe(400);
  });

  it('refuses a wrong password and an unknown email alike', async () => {
    const email = await confirmedAccount('wrongpw');
    for (const attempt of [
      { email, password: 'not-the-password' },
      { email: newEmail('nobody'), password: 'first-pass1' },
    ]) {
      const { error } = await gw.client().auth.signInWithPassword(attempt);
      expect(error?.code).toBe('invalid_credentials');
      expect(error?.message).toBe('Invalid login credentials');
    }
  });

  it('rejects a weak password with weak_password', async () => {
    const { error } = await gw.client().auth.signUp({ email: newEmail('weak'), password: '12345' });
    expect(error?.code).toBe('weak_password');
    expect(error?.status).toBe(422);
  });

  it('answers a repeated sign-up of a confirmed email with a look-alike user and sends nothing', async () => {
    const email = await confirmedAccount('twice');
    const before = (await gw.mailbox()).length;
    const { data, error } = await gw.client().auth.signUp({ email, password: 'another-pw1' });
    expect(error).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect((await gw.mailbox()).length).toBe(before);
  });

  it('resends the confirmation mail, and only the newest link works', async () => {
    const email = newEmail('resend');
    const sb = gw.client();
    await sb.auth.signUp({ email, password: 'secret-pw1' });
    const first = await gw.lastMail(email, 'signup');
    const { error } = await sb.auth.resend({ type: 'signup', email });
    expect(error).toBeNull();
    const mails = (await gw.mailbox()).filter((m) => m.to === email);
    expect(mails).toHaveLength(2);
    const second = mails[0];
    expect(second?.link).not.toBe(first.link);
    expect((await sb.auth.verifyOtp({ token_hash: linkToken(first).tokenHash, type: 'signup' })).error?.code).toBe(
      'otp_expired',
    );
    expect(
      (await sb.auth.verifyOtp({ token_hash: second ? linkToken(second).tokenHash : '', type: 'signup' })).error,
    ).toBeNull();
  });

  it('accepts a link once: the second use fails with otp_expired', async () => {
    const email = newEmail('once');
    const sb = gw.client();
    await sb.auth.signUp({ email, password: 'secret-pw1' });
    const { tokenHash } = linkToken(await gw.lastMail(email, 'signup'));
    expect((await sb.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' })).error).toBeNull();
    const again = await gw.client().auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
    expect(again.error?.code).toBe('otp_expired');
    expect(again.error?.message).toBe('Email link is invalid or has expired');
    expect(again.error?.status).toBe(403);
  });
});

describe('made-up and expired links', () => {
  it('answers otp_invalid for a token it never issued and otp_expired for one past its 24 hours', async () => {
    for (const token_hash of ['deadbeef', 'a'.repeat(56)]) {
      const made = await gw.client().auth.verifyOtp({ token_hash, type: 'signup' });
      expect(made.error?.code).toBe('otp_invalid');
      expect(made.error?.status).toBe(403);
    }
    const email = newEmail('aged');
    await gw.client().auth.signUp({ email, password: 'secret-pw1' });
    const { tokenHash } = linkToken(await gw.lastMail(email, 'signup'));
    await gw.db.query(
      `update auth.one_time_tokens set created_at = now() - interval '25 hours' where token_hash = $1`,
      [tokenHash],
    );
    const aged = await gw.client().auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
    expect(aged.error?.code).toBe('otp_expired');
    expect(aged.error?.message).toBe('Email link is invalid or has expired');

    // The browser's GET /verify puts the same codes in the redirect's hash.
    const redirectTo = encodeURIComponent('http://localhost:5173/auth/callback');
    const res = await fetch(`${gw.url}/auth/v1/verify?token=deadbeef&type=signup&redirect_to=${redirectTo}`, {
      redirect: 'manual',
    });
    expect(new URLSearchParams(new URL(res.headers.get('location') ?? '').hash.slice(1)).get('error_code')).toBe(
      'otp_invalid',
    );
  });
});

describe('password reset', () => {
  it('mails a recovery link that signs in and lets the password be changed', async () => {
    const email = await confirmedAccount('reset');
    const sb = gw.client();
    const { error } = await sb.auth.resetPasswordForEmail(email, {
      redirectTo: 'http://localhost:5173/reset-password',
    });
    expect(error).toBeNull();
    const mail = await gw.lastMail(email, 'recovery');
    expect(mail.link).toMatch(/^http:\/\/localhost:5173\/reset-password\?token_hash=[0-9a-f]+&type=recovery$/);

    const verified = await sb.auth.verifyOtp({ token_hash: linkToken(mail).tokenHash, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session).not.toBeNull();
    const updated = await sb.auth.updateUser({ password: 'brand-new-pw3' });
    expect(updated.error).toBeNull();

    expect((await gw.client().auth.signInWithPassword({ email, password: 'brand-new-pw3' })).error).toBeNull();
    expect((await gw.client().auth.signInWithPassword({ email, password: 'first-pass1' })).error?.code).toBe(
      'invalid_credentials',
    );
  });

  it('answers 200 for an unknown email and sends nothing', async () => {
    const email = newEmail('ghost');
    const { error } = await gw.client().auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    expect((await gw.mailbox()).some((m) => m.to === email)).toBe(false);
  });
});

describe('browser redirects', () => {
  it('GET /verify redirects with the session in the hash, or the error', async () => {
    const email = newEmail('getverify');
    await gw.client().auth.signUp({ email, password: 'secret-pw1' });
    const { tokenHash } = linkToken(await gw.lastMail(email, 'signup'));
    const redirectTo = encodeURIComponent('http://localhost:5173/auth/callback');
    const verifyUrl = `${gw.url}/auth/v1/verify?token=${tokenHash}&type=signup&redirect_to=${redirectTo}`;

    const ok = await fetch(verifyUrl, { redirect: 'manual' });
    expect(ok.status).toBe(303);
    const location = new URL(ok.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:5173/auth/callback');
    const hash = new URLSearchParams(location.hash.slice(1));
    expect(hash.get('token_type')).toBe('bearer');
    expect(hash.get('type')).toBe('signup');
    expect(Number(hash.get('expires_in'))).toBe(3600);
    expect(Number(hash.get('expires_at'))).toBeGreaterThan(Date.now() / 1000);
    const user = await gw.client().auth.getUser(hash.get('access_token') ?? '');
    expect(user.data.user?.email).toBe(email);
    expect(hash.get('refresh_token')).toBeTruthy();

    const used = await fetch(verifyUrl, { redirect: 'manual' });
    expect(used.status).toBe(303);
    const error = new URLSearchParams(new URL(used.headers.get('location') ?? '').hash.slice(1));
    expect(error.get('error_code')).toBe('otp_expired');
    expect(error.get('error_description')).toBe('Email link is invalid or has expired');
  });

  it('never redirects to a foreign site', async () => {
    const res = await fetch(
      `${gw.url}/auth/v1/verify?token=nope&type=signup&redirect_to=${encodeURIComponent('https://evil.example/x')}`,
      {
        redirect: 'manual',
      },
    );
    expect(new URL(res.headers.get('location') ?? '').hostname).not.toBe('evil.example');
  });

  it('refuses another program on this machine: a localhost port that is not configured', async () => {
    const own = new URL(gw.url);
    const target = (redirectTo: string) =>
      fetch(`${gw.url}/auth/v1/authorize?provider=github&redirect_to=${encodeURIComponent(redirectTo)}`, {
        redirect: 'manual',
      }).then((res) => new URL(res.headers.get('location') ?? ''));
    // SITE_URL (the gateway's own address here) is where a refused redirect lands.
    expect((await target('http://localhost:6666/auth/callback')).origin).toBe(own.origin);
    expect((await target('http://127.0.0.1:5174/steal')).origin).toBe(own.origin);
    // The configured one, the gateway's own port under another loopback name, and a path on either, go through.
    expect((await target('http://localhost:5173/auth/callback')).origin).toBe('http://localhost:5173');
    const sameServer = await target(`http://localhost:${own.port}/auth/callback`);
    expect([sameServer.origin, sameServer.pathname]).toEqual([`http://localhost:${own.port}`, '/auth/callback']);
  });

  it('dev OAuth signs in <provider>-dev@checkpoint.local and redirects with tokens', async () => {
    const { data } = await gw.client().auth.signInWithOAuth({
      provider: 'github',
      options: { redirectTo: 'http://localhost:5173/auth/callback', skipBrowserRedirect: true },
    });
    const res = await fetch(data.url ?? '', { redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '');
    expect(location.pathname).toBe('/auth/callback');
    const hash = new URLSearchParams(location.hash.slice(1));
    const { data: who } = await gw.client().auth.getUser(hash.get('access_token') ?? '');
    expect(who.user?.email).toBe('github-dev@checkpoint.local');
    expect(who.user?.app_metadata.provider).toBe('github');
    expect(who.user?.email_confirmed_at).toBeTruthy();
  });
});

describe('wire format', () => {
  it('serves settings and health, and answers a malformed body with bad_json', async () => {
    expect((await fetch(`${gw.url}/auth/v1/health`)).status).toBe(200);
    const settings = (await (await fetch(`${gw.url}/auth/v1/settings`)).json()) as { mailer_autoconfirm: boolean };
    expect(settings.mailer_autoconfirm).toBe(false);
    const bad = await fetch(`${gw.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      body: '{not json',
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await bad.json()).toEqual({ code: 'bad_json', message: 'Could not parse request body as JSON' });
  });

  it('rejects GET /user without a token, with a forged one, and after sign-out', async () => {
    expect((await fetch(`${gw.url}/auth/v1/user`)).status).toBe(401);
    const forged = await gw.client().auth.getUser('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl');
    expect(forged.error?.status).toBe(403);

    const email = await confirmedAccount('gone');
    const sb = gw.client();
    const { data } = await sb.auth.signInWithPassword({ email, password: 'first-pass1' });
    const token = data.session?.access_token ?? '';
    await sb.auth.signOut();
    const after = await fetch(`${gw.url}/auth/v1/user`, {
      headers: { Authorization: `Bearer ${token}`, apikey: gw.anonKey },
    });
    expect(after.status).toBe(403);
    expect(((await after.json()) as { error_code: string }).error_code).toBe('session_not_found');
  });
});
