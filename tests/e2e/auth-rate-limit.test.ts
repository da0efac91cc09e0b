// The auth modal when the gateway's GoTrue rate limits answer 429 (the spec's error catalogue: the
// server's message, else the spec's fallback): the message says when to try again, and trying then
// works. The gateway's limits are its defaults; its clock is moved by the test instead of waiting.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startGateway, type Gateway } from '../../supabase/local/gateway.ts';
import { launchChromium } from './browser.ts';

let gateway: Gateway;
let browser: Browser;
let clockOffset = 0;

const DEMO_PASSWORD = 'Checkpoint-demo1';

beforeAll(async () => {
  gateway = await startGateway({
    port: 0,
    inMemory: true,
    log: () => undefined,
    clock: () => Date.now() + clockOffset,
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
});

async function open(width: number): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 860 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(gateway.url);
  await expect
    .poll(() => page.locator('header .account button').first().textContent(), { timeout: 15_000 })
    .not.toBe('Loading...');
  return { context, page, errors };
}

const dialog = (page: Page) => page.getByRole('dialog');
const dialogTitle = (page: Page) => dialog(page).locator('h2').first().textContent();
const headerButton = (page: Page) => page.locator('header .account button').first();
const alertText = (page: Page) => dialog(page).getByRole('alert').first().textContent();

async function openModal(page: Page) {
  await expect.poll(() => headerButton(page).textContent()).toMatch(/^Sign In/);
  await headerButton(page).click();
  await expect.poll(() => dialogTitle(page)).toBe('Sign in to your account');
}

it('shows the wait after too many wrong passwords from this network, and signs in once it is over', async () => {
  const email = 'pixel_pilgrim@demo.checkpoint.local';
  // Nine wrong guesses from this network (loopback, as the page), each sent once the wait before it
  // is over: past the fifth, every wait doubles from 2 s, so the ninth leaves 32 s to wait.
  for (let i = 0; i < 9;) {
    const res = await fetch(`${gateway.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: gateway.anonKey },
      body: JSON.stringify({ email, password: `wrong-${i}` }),
    });
    if (res.status === 429) clockOffset += Number(res.headers.get('retry-after')) * 1000;
    else {
      expect(res.status).toBe(400);
      i++;
    }
  }

  const { context, page, errors } = await open(390);
  await openModal(page);
  await dialog(page).getByLabel('Email', { exact: true }).fill(email);
  await dialog(page).getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await dialog(page).getByRole('button', { name: 'Sign In' }).click();
  await expect.poll(() => alertText(page)).toMatch(/^Request rate limit reached\. Please try again in \d+ seconds\.$/);
  const wait = Number(/in (\d+) seconds/.exec((await alertText(page)) ?? '')?.[1]);
  expect(wait).toBeGreaterThan(15);
  expect(wait).toBeLessThanOrEqual(32);
  // Still in the modal, the form intact to try again.
  expect(await dialog(page).getByLabel('Password', { exact: true }).inputValue()).toBe(DEMO_PASSWORD);

  clockOffset += wait * 1000;
  await dialog(page).getByRole('button', { name: 'Sign In' }).click();
  await expect.poll(() => dialog(page).count()).toBe(0);
  await expect.poll(() => page.getByRole('button', { name: /^Account menu for / }).count()).toBe(1);
  expect(errors).toEqual([]);
  await context.close();
});

it("shows GoTrue's wait when a reset link is asked for again within a minute", async () => {
  const { context, page, errors } = await open(1280);
  await openModal(page);
  await dialog(page).getByRole('button', { name: 'Forgot password?' }).click();
  await expect.poll(() => dialogTitle(page)).toBe('Reset your password');
  await dialog(page).getByLabel('Email', { exact: true }).fill('combo_breaker@demo.checkpoint.local');
  await dialog(page).getByRole('button', { name: 'Send Reset Link' }).click();
  await expect
    .poll(() => dialog(page).getByRole('status').textContent())
    .toBe('Password reset email sent! Check your inbox for instructions.');

  // Back to the form (switching modes clears it), the same address again.
  await dialog(page).getByRole('button', { name: 'Back to sign in' }).click();
  await dialog(page).getByRole('button', { name: 'Forgot password?' }).click();
  await dialog(page).getByLabel('Email', { exact: true }).fill('combo_breaker@demo.checkpoint.local');
  await dialog(page).getByRole('button', { name: 'Send Reset Link' }).click();
  await expect
    .poll(() => alertText(page))
    .toMatch(/^For security purposes, you can only request this after (5\d|60) seconds\.$/);
  expect(errors).toEqual([]);
  await context.close();
});
