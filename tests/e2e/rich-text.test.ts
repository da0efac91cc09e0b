// Review text in Chromium against the gateway (the spec's "rich text"): the allowed tags
// show as formatting on the review page and in the full-review modal and as plain text on cards;
// "2 > 1 <tag>" comes back as typed; a comment of only zero-width characters is refused; and an
// XSS corpus typed as a review and as comments executes nothing. The page runs with the
// Content-Security-Policy bypassed, so the rendering itself is under test (the CSP would also
// block inline handlers), and a control injection shows the counting hook does fire.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { demoEmail, devtoolsSignIn, e2eWorld, synced, type Opened } from './harness.ts';

const world = e2eWorld();

declare global {
  interface Window {
    __xss?: () => void;
    __xssCount?: number;
  }
}

const CELESTE = 26226;
const PORTAL_2 = 72;
const HOOK = 'window.__xss()';
// Classic payloads, each calling the hook if anything in it ever runs.
const CORPUS = [
  `<img src=x onerror=${HOOK}>`,
  `<svg onload=${HOOK}><circle/></svg>`,
  `<svg><script>${HOOK}</script></svg>`,
  `<script>${HOOK}</script>`,
  `<<script>script>${HOOK}<</script>/script>`,
  `<a href="javascript:${HOOK}">click</a>`,
  `<b onmouseover="${HOOK}">hover</b>`,
  `<body onload=${HOOK}>`,
  `<iframe src="javascript:${HOOK}"></iframe>`,
  `<iframe srcdoc="<script>parent.__xss()</script>"></iframe>`,
  `<input autofocus onfocus=${HOOK}>`,
  `<details open ontoggle=${HOOK}>`,
  `<video><source onerror=${HOOK}></video>`,
  `<audio src=x onerror=${HOOK}>`,
  `<marquee onstart=${HOOK}>m</marquee>`,
  `<object data="javascript:${HOOK}"></object>`,
  `<embed src="javascript:${HOOK}">`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${HOOK}></style></mglyph></table></mtext></math>`,
  `<noscript><p title="</noscript><img src=x onerror=${HOOK}>"></noscript>`,
  `"><img src=x onerror=${HOOK}>`,
  `'><svg/onload=${HOOK}>`,
  `<img src="x" onerror="${HOOK}"/>`,
  `<IMG SRC=x OnErRoR=${HOOK}>`,
  `<img src=x onerror=&#119;indow.__xss()>`,
  `<form><button formaction="javascript:${HOOK}">go</button></form>`,
  `<style>@import 'javascript:${HOOK}';</style>`,
  `<meta http-equiv="refresh" content="0;url=javascript:${HOOK}">`,
  `<base href="javascript:${HOOK}//">`,
  `<p onclick=${HOOK}>click me</p>`,
  `<b><img src=x onerror=${HOOK}></b>`,
  `||<img src=x onerror=${HOOK}>||`,
  `<select autofocus onfocus=${HOOK}>`,
  `<textarea autofocus onfocus=${HOOK}>`,
  `<svg><animate onbegin=${HOOK} attributeName=x dur=1s>`,
  `<x contenteditable onblur=${HOOK}>lose focus</x>`,
  `javascript:${HOOK}`,
  `&lt;script&gt;${HOOK}&lt;/script&gt;`,
];

/** Elements none of the payloads may become. */
const DANGEROUS =
  'img, svg, script, iframe, a, object, embed, input, select, textarea, form, button, style, meta, base, video, audio, source, details, marquee, math, noscript, x, body';

/** retro_ranger, whose Celeste review the first test writes. */
let retro = 0;

interface Watched extends Opened {
  readonly dialogs: string[];
}

/** A page whose every navigation defines the hook the payloads call, and whose dialogs are noted. */
async function open(width = 1280): Promise<Watched> {
  const opened = await world.open(width, { bypassCSP: true });
  await opened.context.addInitScript(() => {
    window.__xssCount = 0;
    window.__xss = () => {
      window.__xssCount = (window.__xssCount ?? 0) + 1;
    };
  });
  const dialogs: string[] = [];
  opened.page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return { ...opened, dialogs };
}

const signIn = (page: Page, username: string) => devtoolsSignIn(page, world.gateway.url, demoEmail(username));

const executed = (page: Page) => page.evaluate(() => window.__xssCount ?? -1);

it('shows the allowed tags as formatting on the review page and in the modal, as plain text on cards; "2 > 1 <tag>" as typed', async () => {
  const { page, errors } = await open();
  const me = await signIn(page, 'retro_ranger');
  retro = me;
  const filler = ' Celeste rewards patience and precision, and its story about anxiety lands with real warmth.'.repeat(
    7,
  );
  const text = `<b>bold</b> and 2 > 1 <tag> stay as typed.${filler}`;
  await page.evaluate(
    ([t, id]) =>
      window.checkpoint!.mutate('review.create', {
        igdb_id: Number(id),
        game: { name: 'Celeste' },
        rating: 9,
        review: t ?? '',
        is_recommended: true,
        platform: 'Switch',
      }),
    [text, String(CELESTE)],
  );
  await synced(page);

  // The review page: bold as <b>, the rest as typed, nothing lost on the way to the server and back.
  const reader = await open();
  await reader.page.goto(`${world.gateway.url}/review/${me}/${CELESTE}`);
  const full = reader.page.locator('.review-card--full .review-card__text');
  await expect.poll(() => full.locator('b').textContent(), { timeout: 15_000 }).toBe('bold');
  expect(await full.textContent()).toMatch(/^bold and 2 > 1 <tag> stay as typed\. Celeste/);
  expect(await full.locator('tag').count()).toBe(0);

  // The full-review modal (the text is past the 500-character cut).
  await reader.page.getByRole('button', { name: /^more/ }).click();
  const modal = reader.page.getByRole('dialog');
  await expect.poll(() => modal.locator('.full-review__text b').textContent()).toBe('bold');
  expect(await modal.locator('.full-review__text').textContent()).toBe(`bold and 2 > 1 <tag> stay as typed.${filler}`);
  await reader.page.keyboard.press('Escape');

  // A card (the home page's recent reviews): plain text, no formatting element.
  await reader.page.goto(`${world.gateway.url}/`);
  const card = reader.page.locator('.review-card--compact').filter({ hasText: 'stay as typed' }).first();
  await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
  expect(await card.locator('.review-card__text b').count()).toBe(0);
  expect(await card.locator('.review-card__text').textContent()).toContain('2 > 1 <tag> stay as typed.');
  expect(errors).toEqual([]);
  expect(reader.errors).toEqual([]);
});

