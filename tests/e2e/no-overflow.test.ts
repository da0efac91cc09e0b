// Phone widths, against the gateway's demo data: at 360 and 390 px no screen is wider than the
// viewport (document.documentElement.scrollWidth), signed out and signed in, on every route, every
// profile tab (one's own and another member's) and every profile dialog; a dialog also stays inside
// the viewport and does not scroll sideways; signed out, the sign-in, sign-up, reset-password,
// terms and "Check your email" dialogs too. A failure names the screen and the element reaching
// furthest past the edge. axe checks every profile tab and every one of those dialogs in the dark
// and the light theme, holding the landmark rules a dialog broke once (a second banner and
// contentinfo). Each screen is laid out once and measured at both widths by resizing the page.
// The other dialogs (review, comment, pickers, confirms, sheets) are dialogs.test.ts's.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { demoEmail, devtoolsSignIn, e2eWorld } from './harness.ts';
import { COZY, PIXEL, ROUTES } from './routes.ts';
import { check, escape, loaded, measure, OPEN_DIALOG, WIDTHS } from './phone-screens.ts';

const world = e2eWorld();

/** How each profile dialog opens from the profile page; `own`: only on one's own profile. */
const DIALOGS: ReadonlyArray<{
  readonly name: string;
  readonly own?: boolean;
  readonly open: (page: Page) => Promise<void>;
}> = [
  { name: 'Games', open: (page) => page.locator('[data-stat="games"] button').click() },
  { name: 'Reviews', open: (page) => page.locator('[data-stat="reviews"] button').click() },
  { name: 'Following', open: (page) => page.locator('[data-stat="following"] button').click() },
  { name: 'Followers', open: (page) => page.locator('[data-stat="followers"] button').click() },
  { name: 'Edit Profile', own: true, open: (page) => page.getByRole('button', { name: 'Edit Profile' }).click() },
  { name: 'Export', own: true, open: (page) => page.getByRole('button', { name: 'Export my data' }).click() },
  { name: 'Import', own: true, open: (page) => page.getByRole('button', { name: 'Import', exact: true }).click() },
  {
    name: 'Remove from Top 5',
    own: true,
    open: async (page) => {
      await openTab(page, 'Top 5');
      await page.locator('.top5__edit').click();
      await page
        .getByRole('button', { name: /^Remove .* from Top 5$/ })
        .first()
        .click();
    },
  },
];

async function openTab(page: Page, label: string): Promise<void> {
  const tab = page.getByRole('tab', { name: label, exact: true });
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
  await loaded(page.getByRole('tabpanel'));
  if (label === 'Library') await page.locator('.library[data-pass="full"], .library__empty').first().waitFor();
}

async function openProfile(page: Page, userId: number): Promise<void> {
  await page.goto(`${world.gateway.url}/user/${userId}`);
  await page.locator('main:not([data-first-paint]) .profile-header h1').waitFor({ timeout: 20_000 });
  // Who is looking is known once the header's action shows (Edit Profile, or Follow).
  await page.locator('.profile-header__action-pending').waitFor({ state: 'detached', timeout: 20_000 });
}

/** Every tab and dialog of one profile, measured at both widths and audited in both themes. */
async function walkProfile(page: Page, userId: number, own: boolean, who: string, found: string[]) {
  await openProfile(page, userId);
  const tabs = await page.getByRole('tab').allTextContents();
  expect(tabs.length).toBeGreaterThanOrEqual(5);
  for (const tab of tabs) {
    await openTab(page, tab);
    await check(page, `${who} tab ${tab}`, found);
  }
  for (const dialog of DIALOGS) {
    if (dialog.own && !own) continue;
    await dialog.open(page);
    await loaded(page.locator(OPEN_DIALOG).last());
    await check(page, `${who} dialog ${dialog.name}`, found);
    await escape(page);
  }
}

