// src/sync/SPEC.md [S15] in a real Chromium against the built app: a write the server refuses
// while the service worker pushes it (Background Sync, no tab open) is not lost silently. The
// worker records the refusal on the device with the outbox delete; the next page shows its message
// once as a toast, says "Not saved" in the header and lists it in the sync details with what it
// was, until dismissed. REFUSED_SHOTS_DIR=<dir> keeps screenshots of the details at 390 and 1280 px.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { SYNC_PROTOCOL } from '../../src/core/constants.ts';
import type { RefusedRow } from '../../src/store/db.ts';
import { setOffline } from './browser.ts';
import { deviceRows, writeDevice } from './device-db.ts';
import { demoEmail, devtoolsSignIn, e2eWorld, screenshots, synced, workerInCharge } from './harness.ts';

const world = e2eWorld();
const shot = screenshots(process.env['REFUSED_SHOTS_DIR'], 'refused');
const WITCHER_3 = 1942;
const ALREADY_REVIEWED = 'You have already reviewed this game';

it('[S15] a write refused while the service worker pushed is toasted once on the next page and listed until dismissed', async () => {
  const url = world.gateway.url;
  const { context, page, errors } = await world.open(390);
  await page.goto(`${url}/`);
  await workerInCharge(page);
  // pixel_pilgrim has reviewed The Witcher 3 on the server already: a second review is refused.
  await devtoolsSignIn(page, url, demoEmail('pixel_pilgrim'));
  await synced(page);
  const [game] = await world.gateway.db.query<{ name: string }>('select name from public.game where igdb_id = $1', [
    WITCHER_3,
  ]);

  // Offline, a second review of it waits in the outbox (queued as an older build would, past the
  // device's own check), and the tab closes: only the worker can push it.
  await setOffline(context, true);
  const id = randomUUID();
  await writeDevice(page, [
    {
      store: 'outbox',
      op: 'add',
      value: {
        id,
        name: 'review.create',
        args: { igdb_id: WITCHER_3, rating: 7, review: 'Played it again.' },
        created_at: new Date().toISOString(),
        attempts: 0,
        protocol: SYNC_PROTOCOL,
      },
    },
  ]);
  expect(
    await page.evaluate(async () =>
      Boolean(await (await navigator.serviceWorker.ready).sync?.register('checkpoint-outbox').then(() => true)),
    ),
  ).toBe(true);
  await page.close();
  await setOffline(context, false);
  const answered = () =>
    world.gateway.db.query<{ status: string }>('select status from public.sync_applied where mutation_id = $1', [id]);
  await expect.poll(answered, { timeout: 20_000 }).toEqual([{ status: 'rejected' }]);

  // The worker recorded it with the outbox delete. Read from a page of the origin that runs none
  // of the app's code, so no page push can have done it.
  const reader = await context.newPage();
  reader.on('pageerror', (e) => errors.push(e.message));
  await reader.goto(`${url}/manifest.webmanifest`);
  await expect.poll(() => deviceRows(reader, 'outbox'), { timeout: 10_000 }).toEqual([]);
  expect(await deviceRows<RefusedRow>(reader, 'refused')).toMatchObject([
    { id, name: 'review.create', message: ALREADY_REVIEWED, toasted: 0, dismissed: 0 },
  ]);

  // The next page tells the member: a toast with the spec's message, and the header until dismissed.
  await reader.goto(`${url}/`);
  const toast = reader.locator('.toast__message', { hasText: ALREADY_REVIEWED });
  await expect.poll(() => toast.count(), { timeout: 15_000 }).toBe(1);
  const pill = reader.getByRole('button', { name: 'Not saved · 1 change refused by the server' });
  await expect.poll(() => pill.count(), { timeout: 10_000 }).toBe(1);
  // The toast out of the way of the screenshots (a click outside the details would close them).
  await reader.locator('.toast__close').click();
  await pill.click();
  const details = reader.getByRole('region', { name: 'Sync details' });
  const item = details.getByRole('listitem').filter({ hasText: `Review of ${game?.name}` });
  await expect.poll(() => item.textContent()).toContain(ALREADY_REVIEWED);
  await shot(reader, '390');
  await reader.setViewportSize({ width: 1280, height: 900 });
  await shot(reader, '1280');
  await reader.setViewportSize({ width: 390, height: 844 });

  await item.getByRole('button', { name: `Dismiss: Review of ${game?.name}` }).click();
  await expect.poll(() => details.getByRole('listitem').count()).toBe(0);
  await reader.keyboard.press('Escape');
  await expect.poll(() => reader.locator('.sync-badge__pill').count(), { timeout: 10_000 }).toBe(0);

  // Told once: a reload shows no toast again, and the record stays (dismissed).
  await reader.reload();
  await reader.waitForFunction(() => document.querySelector('header .brand') !== null);
  await reader.waitForTimeout(1500);
  expect(await toast.count()).toBe(0);
  expect(await deviceRows<RefusedRow>(reader, 'refused')).toMatchObject([{ id, toasted: 1, dismissed: 1 }]);
  expect(errors).toEqual([]);
});
