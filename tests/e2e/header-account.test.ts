// The header's account area for a member on a device that holds their session (a finished
// product's header does not jump). The session is read only once the first
// screen has shown, and the menu's code is a chunk of its own: until both were in, a member's
// header showed a visitor's 'Loading...' button, as wide as 'Sign In / Sign Up' on a phone, which
// then shrank to their avatar and widened the search box beside it. Now the menu's trigger shows,
// disabled and busy, from the header's first render. In Chromium at 390 and 1280 px, with the
// menu's code held back: every frame from the first render to the menu shows the member's trigger
// in one place and size, the search box never moves, no layout shift touches the header, and the
// trigger works once the code is in. After a sign-out the next visit shows 'Sign In' from its first
// render; and nothing of a member who asked not to be remembered is kept for the next visit.
import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { demoEmail, devtoolsSignIn, e2eWorld, synced } from './harness.ts';

const world = e2eWorld();

const MEMBER = 'pixel_pilgrim';

interface Frames {
  /** Per frame that differs from the one before: `account x,w search x,w trigger-state text`. */
  readonly looks: string[];
  readonly headerShifts: string[];
}

/** Records the header's account area and search box in every frame, and layout shifts in the header. */
async function watchHeader(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const frames: Frames = { looks: [], headerShifts: [] };
    (window as unknown as { frames_: Frames }).frames_ = frames;
    const box = (selector: string) => {
      const r = document.querySelector(selector)?.getBoundingClientRect();
      return r ? `${Math.round(r.x)},${Math.round(r.width)}` : '-';
    };
    const look = () => {
      const account = document.querySelector('header .account');
      if (account) {
        const button = account.querySelector('button');
        const state = button ? `${button.className}${button.disabled ? ':disabled' : ''}` : 'none';
        const text = (account.textContent ?? '').trim();
        const seen = `account ${box('header .account')} search ${box('header .header-search')} ${state} ${text}`;
        if (frames.looks.at(-1) !== seen) frames.looks.push(seen);
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { sources?: Array<{ node?: Node | null }> }>)
        for (const source of entry.sources ?? []) {
          const node = source.node;
          const element = node instanceof Element ? node : (node?.parentElement ?? null);
          if (element?.closest('header'))
            frames.headerShifts.push(`${element.className} at ${Math.round(entry.startTime)}`);
        }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

describe("a member's header while their session is read", () => {
  for (const width of [390, 1280]) {
    it(`keeps the member's trigger in one place from the first render at ${width} px`, async () => {
      // No service worker: the menu's chunk then comes over the network, where it can be held back.
      const { context, page, errors } = await world.open(width, { serviceWorkers: 'block' });
      await devtoolsSignIn(page, world.gateway.url, demoEmail(MEMBER));
      // The device has synced the member's own row (their name and avatar for the header).
      await synced(page);
      await expect.poll(() => page.locator('header .account__trigger:enabled').count()).toBe(1);

      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await context.route(/\/assets\/member-account-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await watchHeader(context);
      await page.reload();

      // Signed in by now (the first screen has shown and the session is read), the menu's code held.
      const trigger = page.locator('header .account__trigger');
      await expect.poll(() => trigger.getAttribute('aria-busy')).toBe('true');
      expect(await trigger.isDisabled()).toBe(true);
      expect(await trigger.getAttribute('aria-label')).toBe(`Account menu for ${MEMBER}`);
      await page.waitForTimeout(300);
      release();
      await expect.poll(() => trigger.isEnabled()).toBe(true);
      await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('false');
      await page.waitForTimeout(300);

      const frames = await page.evaluate(() => (window as unknown as { frames_: Frames }).frames_);
      // From the first render to the menu: the member's trigger, disabled then enabled, and
      // nothing else; the same place and size throughout.
      expect(frames.looks.length, frames.looks.join('\n')).toBe(2);
      const [first, last] = frames.looks;
      expect(first).toMatch(new RegExp(`account__trigger:disabled ${MEMBER}$`));
      expect(last).toMatch(new RegExp(`account__trigger ${MEMBER}$`));
      const place = (look: string | undefined) => look?.replace(/ account__trigger.*$/, '');
      expect(place(first)).toBe(place(last));
      expect(frames.looks.join('\n')).not.toContain('Loading...');
      expect(frames.headerShifts).toEqual([]);

      // The trigger is the menu's: it opens.
      await trigger.click();
      await expect.poll(() => page.getByRole('menu', { name: 'Account' }).isVisible()).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("shows a visitor's 'Sign In' once the device's member has signed out", async () => {
    const { context, page, errors } = await world.open(1280);
    await devtoolsSignIn(page, world.gateway.url, demoEmail(MEMBER));
    await expect.poll(() => page.locator('header .account__trigger:enabled').count()).toBe(1);
    await page.locator('header .account__trigger').click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect.poll(() => page.locator('header .account button').textContent()).toBe('Sign In');
    expect(await page.evaluate(() => localStorage.getItem('checkpoint.member-face'))).toBeNull();
    // The next visit's header never shows the member, not even in its first render.
    await watchHeader(context);
    await page.reload();
    const frames = () => page.evaluate(() => (window as unknown as { frames_: Frames }).frames_);
    await expect.poll(async () => (await frames()).looks.at(-1)).toMatch(/account__signin Sign In$/);
    expect((await frames()).looks.join('\n')).not.toContain('account__trigger');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps nothing of a member who asked not to be remembered for the next visit', async () => {
    const { context, page, errors } = await world.open(1280);
    await devtoolsSignIn(page, world.gateway.url, demoEmail(MEMBER));
    await synced(page);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('checkpoint.member-face')))
      .toContain(`"name":"${MEMBER}"`);
    // What the sign-in form's unticked 'Remember me' leaves (data/auth/remember.ts): the flag, and
    // this browser session's cookie.
    await page.evaluate(() => {
      localStorage.setItem('checkpoint.auth.forget', '1');
      document.cookie = 'checkpoint_visit=1; path=/; SameSite=Strict';
    });
    await page.reload();
    await expect.poll(() => page.locator('header .account__trigger:enabled').count()).toBe(1);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => localStorage.getItem('checkpoint.member-face'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
