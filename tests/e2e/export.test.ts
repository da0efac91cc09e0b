// "Export my data" in Chromium against the gateway's demo members, truly offline (the context's
// network off, the service worker serving the app's code): a write made offline is in the file
// marked as not synced; the JSON download reads back through the published schema; the CSV
// download is a .zip of six UTF-8 CSV files with a BOM; comments and likes on reviews the device
// does not hold are named from the server online, and said to be blank offline. A slow export
// shows how far it is. The dialog passes axe at 1280 and 390 px. Screenshots at 390 and 1280 px
// when EXPORT_SHOTS_DIR is set.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import type { Download, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { unfilledContext } from '../../src/core/export/refs.ts';
import { exportSchema, type CheckpointExport } from '../../src/core/export/schema.ts';
import { DEVICE_DB_NAME } from '../../src/core/constants.ts';
import { unfilledText } from '../../src/features/profile/export-text.ts';
import { expectAccessible } from './axe.ts';
import { demoEmail, devtoolsSignIn, e2eWorld, screenshots, synced, workerInCharge, type Opened } from './harness.ts';
import { setOffline } from './browser.ts';

const world = e2eWorld();
const shot = screenshots(process.env.EXPORT_SHOTS_DIR, 'export');
const PIXEL = 1;
const WITCHER_3 = 1942;
const DAY = /^checkpoint-pixel_pilgrim-\d{4}-\d{2}-\d{2}\.(json|zip)$/;

/** Signed in as pixel_pilgrim on their profile, synced, with the service worker in charge. */
async function openOwnProfile(width: number): Promise<Opened> {
  const opened = await world.open(width, { acceptDownloads: true });
  const { page } = opened;
  expect(await devtoolsSignIn(page, world.gateway.url, demoEmail('pixel_pilgrim'))).toBe(PIXEL);
  await page.goto(`${world.gateway.url}/user/${PIXEL}`);
  await page.getByRole('button', { name: 'Edit Profile' }).waitFor({ timeout: 20_000 });
  await synced(page);
  await workerInCharge(page);
  return opened;
}

const downloaded = (download: Download) => download.path().then((path) => readFileSync(path));

/** Drops every other member's review from the device, as a device that never showed them holds none. */
async function forgetOthersReviews(page: Page): Promise<number> {
  return page.evaluate(
    async ({ name, me }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      try {
        return await new Promise<number>((resolve, reject) => {
          const tx = db.transaction('reviews', 'readwrite');
          const store = tx.objectStore('reviews');
          let dropped = 0;
          store.openCursor().onsuccess = (event) => {
            const cursor = (event.target as IDBRequest<IDBCursorWithValue | null>).result;
            if (!cursor) return;
            if ((cursor.value as { user_id: number }).user_id !== me) {
              cursor.delete();
              dropped++;
            }
            cursor.continue();
          };
          tx.oncomplete = () => resolve(dropped);
          tx.onerror = () => reject(tx.error);
        });
      } finally {
        db.close();
      }
    },
    { name: DEVICE_DB_NAME, me: PIXEL },
  );
}

/** A comment or like the file names in full: the review's author and its game. */
const named = (ref: CheckpointExport['comments'][number]['on'] | null) =>
  ref !== null && ref.author_username !== null && ref.game !== null && ref.game.name !== null;

