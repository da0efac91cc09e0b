// Accounts in Chromium against the gateway: sign-up with its messages and meter, 'Check Your
// Email!' and resend, the mailed link to /auth/callback; sign-in and sign-out from the header
// (asked first over an unsynced change); the reset link to /reset-password; a guest's like that
// waits for sign-in (requireMember); OAuth through the gateway's development flow; deleting the
// account.
import { createClient } from '@supabase/supabase-js';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../supabase/local/demo.ts';
import { linkToken, type Mail } from '../support/gateway.ts';
import { expectAccessible } from './axe.ts';
import { e2eWorld } from './harness.ts';
import { setOffline } from './browser.ts';

let clockOffset = 0;

const NEW_PASSWORD = 'N3w!Password';

// The gateway's own rate limits, whose clock runs ahead when a test must wait out a limit (one mail
// a minute per address).
const world = e2eWorld({ gateway: { rateLimits: {}, clock: () => Date.now() + clockOffset } });

async function open(path = '/', width = 1280) {
  const { context, page, errors } = await world.open(width, { viewport: { width, height: 860 } });
  await page.goto(`${world.gateway.url}${path}`);
  // The first visit of a run waits for the gateway's cold start.
  await expect
    .poll(() => page.locator('header .account button').first().textContent(), { timeout: 15_000 })
    .not.toBe('Loading...');
  return { context, page, errors };
}

async function lastMail(to: string, kind: Mail['kind']): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await fetch(`${world.gateway.url}/_dev/mailbox.json`)).json()) as Mail[];
      found = mails.find((m) => m.to === to && m.kind === kind);
      return found !== undefined;
    })
    .toBe(true);
  if (!found) throw new Error('unreachable');
  return found;
}

const mailCount = async (to: string) =>
  ((await (await fetch(`${world.gateway.url}/_dev/mailbox.json`)).json()) as Mail[]).filter((m) => m.to === to).length;

const dialog = (page: Page) => page.getByRole('dialog');
const dialogTitle = (page: Page) => dialog(page).locator('h2').first().textContent();
const headerButton = (page: Page) => page.locator('header .account button').first();
const alerts = (page: Page) => dialog(page).getByRole('alert').allTextContents();

async function signInWithModal(page: Page, email: string, password: string) {
  await expect.poll(() => headerButton(page).textContent()).toBe('Sign In');
  await headerButton(page).click();
  await expect.poll(() => dialogTitle(page)).toBe('Sign in to your account');
  await expectAccessible(dialog(page));
  await dialog(page).getByLabel('Email', { exact: true }).fill(email);
  await dialog(page).getByLabel('Password', { exact: true }).fill(password);
  await dialog(page).getByRole('button', { name: 'Sign In' }).click();
}

async function openMenu(page: Page) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await expect.poll(() => page.getByRole('menu').isVisible()).toBe(true);
}

