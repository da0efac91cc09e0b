// "Export my data" for the demo member pixel_pilgrim, in headless Chromium against the gateway, as
// a member does it: the dialog's Download pressed, timed to the browser's download (the file
// handed over) and to the dialog closing (the app's own part done). JSON and CSV (.zip) alternate, RUNS
// each, so drift on a noisy machine hits both alike; the goal is the .zip within ~2x of the JSON.
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../supabase/local/demo.ts';
import type { Gateway } from '../../supabase/local/gateway.ts';
import { launchChromium } from '../e2e/browser.ts';
import { median } from './stats.ts';

const RUNS = 7;
const MEMBER = 'pixel_pilgrim';
export const EXPORT_GOAL_RATIO = 2;

interface Timed {
  /** Download pressed → the browser's download event. */
  readonly download: number;
  /** Download pressed → the dialog closed (the app's part: read, build, encode, hand over). */
  readonly closed: number;
}

async function signIn(page: Page, baseUrl: string): Promise<number> {
  await page.goto(`${baseUrl}/`);
  await page.evaluate(() => localStorage.setItem('checkpoint.devtools', '1'));
  await page.reload();
  await page.waitForFunction(() => window.checkpoint !== undefined);
  const { memberId } = await page.evaluate(
    ([email, password]) => window.checkpoint!.signIn(email ?? '', password ?? ''),
    [`${MEMBER}@demo.checkpoint.local`, DEMO_PASSWORD],
  );
  return memberId;
}

async function exportOnce(page: Page, format: 'JSON' | 'CSV'): Promise<Timed> {
  await page.getByRole('button', { name: 'Export my data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export my data' });
  await dialog
    .locator('.export-data__summary')
    .getByText(/games?/)
    .waitFor({ timeout: 30_000 });
  await dialog.getByRole('radio', { name: new RegExp(`^${format}`) }).check();
  const start = performance.now();
  const download = page.waitForEvent('download', { timeout: 60_000 }).then(() => performance.now() - start);
  const closed = dialog.waitFor({ state: 'detached', timeout: 60_000 }).then(() => performance.now() - start);
  await dialog.getByRole('button', { name: 'Download' }).click();
  return { download: await download, closed: await closed };
}

export async function benchExport(
  gateway: Gateway,
  report: (name: string, value: number, unit: string) => void,
): Promise<void> {
  const browser = await launchChromium();
  try {
    // A phone's width, where the dialog is a sheet whose buttons sit at the bottom of the screen.
    const context = await browser.newContext({ viewport: { width: 390, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    const id = await signIn(page, gateway.url);
    await page.goto(`${gateway.url}/user/${id}`);
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor({ timeout: 30_000 });
    // One of each first, untimed: the encoders' code loads once.
    await exportOnce(page, 'JSON');
    await exportOnce(page, 'CSV');
    const json: Timed[] = [];
    const zip: Timed[] = [];
    for (let run = 0; run < RUNS; run++) {
      json.push(await exportOnce(page, 'JSON'));
      zip.push(await exportOnce(page, 'CSV'));
    }
    const p50 = (runs: Timed[], key: keyof Timed) => median(runs.map((r) => r[key]));
    report('export.json', p50(json, 'download'), 'ms');
    report('export.csv_zip', p50(zip, 'download'), 'ms');
    report('export.csv_zip.ratio_to_json', p50(zip, 'download') / p50(json, 'download'), 'x');
    report('export.csv_zip.goal_ratio_at_most', EXPORT_GOAL_RATIO, 'x');
    report('export.json.to_dialog_closed', p50(json, 'closed'), 'ms');
    report('export.csv_zip.to_dialog_closed', p50(zip, 'closed'), 'ms');
  } finally {
    await browser.close();
  }
}