/**
 * A visitor's dialogs: sign in, sign up (empty, then with its errors shown), the terms and privacy
 * over sign-up, reset password, and "Check your email" after a sign-up is sent.
 */
async function walkAuth(page: Page, found: string[]) {
  await page.goto(`${world.gateway.url}/`);
  await page.locator('main h1').waitFor({ timeout: 20_000 });
  await page.locator('.account__signin:not(:disabled)').click();
  const dialog = page.getByRole('dialog').last();
  const named = (name: string) => page.getByRole('dialog', { name, exact: true });
  await named('Sign in to your account').waitFor();
  await check(page, 'sign-in dialog', found);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect.poll(() => dialog.getByRole('alert').count()).toBeGreaterThan(0);
  await check(page, 'sign-in dialog with its errors', found);

  await dialog.getByRole('button', { name: 'Forgot password?' }).click();
  await named('Reset your password').waitFor();
  await check(page, 'reset password dialog', found);
  await escape(page);

  await page.locator('.account__signin:not(:disabled)').click();
  await named('Sign in to your account').getByRole('button', { name: 'Sign up' }).click();
  const signup = named('Create your account');
  await signup.waitFor();
  await check(page, 'sign-up dialog', found);
  await signup.getByRole('button', { name: 'Create Account' }).click();
  await expect.poll(() => signup.getByRole('alert').count()).toBeGreaterThan(0);
  await check(page, 'sign-up dialog with its errors', found);

  await signup.getByRole('button', { name: 'Terms of Service and Privacy Policy' }).click();
  const terms = named('Terms of Service and Privacy Policy');
  await terms.waitFor();
  await check(page, 'terms and privacy dialog over sign-up', found);
  await terms.getByRole('button', { name: 'Show contents' }).click();
  await check(page, 'terms and privacy dialog with its contents open', found);
  await page.keyboard.press('Escape');
  await expect.poll(() => terms.count()).toBe(0);

  // Sent: the "Check your email" state (the gateway's dev mailbox takes the mail).
  await signup.getByLabel('Username').fill('narrow_newcomer');
  await signup.getByLabel('Email', { exact: true }).fill('narrow_newcomer@example.test');
  await signup.getByLabel('Password', { exact: true }).fill('Str0ng!Pass');
  await signup.getByLabel('Confirm password', { exact: true }).fill('Str0ng!Pass');
  await signup.getByRole('checkbox').click();
  await expect.poll(() => terms.count()).toBe(1);
  await page.keyboard.press('Escape');
  await expect.poll(() => terms.count()).toBe(0);
  await signup.getByRole('button', { name: 'Create Account' }).click();
  await named('Almost there').getByRole('heading', { name: 'Check Your Email!' }).waitFor({ timeout: 20_000 });
  await check(page, 'check-your-email dialog', found);
  await escape(page);
}

for (const signedIn of [false, true]) {
  it(`${signedIn ? 'signed in' : 'signed out'}: no route, profile tab or dialog is wider than a 360 or 390 px phone, and axe passes every profile tab and dialog in both themes`, async () => {
    const { context, page, errors } = await world.open(WIDTHS[0]);
    const found: string[] = [];
    try {
      if (signedIn) expect(await devtoolsSignIn(page, world.gateway.url, demoEmail('pixel_pilgrim'))).toBe(PIXEL);
      for (const route of ROUTES) {
        if (route.signedInOnly && !signedIn) continue;
        await page.goto(`${world.gateway.url}${route.path}`);
        await page.locator(route.ready).first().waitFor({ timeout: 20_000 });
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await measure(page, route.path, found);
      }
      if (signedIn) await walkProfile(page, PIXEL, true, 'own profile', found);
      else await walkAuth(page, found);
      await walkProfile(page, COZY, false, "another member's profile", found);
    } finally {
      await context.close();
    }
    expect(found, found.join('\n')).toEqual([]);
    expect(errors).toEqual([]);
  }, 240_000);
}