it('signs up with the spec messages and the meter, resends the mail, and the mailed link signs in', async () => {
  const { context, page, errors } = await open();
  await expect.poll(() => headerButton(page).textContent()).toBe('Sign In');
  await headerButton(page).click();
  await dialog(page).getByRole('button', { name: 'Sign up' }).click();
  await expect.poll(() => dialogTitle(page)).toBe('Create your account');

  await dialog(page).getByRole('button', { name: 'Create Account' }).click();
  await expect
    .poll(() => alerts(page))
    .toEqual([
      'Username must be at least 3 characters',
      'Please enter a valid email address',
      'Password must be at least 8 characters',
      'You must agree to the terms and conditions',
    ]);
  // The first invalid field has the focus.
  await expect
    .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.autocomplete))
    .toBe('username');

  const strength = dialog(page).getByTestId('password-strength');
  expect(await strength.textContent()).toBe('None');
  const password = dialog(page).getByLabel('Password', { exact: true });
  await dialog(page).getByLabel('Username').fill('new player!');
  await password.fill('abc');
  expect(await strength.textContent()).toBe('Very Weak');
  await password.fill('abcDEF12');
  expect(await strength.textContent()).toBe('Good');
  await expect.poll(() => alerts(page)).toContain('Username can only contain letters, numbers, and underscores');
  await expect.poll(() => alerts(page)).toContain('Password must contain at least one special character');
  await password.fill('Str0ng!Pass');
  expect(await strength.textContent()).toBe('Strong');
  await dialog(page).getByLabel('Confirm password', { exact: true }).fill('Str0ng!Pas');
  await dialog(page).getByRole('button', { name: 'Create Account' }).click();
  await expect.poll(() => alerts(page)).toContain("Passwords don't match");
  await expectAccessible(dialog(page));

  // The terms link opens the terms and privacy modal over the form; Escape closes only it.
  await dialog(page).getByRole('button', { name: 'Terms of Service and Privacy Policy' }).click();
  const terms = page.getByRole('dialog', { name: 'Terms of Service and Privacy Policy' });
  await expect.poll(() => terms.getByText('Last updated: January 15, 2024').first().isVisible()).toBe(true);
  expect(await terms.getByRole('navigation', { name: 'Contents' }).getByRole('link').count()).toBeGreaterThan(10);
  await expectAccessible(terms);
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
  await page.keyboard.press('Escape');
  await expect.poll(() => terms.count()).toBe(0);
  await expect.poll(() => dialogTitle(page)).toBe('Create your account');

  const email = 'new_player@example.test';
  await dialog(page).getByLabel('Username').fill('new_player');
  await dialog(page).getByLabel('Email', { exact: true }).fill(email);
  await dialog(page).getByLabel('Confirm password', { exact: true }).fill('Str0ng!Pass');
  // Ticking the terms checkbox opens the terms and privacy modal too (and ticks it); Escape closes
  // the modal and gives the focus back to the checkbox. By keyboard: Space unticks it without a
  // modal, Space again ticks it and opens the modal.
  const checkbox = dialog(page).getByRole('checkbox');
  await checkbox.click();
  await expect.poll(() => terms.getByText('Last updated: January 15, 2024').first().isVisible()).toBe(true);
  await expectAccessible(terms);
  await page.keyboard.press('Escape');
  await expect.poll(() => terms.count()).toBe(0);
  expect(await checkbox.isChecked()).toBe(true);
  expect(await checkbox.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Space');
  expect(await checkbox.isChecked()).toBe(false);
  await page.waitForTimeout(300);
  expect(await terms.count()).toBe(0);
  await page.keyboard.press('Space');
  await expect.poll(() => terms.count()).toBe(1);
  await page.keyboard.press('Escape');
  await expect.poll(() => terms.count()).toBe(0);
  expect(await checkbox.isChecked()).toBe(true);
  await expectAccessible(dialog(page));
  await dialog(page).getByRole('button', { name: 'Create Account' }).click();
  await expect.poll(() => dialog(page).getByRole('heading', { name: 'Check Your Email!' }).isVisible()).toBe(true);
  expect(await page.evaluate(() => sessionStorage.getItem('pendingVerificationEmail'))).toBe(email);
  await lastMail(email, 'signup');
  expect(await mailCount(email)).toBe(1);

  // At once, the resend is refused as GoTrue does (one mail a minute per address), saying how long to wait.
  await dialog(page).getByRole('button', { name: 'Resend verification email' }).click();
  await expect
    .poll(() => dialog(page).getByRole('alert').textContent())
    .toMatch(/^For security purposes, you can only request this after (5\d|60) seconds\.$/);
  expect(await mailCount(email)).toBe(1);
  clockOffset += 60_000;
  await dialog(page).getByRole('button', { name: 'Resend verification email' }).click();
  await expect
    .poll(() => dialog(page).getByRole('status').textContent())
    .toBe('Verification email resent! Please check your inbox.');
  expect(await mailCount(email)).toBe(2);
  // The message lasts 3 s.
  await expect.poll(() => dialog(page).getByRole('status').count(), { timeout: 6000 }).toBe(0);

  // The link, opened in another tab: that tab verifies; this one's modal closes by itself.
  const mail = await lastMail(email, 'signup');
  expect(linkToken(mail).type).toBe('signup');
  const tab = await context.newPage();
  await tab.goto(mail.link);
  await expect.poll(() => tab.locator('h1').textContent(), { timeout: 10_000 }).toBe('Email verified!');
  await expect.poll(() => new URL(tab.url()).search).toBe('');
  await expect.poll(() => new URL(tab.url()).pathname, { timeout: 6000 }).toBe('/');
  await expect.poll(() => tab.getByRole('button', { name: 'Account menu for new_player' }).isVisible()).toBe(true);
  await expect.poll(() => dialog(page).count(), { timeout: 10_000 }).toBe(0);
  await expect.poll(() => page.getByRole('button', { name: 'Account menu for new_player' }).isVisible()).toBe(true);
  expect(await page.evaluate(() => sessionStorage.getItem('pendingVerificationEmail'))).toBeNull();

  // get_or_create_user gave the member an id: My Profile goes to it.
  await openMenu(tab);
  await expect
    .poll(() => tab.getByRole('menuitem', { name: 'My Profile' }).getAttribute('href'))
    .toMatch(/^\/user\/\d+$/);
  expect(errors).toEqual([]);
  await context.close();
});