it('refuses a comment of only zero-width characters with "Comment cannot be empty"', async () => {
  const { page } = await open(390);
  await signIn(page, 'cozy_quests');
  expect(retro).toBeGreaterThan(0);
  await page.goto(`${world.gateway.url}/review/${retro}/${CELESTE}`);
  const box = page.getByLabel('Add a comment');
  await box.waitFor({ timeout: 15_000 });
  await box.fill(' \u200b\u200b ');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect.poll(() => page.locator('.comment-form__error').textContent()).toBe('Comment cannot be empty');
  expect(await page.locator('.comment').count()).toBe(0);
});

it('executes nothing of an XSS corpus typed as a review and as comments', async () => {
  const { page, errors, dialogs } = await open();
  const me = await signIn(page, 'speedrun_sage');
  // The control: the same hook fires when markup is injected unsafely, so a count of 0 means something.
  await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.innerHTML = '<img src=x onerror="window.__xss()">';
    document.body.append(probe);
  });
  await expect.poll(() => executed(page)).toBe(1);

  await page.evaluate(
    ([t, id]) =>
      window.checkpoint!.mutate('review.create', {
        igdb_id: Number(id),
        game: { name: 'Portal 2' },
        rating: 8,
        review: t ?? '',
        is_recommended: true,
        platform: 'PC',
      }),
    [CORPUS.join('\n'), String(PORTAL_2)],
  );
  await synced(page);

  const reader = await open();
  await signIn(reader.page, 'story_first');
  await reader.page.goto(`${world.gateway.url}/review/${me}/${PORTAL_2}`);
  const full = reader.page.locator('.review-card--full');
  await expect.poll(() => full.getAttribute('data-review-id'), { timeout: 15_000 }).toMatch(/^\d+$/);
  const reviewId = Number(await full.getAttribute('data-review-id'));
  // Two typed into the comment box, the rest posted through the same mutation the box uses.
  const box = reader.page.getByLabel('Add a comment');
  for (const payload of CORPUS.slice(0, 2)) {
    await box.fill(payload);
    await reader.page.getByRole('button', { name: 'Post Comment' }).click();
    await expect
      .poll(() => reader.page.locator('.comment__text').filter({ hasText: payload }).count(), { timeout: 10_000 })
      .toBe(1);
  }
  await reader.page.evaluate(
    ([list, id]) =>
      Promise.all(
        (JSON.parse(list ?? '[]') as string[]).map((content) =>
          window.checkpoint!.mutate('comment.add', { key: crypto.randomUUID(), rating_id: Number(id), content }),
        ),
      ),
    [JSON.stringify(CORPUS.slice(2)), String(reviewId)],
  );
  await synced(reader.page);
  await expect.poll(() => reader.page.locator('.comment').count(), { timeout: 15_000 }).toBe(CORPUS.length);

  // Everything shows as text: the review page, the modal when there is one, then a fresh reader.
  expect(await full.locator('.review-card__text').textContent()).toContain('<img src=x onerror=window.__xss()>');
  expect(await full.locator('.review-card__text').locator(DANGEROUS).count()).toBe(0);
  expect(await reader.page.locator('.comment__text').locator(DANGEROUS).count()).toBe(0);
  await reader.page.getByRole('button', { name: /^more/ }).click();
  const modal = reader.page.getByRole('dialog').locator('.full-review__text');
  await expect.poll(() => modal.textContent()).toContain(`<svg onload=${HOOK}><circle/></svg>`);
  expect(await modal.locator(DANGEROUS).count()).toBe(0);
  const visitor = await open(390);
  await visitor.page.goto(`${world.gateway.url}/review/${me}/${PORTAL_2}`);
  await expect.poll(() => visitor.page.locator('.comment').count(), { timeout: 15_000 }).toBe(CORPUS.length);
  await visitor.page.goto(`${world.gateway.url}/`);
  await visitor.page.locator('.review-card--compact').first().waitFor({ timeout: 15_000 });
  // Give any handler (autofocus, load, error, animation) time to run.
  for (const p of [page, reader.page, visitor.page]) {
    await p.mouse.move(200, 300);
    await p.keyboard.press('Tab');
    await p.waitForTimeout(1000);
  }
  expect(await executed(reader.page)).toBe(0);
  expect(await executed(visitor.page)).toBe(0);
  expect(await executed(page)).toBe(1);
  expect(dialogs).toEqual([]);
  expect([...errors, ...reader.errors, ...visitor.errors]).toEqual([]);
});