it('exports JSON and CSV offline, with the write that waits marked, from the profile and from Edit Profile', async () => {
  const { context, page, errors } = await openOwnProfile(1280);
  await setOffline(context, true);
  const note = `Offline export check ${randomUUID().slice(0, 8)}`;
  await page.evaluate(
    ([key, note, igdb]) =>
      window.checkpoint!.mutate('journal.add', {
        key: key as string,
        igdb_id: igdb as number,
        played_on: new Date().toISOString().slice(0, 10),
        minutes: 45,
        note: note as string,
        is_private: true,
      }),
    [randomUUID(), note, WITCHER_3] as const,
  );

  // The reviews the member's comment and likes were on are not on this device.
  await forgetOthersReviews(page);

  // From the profile's header.
  await shot(page, 'profile-1280');
  await page.getByRole('button', { name: 'Export my data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export my data' });
  await dialog.waitFor();
  await expect
    .poll(() => dialog.locator('.export-data__summary').textContent())
    .toMatch(/^\d+ games? · \d+ reviews? · .*1 journal session$/);
  expect(await dialog.getByRole('status').textContent()).toBe(
    '1 change on this device has not synced yet. It is in the file, marked as not synced.',
  );
  expect(await dialog.getByRole('radio', { name: /^JSON/ }).isChecked()).toBe(true);
  await expectAccessible(dialog);
  await shot(page, 'dialog-1280');

  const [json] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(DAY);
  expect(json.suggestedFilename()).toMatch(/\.json$/);
  const data = exportSchema().parse(JSON.parse((await downloaded(json)).toString('utf8')));
  expect(data).toMatchObject({
    format: 'checkpoint-export',
    version: 1,
    unsynced_changes: 1,
    profile: { id: PIXEL, username: 'pixel_pilgrim', synced: true },
  });
  expect(data.journal.find((s) => s.note === note)).toMatchObject({
    id: null,
    minutes: 45,
    private: true,
    synced: false,
    game: { igdb_id: WITCHER_3, name: 'The Witcher 3: Wild Hunt', release_year: 2015 },
  });
  // What synced earlier is there too, marked synced (the demo member has reviews and a Top 5).
  expect(data.reviews.length).toBeGreaterThan(0);
  expect(data.reviews.every((r) => r.synced && r.game.name !== null)).toBe(true);
  expect(data.top5.length).toBeGreaterThan(0);
  await expect
    .poll(() => page.locator('.toast__message').allTextContents())
    .toContain(`Your data was exported: ${json.suggestedFilename()}`);
  // Offline, what the device cannot name stays blank, and the member is told which.
  const blank = unfilledContext(data, 'offline');
  expect(blank?.likes).toBeGreaterThan(0);
  expect(data.likes.filter((l) => !named(l.review)).length).toBe(blank?.likes);
  await expect.poll(() => page.locator('.toast__message').allTextContents()).toContain(unfilledText(blank!));
  await dialog.waitFor({ state: 'detached' });

  // From Edit Profile's "Your data" section, as CSV.
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Profile' });
  await edit.getByRole('region', { name: 'Your data' }).scrollIntoViewIfNeeded();
  await shot(page, 'settings-1280');
  await edit.getByRole('button', { name: 'Export my data' }).click();
  await dialog.waitFor();
  await dialog.getByText('CSV (.zip)').click();
  expect(await dialog.getByRole('radio', { name: /^CSV/ }).isChecked()).toBe(true);
  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(zip.suggestedFilename()).toMatch(DAY);
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  const files = unzipSync(new Uint8Array(await downloaded(zip)));
  expect(Object.keys(files).sort()).toEqual([
    'comments.csv',
    'follows.csv',
    'games.csv',
    'journal.csv',
    'likes.csv',
    'reviews.csv',
  ]);
  const table = (name: string) => {
    const bytes = files[name] ?? new Uint8Array();
    expect([...bytes.slice(0, 3)], `${name} starts with a BOM`).toEqual([0xef, 0xbb, 0xbf]);
    const parsed = Papa.parse<Record<string, string>>(strFromU8(bytes), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    return parsed.data;
  };
  expect(table('journal.csv').find((row) => row.note === note)).toMatchObject({
    igdb_id: String(WITCHER_3),
    minutes: '45',
    private: 'true',
    synced: 'false',
  });
  expect(table('reviews.csv').length).toBe(data.reviews.length);
  expect(table('games.csv').find((row) => row.igdb_id === String(WITCHER_3))).toMatchObject({
    game: 'The Witcher 3: Wild Hunt',
    synced: 'true',
  });
  table('comments.csv');
  table('follows.csv');
  // Back in Edit Profile, which the export opened over.
  await dialog.waitFor({ state: 'detached' });
  await edit.waitFor();
  expect(errors).toEqual([]);
}, 120_000);

it('online, names what each comment and like was on from the server, and shows how far a slow export is', async () => {
  // No service worker: the test holds the server's answer back to make the export slow.
  const { page, errors } = await world.open(1280, { acceptDownloads: true, serviceWorkers: 'block' });
  expect(await devtoolsSignIn(page, world.gateway.url, demoEmail('pixel_pilgrim'))).toBe(PIXEL);
  await page.goto(`${world.gateway.url}/user/${PIXEL}`);
  await page.getByRole('button', { name: 'Edit Profile' }).waitFor({ timeout: 20_000 });
  await synced(page);
  await forgetOthersReviews(page);
  let asked = 0;
  await page.route('**/rest/v1/rpc/get_export_refs', async (route) => {
    asked++;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  // Every text the progress line shows, in order (React writes each into the page).
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __progress: string[] }).__progress = seen;
    new MutationObserver(() => {
      const text = document.querySelector('.export-data__progress > p')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });

  await page.getByRole('button', { name: 'Export my data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export my data' });
  await expect.poll(() => dialog.locator('.export-data__summary').textContent()).toMatch(/games?/);
  await dialog.getByText('CSV (.zip)').click();
  const zipDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  await dialog.getByRole('progressbar', { name: 'Export progress' }).waitFor();
  await shot(page, 'progress-1280');
  const files = unzipSync(new Uint8Array(await downloaded(await zipDownload)));
  const seen = await page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
  expect(seen[0]).toBe('Preparing your export…');
  const counts = seen.slice(1).map((text) => Number(/^Preparing your export: (\d) of 6 files$/.exec(text)?.[1]));
  expect(counts.length).toBeGreaterThan(0);
  expect(counts).toEqual([...counts].sort((a, b) => a - b));
  expect(asked).toBe(1);
  const rows = (name: string) =>
    Papa.parse<Record<string, string>>(strFromU8(files[name] ?? new Uint8Array()), {
      header: true,
      skipEmptyLines: true,
    }).data;
  const likes = rows('likes.csv');
  expect(likes.length).toBeGreaterThan(0);
  for (const row of [...rows('comments.csv'), ...likes]) {
    expect(row.review_author, JSON.stringify(row)).toMatch(/\w/);
    expect(row.game, JSON.stringify(row)).toMatch(/\w/);
    expect(row.igdb_id, JSON.stringify(row)).toMatch(/^\d+$/);
  }
  await dialog.waitFor({ state: 'detached' });

  await page.getByRole('button', { name: 'Export my data' }).click();
  await expect.poll(() => dialog.locator('.export-data__summary').textContent()).toMatch(/games?/);
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  const data = exportSchema().parse(JSON.parse((await downloaded(json)).toString('utf8')));
  expect(data.comments.length).toBeGreaterThan(0);
  expect(data.comments.every((c) => named(c.on))).toBe(true);
  expect(data.likes.every((l) => named(l.review))).toBe(true);
  expect(unfilledContext(data, 'unknown')).toBeNull();
  expect(await page.locator('.toast__message').allTextContents()).not.toContainEqual(
    expect.stringMatching(/blank in the file/),
  );
  expect(errors).toEqual([]);
}, 120_000);

it('fits a phone: the profile header, the settings section and the dialog at 390 px pass axe', async () => {
  const { page, errors } = await openOwnProfile(390);
  await shot(page, 'profile-390');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Profile' });
  const section = edit.getByRole('region', { name: 'Your data' });
  await section.scrollIntoViewIfNeeded();
  await expectAccessible(edit);
  await shot(page, 'settings-390');
  await section.getByRole('button', { name: 'Export my data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export my data' });
  await expect.poll(() => dialog.locator('.export-data__summary').textContent()).toMatch(/games?/);
  await expectAccessible(dialog);
  await shot(page, 'dialog-390');
  // The buttons are reachable and stay inside the screen.
  const box = await dialog.getByRole('button', { name: 'Download' }).boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  expect(errors).toEqual([]);
});