it('a made-up verification link fails, a really expired one says so', async () => {
  const { context, page } = await open('/auth/callback?token_hash=deadbeef&type=signup');
  await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 10_000 }).toBe('Email verification failed');
  // A real link, 25 hours old (a confirmation link lasts 24).
  const email = 'aged_link@example.test';
  const anon = createClient(world.gateway.url, world.gateway.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  expect((await anon.auth.signUp({ email, password: 'Str0ng!Pass' })).error).toBeNull();
  const mail = await lastMail(email, 'signup');
  await world.gateway.db.query(
    `update auth.one_time_tokens set created_at = now() - interval '25 hours' where token_hash = $1`,
    [linkToken(mail).tokenHash],
  );
  await page.goto(mail.link);
  await expect
    .poll(() => page.getByRole('alert').textContent(), { timeout: 10_000 })
    .toBe('Email verification link has expired. Please request a new one.');
  await page.goto(`${world.gateway.url}/auth/callback`);
  await expect
    .poll(() => page.getByRole('alert').textContent())
    .toBe('No valid authentication tokens received. Please try signing up again.');
  // A new document: a hash alone would not reload the page.
  await page.goto('about:blank');
  await page.goto(`${world.gateway.url}/auth/callback#access_token=abc`);
  await expect.poll(() => page.getByRole('alert').textContent()).toBe('Incomplete hash token data received');
  await context.close();
});

it('signs in from the header and asks before signing out over an unsynced change', async () => {
  const { context, page, errors } = await open();
  await context.addInitScript(() => localStorage.setItem('checkpoint.devtools', '1'));
  await signInWithModal(page, 'nobody@demo.checkpoint.local', 'wrong');
  await expect.poll(() => alerts(page)).toEqual(['Invalid login credentials']);
  await dialog(page).getByLabel('Email', { exact: true }).fill('pixel_pilgrim@demo.checkpoint.local');
  await dialog(page).getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await dialog(page).getByRole('button', { name: 'Sign In' }).click();
  await expect.poll(() => dialog(page).count()).toBe(0);
  await expect.poll(() => page.getByRole('button', { name: 'Account menu for pixel_pilgrim' }).isVisible()).toBe(true);
  // The member is known to the device (get_or_create_user, recorded for sync: 'My Profile' is a
  // link) before the reload: offline afterwards, a write needs it and it cannot be asked for.
  await openMenu(page);
  await expect.poll(() => page.getByRole('menuitem', { name: 'My Profile' }).getAttribute('aria-disabled')).toBe(null);
  await page.keyboard.press('Escape');

  // An offline write stays in the outbox.
  await page.reload();
  await expect.poll(() => page.evaluate(() => typeof window.checkpoint)).toBe('object');
  await setOffline(context, true);
  await page.evaluate(() => window.checkpoint?.mutate('game.ensure', { igdb_id: 777_001, name: 'Offline Test Game' }));

  await openMenu(page);
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowUp');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sign Out');
  await page.keyboard.press('Enter');
  const question = page.getByRole('alertdialog');
  await expect.poll(() => question.textContent()).toContain("You have 1 change that hasn't synced yet.");
  await expectAccessible(question);
  await question.getByRole('button', { name: 'Keep waiting' }).click();
  await expect.poll(() => question.count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Account menu for pixel_pilgrim' }).isVisible()).toBe(true);

  await setOffline(context, false);
  await page.goto(`${world.gateway.url}/terms`);
  await openMenu(page);
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  // Online, the change may have synced meanwhile; if not, the question comes again.
  const asked = await question.waitFor({ timeout: 3000 }).then(
    () => true,
    () => false,
  );
  if (asked) await question.getByRole('button', { name: 'Sign out anyway' }).click();
  await expect.poll(() => headerButton(page).textContent()).toBe('Sign In');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  expect(errors).toEqual([]);
  await context.close();
});

it('resets a password through the mailed link, and the new password works', async () => {
  const email = 'combo_breaker@demo.checkpoint.local';
  const { context, page, errors } = await open();
  await expect.poll(() => headerButton(page).textContent()).toBe('Sign In');
  await headerButton(page).click();
  await dialog(page).getByRole('button', { name: 'Forgot password?' }).click();
  await expect.poll(() => dialogTitle(page)).toBe('Reset your password');
  await dialog(page).getByRole('button', { name: 'Send Reset Link' }).click();
  await expect.poll(() => alerts(page)).toEqual(['Please enter a valid email address']);
  // Switching modes clears the form and its messages.
  await dialog(page).getByRole('button', { name: 'Back to sign in' }).click();
  await dialog(page).getByRole('button', { name: 'Forgot password?' }).click();
  expect(await alerts(page)).toEqual([]);
  expect(await dialog(page).getByLabel('Email', { exact: true }).inputValue()).toBe('');
  await dialog(page).getByLabel('Email', { exact: true }).fill(email);
  await dialog(page).getByRole('button', { name: 'Send Reset Link' }).click();
  await expect
    .poll(() => dialog(page).getByRole('status').textContent())
    .toBe('Password reset email sent! Check your inbox for instructions.');

  const mail = await lastMail(email, 'recovery');
  await page.goto(mail.link);
  await expect.poll(() => page.locator('h1').textContent(), { timeout: 10_000 }).toBe('Choose a new password');
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect
    .poll(() => page.getByRole('alert').allTextContents())
    .toContain('Password must be at least 8 characters');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  expect(await page.getByTestId('password-strength').textContent()).toBe('Strong');
  await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect.poll(() => page.locator('h1').textContent(), { timeout: 15_000 }).toBe('Password updated!');
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 6000 }).toBe('/');

  // The link works once.
  await page.goto(mail.link);
  await expect
    .poll(() => page.getByRole('alert').textContent(), { timeout: 10_000 })
    .toBe('Your password reset link has expired. Please request a new one.');

  const fresh = await open();
  await signInWithModal(fresh.page, email, DEMO_PASSWORD);
  await expect.poll(() => alerts(fresh.page)).toEqual(['Invalid login credentials']);
  await fresh.page.getByRole('dialog').getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await fresh.page.getByRole('dialog').getByRole('button', { name: 'Sign In' }).click();
  await expect
    .poll(() => fresh.page.getByRole('button', { name: 'Account menu for combo_breaker' }).isVisible())
    .toBe(true);
  expect([...errors, ...fresh.errors]).toEqual([]);
  await fresh.context.close();
  await context.close();
});

it("runs a guest's like after they sign in (requireMember), and drops it when they close the modal", async () => {
  const reviews = await fetch(`${world.gateway.url}/rest/v1/rpc/get_recent_reviews`, {
    method: 'POST',
    headers: { apikey: world.gateway.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ p_limit: 10 }),
  }).then(
    (r) =>
      r.json() as Promise<
        { user_id: number; author: { username: string }; game: { id: number; igdb_id: number | null } }[]
      >,
  );
  const review = reviews.find((r) => r.author.username !== 'cozy_quests');
  if (!review) throw new Error('no demo review');
  const path = `/review/${review.user_id}/${review.game.igdb_id ?? review.game.id}`;
  const { context, page } = await open(path);
  const like = page.getByRole('button', { name: /^(Like|Unlike) review/ }).first();
  await expect.poll(() => like.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('false');

  await like.click();
  await expect.poll(() => dialogTitle(page)).toBe('Sign in to your account');
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => dialog(page).count()).toBe(0);

  await like.click();
  await dialog(page).getByLabel('Email', { exact: true }).fill('cozy_quests@demo.checkpoint.local');
  await dialog(page).getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await dialog(page).getByRole('button', { name: 'Sign In' }).click();
  await expect.poll(() => dialog(page).count()).toBe(0);
  await expect.poll(() => like.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
  // Liked once: the dropped action did not run as well (it would have toggled it back).
  await page.waitForTimeout(500);
  expect(await like.getAttribute('aria-pressed')).toBe('true');
  await context.close();
});

it('signs in with a provider through the development OAuth flow and back to /auth/callback', async () => {
  const { context, page, errors } = await open('/', 390);
  await expect.poll(() => headerButton(page).textContent()).toBe('Sign In / Sign Up');
  await headerButton(page).click();
  await dialog(page).getByRole('button', { name: 'GitHub' }).click();
  await expect.poll(() => page.locator('h1').textContent(), { timeout: 10_000 }).toBe('You are signed in!');
  await expect.poll(() => new URL(page.url()).hash).toBe('');
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 6000 }).toBe('/');
  await page.goto(`${world.gateway.url}/debug-auth`);
  await expect
    .poll(() => page.getByTestId('auth-state').textContent())
    .toMatch(/StatusSigned in.*Emailgithub-dev@checkpoint\.local.*Database user id\d+/);
  expect(await page.locator('body').textContent()).not.toMatch(/eyJ[\w-]{20,}\.[\w-]{20,}/);
  expect(await page.getByRole('link', { name: /^\/user\/\d+$/ }).allTextContents()).toEqual([
    '/user/5',
    '/user/7',
    '/user/9',
    '/user/11',
  ]);
  expect(errors).toEqual([]);
  await context.close();
});

it('deletes the account after confirmation', async () => {
  const email = 'story_first@demo.checkpoint.local';
  const { context, page, errors } = await open();
  await signInWithModal(page, email, DEMO_PASSWORD);
  await expect.poll(() => page.getByRole('button', { name: 'Account menu for story_first' }).isVisible()).toBe(true);
  await openMenu(page);
  await page.getByRole('menuitem', { name: 'Delete account' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expectAccessible(confirm);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => confirm.count()).toBe(0);
  await openMenu(page);
  await page.getByRole('menuitem', { name: 'Delete account' }).click();
  await confirm.getByRole('button', { name: 'Delete account' }).click();
  await expect.poll(() => headerButton(page).textContent()).toBe('Sign In');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  await signInWithModal(page, email, DEMO_PASSWORD);
  await expect.poll(() => alerts(page)).toEqual(['Invalid login credentials']);
  expect(errors).toEqual([]);
  await context.close();
});
